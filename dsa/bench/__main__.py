"""python -m dsa.bench [NAME] [--quick] [--json] [--repeat N]

Without NAME: list the benchmarks.  With NAME: run it and print a table, the
machine, and PASS/FAIL for each speed target ("not checked" with
``--quick``, whose small sizes are not what the targets state), or JSON with
``--json``.

Exit status: 0 when the benchmark ran, even if a target failed (this is a
report, not a test); 2 for a usage error such as an unknown benchmark.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Optional, Sequence

from dsa.bench import REGISTRY
from dsa.bench.report import Options


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m dsa.bench",
        description="Run one of dsa's benchmarks (without NAME: list them). "
                    "Targets are reported as PASS/FAIL (not checked with "
                    "--quick); the exit status is 0 either way.")
    parser.add_argument("name", nargs="?", metavar="NAME",
                        help="benchmark to run: " + ", ".join(REGISTRY))
    parser.add_argument("--quick", action="store_true",
                        help="small sizes, for a smoke test (the figures do "
                             "not check the targets)")
    parser.add_argument("--json", action="store_true",
                        help="print the report as JSON on stdout")
    parser.add_argument("--repeat", type=_positive, default=5, metavar="N",
                        help="timed runs per row, after a warm-up run; the "
                             "median is reported (default 5)")
    return parser


def list_benchmarks(as_json: bool = False) -> None:
    if as_json:
        print(json.dumps({"benchmarks": [
            {"name": b.name, "summary": b.summary} for b in REGISTRY.values()]},
            indent=2))
        return
    print("benchmarks (python -m dsa.bench NAME [--quick] [--json] [--repeat N]):")
    width = max(len(name) for name in REGISTRY)
    for b in REGISTRY.values():
        print(f"  {b.name:<{width}}  {b.summary}")


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)          # exits 2 on a usage error
    if args.name is None:
        list_benchmarks(args.json)
        return 0
    benchmark = REGISTRY.get(args.name)
    if benchmark is None:
        parser.print_usage(sys.stderr)
        print(f"{parser.prog}: error: unknown benchmark {args.name!r} "
              f"(choose from {', '.join(REGISTRY)})", file=sys.stderr)
        return 2

    options = Options(quick=args.quick, repeat=args.repeat)
    from rich.console import Console

    err = Console(stderr=True)
    if args.json or not err.is_terminal:
        report = benchmark.load().run(options)
    else:
        with err.status(f"running {benchmark.name} ...") as status:
            report = benchmark.load().run(
                options, progress=lambda message: status.update(message))
    if args.json:
        json.dump(report.to_json(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        # A pipe or a file gets 100 columns: the tables wrap badly in 80.
        out = Console()
        if not out.is_terminal:
            out = Console(width=100)
        report.render(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
