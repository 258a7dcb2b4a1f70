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

The lesson module registers its functions on a :class:`Hooks` object called
``hooks``; each is called with a :class:`Context`.
"""

from __future__ import annotations

import importlib
import importlib.resources
import re
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Callable, Iterator, Sequence

from rich.console import Console, Group
from rich.markdown import Markdown
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

from dsa.machine import PUBLISHED, Machine, this_machine

from . import LessonInfo
from .figures import Figure, figures_table, machines_panel

#: Kinds of marker a lesson text may hold that call a registered function.
HOOK_KINDS = ("experiment", "animation", "show")

MARKER = re.compile(
    r"^\s*<!--\s*(?P<kind>experiment|animation|show|reveal)"
    r"\s*(?::\s*(?P<name>[A-Za-z0-9_\-]+))?\s*-->\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")

# Where the texts live: inside the package once installed (setup.py copies
# lessons/*.md there), at the top of the source tree otherwise.
PACKAGE = "dsa.lessons"
PACKAGE_TEXTS = "texts"
SOURCE_TEXTS = Path(__file__).resolve().parents[2] / "lessons"

# Columns when the output is a file or a pipe (rich would pick 80, which
# wraps the four-column tables badly); --width overrides it.
DEFAULT_FILE_WIDTH = 100


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


@dataclass
class Lesson:
    title: str
    steps: list[Step]

    def markers(self) -> set[tuple[str, str]]:
        """Every (kind, name) hook the text asks for."""
        return {(kind, name) for step in self.steps for kind, name in step.parts
                if kind in HOOK_KINDS}


def parse(text: str) -> Lesson:
    """Split Markdown into a title and steps (``## `` headings, not in code)."""
    title = ""
    steps: list[Step] = []
    current = Step("")
    buffer: list[str] = []
    in_fence = False

    def flush() -> None:
        chunk = "\n".join(buffer).strip("\n")
        if chunk.strip():
            current.parts.append(("markdown", chunk))
        buffer.clear()

    for line in text.splitlines():
        if FENCE.match(line):
            in_fence = not in_fence
            buffer.append(line)
            continue
        if not in_fence:
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
    flush()
    if current.parts:
        steps.append(current)
    for step in steps:
        if not step.title:
            step.title = title
    return Lesson(title or "lesson", steps)


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
    _native_error: str = field(default="", repr=False)
    _native_explained: bool = field(default=False, repr=False)

    # -- pacing --------------------------------------------------------
    def pause(self, prompt: str = "Enter to continue, q to quit") -> None:
        """Wait for Enter in a terminal; do nothing otherwise.  q quits."""
        if not self.interactive:
            return
        try:
            answer = self.console.input(Text(f"{prompt} ", style="dim"))
        except (EOFError, KeyboardInterrupt):
            raise QuitLesson from None
        if answer.strip().lower() in ("q", "quit", "exit"):
            raise QuitLesson

    @contextmanager
    def working(self, what: str) -> Iterator[None]:
        """A spinner while something slow runs (terminal only, not recorded)."""
        if self.console.is_terminal:
            with self.console.status(what):
                yield
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

    def recap(self) -> None:
        """Every table of this run again, one after the other, in one place."""
        if not self.tables:
            return
        self.console.print(Text("Every published-vs-measured figure of this run:",
                                style="bold"))
        self.console.print(self.machines())
        for title, figures in self.tables:
            self.console.print(figures_table(title, figures, self.machine,
                                             self.published))

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
            why = f"{self._native_error} {dsa.native.HOW_TO_BUILD}"
        else:
            why = dsa.native.why_unavailable or dsa.native.HOW_TO_BUILD
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


def run(info: LessonInfo, *, quick: bool = False, pause: bool = True,
        svg: str | Path | None = None, width: int | None = None,
        steps: Sequence[int] | None = None,
        console: Console | None = None) -> int:
    """Walk lesson ``info`` (only ``steps``, numbered from 1, if given);
    return the exit status."""
    lesson = parse(load_text(info.name))
    hooks = lesson_module(info)
    check_markers(lesson, hooks, info.name)
    total = len(lesson.steps)
    chosen = set(range(1, total + 1)) if steps is None else set(steps)
    if not chosen or not chosen <= set(range(1, total + 1)):
        raise StepOutOfRange(
            f"lesson {info.name!r} has steps 1 to {total}; asked for "
            f"{', '.join(map(str, sorted(chosen))) or 'none'}")

    if console is None:
        if width is None and not sys.stdout.isatty():
            width = DEFAULT_FILE_WIDTH
        console = Console(record=svg is not None, width=width)
    interactive = pause and stdio_is_terminal()
    ctx = Context(console=console, quick=quick, interactive=interactive)

    started = time.perf_counter()
    mode = "quick mode (smaller sizes, said where used)" if quick else "full mode"
    shown = (f"{total} steps" if len(chosen) == total else
             f"step{'s' if len(chosen) > 1 else ''} "
             f"{', '.join(map(str, sorted(chosen)))} of {total}")
    console.print(Panel(Group(
        Text(lesson.title, style="bold"),
        Text(f"{shown} · {mode}"
             + (" · Enter to step, q to quit" if interactive else ""), style="dim"),
    ), border_style="blue"))
    console.print(ctx.machines())
    ctx.quick_note("experiments run at smaller sizes or fewer times, and each "
                   "says what it changed; run without --quick for the full lesson.")

    stopped = False
    try:
        last = max(chosen)
        for index, step in enumerate(lesson.steps, 1):
            if index not in chosen:
                continue
            console.print(Rule(f"step {index} of {total}", style="dim", align="right"))
            for kind, value in step.parts:
                if kind == "markdown":
                    console.print(Markdown(value))
                elif kind == "reveal":
                    ctx.pause("Enter to see the answer, q to quit")
                else:
                    console.print()
                    hooks.get(kind, value)(ctx)
                    console.print()
            if index < last:
                ctx.pause("Enter for the next step, q to quit")
        if len(chosen) == total:              # the whole lesson: recap its figures
            console.print(Rule("recap", style="dim"))
            ctx.recap()
            practice = practice_panel(info.name)
            if practice is not None:
                console.print(practice)
    except QuitLesson:
        stopped = True
        console.print(Text("Stopped. Run the lesson again any time.", style="dim"))
    finally:
        elapsed = time.perf_counter() - started
        if not stopped:
            console.print(Text(
                f"This run took {elapsed:.1f} s "
                f"({'quick' if quick else 'full'} mode).", style="dim"))
        if svg is not None:
            console.save_svg(str(svg), title=f"python -m dsa.lessons {info.name}"
                             + (" --quick" if quick else ""))
            print(f"saved {svg}", file=sys.stderr)
    return 0


__all__ = ["Hooks", "Context", "QuitLesson", "Step", "Lesson", "parse",
           "load_text", "package_text", "run", "check_markers", "HOOK_KINDS",
           "LessonTextMissing", "StepOutOfRange"]
