"""What a lesson's hooks are registered on and what each one receives.

:class:`Hooks` maps a marker's kind and name to the lesson's function;
:class:`Context` is what that function gets: the console, the mode, the
machine, pauses and keys, the standard figures table, claims and the C
twins.
"""

from __future__ import annotations

import functools
import importlib
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Iterable, Iterator, Sequence, TextIO, cast

from rich import box
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from dsa._install import advice
from dsa.machine import PUBLISHED, Machine, this_machine

from .figures import Figure, figures_table, machines_panel
from .markup import HOOK_KINDS
from .terminal import GO_ON, QUIT, PagedOutput, Terminal, wait_for_one
from .values import ValueKind, kind_for, parse_values, shown
from .verdicts import Verdict, not_measured


Hook = Callable[["Context"], None]


class Hooks:
    """The functions a lesson's markers call, by kind and name.

    In a lesson module::

        hooks = Hooks()

        @hooks.experiment("drain_race")
        def drain_race(ctx): ...
    """

    def __init__(self) -> None:
        self._hooks: dict[tuple[str, str], Hook] = {}

    def register(self, kind: str, name: str) -> Callable[[Hook], Hook]:
        if kind not in HOOK_KINDS:
            raise ValueError(f"unknown hook kind {kind!r}; use one of {HOOK_KINDS}")

        def decorate(fn: Hook) -> Hook:
            if (kind, name) in self._hooks:
                raise ValueError(f"{kind} {name!r} registered twice")
            self._hooks[(kind, name)] = fn
            return fn

        return decorate

    def experiment(self, name: str) -> Callable[[Hook], Hook]:
        return self.register("experiment", name)

    def animation(self, name: str) -> Callable[[Hook], Hook]:
        return self.register("animation", name)

    def show(self, name: str) -> Callable[[Hook], Hook]:
        return self.register("show", name)

    def claim(self, name: str) -> Callable[[Callable[["Context"], Verdict]],
                                           Callable[["Context"], Verdict]]:
        """A claim's check: reads ``ctx.shared`` and returns a :class:`Verdict`."""
        return self.register("claim", name)  # type: ignore[return-value]

    def claim_on(self, name: str, key: str, what: str) -> Callable[
            [Callable[[Any], Verdict]], Callable[["Context"], Verdict]]:
        """Register claim ``name``, whose check reads only the figures an
        experiment left in ``ctx.shared[key]`` and receives them.  Without
        them (the step did not run here, or measured nothing) the verdict is
        "not measured (``what``)" and the check is not called."""
        def decorate(check: Callable[[Any], Verdict]) -> Callable[["Context"], Verdict]:
            @functools.wraps(check)
            def claim(ctx: "Context") -> Verdict:
                found = ctx.shared.get(key)
                if found is None or (isinstance(found, (list, tuple)) and not found):
                    return not_measured(what)
                return check(found)
            self.claim(name)(claim)
            return claim
        return decorate

    def native_experiment(self, name: str, module: str, what: str) -> Callable[
            [Callable[["Context", ModuleType], None]], Hook]:
        """Register experiment ``name``, which runs on the C twin
        ``dsa.native.<module>`` and receives it.  Without it the step says
        what is skipped (``what``) and how to get the C twins, and the
        experiment is not called."""
        def decorate(run: Callable[["Context", ModuleType], None]) -> Hook:
            @functools.wraps(run)
            def experiment(ctx: "Context") -> None:
                native = ctx.require_native(what, module)
                if native is None:
                    return
                # Asked for by name, require_native gives the module (never True).
                run(ctx, cast(ModuleType, native))
            self.experiment(name)(experiment)
            return experiment
        return decorate

    def get(self, kind: str, name: str) -> Hook:
        return self._hooks[(kind, name)]

    def registered(self) -> set[tuple[str, str]]:
        return set(self._hooks)


# --------------------------------------------------------------------------
# The context a hook receives


class QuitLesson(Exception):
    """The learner typed q."""


@dataclass
class Context:
    """What a hook gets: where to print, which mode, which machine, helpers."""

    console: Console
    quick: bool = False
    interactive: bool = False
    machine: Machine = field(default_factory=this_machine)
    published: Machine = PUBLISHED
    tables: list[tuple[str, list[Figure]]] = field(default_factory=list)
    #: Anything one hook leaves for a later one (the heap after a push, ...).
    shared: dict = field(default_factory=dict)
    #: Every claim checked in this run, in order, with its verdict.
    claims: list[tuple[str, Verdict]] = field(default_factory=list)
    #: Lines for the closing note (figures a lesson wants in its recap).
    closing: list[str] = field(default_factory=list)
    #: Where to save the charts a lesson draws (``--charts DIR``); None: nowhere.
    charts: Path | None = None
    #: Single keys without Enter, when the terminal allows (see terminal.py).
    terminal: Terminal | None = None
    #: The paging stream between the console and the screen, if any.
    paged: PagedOutput | None = None
    #: Ask the predict-then-see questions (a terminal, without --no-questions).
    asking: bool = False
    #: The learner's predictions, in the order asked (see questions.py).
    predictions: list = field(default_factory=list)
    #: The learner's values (``--values``, parsed), or None: see :meth:`values`.
    given_values: tuple | None = None
    #: How values typed at the prompt are read (the lesson's kind).
    value_kind: ValueKind = field(default_factory=lambda: kind_for(""))
    #: Asked once a run: None until then, () for "the examples".
    _values_answer: tuple | None = field(default=None, repr=False)
    #: Whether an animation has asked for values in this run.
    values_read: bool = False
    _native_error: str = field(default="", repr=False)
    _native_explained: bool = field(default=False, repr=False)

    # -- pacing --------------------------------------------------------
    def pause(self, prompt: str = "Enter to continue, q to quit") -> None:
        """Wait for Enter in a terminal; do nothing otherwise.  q quits."""
        if not self.interactive:
            return
        if self.terminal is not None:
            self._key_pause(prompt)
        else:
            try:
                answer = self.console.input(Text(f"{prompt} ", style="dim"))
            except EOFError:
                raise QuitLesson from None
            if answer.strip().lower() in ("q", "quit", "exit"):
                raise QuitLesson
        if self.paged is not None:
            self.paged.reset()

    def _key_pause(self, prompt: str) -> None:
        """One key, typed-ahead keys discarded; the prompt is erased after."""
        self.read_key(prompt, GO_ON)

    def _raw_prompt(self, prompt: str, *, discard: bool = True) -> TextIO:
        """Show ``prompt`` past the paging and the recording (it is erased
        once answered); keys typed before it are discarded unless told."""
        stream = self.paged.stream if self.paged is not None else self.console.file
        dim, plain = ("\x1b[2m", "\x1b[0m") if self.console.color_system else ("", "")
        if discard:
            self.terminal.discard_typed_ahead()     # type: ignore[union-attr]
        stream.write(f"{dim}{prompt}{plain} ")
        stream.flush()
        return stream

    def read_key(self, prompt: str, keys: Iterable[str]) -> str:
        """Show ``prompt`` and wait for one of ``keys`` (a terminal read one
        key at a time); q quits.  The prompt is erased after."""
        stream = self._raw_prompt(prompt)
        try:
            key = wait_for_one(self.terminal.key, keys)   # type: ignore[union-attr]
        finally:
            stream.write("\r\x1b[2K")
            stream.flush()
        if key is None:
            raise QuitLesson
        if self.paged is not None:
            self.paged.reset()
        return key

    def read_number(self, prompt: str) -> int | None:
        """Digits typed after ``prompt``, echoed, until Enter; None when
        nothing was typed or Escape cancels.  Keys typed already count (the
        number follows the key that asked for it)."""
        digits = self._read_typed(prompt, str.isdigit, 4, quit_keys=QUIT, discard=False)
        return int(digits) if digits else None

    def read_line(self, prompt: str) -> str:
        """A line typed after ``prompt``, echoed, until Enter ("" when Escape
        cancels); Ctrl-D quits, and so does a line that is just q."""
        line = self._read_typed(prompt, str.isprintable, 120, quit_keys=("\x04",),
                                 discard=True)
        if line.strip().lower() in ("q", "quit"):
            raise QuitLesson
        return line

    def _read_typed(self, prompt: str, accept: Callable[[str], bool], longest: int,
                    *, quit_keys: tuple[str, ...], discard: bool) -> str:
        """Keys ``accept`` takes, echoed, up to ``longest`` of them, until
        Enter; Escape clears them; backspace deletes one; ``quit_keys`` quit."""
        stream = self._raw_prompt(prompt, discard=discard)
        typed = ""
        try:
            while True:
                key = self.terminal.key()       # type: ignore[union-attr]
                if key in quit_keys:
                    raise QuitLesson
                if key in ("\r", "\n", "\x1b"):
                    if key == "\x1b":
                        typed = ""
                    break
                if key in ("\x7f", "\b") and typed:
                    typed = typed[:-1]
                    stream.write("\b \b")
                elif accept(key) and len(typed) < longest:
                    typed += key
                    stream.write(key)
                stream.flush()
        finally:
            stream.write("\r\x1b[2K")
            stream.flush()
        if self.paged is not None:
            self.paged.reset()
        return typed

    # -- the learner's values ------------------------------------------
    def values(self, default: Sequence) -> list:
        """The learner's values for an animation, or a copy of ``default``
        (the published example).

        ``--values`` wins.  Otherwise, when the lesson asks questions (a
        terminal, without --no-questions), the first animation to call this
        offers a prompt; the answer, typed values or the example, holds for
        the rest of the run, so a replay (``r``) draws the same pictures.
        """
        self.values_read = True
        if self.given_values is None and self._values_answer is None:
            self._values_answer = self._ask_values(default) if self.asking else ()
        chosen = self.given_values or self._values_answer
        if chosen:
            self.console.print(Text(
                f"your values: {shown(chosen)} (the text describes the published "
                f"example, {shown(default)}; the captions here are worked out from "
                "yours)", style="magenta"))
        return list(chosen) if chosen else list(default)

    def custom_values(self) -> bool:
        """Whether the animations run on the learner's values."""
        return bool(self.given_values or self._values_answer)

    def _ask_values(self, default: Sequence) -> tuple:
        """Typed values, checked as --values is; () for the example."""
        prompt = f"Enter for the example {shown(default, most=3)}, or type your own:"
        while True:
            if self.terminal is not None:
                typed = self.read_line(prompt)
            else:
                try:
                    typed = self.console.input(Text(f"{prompt} ", style="dim"))
                except EOFError:
                    raise QuitLesson from None
                if typed.strip().lower() in ("q", "quit"):
                    raise QuitLesson
            if not typed.strip():
                return ()
            try:
                return parse_values(typed, self.value_kind)
            except ValueError as exc:
                self.console.print(Text(f"not used: {exc}", style="yellow"))

    def choose(self, prompt: str, count: int) -> int | None:
        """A choice from 1 to ``count`` (returned from 0), or None when the
        learner skips it with Enter; q quits."""
        keys = [str(i) for i in range(1, count + 1)]
        if self.terminal is not None:
            key = self.read_key(prompt, keys + list(GO_ON))
            return keys.index(key) if key in keys else None
        while True:
            try:
                answer = self.console.input(Text(f"{prompt} ", style="dim")).strip().lower()
            except EOFError:
                raise QuitLesson from None
            if answer in ("q", "quit", "exit"):
                raise QuitLesson
            if answer in keys or not answer:
                return keys.index(answer) if answer else None

    def more(self) -> None:
        """The screen is full in the middle of a step: wait before going on."""
        self.pause("more below: Enter to go on, q to quit")

    @contextmanager
    def working(self, what: str) -> Iterator[None]:
        """A spinner while something slow runs (terminal only, not recorded)."""
        if self.console.is_terminal:
            if self.paged is not None:
                self.paged.counting = False
            try:
                with self.console.status(what):
                    yield
            finally:
                if self.paged is not None:
                    self.paged.counting = True
        else:
            yield

    # -- sizes ---------------------------------------------------------
    def size(self, full: int, quick: int) -> int:
        """The size an experiment uses in this mode."""
        return quick if self.quick else full

    def quick_note(self, text: str) -> None:
        """Say plainly what quick mode changed (printed in quick mode only)."""
        if self.quick:
            self.console.print(Text.assemble(("quick mode: ", "bold yellow"), text))

    # -- figures -------------------------------------------------------
    def machines(self) -> Panel:
        return machines_panel(self.machine, self.published)

    def table(self, title: str, rows: list[Figure], *, caption: str | None = None) -> None:
        """Print the standard published-vs-measured table and keep it for the recap."""
        rows = list(rows)
        self.tables.append((title, rows))
        self.console.print(figures_table(title, rows, self.machine, self.published,
                                         caption=caption))

    # -- claims --------------------------------------------------------
    def check(self, name: str, check: Callable[["Context"], Verdict]) -> Verdict:
        """Run a claim's check (a failing check is a verdict, not a crash)."""
        try:
            verdict = check(self)
        except Exception as exc:              # a figure missing or malformed
            verdict = Verdict(None, f"the check could not run ({type(exc).__name__}: {exc})")
        self.claims.append((name, verdict))
        return verdict

    def recap(self) -> None:
        """The checked claims with this machine's verdicts, in one place."""
        if not self.claims and not self.closing:
            return
        grid = Table(box=box.SIMPLE_HEAVY, title="What this run checked",
                     title_justify="left", title_style="bold")
        grid.add_column("claim", style="bold", overflow="fold")
        grid.add_column("verdict", no_wrap=True)
        grid.add_column("from the figures of this run", overflow="fold")
        colours = {True: "green", False: "yellow", None: "yellow"}
        for name, verdict in self.claims:
            grid.add_row(name.replace("_", " "),
                         Text(verdict.label, style=colours[verdict.holds]),
                         Text(verdict.evidence))       # figures, not markup
        self.console.print(grid)
        for line in self.closing:
            self.console.print(Text(line))

    # -- the C twins ---------------------------------------------------
    def native_available(self) -> bool:
        """Whether the C twins were built (read at call time)."""
        import dsa.native

        return bool(dsa.native.available)

    def native_module(self, name: str) -> ModuleType | None:
        """``dsa.native.<name>`` if the C twins are built and it loads, else None.

        Silent; call :meth:`explain_missing_native` to say why, where the
        lesson wants it said.
        """
        if not self.native_available():
            return None
        try:
            return importlib.import_module(f"dsa.native.{name}")
        except Exception as exc:  # a partial or stale build
            self._native_error = f"dsa.native.{name} did not load ({exc})."
            return None

    def require_native(self, what: str, name: str | None = None) -> ModuleType | bool | None:
        """The C twins (or the module ``dsa.native.<name>``), or None after
        saying plainly what is missing and how to get it."""
        if name is None:
            if self.native_available():
                return True
            self.explain_missing_native(what)
            return None
        module = self.native_module(name)
        if module is None:
            self.explain_missing_native(what)
        return module

    def explain_missing_native(self, what: str) -> None:
        """Say what was skipped, why, and how to get the C twins."""
        import dsa.native

        if self._native_explained:              # said in full once already
            self.console.print(Text.assemble(
                ("Skipped: ", "bold yellow"), f"{what} (the C twins are missing; "
                "see the note above for how to get them)."))
            return
        self._native_explained = True
        if dsa.native.available:
            why = advice(self._native_error)
        else:
            why = dsa.native.why_unavailable or advice()
        self.console.print(Panel(
            Text.assemble(
                (f"Skipped: {what}.\n", "bold"),
                "The C twins (dsa.native) are not available on this install, "
                "so this part of the lesson cannot run. The rest goes on.\n\n",
                ("Why and how to get them: ", "bold"), why),
            title="C twins missing", title_align="left", border_style="yellow"))
