"""python -m dsa.lessons [NAME] [--quick] [--no-pause] [--svg PATH] [--width N] [--steps LIST]"""

from __future__ import annotations

import argparse
import sys

from . import LESSONS, find


def listing() -> str:
    width = max(len(lesson.name) for lesson in LESSONS)
    lines = ["Lessons (run one with: python -m dsa.lessons NAME):", ""]
    for lesson in LESSONS:
        lines.append(f"  {lesson.name:<{width}}  {lesson.summary}")
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
    p.add_argument("--width", type=int, metavar="N",
                   help="columns to render at (default: the terminal's, 100 for a file)")
    p.add_argument("--steps", metavar="LIST", type=parse_steps,
                   help="walk only these steps, e.g. 4 or 4-6 or 1,4,6 "
                        "(numbers as the lesson shows them)")
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
    from .runner import StepOutOfRange, run  # rich loads only now

    try:
        return run(info, quick=args.quick, pause=not args.no_pause,
                   svg=args.svg, width=args.width, steps=args.steps)
    except StepOutOfRange as exc:
        print(exc, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
