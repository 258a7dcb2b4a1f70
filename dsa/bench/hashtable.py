"""The hash-table benchmark: insert, find, miss (and delete), side by side.

Four parts, each timed round-robin (one run of every contender per round,
after a warm-up round), so the ratios compare runs made side by side:

* **One Python call per operation**, 1,000,000 int keys: ``dict`` against
  the C twins (``dsa.native.hashtable``) used from Python -- ``t[k] = k`` to
  insert, ``t[k]`` in a loop to find every key in random order, ``k in t``
  for keys that are absent.  This shows what a call through cffi costs.
* **Python twins against dict**, the same three loops on int keys.  A
  Python twin inserts a key in microseconds, so this part runs smaller than
  1,000,000 keys (see :data:`FULL_SIZES`) to keep the whole benchmark near
  three minutes; the report says so.
* **Inside C / C++**, 1,000,000 int64 keys: the C twins' operations kernel
  (:func:`dsa.native.hashtable.ops`: open addressing, chaining with one
  ``malloc`` per node, chaining with pooled nodes) against
  ``std::unordered_map<int64_t, int64_t>`` (and, where installed,
  ``absl::flat_hash_map`` and ``boost::unordered_flat_map``) compiled here
  with ``g++ -O2 -std=c++17`` and timed inside C++ with ``steady_clock``,
  with and without ``reserve(n)``.  The C++ program makes the kernel's keys
  (splitmix64 from the same seed) and uses them in the kernel's orders:
  insert in generation order, find in the kernel's shuffled order, miss on
  the next n outputs, delete in the kernel's second shuffle.  It prints a
  checksum that this module recomputes in Python.  These rows are made in
  :mod:`dsa.bench.hashtable_in_c`.
* **str keys**, 100,000 of them: the Python twins against ``dict``, timed
  two ways with the same key list in the same random order for every table.
  *Straight after building*: insert into a fresh table, then ``for k in
  order: t[k]`` at once, while the table and its keys are still in the
  caches from the insertions.  *Settled*: every table is built once,
  untimed; before each timed lookup pass a sweep over a buffer twice the
  size of the last-level cache evicts whatever the previous pass left
  there, so every table starts its pass from the same cold cache.  The
  first way flatters whichever table is smallest (dict's 100,000 lookups
  then hit the last-level cache); the second is the cost of lookups in a
  table that has been sitting in memory while other work ran.

All int rows of a size use the same keys: the kernel's, recomputed in
Python by :func:`kernel_input`.

* **str keys against minimal tables**, 100,000 keys whose hashes are
  cached: each textbook table beside the plainest table of its kind
  (:mod:`dsa.bench.minimal_tables`, a few dozen lines each), so the cost
  of the teaching features shows: insert into a fresh table, update every
  key, find every key, look up absent keys.

Targets:

1. the C open-addressing twin's in-C successful lookup at 1,000,000 keys is
   at least 2x faster than ``std::unordered_map``'s (the faster of reserve
   and no reserve is the yardstick): unordered_map hit / C hit >= 2.0;
2. ``ChainedHashTable``'s successful lookup of 100,000 str keys in random
   order takes at most 4x a dict's, measured settled (above);
3. the same for ``OpenAddressingHashTable``;
4. to 11. each textbook table's insert, update, hit and miss on str keys
   within 1.3x of the minimal table of its kind;
12. the C open-addressing twin's in-C successful lookup takes at most 1.0x
    ``absl::flat_hash_map``'s (the faster of reserve and no reserve), and
13. its failed lookup at most 1.5x, where Abseil is installed.

``absl::flat_hash_map`` (Debian: ``libabsl-dev``) and
``boost::unordered_flat_map`` (Boost 1.81+) are stronger peers than
``std::unordered_map``: open-addressing tables built for speed.  The same
C++ program is compiled once per table; a table whose library is missing is
skipped with the reason.

The straight-after-building rows are printed beside the settled ones, with
their own ratios, so both views are in every report.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, MutableMapping, Optional

from dsa.bench.hashtable_in_c import (CPP_SOURCE, SEED, KernelInput,
                                      absl_flat_hash_map,
                                      boost_unordered_flat_map, cpp_keys,
                                      cpp_maps, expected_checksum,
                                      kernel_input, native_hashtable_module,
                                      native_rows, run_cpp, shuffle, value_sum)
from dsa.bench.inputs import MASK64, sequence_checksum, splitmix64_values
from dsa.bench.report import (Options, PhaseRun, Report, Row, Target,
                              load_average, load_note, phase_rows,
                              run_phase_rounds)
from dsa.machine import this_machine

# "python_int" is smaller than the rest on purpose: at 1,000,000 keys the
# Python twins alone (insert + find + miss, two tables, six rounds) take
# several minutes on a 2-CPU machine.  See the note the report prints.
FULL_SIZES = {"per_call": 1_000_000, "python_int": 250_000,
              "native": 1_000_000, "str": 100_000}
QUICK_SIZES = {"per_call": 5_000, "python_int": 3_000,
               "native": 20_000, "str": 5_000}


Progress = Callable[[str], None]

# One run of a contender: seconds per phase, and what else it reported.
RunOnce = PhaseRun


# -- the Python loops being timed ------------------------------------------------

PHASES_PY = ("insert", "hit", "miss")
PHASES_STR = ("insert", "hit")
PHASES_SETTLED = ("hit_settled",)
PHASES_MINIMAL = ("insert", "update", "hit", "miss")
MINIMAL_LIMIT = 1.3

# The loops, the plainest Python and the same for every table, so the loop's
# own cost is shared and the table's cost is the difference.


def insert_each(table: Any, keys: list) -> None:
    for k in keys:
        table[k] = k


def update_each(table: Any, keys: list) -> None:
    for k in keys:
        table[k] = 0


def find_each(table: Any, keys: list) -> None:
    for k in keys:
        table[k]


def miss_each(table: Any, keys: list) -> None:
    for k in keys:
        k in table


Loop = Callable[[Any, list], None]


def timed_loops(make: Callable[[], Any],
                loops: tuple[tuple[str, Loop, list], ...]) -> RunOnce:
    """One run: make a fresh table, then time each ``(phase, loop, keys)``
    in turn on it."""
    def run() -> tuple[dict[str, float], dict[str, Any]]:
        clock = time.perf_counter
        table = make()
        seconds = {}
        for phase, loop, keys in loops:
            t0 = clock()
            loop(table, keys)
            seconds[phase] = clock() - t0
        return seconds, {}
    return run


def int_ops(make: Callable[[], Any], keys: list, hits: list,
            misses: list) -> RunOnce:
    """Insert ``keys`` into a fresh table (``t[k] = k``), find ``hits``
    (``t[k]``), miss ``misses`` (``k in t``)."""
    return timed_loops(make, (("insert", insert_each, keys),
                              ("hit", find_each, hits),
                              ("miss", miss_each, misses)))


def str_ops(make: Callable[[], Any], keys: list, order: list) -> RunOnce:
    """Insert ``keys`` into a fresh table, then find them all in ``order``."""
    return timed_loops(make, (("insert", insert_each, keys),
                              ("hit", find_each, order)))


def str_four_ops(make: Callable[[], Any], keys: list, order: list,
                 misses: list) -> RunOnce:
    """Insert ``keys`` into a fresh table, update them all and find them all
    in ``order``, then look up ``misses``."""
    return timed_loops(make, (("insert", insert_each, keys),
                              ("update", update_each, order),
                              ("hit", find_each, order),
                              ("miss", miss_each, misses)))


def cache_sweeper(machine: Any) -> Callable[[], None]:
    """A function that evicts the caches: it writes one byte in every 64-byte
    line of a buffer twice the size of the largest cache (at least 64 MiB)."""
    largest = max((c.size_bytes for c in getattr(machine, "caches", ())),
                  default=0)
    size = max(64 << 20, 2 * largest)
    buffer = bytearray(size)
    zeros = bytes(len(range(0, size, 64)))

    def sweep() -> None:
        buffer[::64] = zeros
    return sweep


def settled_lookups(table: Any, order: list,
                    sweep: Callable[[], None]) -> RunOnce:
    """Look up every key of ``order`` in ``table`` (built beforehand), after
    a cache sweep that is not timed."""
    def run() -> tuple[dict[str, float], dict[str, Any]]:
        clock = time.perf_counter
        sweep()
        t0 = clock()
        find_each(table, order)
        return {"hit_settled": clock() - t0}, {}
    return run


# -- targets "at least" ------------------------------------------------------------

@dataclass
class AtLeastTarget(Target):
    """A speed target stated the other way round: ``numerator``'s median at
    least ``limit`` times ``denominator``'s (how many times faster the
    denominator is)."""

    @property
    def passed(self) -> Optional[bool]:
        return None if self.value is None else self.value >= self.limit


class HashtableReport(Report):
    """A Report whose JSON says which way each target's limit points."""

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        for t, entry in zip(self.targets, out["targets"]):
            entry["direction"] = ">=" if isinstance(t, AtLeastTarget) else "<="
        out["units"]["per_op_ns"] = "median nanoseconds per operation of a run"
        return out


# -- the benchmark ------------------------------------------------------------------

PER_CALL = "One Python call per operation, {n:,} int keys: {op}"
PY_INT = "Python twins vs dict, {n:,} int keys: {op}"
STR = "Python twins vs dict, {n:,} str keys: {op}"
MINIMAL = "{kind} table vs the minimal one, {n:,} str keys: {op}"

OP_WORDS = {
    "insert": "insert into an empty table",
    "hit": "successful lookup, random order",
    "hit_settled": "successful lookup, random order, settled (table built "
                   "earlier, caches swept before each pass)",
    "miss": "failed lookup",
    "update": "update of every key, random order",
    "delete": "delete, random order",
}


def run(options: Options, progress: Optional[Progress] = None) -> Report:
    say = progress or (lambda message: None)
    sizes = QUICK_SIZES if options.quick else FULL_SIZES
    notes = [_size_note(options, sizes)]
    load_before = load_average()
    py_tables, py_reason = _python_twins()
    native_ht, native_reason = native_hashtable_module()

    say(f"making the C kernel's keys for n = {sizes['native']:,} in Python")
    big = kernel_input(max(sizes["per_call"], sizes["native"]), SEED)
    if sizes["per_call"] == len(big.keys):
        call_input = big
    else:
        call_input = kernel_input(sizes["per_call"], SEED)
    native_input = big if sizes["native"] == len(big.keys) \
        else kernel_input(sizes["native"], SEED)

    # ---- one Python call per operation, 1,000,000 int keys ------------------
    n = sizes["per_call"]
    reasons: dict[str, str] = {}
    classes: dict[str, Any] = {"call_dict": dict, **{
        key: partial(cls, seed=SEED) for key, cls in _table_classes(
            "call_native", native_ht, native_reason or "C twins missing",
            reasons).items()}}
    say(f"timing one Python call per operation, {n:,} int keys")
    rows = _timed_group(
        PER_CALL, n, f"int64 keys (splitmix64, seed {SEED}), the C kernel's",
        {"call_dict": "dict",
         "call_native_chained": "dsa.native ChainedHashTable (malloc nodes)",
         "call_native_open": "dsa.native OpenAddressingHashTable"},
        PHASES_PY, {key: int_ops(cls, call_input.keys, call_input.hit_order,
                                 call_input.misses)
                    for key, cls in classes.items()},
        reasons, "call_dict", options)

    # ---- Python twins vs dict, int keys --------------------------------------
    n = sizes["python_int"]
    data = kernel_input(n, SEED)
    reasons = {}
    classes = {"py_dict": dict, **_table_classes(
        "py", py_tables, py_reason or "dsa.hashtable missing", reasons)}
    say(f"timing the Python twins, {n:,} int keys")
    rows += _timed_group(
        PY_INT, n, f"int keys (splitmix64, seed {SEED})", _twin_names("py"),
        PHASES_PY, {key: int_ops(cls, data.keys, data.hit_order, data.misses)
                    for key, cls in classes.items()},
        reasons, "py_dict", options)

    # ---- inside C / C++ ----------------------------------------------------------
    rows += native_rows(native_input, options, native_ht, native_reason,
                        notes, say, OP_WORDS)

    # ---- str keys ------------------------------------------------------------------
    n = sizes["str"]
    str_keys = [format(k & MASK64, "016x")
                for k in splitmix64_values(n, SEED + 1)[0]]
    order = list(str_keys)
    shuffle(order, SEED + 1)
    rows += _str_rows(str_keys, order, options, py_tables, py_reason, say)
    minimal_rows, minimal_targets = _minimal_rows(
        str_keys, order, options, py_tables, py_reason, say)
    rows += minimal_rows

    notes.append(
        "loops timed from Python: insert `for k in keys: t[k] = k` into a "
        "fresh table t, successful lookup `for k in order: t[k]`, failed "
        "lookup `for k in misses: k in t`; the same key objects in the same "
        "order for every table of a group")
    notes.append(
        "str keys are timed two ways: straight after building (the lookups "
        "follow the insertions, so a table small enough stays in the "
        "last-level cache) and settled (tables built once, a sweep over a "
        "buffer twice the largest cache before each timed pass, so every "
        "table starts cold); targets 2 and 3 use the settled rows")
    note = load_note(load_before, load_average())
    if note:
        notes.append(note)
    report = HashtableReport(
        benchmark="hashtable",
        title="hashtable benchmark: insert, successful and failed lookup, "
              "delete",
        workload="insert n keys into an empty table, find each in random "
                 "order, look up n absent keys (and, in C/C++, delete all)",
        machine=this_machine(), options=options, rows=rows,
        targets=_targets(rows, sizes, minimal_targets), notes=notes)
    report.resolve()
    return report


def _size_note(options: Options, sizes: dict[str, int]) -> str:
    """What the sizes are, and why the Python twins' int rows are smaller."""
    if options.quick:
        return (
            "--quick: n = {per_call:,} (per call), {python_int:,} (Python "
            "twins, int), {native:,} (C/C++), {str:,} (str) instead of ".format(
                **sizes)
            + "{per_call:,} / {python_int:,} / {native:,} / {str:,}; the "
              "targets are stated for the full sizes".format(**FULL_SIZES))
    return (
        f"the Python twins run with {sizes['python_int']:,} int keys, not "
        f"{FULL_SIZES['per_call']:,}: at 4-7 µs per insert and 1-3 µs "
        "per lookup, the two twins at 1,000,000 keys take about 20 s a "
        "round, two more minutes over the warm-up and timed rounds, which "
        "would take the benchmark well past three minutes on a 2-CPU "
        "machine; dict is timed beside them at the same size (and at "
        "1,000,000 in the per-call rows, to show how it grows)")


def _table_classes(prefix: str, module: Any, reason: str,
                   reasons: dict[str, str]) -> dict[str, Any]:
    """``module``'s two table classes as ``PREFIX_chained`` and
    ``PREFIX_open``; without the module, ``reason`` for each in ``reasons``."""
    classes: dict[str, Any] = {}
    for kind, cls_name in (("chained", "ChainedHashTable"),
                           ("open", "OpenAddressingHashTable")):
        if module is None:
            reasons[f"{prefix}_{kind}"] = reason
        else:
            classes[f"{prefix}_{kind}"] = getattr(module, cls_name)
    return classes


def _twin_names(prefix: str) -> dict[str, str]:
    """The row names of dict and the Python twins, under ``PREFIX_...``."""
    return {f"{prefix}_dict": "dict",
            f"{prefix}_chained": "dsa.hashtable.ChainedHashTable",
            f"{prefix}_open": "dsa.hashtable.OpenAddressingHashTable"}


def _timed_group(title: str, n: int, data: str, names: dict[str, str],
                 phases: tuple[str, ...], contenders: dict[str, RunOnce],
                 reasons: dict[str, str], baseline: str,
                 options: Options) -> list[Row]:
    """Time ``contenders`` round-robin; their rows, one group per phase, each
    against ``baseline``."""
    samples, _ = run_phase_rounds(contenders, repeat=options.repeat,
                                  warmup=options.warmup, reasons=reasons)
    return phase_rows(title, n, data, names, phases, samples, reasons,
                      {op: baseline for op in phases}, words=OP_WORDS)


def _str_rows(str_keys: list, order: list, options: Options,
              py_tables: Any, py_reason: Optional[str],
              say: Progress) -> list[Row]:
    """dict and the Python twins on str keys, straight after building and
    settled."""
    n = len(str_keys)
    data = f"str keys: 16 hex digits of splitmix64 (seed {SEED + 1})"
    reasons: dict[str, str] = {}
    classes: dict[str, Any] = {"str_dict": dict, **_table_classes(
        "str", py_tables, py_reason or "dsa.hashtable missing", reasons)}

    # Straight after building: insert, then look everything up at once.
    say(f"timing the Python twins, {n:,} str keys, straight after building")
    rows = _timed_group(
        STR, n, data, _twin_names("str"), PHASES_STR,
        {key: str_ops(cls, str_keys, order) for key, cls in classes.items()},
        reasons, "str_dict", options)

    # Settled: each table built once; a cache sweep before every pass.
    say(f"timing the Python twins, {n:,} str keys, settled tables")
    sweep = cache_sweeper(this_machine())
    contenders = {}
    for key, cls in classes.items():
        if key in reasons:               # it failed straight after building
            continue
        table = cls()
        insert_each(table, str_keys)
        contenders[key] = settled_lookups(table, order, sweep)
    rows += _timed_group(STR, n, data, _twin_names("str"), PHASES_SETTLED,
                         contenders, reasons, "str_dict", options)
    return rows


def _targets(rows: list[Row], sizes: dict[str, int],
             minimal_targets: list[Target]) -> list[Target]:
    """The benchmark's thirteen targets, in their numbered order."""
    yardstick = _faster_row(rows, "cpp_umap_hit", "cpp_umap_reserve_hit")
    yard_name = ("std::unordered_map with reserve(n)"
                 if yardstick == "cpp_umap_reserve_hit"
                 else "std::unordered_map without reserve")
    targets: list[Target] = [
        AtLeastTarget(
            "c_open_hit_vs_unordered_map",
            f"1. {yard_name} (the faster of reserve / no reserve) successful "
            f"lookup / C open-addressing in-C successful lookup, "
            f"{sizes['native']:,} int64 keys >= 2.0 (C at least 2x faster)",
            yardstick, "c_open_hit", 2.0),
        Target("py_chained_vs_dict_str",
               f"2. ChainedHashTable successful lookup, {sizes['str']:,} str "
               "keys in random order, settled <= 4x dict",
               "str_chained_hit_settled", "str_dict_hit_settled", 4.0),
        Target("py_open_vs_dict_str",
               f"3. OpenAddressingHashTable successful lookup, "
               f"{sizes['str']:,} str keys in random order, settled <= 4x "
               "dict", "str_open_hit_settled", "str_dict_hit_settled", 4.0),
    ] + minimal_targets
    for number, op, limit in ((12, "hit", 1.0), (13, "miss", 1.5)):
        absl = _faster_row(rows, f"cpp_absl_{op}", f"cpp_absl_reserve_{op}")
        which = "with" if "reserve" in absl else "without"
        kind = "successful" if op == "hit" else "failed"
        targets.append(Target(
            f"c_open_{op}_vs_absl",
            f"{number}. C open-addressing in-C {kind} lookup, "
            f"{sizes['native']:,} int64 keys <= {limit:.1f}x "
            f"absl::flat_hash_map's ({which} reserve, the faster)",
            f"c_open_{op}", absl, limit))
    return targets


def _minimal_rows(keys: list, order: list, options: Options,
                  py_tables: Any, py_reason: Optional[str], say: Progress
                  ) -> tuple[list[Row], list[Target]]:
    """Each textbook table beside the minimal table of its kind, in one
    round-robin run, with a 1.3x target per table and operation."""
    from dsa.bench.minimal_tables import MinimalChained, MinimalOpen

    n = len(keys)
    misses = [format(k & MASK64, "016x")
              for k in splitmix64_values(n, SEED + 2)[0]]
    for k in keys + misses:
        hash(k)                          # str caches its hash
    reasons: dict[str, str] = {}
    classes = {"min_chained": MinimalChained, "min_open": MinimalOpen,
               **_table_classes("tb", py_tables,
                                py_reason or "dsa.hashtable missing", reasons)}
    contenders = {key: str_four_ops(cls, keys, order, misses)
                  for key, cls in classes.items()}
    say(f"timing the textbook tables against minimal ones, {n:,} str keys")
    samples, _ = run_phase_rounds(contenders, repeat=options.repeat,
                                  warmup=options.warmup, reasons=reasons)
    data = (f"str keys: 16 hex digits of splitmix64 (seed {SEED + 1}), "
            f"misses from seed {SEED + 2}, hashes cached")
    rows: list[Row] = []
    targets: list[Target] = []
    number = 4
    for kind, minimal, twin, name in (
            ("Chained", "min_chained", "tb_chained", "ChainedHashTable"),
            ("Open-addressing", "min_open", "tb_open",
             "OpenAddressingHashTable")):
        names = {minimal: f"minimal {kind.lower()} table (dsa.bench."
                          "minimal_tables)",
                 twin: f"dsa.hashtable.{name}"}
        rows += phase_rows(MINIMAL.replace("{kind}", kind), n, data, names,
                           PHASES_MINIMAL, samples, reasons,
                           {op: minimal for op in PHASES_MINIMAL},
                           words=OP_WORDS)
        for op in PHASES_MINIMAL:
            targets.append(Target(
                f"{twin}_vs_minimal_{op}",
                f"{number}. {name} {OP_WORDS[op]}, {n:,} str keys <= "
                f"{MINIMAL_LIMIT}x the minimal {kind.lower()} table",
                f"{twin}_{op}", f"{minimal}_{op}", MINIMAL_LIMIT))
            number += 1
    return rows, targets


def _faster_row(rows: list[Row], a: str, b: str) -> str:
    """The key of whichever of two rows has the smaller median (a if tied or
    if b was not measured)."""
    by_key = {r.key: r for r in rows}
    ra, rb = by_key.get(a), by_key.get(b)
    if rb is not None and rb.median is not None and (
            ra is None or ra.median is None or rb.median < ra.median):
        return b
    return a


def _python_twins() -> tuple[Optional[Any], Optional[str]]:
    """``dsa.hashtable``, or the reason it cannot be used."""
    try:
        import dsa.hashtable as tables
        t: MutableMapping[int, int] = tables.ChainedHashTable()
        t[1] = 1
        t2: MutableMapping[int, int] = tables.OpenAddressingHashTable()
        t2[1] = 1
    except Exception as exc:  # a broken twin must not break the report
        return None, f"dsa.hashtable unusable: {exc!r}"
    return tables, None


__all__ = ["run", "kernel_input", "splitmix64_values", "KernelInput",
           "expected_checksum", "run_cpp", "cpp_keys", "cpp_maps",
           "absl_flat_hash_map", "boost_unordered_flat_map",
           "sequence_checksum", "value_sum", "AtLeastTarget", "int_ops",
           "FULL_SIZES", "QUICK_SIZES", "CPP_SOURCE", "SEED"]
