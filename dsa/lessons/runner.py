"""Walk a lesson: its text, its live hooks, pauses, an optional recording.

The text format (steps, markers, claims) is described in
:mod:`dsa.lessons.markup`; what a hook is registered on and what it
receives, in :mod:`dsa.lessons.context`; how a claim's verdict picks its
text, in :mod:`dsa.lessons.verdicts`.  This module finds the text, checks
it against the lesson's hooks and walks the steps.

The learner's own values (``--values``, parsed once on the command line by
:func:`dsa.lessons.values.parse_values` with the lesson's kind from
:data:`dsa.lessons.values.KINDS`) reach an animation through
``ctx.values(default)``: the learner's values, or the published example
``default`` when none were given; in a terminal the first animation to ask
offers a prompt instead, and the answer holds for the whole run, replays
included.  An animation that takes values calls it once per run of its own
(the linked-list lesson's insert, remove and splice share one call), works
its captions out from what it got, and checks ``ctx.custom_values()``
before printing a sentence that holds for the published example only.
"""

from __future__ import annotations

import importlib
import importlib.resources
import os
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, Sequence

from rich.console import Console, Group
from rich.markdown import Markdown
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

from dsa.bench.report import load_average, load_note

from . import LessonInfo
from .context import Context, Hook, Hooks, QuitLesson
from .markup import HOOK_KINDS, ClaimText, Lesson, Step, parse
from .navigation import LAST_PROMPT, STEP_KEYS, STEP_PROMPT, Walk, help_screen, jump_refused
from .questions import Prediction, Question, answer_line, settle, questions_for
from .questions import ask as ask_question
from .questions import summary as prediction_summary
from .terminal import GO_ON, PagedOutput, Terminal
from .values import kind_for
from .verdicts import (Verdict, agrees, claim_renderables, claim_text, differs, fill,
                       not_measured, threshold, unsure)

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
        charts: str | Path | None = None, questions: bool = True,
        values: tuple | None = None) -> int:
    """Walk lesson ``info`` (only ``steps``, numbered from 1, if given);
    return the exit status (130 after Ctrl-C).  Nothing is written to disk
    unless asked: ``svg`` records the run, ``charts`` is a folder for the
    charts a lesson draws.  In a terminal the learner can go back, replay
    and jump (see navigation.py) and, unless ``questions`` is False, is
    asked to predict each race first (see questions.py).  ``values`` are the
    learner's own for the animations (see the module's docstring)."""
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
                  charts=Path(charts) if charts is not None else None,
                  given_values=values, value_kind=kind_for(info.name))
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
        if ctx.given_values and not ctx.values_read:
            console.print(Text("--values: no animation in the steps run takes values, "
                               "so they were not used.", style="yellow"))
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
           "claim_renderables", "fill", "Hook", "INTERRUPTED"]
