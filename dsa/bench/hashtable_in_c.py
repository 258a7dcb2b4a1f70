"""The hash-table benchmark's rows timed inside C and C++.

:func:`native_rows` times the C twins' operations kernel
(:func:`dsa.native.hashtable.ops`: open addressing, chaining with one
``malloc`` per node, chaining with pooled nodes) against C++ hash tables:
``std::unordered_map<int64_t, int64_t>`` and, where installed,
``absl::flat_hash_map`` and ``boost::unordered_flat_map``, one program
(``cpp/hashtable_lookup.cpp``) compiled once per table.  The program makes
the kernel's keys (splitmix64 from the same seed) and uses them in the
kernel's orders; :func:`kernel_input` recomputes them in Python, and
:func:`expected_checksum` what the program must print.  The benchmark
itself, and its targets, are :mod:`dsa.bench.hashtable`.
"""

from __future__ import annotations

import statistics
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

from dsa.bench import cpp
from dsa.bench.inputs import (MASK64, sequence_checksum, splitmix64,
                              splitmix64_values)
from dsa.bench.report import (Options, PhaseRun, Row, native_module,
                              phase_rows, run_phase_rounds)

SEED = 1

CPP_SOURCE = "hashtable_lookup.cpp"
CPP_TIMEOUT_S = 300

PHASES_C = ("insert", "hit", "miss", "delete")
NATIVE = "Inside C / C++, {n:,} int64 keys: {op}"

Progress = Callable[[str], None]

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


def shuffle(a: list[Any], state: int) -> int:
    """hashtable_kernels.c's shuffle: Fisher-Yates from the top, j = splitmix64() % i."""
    for i in range(len(a), 1, -1):
        state, u = splitmix64(state)
        j = u % i
        a[i - 1], a[j] = a[j], a[i - 1]
    return state


def kernel_input(n: int, seed: int = SEED) -> KernelInput:
    """The kernel's input, made as native/hashtable_kernels.c makes it.

    2n consecutive splitmix64 outputs from the state ``seed``, each read as
    a signed int64 (same bits); the first n are stored, the last n are the
    misses; then the stored keys are shuffled for the lookups, and shuffled
    again for the deletions, with the generator carrying on.
    """
    raw, state = splitmix64_values(2 * n, seed)
    hit_order = raw[:n]
    state = shuffle(hit_order, state)
    delete_order = list(hit_order)
    shuffle(delete_order, state)
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


def native_hashtable_module() -> tuple[Optional[Any], Optional[str]]:
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


def native_rows(data: KernelInput, options: Options, native_ht: Any,
                native_reason: Optional[str], notes: list[str],
                say: Progress, words: dict[str, str]) -> list[Row]:
    """The rows timed inside C and C++ on ``data``, with notes on how the C++
    program was built; ``words`` names each operation in the group titles."""
    n = len(data.keys)
    contenders: dict[str, PhaseRun] = {}
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
    samples, details = run_phase_rounds(
        contenders, repeat=options.repeat, warmup=options.warmup,
        reasons=reasons)

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
    rows = phase_rows(
        NATIVE, n, f"int64 keys (splitmix64, seed {SEED}), value ~k",
        names, PHASES_C, samples, reasons, baselines, words=words,
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


__all__ = ["native_rows", "native_hashtable_module", "shuffle", "kernel_input", "KernelInput", "expected_checksum",
           "value_sum", "CppMap", "cpp_maps", "absl_flat_hash_map",
           "boost_unordered_flat_map", "run_cpp", "cpp_keys", "CPP_SOURCE",
           "PHASES_C", "SEED"]
