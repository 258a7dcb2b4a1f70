"""The pieces every benchmark is built from: options, rows, targets, a report.

A benchmark module measures some rows, states its targets as ratios of two
rows, and returns a :class:`Report`.  This module turns a report into a rich
table (with a PASS/FAIL line per target) or into JSON, so every benchmark
looks and reads the same.

Ratios are always computed from the medians of the same run, never against a
figure remembered from another run: two things timed side by side on the
same noisy machine share the noise, and their ratio is much steadier than
either time.
"""

from __future__ import annotations

import dataclasses
import gc
import importlib
import os
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable, Iterable, Optional, Sequence

from dsa.machine import Machine, this_machine
from dsa.timing import Timing, format_ratio, format_seconds, measure


@dataclass(frozen=True)
class Options:
    """What the command line asked for."""

    quick: bool = False
    repeat: int = 5
    warmup: int = 1


@dataclass
class Row:
    """One measured (or skipped) line of a benchmark's table.

    ``n`` is the number of items one run handled; ``per_op_ns`` divides the
    median by it (for a drain: one push plus one pop per item).  ``baseline``
    names the row this one's ``ratio`` is taken against (the baseline's own
    ratio is 1).  ``timer`` says which clock measured it, because a time taken
    inside C excludes the cost of calling into C from Python.
    """

    key: str                       # stable identifier, used by targets and JSON
    name: str                      # what a person reads in the table
    group: str                     # rows of a group share n, data and baseline
    n: int
    data: str = ""                 # what the items were
    timer: str = "perf_counter in Python"   # which clock measured it
    timing: Optional[Timing] = None
    baseline: Optional[str] = None
    ratio: Optional[float] = None
    skipped: Optional[str] = None  # why it was not measured
    note: Optional[str] = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def median(self) -> Optional[float]:
        return None if self.timing is None else self.timing.median

    @property
    def per_op_ns(self) -> Optional[float]:
        return None if self.timing is None else self.timing.per(self.n) * 1e9


@dataclass
class Target:
    """A speed target: ``numerator``'s median at most ``limit`` times ``denominator``'s."""

    key: str
    description: str
    numerator: str     # row keys
    denominator: str
    limit: float
    value: Optional[float] = None
    reason: Optional[str] = None   # why there is no value

    @property
    def passed(self) -> Optional[bool]:
        return None if self.value is None else self.value <= self.limit


@dataclass
class Report:
    """Everything one run of a benchmark measured, with the machine it ran on."""

    benchmark: str
    title: str
    workload: str
    machine: Machine
    options: Options
    rows: list[Row]
    targets: list[Target]
    notes: list[str] = field(default_factory=list)

    def row(self, key: str) -> Row:
        for r in self.rows:
            if r.key == key:
                return r
        raise KeyError(key)

    def resolve(self) -> None:
        """Fill in every row's ratio against its baseline and every target's value."""
        by_key = {r.key: r for r in self.rows}
        for r in self.rows:
            base = by_key.get(r.baseline) if r.baseline else None
            if r.median is not None and base is not None and base.median:
                r.ratio = r.median / base.median
            else:
                r.ratio = None
        for t in self.targets:
            num, den = by_key.get(t.numerator), by_key.get(t.denominator)
            if num is None or den is None or num.median is None \
                    or den.median is None:
                missing = [r for r in (num, den) if r is None or r.median is None]
                t.value = None
                t.reason = "; ".join(
                    f"{r.name if r else '?'} not measured"
                    + (f" ({r.skipped})" if r is not None and r.skipped else "")
                    for r in missing)
            else:
                t.value = num.median / den.median
                t.reason = None

    # -- output ---------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        machine = dataclasses.asdict(self.machine)
        machine["summary"] = self.machine.summary()
        return {
            "benchmark": self.benchmark,
            "title": self.title,
            "workload": self.workload,
            "quick": self.options.quick,
            "repeat": self.options.repeat,
            "warmup": self.options.warmup,
            "machine": machine,
            "units": {
                "median_s": "median seconds of one run",
                "per_op_ns": "median nanoseconds per item of a run "
                             "(for a drain: one push plus one pop)",
                "ratio": "median / median of the row named by 'baseline', "
                         "same run",
            },
            "rows": [_row_json(r) for r in self.rows],
            "targets": [
                {
                    "key": t.key,
                    "description": t.description,
                    "numerator": t.numerator,
                    "denominator": t.denominator,
                    "value": t.value,
                    "limit": t.limit,
                    "pass": t.passed,
                    "checked": t.value is not None and not self.options.quick,
                    "reason": t.reason,
                }
                for t in self.targets
            ],
            "notes": self.all_notes(),
        }

    def all_notes(self) -> list[str]:
        """The report's notes, and once, however many rows it skipped for
        want of the C twins, how to build them."""
        notes = list(self.notes)
        if any(r.skipped == NATIVE_MISSING for r in self.rows):
            notes.append(native_build_advice())
        return notes

    def render(self, console: Any) -> None:
        """Print the report with rich: machine, table, targets, notes."""
        from rich import box
        from rich.table import Table

        console.print(f"[bold]{self.title}[/bold]")
        console.print(f"workload: {self.workload}")
        console.print(f"machine:  {self.machine.summary()}")
        console.print(f"runs:     median of {self.options.repeat} timed runs "
                      f"per row after {self.options.warmup} warm-up run(s); "
                      "ratios from medians of this run")
        if self.options.quick:
            console.print("[yellow]--quick: small sizes for a smoke test; "
                          "these figures do not check the targets[/yellow]")

        # One table per group, with the same column widths, so the groups
        # line up; the group's title says what its ratios are taken against.
        width = max([len(r.name) for r in self.rows] + [20])
        groups: list[list[Row]] = []
        for r in self.rows:
            if groups and groups[-1][0].group == r.group:
                groups[-1].append(r)
            else:
                groups.append([r])
        for rows in groups:
            first = rows[0]
            base = next((b for b in self.rows if b.key == first.baseline), None)
            timers = ", ".join(dict.fromkeys(r.timer for r in rows))
            subtitle = (f"ratio vs {base.name}; " if base is not None else "") \
                + f"timed by {timers}"
            table = Table(title=f"[bold]{first.group}[/bold]\n[dim]{subtitle}[/dim]",
                          title_justify="left", header_style="bold",
                          box=box.SIMPLE_HEAD, pad_edge=False)
            table.add_column("row", min_width=width, no_wrap=True)
            table.add_column("n", justify="right", min_width=9)
            table.add_column("median", justify="right", min_width=8)
            table.add_column("per item", justify="right", min_width=8)
            table.add_column("ratio", justify="right", min_width=6)
            for r in rows:
                if r.median is None:
                    table.add_row(r.name, f"{r.n:,}", "[dim]skipped[/dim]", "", "")
                    continue
                ratio = format_ratio(r.ratio) if r.ratio is not None else "-"
                if r.baseline == r.key:
                    ratio = f"[bold]{ratio}[/bold]"
                table.add_row(r.name, f"{r.n:,}", format_seconds(r.median),
                              format_seconds(r.median / r.n), ratio)
            console.print(table)

        console.print("[bold]targets[/bold]"
                      + (" [dim](not checked by --quick)[/dim]"
                         if self.options.quick else ""))
        for t in self.targets:
            if t.value is None:
                console.print(f"  [yellow]N/A [/yellow] {t.description}: "
                              f"not measured ({t.reason})")
                continue
            if self.options.quick:
                # Small sizes measure something else than the target states.
                verdict = "[dim]not checked[/dim]"
            else:
                verdict = "[green]PASS[/green]" if t.passed else "[red]FAIL[/red]"
            console.print(f"  {verdict} {t.description}: measured "
                          f"{t.value:.3f}x (limit {t.limit:.2f}x)")
        notes = self.all_notes()
        # One line per reason or note: rows that share one (a contender
        # skipped in every phase, several skipped for the same cause) are
        # named together.
        skipped = _names_by(self.rows, lambda r: r.skipped)
        noted = _names_by(self.rows, lambda r: r.note)
        notes += [f"{', '.join(names)}: skipped, {reason}"
                  for reason, names in skipped.items()]
        notes += [f"{', '.join(names)}: {note}" for note, names in noted.items()]
        if notes:
            console.print("[bold]notes[/bold]")
            for note in notes:
                # Notes are plain text: "t[k]" must not be read as markup.
                console.print(f"  - {note}", highlight=False, markup=False)


def _names_by(rows: Iterable[Row], text: Callable[[Row], Optional[str]]
              ) -> dict[str, list[str]]:
    """Each distinct non-empty ``text(row)``, in order, with the names of
    the rows that have it (each name once)."""
    out: dict[str, list[str]] = {}
    for r in rows:
        value = text(r)
        if value:
            names = out.setdefault(value, [])
            if r.name not in names:
                names.append(r.name)
    return out


def _row_json(r: Row) -> dict[str, Any]:
    return {
        "key": r.key,
        "name": r.name,
        "group": r.group,
        "n": r.n,
        "data": r.data,
        "timer": r.timer,
        "median_s": r.median,
        "per_op_ns": r.per_op_ns,
        "ratio": r.ratio,
        "baseline": r.baseline,
        "runs_s": list(r.timing.runs) if r.timing is not None else None,
        "skipped": r.skipped,
        "note": r.note,
        **({"extra": r.extra} if r.extra else {}),
    }


# -- the C twins ------------------------------------------------------------

# Why a row that needs the C twins was skipped when they are not built.  The
# way to build them is long, so it is given once, in the notes.
NATIVE_MISSING = "C twins not built (see the note on how to build them)"


def native_module(name: str) -> tuple[Optional[ModuleType], Optional[str]]:
    """``dsa.native.<name>``, or the reason it cannot be used: a broken or
    missing build must not break the report."""
    try:
        import dsa.native as native
    except Exception as exc:
        return None, f"dsa.native failed to import: {exc!r}"
    if not native.available:
        return None, NATIVE_MISSING
    try:
        module = importlib.import_module(f"dsa.native.{name}")
    except Exception as exc:
        return None, f"dsa.native.{name} failed to import: {exc!r}"
    return module, None


def usable_class(native: Optional[ModuleType], name: str,
                 touch: Callable[[Any], object], reason: Optional[str]
                 ) -> tuple[Optional[Any], Optional[str]]:
    """The C twin's class ``native.<name>`` for rows that call it once per
    operation, after making one and calling it once (``touch``) to be sure
    it works; or None and why not: ``reason`` (why ``native`` is missing)
    or what went wrong."""
    if native is None:
        return None, reason
    try:
        cls = getattr(native, name)
        touch(cls())
    except Exception as exc:
        return None, f"{native.__name__}.{name} unusable: {exc!r}"
    return cls, reason


def native_build_advice() -> str:
    """Why the C twins are missing and the command that builds them, for the
    way this copy of dsa was installed."""
    import dsa.native as native
    from dsa import _install

    why = native.why_unavailable
    if why.endswith(native.HOW_TO_BUILD):      # keep the cause, not the old advice
        why = why[:-len(native.HOW_TO_BUILD)].rstrip()
    return _install.advice(why)


# -- measuring --------------------------------------------------------------

def measure_side_by_side(
    contenders: Sequence[tuple[str, Callable[[], object]]],
    *, repeat: int, warmup: int = 1,
    setup: Callable[[], object] | None = None,
) -> dict[str, Timing]:
    """Time several functions round-robin: warm-up rounds, then ``repeat`` rounds.

    Each round runs every contender once (starting from a different one each
    round), so slow drift of the machine -- another tenant, the CPU's clock,
    a thermal limit -- falls on all of them alike instead of on whichever
    happened to run last.  The garbage collector is paused while timing, as
    ``timeit`` does, and collected between runs.  Every single run goes
    through :func:`dsa.timing.measure`.
    """
    if repeat < 1:
        raise ValueError("repeat must be at least 1")
    names = [name for name, _ in contenders]
    runs: dict[str, list[float]] = {name: [] for name in names}
    gc_was_enabled = gc.isenabled()
    try:
        for round_ in range(warmup + repeat):
            shift = round_ % len(contenders)
            order = list(contenders[shift:]) + list(contenders[:shift])
            for name, fn in order:
                gc.collect()
                gc.disable()
                try:
                    t = measure(fn, repeat=1, warmup=0, setup=setup)
                finally:
                    if gc_was_enabled:
                        gc.enable()
                if round_ >= warmup:
                    runs[name].extend(t.runs)
    finally:
        if gc_was_enabled:
            gc.enable()
    return {name: Timing(tuple(runs[name])) for name in names}


def side_by_side_rows(group: str, n: int, data: str, names: dict[str, str],
                      contenders: Sequence[tuple[str, Callable[[], object]]],
                      *, baseline: str, options: Options,
                      reason: Optional[str] = None) -> list[Row]:
    """Time ``contenders`` with :func:`measure_side_by_side`; a row for each
    of ``names``, in its order, skipped with ``reason`` where no contender
    of that key was timed."""
    timings = measure_side_by_side(contenders, repeat=options.repeat,
                                   warmup=options.warmup)
    return [Row(key, name, group, n, data=data, timing=timings.get(key),
                baseline=baseline,
                skipped=None if key in timings else reason)
            for key, name in names.items()]


def run_rounds(contenders: dict[str, Callable[[], tuple[Any, Any]]], *,
               repeat: int, warmup: int, reasons: dict[str, str],
               pause_gc: bool = False
               ) -> tuple[dict[str, list[Any]], dict[str, list[Any]]]:
    """Run contenders that time themselves, round-robin, as
    :func:`measure_side_by_side` runs functions it times.

    Each contender does one run and returns ``(sample, detail)``: what it
    measured (nanoseconds from inside C, seconds per phase, ...) and what else
    it reported.  Returns the samples and details of the ``repeat`` timed
    rounds, per contender.  A contender named in ``reasons`` is skipped; one
    that raises is dropped with its reason added there, and the others go on.
    With ``pause_gc`` the garbage collector is collected before each run and
    paused during it.
    """
    order = [key for key in contenders if key not in reasons]
    samples: dict[str, list[Any]] = {key: [] for key in order}
    details: dict[str, list[Any]] = {key: [] for key in order}
    gc_was_enabled = gc.isenabled()
    try:
        for round_ in range(warmup + repeat):
            shift = round_ % len(order) if order else 0
            for key in order[shift:] + order[:shift]:
                if key in reasons:
                    continue
                if pause_gc:
                    gc.collect()
                    gc.disable()
                try:
                    sample, detail = contenders[key]()
                except Exception as exc:   # report it, keep the other rows
                    reasons[key] = f"failed: {exc!r}"
                    continue
                finally:
                    if gc_was_enabled:
                        gc.enable()
                if round_ >= warmup:
                    samples[key].append(sample)
                    details[key].append(detail)
    finally:
        if gc_was_enabled:
            gc.enable()
    return samples, details


# One run of a contender timed by phases: seconds per phase, and what else
# it reported.
PhaseRun = Callable[[], tuple[dict[str, float], dict[str, Any]]]


def run_phase_rounds(contenders: dict[str, PhaseRun], *, repeat: int,
                     warmup: int, reasons: dict[str, str]
                     ) -> tuple[dict[str, dict[str, list[float]]],
                                dict[str, list[dict[str, Any]]]]:
    """:func:`run_rounds` with the garbage collector paused during each run,
    and the seconds of each run split by phase: ``{key: {phase: [s, ...]}}``."""
    runs, details = run_rounds(contenders, repeat=repeat, warmup=warmup,
                               reasons=reasons, pause_gc=True)
    samples: dict[str, dict[str, list[float]]] = {}
    for key, phases_of_runs in runs.items():
        by_phase: dict[str, list[float]] = {}
        for phases in phases_of_runs:
            for phase, seconds in phases.items():
                by_phase.setdefault(phase, []).append(seconds)
        samples[key] = by_phase
    return samples, details


def phase_rows(title: str, n: int, data: str, names: dict[str, str],
               phases: tuple[str, ...],
               samples: dict[str, dict[str, list[float]]],
               reasons: dict[str, str], baselines: dict[str, str], *,
               words: dict[str, str],
               timer: Optional[Callable[[str], str]] = None) -> list[Row]:
    """One group of rows per phase, one row per contender, in ``names`` order.

    ``title`` is formatted with ``n`` and ``op`` (``words[phase]``); a row's
    key is ``CONTENDER_PHASE`` and its baseline ``baselines[phase]_PHASE``.
    """
    rows = []
    for op in phases:
        group = title.format(n=n, op=words[op])
        for key, name in names.items():
            runs = samples.get(key, {}).get(op)
            timing = Timing(tuple(runs)) if key not in reasons and runs else None
            rows.append(Row(
                f"{key}_{op}", name, group, n, data=data,
                timer=timer(key) if timer else "perf_counter in Python",
                timing=timing, baseline=f"{baselines[op]}_{op}",
                skipped=None if timing is not None
                else reasons.get(key, "not run")))
    return rows


def timing_from_ns(samples: Iterable[int | float]) -> Timing:
    """A Timing from nanosecond counts measured inside C or C++."""
    return Timing(tuple(float(s) * 1e-9 for s in samples))


def load_average() -> Optional[float]:
    """The 1-minute load average, or None where the system has none."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return None


def load_note(before: Optional[float], after: Optional[float]) -> Optional[str]:
    """A note on how busy the machine was around a run, or None if unknown.

    A busy machine inflates absolute times; ratios measured side by side in
    the same run hold up far better, and the note says so.
    """
    if before is None or after is None:
        return None
    cpus = os.cpu_count() or 1
    note = (f"load average (1 min) {before:.2f} before, {after:.2f} after, "
            f"on {cpus} CPU(s)")
    if max(before, after) > 0.5 * cpus:
        note += ("; the machine was busy, so absolute times are inflated and "
                 "noisy, and the side-by-side ratios are the figures to read")
    return note


def size_notes(options: Options, sizes: dict[str, int], full: dict[str, int],
               labels: dict[str, str]) -> list[str]:
    """The notes a report starts with: with ``--quick``, what it changed
    (the sizes of each group of rows, ``labels`` naming the groups, against
    the full sizes the targets are stated for); otherwise none."""
    if not options.quick:
        return []
    used = ", ".join(f"{sizes[k]:,} ({label})" for k, label in labels.items())
    instead = " / ".join(f"{full[k]:,}" for k in labels)
    return [f"--quick: n = {used} instead of {instead}; the targets are "
            "stated for the full sizes"]


def finish_report(*, benchmark: str, title: str, workload: str,
                  options: Options, rows: list[Row], targets: list[Target],
                  notes: list[str], load_before: Optional[float]) -> Report:
    """A benchmark's report, resolved (ratios and verdicts worked out), with
    a note on how busy the machine was since ``load_before``."""
    note = load_note(load_before, load_average())
    if note:
        notes.append(note)
    report = Report(benchmark=benchmark, title=title, workload=workload,
                    machine=this_machine(), options=options, rows=rows,
                    targets=targets, notes=notes)
    report.resolve()
    return report


#: Where a benchmark says what it is timing now (a progress line).
Progress = Callable[[str], None]


@dataclass
class Session:
    """What a benchmark's ``run`` keeps from its start to its report: the
    options, the sizes for this mode, the notes so far, where to say what it
    is timing, and the machine's load when it began (for the closing note)."""

    options: Options
    sizes: dict[str, int]
    notes: list[str]
    say: Progress
    load_before: Optional[float]

    @classmethod
    def start(cls, options: Options, progress: Optional[Progress], *,
              full: dict[str, int], quick: dict[str, int],
              labels: dict[str, str]) -> "Session":
        """Pick the sizes for this mode and note what ``--quick`` changed
        (``labels`` naming the groups of rows, as :func:`size_notes` wants)."""
        sizes = quick if options.quick else full
        notes = size_notes(options, sizes, full, labels)
        return cls(options, sizes, notes, progress or (lambda message: None),
                   load_average())

    def finish(self, rows: list[Row], targets: list[Target], *, benchmark: str,
               title: str, workload: str) -> Report:
        """The report of the run (see :func:`finish_report`)."""
        return finish_report(benchmark=benchmark, title=title, workload=workload,
                             options=self.options, rows=rows, targets=targets,
                             notes=self.notes, load_before=self.load_before)
