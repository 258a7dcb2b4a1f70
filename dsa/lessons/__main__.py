"""python -m dsa.lessons [NAME] [--quick] [--no-pause] [--svg PATH] [--charts DIR]
[--width N] [--steps LIST] [--no-questions] [--values LIST]"""

from __future__ import annotations

import argparse
import shutil
import sys
import textwrap

from . import LESSONS, find
from .values import INTEGERS, NODE_INTEGERS, WORDS, kind_for, parse_values

#: Exit status after Ctrl-C (as the runner's).
INTERRUPTED = 130


def listing(columns: int | None = None) -> str:
    """The lessons, one paragraph each, wrapped to ``columns`` (default: the
    terminal's width, or ``COLUMNS``, or 80)."""
    if columns is None:
        columns = shutil.get_terminal_size((80, 24)).columns
    width = max(len(lesson.name) for lesson in LESSONS)
    indent = " " * (width + 4)
    lines = ["Lessons (run one with: python -m dsa.lessons NAME):", ""]
    for lesson in LESSONS:
        lines.extend(textwrap.wrap(
            lesson.summary, width=max(columns - 1, len(indent) + 20),
            initial_indent=f"  {lesson.name:<{width}}  ", subsequent_indent=indent,
            break_long_words=False, break_on_hyphens=False))
    return "\n".join(lines)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m dsa.lessons",
        description="Walk a lesson live in the terminal. Without NAME, list the lessons.")
    p.add_argument("name", nargs="?", help="the lesson to walk (omit to list them)")
    p.add_argument("--quick", action="store_true",
                   help="smaller sizes so the whole lesson takes seconds (it says so)")
    p.add_argument("--no-pause", action="store_true",
                   help="print straight through without waiting for Enter")
    p.add_argument("--svg", metavar="PATH",
                   help="record the whole run and save it as an SVG picture")
    p.add_argument("--charts", metavar="DIR",
                   help="save the charts a lesson draws (the latency ladder, ...) "
                        "as SVG files in DIR; without it nothing is written")
    p.add_argument("--width", type=int, metavar="N",
                   help="columns to render at (default: the terminal's, 100 for a file)")
    p.add_argument("--steps", metavar="LIST", type=parse_steps,
                   help="walk only these steps, e.g. 4 or 4-6 or 1,4,6 "
                        "(numbers as the lesson shows them)")
    p.add_argument("--no-questions", action="store_true",
                   help="in a terminal, do not ask for a prediction before each race "
                        "(without a terminal nothing is asked anyway)")
    p.add_argument("--values", metavar="LIST",
                   help="your own values for the animations instead of the published "
                        f"examples, e.g. 9,4,7,1: for heap and deque, "
                        f"{INTEGERS.describe()}; for linkedlist, "
                        f"{NODE_INTEGERS.describe()}; for hashtable, {WORDS.describe()}. "
                        "In a terminal, without it, the first animation offers a "
                        "prompt (not with --no-questions)")
    return p


def parse_steps(text: str) -> list[int]:
    """'1,4-6' -> [1, 4, 5, 6]."""
    chosen: list[int] = []
    try:
        for part in text.split(","):
            low, _, high = part.strip().partition("-")
            first, last = int(low), int(high or low)
            if first < 1 or last < first:
                raise ValueError
            chosen.extend(range(first, last + 1))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a list of step numbers like 4 or 4-6 or 1,4,6") from None
    return sorted(set(chosen))


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.name is None:
        print(listing())
        return 0
    info = find(args.name)
    if info is None:
        print(f"No lesson called {args.name!r}.\n", file=sys.stderr)
        print(listing(), file=sys.stderr)
        return 2
    if args.width is not None and args.width < 40:
        print("--width must be at least 40", file=sys.stderr)
        return 2
    values = None
    if args.values is not None:
        try:
            values = parse_values(args.values, kind_for(info.name))
        except ValueError as exc:
            parser().error(f"--values for {info.name}: {exc}")   # exits with 2
    try:
        from .runner import StepOutOfRange, run  # rich loads only now

        try:
            return run(info, quick=args.quick, pause=not args.no_pause,
                       svg=args.svg, width=args.width, steps=args.steps,
                       charts=args.charts, questions=not args.no_questions,
                       values=values)
        except StepOutOfRange as exc:
            print(exc, file=sys.stderr)
            return 2
    except KeyboardInterrupt:       # Ctrl-C before or after the lesson proper
        print("\nStopped.")
        return INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
