"""Walk a lesson: Markdown steps, live hooks, pauses, an optional recording.

A lesson's text is Markdown.  ``# `` gives its title; every ``## `` heading
starts a step.  Inside a step, a line holding only a marker hands the
terminal to the lesson's Python module:

``<!-- experiment: NAME -->``
    a live measurement; it prints a published-vs-measured table.
``<!-- animation: NAME -->``
    something that moves; in a terminal it advances on Enter
    (:meth:`Context.pause` between frames), otherwise it prints every frame.
``<!-- show: NAME -->``
    a small live illustration (a tree drawn, a check run).
``<!-- reveal -->``
    in a terminal, wait for Enter before printing the rest of the step (an
    interview answer stays hidden until asked for); otherwise nothing.
``<!-- claim: NAME -->`` text ``<!-- else -->`` text ``<!-- end claim -->``
    a sentence that states a measured relation, bound to its measurement.
    The lesson's function for the claim reads this run's figures and returns
    a :class:`Verdict`: when they agree the first text is printed, when they
    disagree the second (why this machine differs), and when the run cannot
    tell (too noisy, not measured) an optional third part,
    ``<!-- unsure -->`` text, or else the first text under a warning.  Either
    text may use ``{name}`` fields the verdict fills in.

The lesson module registers its functions on a :class:`Hooks` object called
``hooks``; each is called with a :class:`Context`.
"""

from __future__ import annotations

import importlib
import importlib.resources
import os
import re
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Callable, Iterable, Iterator, Sequence, TextIO

from rich import box
from rich.console import Console, Group
from rich.markdown import Markdown
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from dsa._install import advice
from dsa.bench.report import load_average, load_note
from dsa.machine import PUBLISHED, Machine, this_machine

from . import LessonInfo
from .figures import Figure, figures_table, machines_panel
from .navigation import LAST_PROMPT, STEP_KEYS, STEP_PROMPT, Walk, help_screen, jump_refused
from .questions import Prediction, Question, answer_line, settle, questions_for
from .questions import ask as ask_question
from .questions import summary as prediction_summary
from .terminal import GO_ON, QUIT, PagedOutput, Terminal, wait_for_one

#: Kinds of marker a lesson text may hold that call a registered function.
HOOK_KINDS = ("experiment", "animation", "show", "claim")

MARKER = re.compile(
    r"^\s*<!--\s*(?P<kind>experiment|animation|show|reveal)"
    r"\s*(?::\s*(?P<name>[A-Za-z0-9_\-]+))?\s*-->\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")
CLAIM = re.compile(r"^\s*<!--\s*claim\s*:\s*(?P<name>[A-Za-z0-9_\-]+)\s*-->\s*$")
CLAIM_PART = re.compile(r"^\s*<!--\s*(?P<part>else|unsure|end claim)\s*-->\s*$")
FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")

# Where the texts live: inside the package once installed (setup.py copies
# lessons/*.md there), at the top of the source tree otherwise.
PACKAGE = "dsa.lessons"
PACKAGE_TEXTS = "texts"
SOURCE_TEXTS = Path(__file__).resolve().parents[2] / "lessons"

# Columns when the output is a file or a pipe and COLUMNS is not set (rich
# would pick 80); COLUMNS, then --width, override it.
DEFAULT_FILE_WIDTH = 100

#: Exit status after Ctrl-C, as a shell reports a process ended by SIGINT.
INTERRUPTED = 130


# --------------------------------------------------------------------------
# Texts


class LessonTextMissing(FileNotFoundError):
    """Neither the package nor the source tree holds the lesson's text."""


def load_text(name: str, *, source_dir: Path | None = None) -> str:
    """The Markdown of lesson ``name``: from the package, else the source tree."""
    text = package_text(name)
    if text is not None:
        return text
    folder = SOURCE_TEXTS if source_dir is None else source_dir
    path = folder / f"{name}.md"
    if path.is_file():
        return path.read_text(encoding="utf-8")
    raise LessonTextMissing(
        f"no text for lesson {name!r}: looked in the package "
        f"({PACKAGE}/{PACKAGE_TEXTS}/{name}.md) and in {path}")


def package_text(name: str) -> str | None:
    """The text shipped inside the package (a wheel install), if any."""
    try:
        resource = importlib.resources.files(PACKAGE).joinpath(
            PACKAGE_TEXTS, f"{name}.md")
        if resource.is_file():
            return resource.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError, ModuleNotFoundError):
        pass
    return None


# --------------------------------------------------------------------------
# Parsing


@dataclass
class Step:
    """One step of a lesson: its heading and its parts in order.

    Each part is ``("markdown", text)``, ``(kind, name)`` for a hook, or
    ``("reveal", "")``.
    """

    title: str
    parts: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class ClaimText:
    """The texts of one claim: when this run agrees, when it disagrees, and
    (optional) when it cannot tell."""

    agrees: str
    differs: str
    unsure: str = ""


@dataclass
class Lesson:
    title: str
    steps: list[Step]
    claims: dict[str, ClaimText] = field(default_factory=dict)

    def markers(self) -> set[tuple[str, str]]:
        """Every (kind, name) hook the text asks for."""
        return {(kind, name) for step in self.steps for kind, name in step.parts
                if kind in HOOK_KINDS}


def parse(text: str) -> Lesson:
    """Split Markdown into a title and steps (``## `` headings, not in code)."""
    title = ""
    steps: list[Step] = []
    claims: dict[str, ClaimText] = {}
    current = Step("")
    buffer: list[str] = []
    in_fence = False
    claim: str | None = None             # the claim being read, if any
    claim_parts: dict[str, list[str]] = {}
    claim_part = "agrees"

    def flush() -> None:
        chunk = "\n".join(buffer).strip("\n")
        if chunk.strip():
            current.parts.append(("markdown", chunk))
        buffer.clear()

    for line in text.splitlines():
        if claim is not None:
            part = CLAIM_PART.match(line)
            if part is None:
                if CLAIM.match(line) or line.startswith("## "):
                    raise ValueError(f"claim {claim!r} has no <!-- end claim -->")
                claim_parts[claim_part].append(line)
                continue
            claim_part = {"else": "differs", "unsure": "unsure"}.get(part.group("part"), "")
            if claim_part in claim_parts:
                raise ValueError(f"claim {claim!r} has two <!-- {part.group('part')} -->")
            if claim_part:
                claim_parts[claim_part] = []
                continue
            texts = {k: "\n".join(v).strip("\n") for k, v in claim_parts.items()}
            if not texts.get("differs", "").strip():
                raise ValueError(f"claim {claim!r} needs an <!-- else --> text: "
                                 "what to say when this machine disagrees")
            claims[claim] = ClaimText(texts["agrees"], texts["differs"],
                                      texts.get("unsure", ""))
            current.parts.append(("claim", claim))
            claim = None
            continue
        if FENCE.match(line):
            in_fence = not in_fence
            buffer.append(line)
            continue
        if not in_fence:
            opened = CLAIM.match(line)
            if opened:
                flush()
                claim = opened.group("name")
                if claim in claims:
                    raise ValueError(f"claim {claim!r} appears twice")
                claim_parts, claim_part = {"agrees": []}, "agrees"
                continue
            if line.startswith("# ") and not title:
                title = line[2:].strip()
                continue
            if line.startswith("## "):
                flush()
                if current.parts:
                    steps.append(current)
                current = Step(line[3:].strip())
                buffer.append(line)
                continue
            marker = MARKER.match(line)
            if marker:
                flush()
                kind, name = marker.group("kind"), marker.group("name") or ""
                if kind in HOOK_KINDS and not name:
                    raise ValueError(f"marker {line.strip()!r} needs a name")
                current.parts.append((kind, name))
                continue
        buffer.append(line)
    if claim is not None:
        raise ValueError(f"claim {claim!r} has no <!-- end claim -->")
    flush()
    if current.parts:
        steps.append(current)
    for step in steps:
        if not step.title:
            step.title = title
    return Lesson(title or "lesson", steps, claims)


# --------------------------------------------------------------------------
# Claims


@dataclass(frozen=True)
class Verdict:
    """What this run's figures say about one claim.

    ``holds``: True (they agree), False (they disagree) or None (this run
    cannot tell: too noisy, or the figure was not measured).  ``evidence``:
    the figures the verdict was read from, in one line.  ``values`` fill the
    ``{name}`` fields of the claim's texts.
    """

    holds: bool | None
    evidence: str
    values: dict = field(default_factory=dict)

    @property
    def label(self) -> str:
        return {True: "agrees", False: "differs", None: "cannot tell"}[self.holds]


def agrees(evidence: str, **values: object) -> Verdict:
    return Verdict(True, evidence, values)


def differs(evidence: str, **values: object) -> Verdict:
    return Verdict(False, evidence, values)


def unsure(evidence: str, **values: object) -> Verdict:
    return Verdict(None, evidence, values)


def not_measured(what: str) -> Verdict:
    return Verdict(None, f"not measured in this run ({what})")


def threshold(value: float, holds_from: float, fails_below: float) -> bool | None:
    """A verdict for "value is at least holds_from": True from there up, False
    below ``fails_below``, and None in between (too close to call from one
    median).  For "at most", pass reciprocals."""
    if value >= holds_from:
        return True
    if value < fails_below:
        return False
    return None


def fill(text: str, values: dict) -> str:
    """``{name}`` fields replaced by ``values``; other braces left alone."""
    return FIELD.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values
                     else m.group(0), text)


def claim_text(texts: ClaimText, verdict: Verdict) -> str:
    """The text a verdict chooses, its fields filled."""
    if verdict.holds is True:
        chosen = texts.agrees
    elif verdict.holds is False:
        chosen = texts.differs
    else:
        chosen = texts.unsure or texts.agrees
    return fill(chosen, verdict.values)


def claim_renderables(texts: ClaimText, verdict: Verdict) -> list:
    """What the lesson prints for a claim: a verdict line, then its text."""
    style, head = {True: ("green", "checked on this machine: "),
                   False: ("bold yellow", "this machine differs: "),
                   None: ("yellow", "this run cannot tell: ")}[verdict.holds]
    line = Text.assemble((head, style), (verdict.evidence, "dim" if verdict.holds else ""))
    text = Markdown(claim_text(texts, verdict))
    return [text, line] if verdict.holds else [line, text]


# --------------------------------------------------------------------------
# Hooks


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
        stream = self._raw_prompt(prompt, discard=False)
        digits = ""
        try:
            while True:
                key = self.terminal.key()       # type: ignore[union-attr]
                if key in QUIT:
                    raise QuitLesson
                if key in ("\r", "\n", "\x1b"):
                    if key == "\x1b":
                        digits = ""
                    break
                if key in ("\x7f", "\b") and digits:
                    digits = digits[:-1]
                    stream.write("\b \b")
                elif key.isdigit() and len(digits) < 4:
                    digits += key
                    stream.write(key)
                stream.flush()
        finally:
            stream.write("\r\x1b[2K")
            stream.flush()
        if self.paged is not None:
            self.paged.reset()
        return int(digits) if digits else None

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


# --------------------------------------------------------------------------
# Running


def lesson_module(info: LessonInfo):
    """Import the lesson's module and return its Hooks."""
    module = importlib.import_module(info.module)
    hooks = getattr(module, "hooks", None)
    if not isinstance(hooks, Hooks):
        raise TypeError(f"{info.module} must define hooks = Hooks()")
    return hooks


def check_markers(lesson: Lesson, hooks: Hooks, name: str) -> None:
    """Every marker has a function and every function a marker."""
    wanted, have = lesson.markers(), hooks.registered()
    missing, unused = wanted - have, have - wanted
    if missing or unused:
        raise RuntimeError(
            f"lesson {name!r}: markers without a function: {sorted(missing)}; "
            f"functions without a marker: {sorted(unused)}")


def stdio_is_terminal() -> bool:
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


class StepOutOfRange(ValueError):
    """--steps named a step the lesson does not have."""


#: The practice problems' structure each lesson teaches, for problems that
#: do not name their lessons.
LESSON_STRUCTURES = {"heap": "heap", "hashtable": "hash table",
                     "linkedlist": "linked list", "deque": "deque"}


def practice_problems(lesson: str) -> list:
    """The practice problems that practise ``lesson``, in listing order."""
    from dsa.practice import registry

    structure = LESSON_STRUCTURES.get(lesson)
    return [problem for problem in registry.all_problems()
            if lesson in problem.lessons
            or (not problem.lessons and problem.structure == structure)]


def practice_panel(lesson: str) -> Panel | None:
    """The closing panel naming the problems that practise ``lesson``."""
    try:
        problems = practice_problems(lesson)
    except Exception:  # a broken problem module must not end a lesson badly
        return None
    if not problems:
        return None
    width = max(len(problem.name) for problem in problems)
    lines = [Text("Practise it: python -m dsa.practice show NAME", style="bold")]
    for problem in problems:
        lines.append(Text.assemble("  ", (f"{problem.name:<{width}}", "bold cyan"), "  ",
                                   problem.title, (f"  ({problem.difficulty})", "dim")))
    return Panel(Group(*lines), border_style="green", expand=False)


def output_width(width: int | None) -> int | None:
    """Columns to render at: ``width`` if given; off a terminal, ``COLUMNS``
    if set (rich reads it), else :data:`DEFAULT_FILE_WIDTH`; in a terminal,
    the terminal's (None)."""
    if width is not None:
        return width
    if sys.stdout.isatty() or os.environ.get("COLUMNS", "").isdigit():
        return None
    return DEFAULT_FILE_WIDTH


def load_line(before: float | None, after: float | None = None) -> str:
    """The load average, as the benchmarks report it."""
    if before is None:
        return "load average: not available on this system"
    if after is None:
        return (f"load average (1 min) {before:.2f} on {os.cpu_count() or 1} "
                "CPU(s) at the start")
    return load_note(before, after) or ""


def run(info: LessonInfo, *, quick: bool = False, pause: bool = True,
        svg: str | Path | None = None, width: int | None = None,
        steps: Sequence[int] | None = None,
        console: Console | None = None,
        charts: str | Path | None = None, questions: bool = True) -> int:
    """Walk lesson ``info`` (only ``steps``, numbered from 1, if given);
    return the exit status (130 after Ctrl-C).  Nothing is written to disk
    unless asked: ``svg`` records the run, ``charts`` is a folder for the
    charts a lesson draws.  In a terminal the learner can go back, replay
    and jump (see navigation.py) and, unless ``questions`` is False, is
    asked to predict each race first (see questions.py)."""
    lesson = parse(load_text(info.name))
    hooks = lesson_module(info)
    check_markers(lesson, hooks, info.name)
    total = len(lesson.steps)
    chosen = set(range(1, total + 1)) if steps is None else set(steps)
    if not chosen or not chosen <= set(range(1, total + 1)):
        raise StepOutOfRange(
            f"lesson {info.name!r} has steps 1 to {total}; asked for "
            f"{', '.join(map(str, sorted(chosen))) or 'none'}")

    interactive = pause and stdio_is_terminal()
    terminal = paged = None
    if console is None:
        if interactive:
            terminal = Terminal.open(sys.stdin)
        ctx_holder: list[Context] = []
        if terminal is not None:
            paged = PagedOutput(sys.stdout, lambda: ctx_holder[0].more())
        console = Console(record=svg is not None, width=output_width(width),
                          file=paged)
    ctx = Context(console=console, quick=quick, interactive=interactive,
                  terminal=terminal, paged=paged, asking=interactive and questions,
                  charts=Path(charts) if charts is not None else None)
    if paged is not None:
        ctx_holder.append(ctx)
    with terminal if terminal is not None else _nothing():
        return _walk(lesson, hooks, info, ctx, chosen, total, svg)


@contextmanager
def _nothing() -> Iterator[None]:
    yield


def _walk(lesson: Lesson, hooks: Hooks, info: LessonInfo, ctx: Context,
          chosen: set[int], total: int, svg: str | Path | None) -> int:
    console, quick = ctx.console, ctx.quick
    started = time.perf_counter()
    load_before = load_average()
    mode = "quick mode (smaller sizes, said where used)" if quick else "full mode"
    shown = (f"{total} steps" if len(chosen) == total else
             f"step{'s' if len(chosen) > 1 else ''} "
             f"{', '.join(map(str, sorted(chosen)))} of {total}")
    console.print(Panel(Group(
        Text(lesson.title, style="bold"),
        Text(f"{shown} · {mode}"
             + (" · Enter to step, ? for keys, q to quit" if _navigating(ctx) else
                " · Enter to step, q to quit" if ctx.interactive else ""), style="dim"),
        Text(load_line(load_before), style="dim"),
    ), border_style="blue"))
    console.print(ctx.machines())
    ctx.quick_note("experiments run at smaller sizes or fewer times, and each "
                   "says what it changed; run without --quick for the full lesson.")

    status = 0
    stopped = False
    try:
        walk = Walk(sorted(chosen))
        while not walk.done:
            index = walk.current
            if index in walk.recorded:
                _show_recorded(ctx, walk, index)
            else:
                _record(ctx, walk, index, lambda: _run_step(
                    lesson, hooks, ctx, index, total, questions_for(info.name)))
            if _navigating(ctx):
                _step_end(lesson, hooks, ctx, walk, total)
                continue
            if not walk.last:
                ctx.pause("Enter for the next step, q to quit")
            walk.forward()
        if len(chosen) == total:              # the whole lesson: its verdicts
            console.print(Rule("recap", style="dim"))
            ctx.recap()
            predicted = prediction_summary(ctx.predictions)
            if predicted:
                console.print(Text(predicted, style="magenta"))
            practice = practice_panel(info.name)
            if practice is not None:
                console.print(practice)
    except QuitLesson:
        stopped = True
        console.print(Text("Stopped. Run the lesson again any time.", style="dim"))
    except KeyboardInterrupt:
        stopped, status = True, INTERRUPTED
        if ctx.paged is not None:
            ctx.paged.counting = False
        console.print()
        console.print(Text("Stopped.", style="dim"))
    finally:
        elapsed = time.perf_counter() - started
        if not stopped:
            console.print(Text(
                f"This run took {elapsed:.1f} s "
                f"({'quick' if quick else 'full'} mode); "
                f"{load_line(load_before, load_average())}.", style="dim"))
        if svg is not None:
            console.save_svg(str(svg), title=f"python -m dsa.lessons {info.name}"
                             + (" --quick" if quick else ""))
            print(f"saved {svg}", file=sys.stderr)
    return status


def _run_step(lesson: Lesson, hooks: Hooks, ctx: Context, index: int, total: int,
              questions: dict[str, tuple[Question, ...]]) -> None:
    """Print step ``index`` and run its hooks: the one time it measures.  In
    a terminal, a race's questions come before it and the answers beside the
    result."""
    console = ctx.console
    console.print(Rule(f"step {index} of {total}", style="dim", align="right"))
    waiting: list[Prediction] = []           # asked, not yet answered
    for kind, value in lesson.steps[index - 1].parts:
        if kind == "markdown":
            console.print(Markdown(value))
        elif kind == "reveal":
            ctx.pause("Enter to see the answer, q to quit")
        elif kind == "claim":
            verdict = ctx.check(value, hooks.get(kind, value))  # type: ignore[arg-type]
            for part in claim_renderables(lesson.claims[value], verdict):
                console.print(part)
            _answer(ctx, waiting, value)
            console.print()
        else:
            console.print()
            if kind == "experiment" and ctx.asking:
                for question in questions.get(value, ()):
                    waiting.append(ask_question(ctx, question))
                    console.print()
            hooks.get(kind, value)(ctx)
            _answer(ctx, waiting, None)
            console.print()
    _answer(ctx, waiting, "")                 # any whose claim was not in the step


def _answer(ctx: Context, waiting: list, claim: str | None) -> None:
    """Print, beside the result, the predictions waiting for ``claim`` (None:
    for the experiment itself; "": all that are left)."""
    for prediction in [p for p in waiting if claim == "" or p.question.claim == claim]:
        waiting.remove(prediction)
        if prediction.chosen is None:
            continue
        settle(prediction, ctx.shared)
        ctx.console.print(answer_line(prediction))


def _navigating(ctx: Context) -> bool:
    """Back, replay and jump need single keys and a recording of each step."""
    return ctx.interactive and ctx.terminal is not None and ctx.paged is not None


def _record(ctx: Context, walk: Walk, index: int, run_step: Callable[[], None]) -> None:
    """Run a step, keeping what it printed when the terminal allows going back."""
    if not _navigating(ctx):
        run_step()
        return
    kept: list[str] = []
    ctx.paged.recording = kept                # type: ignore[union-attr]
    try:
        run_step()
    finally:
        ctx.paged.recording = None            # type: ignore[union-attr]
    walk.recorded[index] = "".join(kept)


def _show_recorded(ctx: Context, walk: Walk, index: int) -> None:
    """A step that ran already, shown as it was recorded (nothing re-measured)."""
    ctx.console.print(Text(f"step {index} again, as recorded when it ran "
                           "(nothing measured again)", style="dim"))
    ctx.paged.write(walk.recorded[index])     # type: ignore[union-attr]
    ctx.paged.flush()                         # type: ignore[union-attr]


def _step_end(lesson: Lesson, hooks: Hooks, ctx: Context, walk: Walk,
              total: int) -> None:
    """Wait at the end of a step for a key that moves: Enter, b or g (r and ?
    stay on the step)."""
    console = ctx.console
    while True:
        key = ctx.read_key(LAST_PROMPT if walk.last else STEP_PROMPT, STEP_KEYS)
        if key in GO_ON:
            walk.forward()
            return
        if key == "b":
            if walk.back():
                return
            console.print(Text("This is the first step.", style="dim"))
        elif key == "g":
            step = ctx.read_number(f"go to step (1 to {total}), Enter to go, "
                                   "Esc to cancel:")
            if step is None:
                continue
            if walk.go_to(step):
                return
            console.print(Text(jump_refused(step, walk, total), style="yellow"))
        elif key == "r":
            _replay(hooks, ctx, lesson.steps[walk.current - 1], walk.current)
        elif key == "?":
            console.print(help_screen([step.title for step in lesson.steps], walk))


def _replay(hooks: Hooks, ctx: Context, step: Step, index: int) -> None:
    """Run the step's animations again (they measure nothing)."""
    animations = [name for kind, name in step.parts if kind == "animation"]
    if not animations:
        ctx.console.print(Text(f"Step {index} has no animation to replay.", style="dim"))
        return
    for name in animations:
        ctx.console.print(Rule(f"step {index}: the animation again", style="dim"))
        hooks.get("animation", name)(ctx)
        ctx.console.print()


__all__ = ["Hooks", "Context", "QuitLesson", "Step", "Lesson", "parse",
           "load_text", "package_text", "run", "check_markers", "HOOK_KINDS",
           "LessonTextMissing", "StepOutOfRange", "ClaimText", "Verdict",
           "agrees", "differs", "unsure", "not_measured", "claim_text", "threshold",
           "INTERRUPTED"]
