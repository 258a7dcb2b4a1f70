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
  checksum that this module recomputes in Python.
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

import statistics
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, MutableMapping, Optional

from dsa.bench import cpp
from dsa.bench.inputs import (MASK64, sequence_checksum, splitmix64,
                              splitmix64_values)
from dsa.bench.report import (Options, Report, Row, Target, load_average, native_module,
                              load_note, run_rounds)
from dsa.machine import this_machine
from dsa.timing import Timing

SEED = 1

# "python_int" is smaller than the rest on purpose: at 1,000,000 keys the
# Python twins alone (insert + find + miss, two tables, six rounds) take
# several minutes on a 2-CPU machine.  See the note the report prints.
FULL_SIZES = {"per_call": 1_000_000, "python_int": 250_000,
              "native": 1_000_000, "str": 100_000}
QUICK_SIZES = {"per_call": 5_000, "python_int": 3_000,
               "native": 20_000, "str": 5_000}

CPP_SOURCE = "hashtable_lookup.cpp"
CPP_TIMEOUT_S = 300


Progress = Callable[[str], None]

# One run of a contender: seconds per phase, and what else it reported.
RunOnce = Callable[[], tuple[dict[str, float], dict[str, Any]]]


# -- the kernel's keys, recomputed in Python -----------------------------------

@dataclass(frozen=True)
class KernelInput:
    """The keys of ``dsa_ht_kernel_ops(n, seed)`` and the orders it uses them in.

    ``keys``: the n stored keys, in insertion order; ``misses``: the n keys
    never stored; ``hit_order``: ``keys`` shuffled, the order of the
    successful lookups; ``delete_order``: that shuffled again, the order of
    the deletions.
    """

    keys: list[int]
    misses: list[int]
    hit_order: list[int]
    delete_order: list[int]


def _shuffle(a: list[Any], state: int) -> int:
    """hashtable.c's shuffle: Fisher-Yates from the top, j = splitmix64() % i."""
    for i in range(len(a), 1, -1):
        state, u = splitmix64(state)
        j = u % i
        a[i - 1], a[j] = a[j], a[i - 1]
    return state


def kernel_input(n: int, seed: int = SEED) -> KernelInput:
    """The kernel's input, made as native/hashtable.c makes it.

    2n consecutive splitmix64 outputs from the state ``seed``, each read as
    a signed int64 (same bits); the first n are stored, the last n are the
    misses; then the stored keys are shuffled for the lookups, and shuffled
    again for the deletions, with the generator carrying on.
    """
    raw, state = splitmix64_values(2 * n, seed)
    hit_order = raw[:n]
    state = _shuffle(hit_order, state)
    delete_order = list(hit_order)
    _shuffle(delete_order, state)
    return KernelInput(raw[:n], raw[n:], hit_order, delete_order)


def value_sum(keys: list[int]) -> int:
    """Sum mod 2^64 of the values stored with ``keys`` (~k, as value_for)."""
    return sum((~k) & MASK64 for k in keys) & MASK64


def expected_checksum(data: KernelInput) -> tuple[int, int, int]:
    """What the C++ program must print after "checksum" for this input."""
    return value_sum(data.keys), sequence_checksum(data.hit_order), sequence_checksum(data.delete_order)


# -- the C++ program -----------------------------------------------------------

@dataclass(frozen=True)
class CppMap:
    """One C++ hash table the program can be compiled with, or why not here.

    ``key`` prefixes its rows (``KEY_hit``, ``KEY_reserve_hit``, ...);
    ``flags`` and ``libs`` go before and after the source on the compile
    command; ``missing`` is a one-line reason when the library is absent.
    """

    key: str
    name: str
    flags: tuple[str, ...] = cpp.FLAGS
    libs: tuple[str, ...] = ()
    missing: Optional[str] = None
    libs_text: str = ""        # ``libs`` as a person would type them

    def command(self) -> str:
        """The compile command, short enough for a note."""
        return " ".join([cpp.COMPILER, *self.flags, CPP_SOURCE]
                        + ([self.libs_text or " ".join(self.libs)]
                           if self.libs else []))


# Abseil's libraries behind flat_hash_map, when pkg-config cannot say.
ABSL_LIBS = ("-labsl_raw_hash_set", "-labsl_hashtablez_sampler", "-labsl_hash",
             "-labsl_city", "-labsl_low_level_hash", "-labsl_synchronization",
             "-labsl_time", "-labsl_base", "-labsl_raw_logging_internal")
BOOST_MIN = (1, 81)       # the first Boost with boost::unordered_flat_map


def absl_flat_hash_map() -> CppMap:
    """absl::flat_hash_map, if Abseil's headers are installed."""
    name = "absl::flat_hash_map"
    flags = cpp.FLAGS + ("-DDSA_MAP_ABSL",)
    if cpp.preprocess("#include <absl/container/flat_hash_map.h>\n") is None:
        return CppMap("cpp_absl", name, flags, missing=(
            "Abseil's headers not found (Debian/Ubuntu: apt-get install "
            "libabsl-dev)"))
    libs = cpp.pkg_config_libs("absl_flat_hash_map")
    if libs is None:
        return CppMap("cpp_absl", name, flags, ABSL_LIBS)
    return CppMap("cpp_absl", name, flags, libs,
                  libs_text="$(pkg-config --libs absl_flat_hash_map)")


def boost_unordered_flat_map() -> CppMap:
    """boost::unordered_flat_map, if Boost 1.81 or later is installed."""
    name = "boost::unordered_flat_map"
    flags = cpp.FLAGS + ("-DDSA_MAP_BOOST",)
    out = cpp.preprocess("#include <boost/version.hpp>\nBOOST_VERSION\n")
    words = out.split() if out else []
    if not words or not words[-1].isdigit():
        return CppMap("cpp_boost", name, flags, missing=(
            "Boost's headers not found (Debian/Ubuntu: apt-get install "
            "libboost-dev, version 1.81 or later)"))
    number = int(words[-1])
    version = (number // 100000, number // 100 % 1000)
    if version < BOOST_MIN:
        return CppMap("cpp_boost", name, flags, missing=(
            f"Boost {version[0]}.{version[1]} found; unordered_flat_map needs "
            f"{BOOST_MIN[0]}.{BOOST_MIN[1]} or later"))
    return CppMap("cpp_boost", name, flags)


def cpp_maps() -> list[CppMap]:
    """The C++ tables the C twins are timed against: the standard library's,
    then the open-addressing tables of Abseil and Boost where installed."""
    return [CppMap("cpp_umap", "std::unordered_map"), absl_flat_hash_map(),
            boost_unordered_flat_map()]


def run_cpp(executable, n: int, seed: int, warmup: int, repeat: int,
            reserve: bool) -> dict[str, Any]:
    """Run the C++ program; its per-run nanoseconds per phase and checks."""
    out = cpp.run_timed(
        executable, ["ops", str(n), str(seed), str(warmup), str(repeat),
                     "1" if reserve else "0"],
        repeat,
        # Totals for n operations; the per-op figures after them are the
        # same numbers divided by n, for a person reading the output.
        parse_run=lambda v: dict(zip(PHASES_C, map(int, v[:4]))),
        timeout=CPP_TIMEOUT_S, checksum_size=3)
    buckets = out.other.get("buckets")
    return {"runs_ns": out.runs, "checksum": out.checksum,
            "buckets": int(buckets[0]) if buckets is not None else None,
            "ok": out.ok}


def cpp_keys(executable, n: int, seed: int) -> dict[str, list[int]]:
    """The C++ program's keys: {"insert": [...], "hit": [...], ...}."""
    out = subprocess.run([str(executable), "keys", str(n), str(seed)],
                         capture_output=True, text=True, check=True,
                         timeout=CPP_TIMEOUT_S)
    result: dict[str, list[int]] = {"insert": [], "hit": [], "miss": [],
                                    "delete": []}
    for line in out.stdout.splitlines():
        word, value = line.split()
        result[word].append(int(value))
    return result


# -- the Python loops being timed ------------------------------------------------

PHASES_PY = ("insert", "hit", "miss")
PHASES_STR = ("insert", "hit")
PHASES_SETTLED = ("hit_settled",)
PHASES_C = ("insert", "hit", "miss", "delete")
PHASES_MINIMAL = ("insert", "update", "hit", "miss")
MINIMAL_LIMIT = 1.3


def int_ops(make: Callable[[], Any], keys: list, hits: list,
            misses: list) -> RunOnce:
    """Insert ``keys`` into a fresh table, find ``hits``, miss ``misses``.

    The three loops are the plainest Python (``t[k] = k``, ``t[k]``,
    ``k in t``) and the same for every table, so the loop's own cost is
    shared and the table's cost is the difference.
    """
    def run() -> tuple[dict[str, float], dict[str, Any]]:
        clock = time.perf_counter
        table = make()
        t0 = clock()
        for k in keys:
            table[k] = k
        t1 = clock()
        for k in hits:
            table[k]
        t2 = clock()
        for k in misses:
            k in table
        t3 = clock()
        return {"insert": t1 - t0, "hit": t2 - t1, "miss": t3 - t2}, {}
    return run


def str_ops(make: Callable[[], Any], keys: list, order: list) -> RunOnce:
    """Insert ``keys`` into a fresh table, then find them all in ``order``."""
    def run() -> tuple[dict[str, float], dict[str, Any]]:
        clock = time.perf_counter
        table = make()
        t0 = clock()
        for k in keys:
            table[k] = k
        t1 = clock()
        for k in order:
            table[k]
        t2 = clock()
        return {"insert": t1 - t0, "hit": t2 - t1}, {}
    return run


def str_four_ops(make: Callable[[], Any], keys: list, order: list,
                 misses: list) -> RunOnce:
    """Insert ``keys`` into a fresh table, update them all and find them all
    in ``order``, then look up ``misses``."""
    def run() -> tuple[dict[str, float], dict[str, Any]]:
        clock = time.perf_counter
        table = make()
        t0 = clock()
        for k in keys:
            table[k] = k
        t1 = clock()
        for k in order:
            table[k] = 0
        t2 = clock()
        for k in order:
            table[k]
        t3 = clock()
        for k in misses:
            k in table
        t4 = clock()
        return {"insert": t1 - t0, "update": t2 - t1, "hit": t3 - t2,
                "miss": t4 - t3}, {}
    return run


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
        for k in order:
            table[k]
        t1 = clock()
        return {"hit_settled": t1 - t0}, {}
    return run


def round_robin(contenders: dict[str, RunOnce], *, repeat: int, warmup: int,
                reasons: dict[str, str]
                ) -> tuple[dict[str, dict[str, list[float]]],
                           dict[str, list[dict[str, Any]]]]:
    """:func:`dsa.bench.report.run_rounds` with the garbage collector paused
    during each run, and the seconds of each run split by phase."""
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
NATIVE = "Inside C / C++, {n:,} int64 keys: {op}"
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
    notes: list[str] = []
    rows: list[Row] = []
    if options.quick:
        notes.append(
            "--quick: n = {per_call:,} (per call), {python_int:,} (Python "
            "twins, int), {native:,} (C/C++), {str:,} (str) instead of ".format(
                **sizes)
            + "{per_call:,} / {python_int:,} / {native:,} / {str:,}; the "
              "targets are stated for the full sizes".format(**FULL_SIZES))
    else:
        notes.append(
            f"the Python twins run with {sizes['python_int']:,} int keys, not "
            f"{FULL_SIZES['per_call']:,}: at 4-7 µs per insert and 1-3 µs "
            "per lookup, the two twins at 1,000,000 keys take about 20 s a "
            "round, two more minutes over the warm-up and timed rounds, which "
            "would take the benchmark well past three minutes on a 2-CPU "
            "machine; dict is timed beside them at the same size (and at "
            "1,000,000 in the per-call rows, to show how it grows)")

    load_before = load_average()
    py_tables, py_reason = _python_twins()
    native_ht, native_reason = _native_hashtable_module()

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
    contenders: dict[str, RunOnce] = {}
    reasons: dict[str, str] = {}
    contenders["call_dict"] = int_ops(dict, call_input.keys,
                                      call_input.hit_order, call_input.misses)
    for key, cls_name in (("call_native_chained", "ChainedHashTable"),
                          ("call_native_open", "OpenAddressingHashTable")):
        if native_ht is None:
            reasons[key] = native_reason or "C twins missing"
            continue
        cls = getattr(native_ht, cls_name)

        def make(cls: Any = cls) -> Any:
            return cls(seed=SEED)
        contenders[key] = int_ops(make, call_input.keys, call_input.hit_order,
                                  call_input.misses)
    say(f"timing one Python call per operation, {n:,} int keys")
    samples, _ = round_robin(contenders, repeat=options.repeat,
                             warmup=options.warmup, reasons=reasons)
    names = {
        "call_dict": "dict",
        "call_native_chained": "dsa.native ChainedHashTable (malloc nodes)",
        "call_native_open": "dsa.native OpenAddressingHashTable",
    }
    rows += _phase_rows(PER_CALL, n, "int64 keys (splitmix64, seed "
                        f"{SEED}), the C kernel's", names, PHASES_PY, samples,
                        reasons, {op: "call_dict" for op in PHASES_PY})

    # ---- Python twins vs dict, int keys --------------------------------------
    n = sizes["python_int"]
    data = kernel_input(n, SEED)
    contenders = {"py_dict": int_ops(dict, data.keys, data.hit_order,
                                     data.misses)}
    reasons = {}
    for key, cls_name in (("py_chained", "ChainedHashTable"),
                          ("py_open", "OpenAddressingHashTable")):
        if py_tables is None:
            reasons[key] = py_reason or "dsa.hashtable missing"
            continue
        contenders[key] = int_ops(getattr(py_tables, cls_name), data.keys,
                                  data.hit_order, data.misses)
    say(f"timing the Python twins, {n:,} int keys")
    samples, _ = round_robin(contenders, repeat=options.repeat,
                             warmup=options.warmup, reasons=reasons)
    names = {"py_dict": "dict",
             "py_chained": "dsa.hashtable.ChainedHashTable",
             "py_open": "dsa.hashtable.OpenAddressingHashTable"}
    rows += _phase_rows(PY_INT, n, f"int keys (splitmix64, seed {SEED})",
                        names, PHASES_PY, samples, reasons,
                        {op: "py_dict" for op in PHASES_PY})

    # ---- inside C / C++ ----------------------------------------------------------
    rows += _native_rows(native_input, options, native_ht, native_reason,
                         notes, say)

    # ---- str keys ------------------------------------------------------------------
    n = sizes["str"]
    str_keys = [format(k & MASK64, "016x")
                for k in splitmix64_values(n, SEED + 1)[0]]
    order = list(str_keys)
    _shuffle(order, SEED + 1)
    names = {"str_dict": "dict",
             "str_chained": "dsa.hashtable.ChainedHashTable",
             "str_open": "dsa.hashtable.OpenAddressingHashTable"}
    classes = {"str_dict": dict}
    reasons = {}
    for key, cls_name in (("str_chained", "ChainedHashTable"),
                          ("str_open", "OpenAddressingHashTable")):
        if py_tables is None:
            reasons[key] = py_reason or "dsa.hashtable missing"
        else:
            classes[key] = getattr(py_tables, cls_name)

    # Straight after building: insert, then look everything up at once.
    contenders = {key: str_ops(cls, str_keys, order)
                  for key, cls in classes.items()}
    say(f"timing the Python twins, {n:,} str keys, straight after building")
    samples, _ = round_robin(contenders, repeat=options.repeat,
                             warmup=options.warmup, reasons=reasons)
    rows += _phase_rows(STR, n, "str keys: 16 hex digits of splitmix64 "
                        f"(seed {SEED + 1})", names, PHASES_STR, samples,
                        reasons, {op: "str_dict" for op in PHASES_STR})

    # Settled: each table built once; a cache sweep before every pass.
    say(f"timing the Python twins, {n:,} str keys, settled tables")
    sweep = cache_sweeper(this_machine())
    contenders = {}
    for key, cls in classes.items():
        if key in reasons:
            continue
        table = cls()
        for k in str_keys:
            table[k] = k
        contenders[key] = settled_lookups(table, order, sweep)
    samples, _ = round_robin(contenders, repeat=options.repeat,
                             warmup=options.warmup, reasons=reasons)
    rows += _phase_rows(STR, n, "str keys: 16 hex digits of splitmix64 "
                        f"(seed {SEED + 1})", names, PHASES_SETTLED, samples,
                        reasons, {op: "str_dict" for op in PHASES_SETTLED})
    del contenders

    # ---- str keys: the textbook tables against minimal tables -------------------
    minimal_rows, minimal_targets = _minimal_rows(
        str_keys, order, options, py_tables, py_reason, say)
    rows += minimal_rows

    # ---- targets -------------------------------------------------------------------
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
        machine=this_machine(), options=options, rows=rows, targets=targets,
        notes=notes)
    report.resolve()
    return report


def _phase_rows(title: str, n: int, data: str, names: dict[str, str],
                phases: tuple[str, ...],
                samples: dict[str, dict[str, list[float]]],
                reasons: dict[str, str], baselines: dict[str, str],
                timer: Optional[Callable[[str], str]] = None) -> list[Row]:
    """One group of rows per phase, one row per contender, in ``names`` order."""
    rows = []
    for op in phases:
        group = title.format(n=n, op=OP_WORDS[op])
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
    classes: dict[str, Any] = {"min_chained": MinimalChained,
                               "min_open": MinimalOpen}
    reasons: dict[str, str] = {}
    for key, cls_name in (("tb_chained", "ChainedHashTable"),
                          ("tb_open", "OpenAddressingHashTable")):
        if py_tables is None:
            reasons[key] = py_reason or "dsa.hashtable missing"
        else:
            classes[key] = getattr(py_tables, cls_name)
    contenders = {key: str_four_ops(cls, keys, order, misses)
                  for key, cls in classes.items()}
    say(f"timing the textbook tables against minimal ones, {n:,} str keys")
    samples, _ = round_robin(contenders, repeat=options.repeat,
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
        rows += _phase_rows(MINIMAL.replace("{kind}", kind), n, data, names,
                            PHASES_MINIMAL, samples, reasons,
                            {op: minimal for op in PHASES_MINIMAL})
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


def _native_hashtable_module() -> tuple[Optional[Any], Optional[str]]:
    """``dsa.native.hashtable``, or the reason it cannot be used."""
    native_ht, reason = native_module("hashtable")
    if native_ht is None:
        return None, reason
    try:
        native_ht.OpenAddressingHashTable(seed=SEED)[1] = 1
        native_ht.ChainedHashTable(seed=SEED)[1] = 1
    except Exception as exc:
        return None, f"dsa.native.hashtable unusable: {exc!r}"
    return native_ht, None

def _native_rows(data: KernelInput, options: Options, native_ht: Any,
                 native_reason: Optional[str], notes: list[str],
                 say: Progress) -> list[Row]:
    n = len(data.keys)
    contenders: dict[str, RunOnce] = {}
    reasons: dict[str, str] = {}

    names: dict[str, str] = {}
    compiled = None
    peer_notes: list[str] = []
    for cmap in cpp_maps():
        names[cmap.key] = f"C++ {cmap.name} (g++ -O2)"
        names[f"{cmap.key}_reserve"] = f"C++ {cmap.name}, reserve(n)"
        if cmap.missing:
            for key in (cmap.key, f"{cmap.key}_reserve"):
                reasons[key] = cmap.missing
            continue
        built = cpp.compile_program(CPP_SOURCE, flags=cmap.flags, libs=cmap.libs)
        if cmap.key == "cpp_umap":
            compiled = built
        if not built.ok:
            for key in (cmap.key, f"{cmap.key}_reserve"):
                reasons[key] = built.error or "not compiled"
            if cmap.key != "cpp_umap":
                peer_notes.append(f"C++ {cmap.name} rows skipped: {built.error} "
                                  f"({cmap.command()})")
            continue
        exe = built.executable
        assert exe is not None
        for key, reserve in ((cmap.key, False), (f"{cmap.key}_reserve", True)):
            def cpp_once(exe: Path = exe, reserve: bool = reserve
                         ) -> tuple[dict[str, float], dict[str, Any]]:
                # A fresh process per round, with one warm-up run inside it.
                r = run_cpp(exe, n, SEED, 1, 1, reserve)
                ns = r["runs_ns"][0]
                return ({op: ns[op] * 1e-9 for op in PHASES_C},
                        {"ok": r["ok"], "checksum": r["checksum"],
                         "buckets": r["buckets"]})
            contenders[key] = cpp_once
        if cmap.key != "cpp_umap":
            peer_notes.append(
                f"C++ {cmap.name}: {cmap.command()}; the same program, keys, "
                "orders and protocol as std::unordered_map, with the table's "
                "own default hash")
    assert compiled is not None
    if compiled.ok:
        notes.append(
            f"C++: {compiled.command} ({cpp.compiler_version()}); a fresh "
            "process per round, one warm-up run then one timed run, each on a "
            "fresh map; std::hash<int64_t> is the identity and the map "
            "keeps max_load_factor 1.0. Without reserve the map grows from "
            "empty as the C kernel's tables grow from 8 slots (like for "
            "like); with reserve(n), untimed, it never rehashes")
    else:
        notes.append(f"C++ rows skipped: {compiled.error} ({compiled.command})")
    notes += peer_notes

    kernel = getattr(native_ht, "ops", None) if native_ht is not None else None
    for key, table, nodes in (("c_open", "open", "malloc"),
                              ("c_chained_malloc", "chained", "malloc"),
                              ("c_chained_pool", "chained", "pool")):
        if kernel is None:
            reasons[key] = native_reason or "dsa.native.hashtable has no ops kernel"
            continue

        def kernel_once(table: str = table, nodes: str = nodes
                        ) -> tuple[dict[str, float], dict[str, Any]]:
            r = kernel(n, table=table, hash_function="keyed", nodes=nodes,
                       seed=SEED)
            per = max(n, 1) * 1e-9
            return ({"insert": r.insert_ns * per, "hit": r.hit_ns * per,
                     "miss": r.miss_ns * per, "delete": r.delete_ns * per},
                    {"ok": r.ok, "resizes": r.resizes, "capacity": r.capacity})
        contenders[key] = kernel_once

    say(f"timing inside C / C++, {n:,} int64 keys")
    samples, details = round_robin(contenders, repeat=options.repeat,
                                   warmup=options.warmup, reasons=reasons)

    names = {
        "c_open": "dsa.native ops: open addressing",
        "c_chained_malloc": "dsa.native ops: chained, malloc nodes",
        "c_chained_pool": "dsa.native ops: chained, pooled nodes",
        **names,
    }

    def median_of(key: str, op: str) -> Optional[float]:
        runs = samples.get(key, {}).get(op)
        return statistics.median(runs) if key not in reasons and runs else None

    # The yardstick of each operation: the faster of the two C++ rows.
    baselines = {}
    for op in PHASES_C:
        plain, reserved = median_of("cpp_umap", op), median_of("cpp_umap_reserve", op)
        if reserved is not None and (plain is None or reserved < plain):
            baselines[op] = "cpp_umap_reserve"
        elif plain is not None:
            baselines[op] = "cpp_umap"
        else:
            baselines[op] = "c_open"
    rows = _phase_rows(
        NATIVE, n, f"int64 keys (splitmix64, seed {SEED}), value ~k",
        names, PHASES_C, samples, reasons, baselines,
        timer=lambda key: ("steady_clock inside C++" if key.startswith("cpp")
                           else "CLOCK_MONOTONIC inside C"))
    said = {"cpp_umap": "no reserve", "cpp_umap_reserve": "reserve",
            "c_open": "C open addressing, no C++ row"}
    notes.append(
        "inside C / C++: each operation's ratios are against the faster C++ "
        "row for that operation (" + ", ".join(
            f"{op}: {said[b]}" for op, b in baselines.items()) + ")")

    expected = expected_checksum(data)
    by_key = {r.key: r for r in rows}
    for key in contenders:
        runs = details.get(key)
        if key in reasons or not runs:
            continue
        extra: dict[str, Any] = {"ok": all(r["ok"] for r in runs)}
        for field_ in ("resizes", "capacity", "buckets"):
            if field_ in runs[0]:
                extra[field_] = runs[-1][field_]
        if "checksum" in runs[0]:
            sums = {r["checksum"] for r in runs}
            extra["checksum"] = list(runs[0]["checksum"])
            extra["checksum_expected"] = list(expected)
            extra["checksum_matches"] = sums == {expected}
            if sums != {expected}:
                extra["ok"] = False
        for op in PHASES_C:
            row = by_key[f"{key}_{op}"]
            row.extra = dict(extra)
        hit_row = by_key[f"{key}_hit"]
        if extra.get("checksum_matches"):
            hit_row.note = ("checksum (sum of the values found, hit order, "
                            "delete order) = the C kernel's keys and orders "
                            "recomputed in Python")
        if not extra["ok"]:
            hit_row.note = ((hit_row.note + "; ") if hit_row.note else "") + (
                "WRONG RESULT: a lookup or deletion gave the wrong answer, or "
                "the keys differ from the kernel's (see the JSON)")
    if "c_open" in reasons and not compiled.ok:
        notes.append("neither the C kernel nor the C++ program ran: "
                     "no ratios inside C / C++")
    return rows


__all__ = ["run", "kernel_input", "splitmix64_values", "KernelInput", "expected_checksum",
           "run_cpp", "cpp_keys", "sequence_checksum", "value_sum", "AtLeastTarget",
           "FULL_SIZES", "QUICK_SIZES", "CPP_SOURCE", "SEED"]
