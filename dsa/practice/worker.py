"""The child process that grades one file: ``python -m dsa.practice.worker``.

Usage::

    python -m dsa.practice.worker NAME PATH RESULT.json [--quick] [--shown-as NAME]

It grades the file at PATH against problem NAME (or, for the engine's own
tests, a problem given as ``package.module:ATTRIBUTE``) and writes the
:class:`~dsa.practice.grader.GradeReport` as JSON to RESULT.json.  While it
works it keeps the name of the current stage in ``RESULT.json.stage``, so the
parent can say where a crash happened.  The learner's code runs in this
process, so whatever it does (``os._exit``, a crash in C, an endless loop in
C code) ends this process and not the command; see
:mod:`dsa.practice.sandbox`.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path
from typing import List, Optional

#: The address space the worker may use, so that a runaway allocation ends in
#: a MemoryError the report can name instead of a machine that swaps.
MEMORY_LIMIT = 2 * 1024 ** 3


def _limit_memory() -> None:
    try:
        import resource
    except ImportError:  # not Unix
        return
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if soft == resource.RLIM_INFINITY or soft > MEMORY_LIMIT:
            wanted = MEMORY_LIMIT if hard == resource.RLIM_INFINITY else min(MEMORY_LIMIT, hard)
            resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    except (ValueError, OSError):
        pass


def _find_problem(name: str):  # -> Problem
    if ":" in name:
        module, _, attribute = name.partition(":")
        return getattr(importlib.import_module(module), attribute)
    from .registry import get
    return get(name)


def _write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file (never half a file)."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dsa.practice.worker",
                                     description="Grade one file; write the report as JSON.")
    parser.add_argument("name")
    parser.add_argument("path")
    parser.add_argument("result")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--shown-as", help="how messages name the file (default: PATH)")
    args = parser.parse_args(argv)
    result = Path(args.result)

    # Keep Hypothesis's own files (if it writes any) out of the learner's folder.
    try:
        from hypothesis.configuration import set_hypothesis_home_dir
        set_hypothesis_home_dir(result.parent / "hypothesis")
    except ImportError:
        pass
    _limit_memory()

    from .grader import GradeReport, grade

    def record_stage(stage: str) -> None:
        try:
            _write(result.with_name(result.name + ".stage"), stage)
        except OSError:
            pass

    try:
        problem = _find_problem(args.name)
        report = grade(problem, args.path, quick=args.quick, on_stage=record_stage,
                       display=args.shown_as)
    except KeyboardInterrupt:
        return 130
    except BaseException as exc:  # the grader must always answer with a report
        report = GradeReport(problem=args.name, path=args.path, stage="internal",
                             message=f"an unexpected error stopped the grader ({type(exc).__name__}: "
                                     f"{exc}); this is not a problem with your solution")
    _write(result, report.to_json())
    return 0


if __name__ == "__main__":
    code = main()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # the learner's file may have closed it
            pass
    # Leave at once: threads or atexit handlers the learner's file may have
    # started must not keep this process alive or print after the report.
    os._exit(code)
