"""Rows timed inside C or C++, as the heap and deque benchmarks make them.

Both compare a C twin's kernel with a C++ standard-library program on the
same splitmix64 input.  The program times two phases, a push of every item
and then a pop of every item (the protocol of ``cpp/bench_common.hpp``),
and each round starts a fresh process that makes one warm-up run and one
timed run.  A contender here is a function doing one run and returning its
nanoseconds (measured inside C or C++, so without the cost of getting there
from Python) with what else the run reported, as
:func:`dsa.bench.report.run_rounds` wants it.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Callable, Iterable, Optional

from dsa.bench import cpp
from dsa.bench.report import Options, Progress, Row, run_rounds, timing_from_ns
from dsa.timing import format_seconds

Contender = Callable[[], tuple[float, dict[str, Any]]]


def run_two_phases(executable: Path, mode: str, n: int, seed: int,
                   warmup: int, repeat: int, *,
                   timeout: float) -> dict[str, Any]:
    """Run ``executable mode n seed warmup repeat``: the total, push and pop
    nanoseconds of each timed run, the checksum and the ok flag."""
    out = cpp.run_timed(
        executable, [mode, str(n), str(seed), str(warmup), str(repeat)],
        repeat, parse_run=lambda v: (int(v[0]), int(v[1]), int(v[2])),
        timeout=timeout)
    return {"runs_ns": [r[0] for r in out.runs],
            "push_ns": [r[1] for r in out.runs],
            "pop_ns": [r[2] for r in out.runs],
            "checksum": out.checksum[0], "ok": out.ok}


@dataclass(frozen=True)
class CppRival:
    """The C++ program a group of C kernel rows is timed against: its row
    (``key``, ``name``), its source in ``cpp/`` and the ``mode`` it runs in,
    how long a run may take, what is particular to its protocol (for the
    note), and the C row that is the baseline without it (``fallback``: its
    key and how the note names it)."""

    key: str
    name: str
    source: str
    mode: str
    timeout: float
    protocol: str
    fallback: tuple[str, str]

    def run(self, executable: Path, n: int, seed: int, warmup: int,
            repeat: int) -> dict[str, Any]:
        """Run the compiled program (see :func:`run_two_phases`)."""
        return run_two_phases(executable, self.mode, n, seed, warmup, repeat,
                              timeout=self.timeout)


def add_cpp_contender(contenders: dict[str, Contender],
                      reasons: dict[str, str], notes: list[str], *,
                      key: str, source: str, mode: str, n: int, seed: int,
                      timeout: float, protocol: str) -> None:
    """Compile ``cpp/<source>`` and add its run as contender ``key``, with a
    note saying how it was built and run (``protocol``: what is particular
    to this program); or, when it cannot be compiled, the reason it is
    skipped."""
    compiled = cpp.compile_program(source)
    if not compiled.ok or compiled.executable is None:
        reasons[key] = compiled.error or "not compiled"
        notes.append(f"C++ row skipped: {compiled.error} ({compiled.command})")
        return
    executable = compiled.executable

    def once() -> tuple[float, dict[str, Any]]:
        # A fresh process per round, with one warm-up run inside it.
        r = run_two_phases(executable, mode, n, seed, 1, 1, timeout=timeout)
        return float(r["runs_ns"][0]), {
            "push_ns": r["push_ns"][0], "pop_ns": r["pop_ns"][0],
            "ok": r["ok"], "checksum": r["checksum"]}
    contenders[key] = once
    notes.append(
        f"C++: {compiled.command} ({cpp.compiler_version()}); a fresh "
        f"process per round, one warm-up run then one timed run; {protocol}")


def c_kernel(native: Any, name: str, keys: Iterable[str],
             reason: Optional[str], reasons: dict[str, str]
             ) -> Optional[Callable[..., Any]]:
    """The kernel ``native.<name>``; without it (no C twins, or a build
    without that kernel), None, and why in ``reasons`` for each row of
    ``keys``: ``reason`` (why the C twins are missing) or that there is no
    such kernel."""
    kernel = getattr(native, name, None) if native is not None else None
    if kernel is None:
        module = getattr(native, "__name__", "dsa.native")
        for key in keys:
            reasons[key] = reason or f"{module} has no {name} kernel"
    return kernel


def time_with_cpp(kernels: dict[str, Contender], reasons: dict[str, str],
                  notes: list[str], options: Options, *, key: str,
                  source: str, mode: str, n: int, seed: int, timeout: float,
                  protocol: str, fallback: tuple[str, str]
                  ) -> tuple[dict[str, list], dict[str, list], str]:
    """Time the C++ program ``cpp/<source>`` (contender ``key``, added as
    :func:`add_cpp_contender` adds it) and the C ``kernels`` round-robin.

    Returns the samples and details of each, as :func:`run_rounds` does,
    and the group's baseline: the C++ row; without it the C row
    ``fallback[0]``, with a note saying so (``fallback[1]`` names it).
    """
    contenders: dict[str, Contender] = {}
    add_cpp_contender(contenders, reasons, notes, key=key, source=source,
                      mode=mode, n=n, seed=seed, timeout=timeout,
                      protocol=protocol)
    contenders.update(kernels)
    samples, details = run_rounds(contenders, repeat=options.repeat,
                                  warmup=options.warmup, reasons=reasons)
    if key not in reasons:
        return samples, details, key
    if samples.get(fallback[0]):
        notes.append("without the C++ row, ratios of the C rows are against "
                     + fallback[1])
    return samples, details, fallback[0]


def kernel_race(title: str, n: int, seed: int, *, native: Any,
                native_reason: Optional[str], kernel: str,
                variants: dict[str, Any],
                once: Callable[[Callable[..., Any], Any], tuple[float, dict[str, Any]]],
                names: dict[str, str], rival: CppRival, options: Options,
                notes: list[str], say: Progress,
                expected: Callable[[], Optional[int]], matches: str, wrong: str,
                unchecked: str = "",
                more: Optional[Callable[[Row, list[dict[str, Any]]], str]] = None
                ) -> list[Row]:
    """The group ``title`` (formatted with ``n`` and ``seed``) timed inside
    C and C++ on the kernels' input, splitmix64 from ``seed``.

    The kernel ``native.<kernel>`` runs once per variant (row key ->
    argument: ``once(kernel, argument)`` does one run), round-robin with the
    C++ program ``rival`` (:func:`time_with_cpp`); the rows are the rival's,
    then ``names``, checked and noted as :func:`kernel_rows` does it.
    """
    group = title.format(n=n, seed=seed)
    data = f"int64 (splitmix64, seed {seed})"
    reasons: dict[str, str] = {}
    found = c_kernel(native, kernel, variants, native_reason, reasons)
    kernels: dict[str, Contender] = {} if found is None else {
        key: partial(once, found, argument) for key, argument in variants.items()}
    say(f"timing {group}")
    samples, details, baseline = time_with_cpp(
        kernels, reasons, notes, options, key=rival.key, source=rival.source,
        mode=rival.mode, n=n, seed=seed, timeout=rival.timeout,
        protocol=rival.protocol, fallback=rival.fallback)
    return kernel_rows(
        {rival.key: rival.name, **names}, group, n, data, samples=samples,
        details=details, reasons=reasons, baseline=baseline, expected=expected,
        matches=matches, wrong=wrong, unchecked=unchecked, more=more)


def timed_row(key: str, name: str, group: str, n: int, data: str, *,
              samples: dict[str, list], reasons: dict[str, str],
              baseline: str) -> Row:
    """The row of one contender: timed by C++'s steady_clock (keys starting
    with "cpp") or by CLOCK_MONOTONIC inside C, or skipped with its reason."""
    timing = (timing_from_ns(samples[key])
              if key not in reasons and samples.get(key) else None)
    return Row(key, name, group, n, data=data,
               timer="steady_clock inside C++" if key.startswith("cpp")
               else "CLOCK_MONOTONIC inside C",
               timing=timing, baseline=baseline,
               skipped=None if timing is not None else reasons.get(key, "not run"))


def add_push_pop(row: Row, runs: list[dict[str, Any]]) -> str:
    """The medians of the two phases, and whether every run was right, into
    ``row.extra``; the medians into ``row.note``, which is returned for the
    caller to add to."""
    row.extra = {
        "push_ns_median": median([r["push_ns"] for r in runs]),
        "pop_ns_median": median([r["pop_ns"] for r in runs]),
        "ok": all(r["ok"] for r in runs),
    }
    row.note = (f"push {format_seconds(row.extra['push_ns_median'] * 1e-9)}"
                f" + pop {format_seconds(row.extra['pop_ns_median'] * 1e-9)}"
                " (medians)")
    return row.note


def kernel_rows(names: dict[str, str], group: str, n: int, data: str, *,
                samples: dict[str, list], details: dict[str, list],
                reasons: dict[str, str], baseline: str,
                expected: Callable[[], Optional[int]], matches: str,
                wrong: str, unchecked: str = "",
                more: Optional[Callable[[Row, list[dict[str, Any]]], str]]
                = None) -> list[Row]:
    """The rows of a group timed inside C or C++, in ``names`` order.

    A measured row gets its push and pop medians (:func:`add_push_pop`),
    then what ``more`` adds to its extra and note.  Where the runs printed a
    checksum of their pops, it is compared with ``expected()``, the same
    checksum recomputed in Python (untimed): equal, the note says
    ``matches``; different, the row is not ok.  ``expected()`` may be None,
    when recomputing would take too long: the note then says ``unchecked``.
    A row that is not ok says ``WRONG RESULT: {wrong}``.
    """
    rows = []
    for key, name in names.items():
        row = timed_row(key, name, group, n, data, samples=samples,
                        reasons=reasons, baseline=baseline)
        runs = details.get(key)
        if row.timing is not None and runs:
            note = add_push_pop(row, runs)
            if more is not None:
                note += more(row, runs)
            if "checksum" in runs[0]:
                note += _check_sums(row, runs, expected(), matches, unchecked)
            if not row.extra["ok"]:
                note += f"; WRONG RESULT: {wrong} (see the JSON)"
            row.note = note
        rows.append(row)
    return rows


def _check_sums(row: Row, runs: list[dict[str, Any]], expected: Optional[int],
                matches: str, unchecked: str) -> str:
    """The runs' checksum against ``expected`` into ``row.extra``; what the
    note says of it."""
    sums = {r["checksum"] for r in runs}
    row.extra["checksum"] = runs[0]["checksum"]
    row.extra["checksum_expected"] = expected
    if expected is None:
        row.extra["checksum_matches"] = None
        return unchecked
    row.extra["checksum_matches"] = sums == {expected}
    if sums != {expected}:
        row.extra["ok"] = False
        return ""
    return matches


def median(values: list[float]) -> Optional[float]:
    return statistics.median(values) if values else None
