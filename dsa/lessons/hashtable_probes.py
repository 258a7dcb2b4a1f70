"""The hash-table lesson's probe sequences: where a key looks next.

Linear, quadratic, double hashing and CPython's perturbation, simulated on
slot arrays of hashes (:mod:`.hashtable_canon`): the perturbation walk drawn
on a small table, a race of probe lengths against Knuth's formulas, and
patterned integer keys that defeat a hash that only masks.
"""

from __future__ import annotations

import math
import statistics
import time
from typing import Callable, Sequence

from rich.text import Text

from . import hashtable_canon as hc
from .figures import Figure, count
from .hashtable_common import columns_table, hooks, quick_count
from .runner import Context, Verdict, threshold

NAMES = {"linear": "linear", "quadratic": "quadratic", "double": "double hashing",
         "perturbation": "perturbation"}
RACE_LOADS = (0.5, 0.75, 0.9, 0.95)
WALK_SLOTS = 16               # the animated table
WALK_FILLED = 10              # keys already in it
PATTERNS: dict[str, Callable[[int], int]] = {
    "i << 32": lambda i: i << 32,
    "i * 1024": lambda i: i * 1024,
}


def uniform_probing(load: float) -> tuple[float, float]:
    """Expected probes if every probe were a fresh random slot (the ideal the
    spreading sequences approach): hit ``ln(1/(1-a)) / a``, miss ``1/(1-a)``."""
    return math.log(1 / (1 - load)) / load, 1 / (1 - load)


def first_slots(kind: str, h: int, mask: int, n: int) -> list[int]:
    seq = hc.probe_sequence(kind, h, mask)
    return [next(seq) for _ in range(n)]


# ---------------------------------------------------------------------------
# The perturbation walk, step by step


def _walker(slots: Sequence[object], mask: int) -> int:
    """A hash (from a fixed list) whose perturbation walk takes three or more
    probes in ``slots``: one that shows the high bits coming in."""
    for h in hc.random_hashes(500, seed=6):
        if hc.miss_probes("perturbation", slots, h) >= 3:
            return h
    return hc.random_hashes(1, seed=6)[0]


@hooks.animation("perturbation_walk")
def perturbation_walk(ctx: Context) -> None:
    from dsa.pictures.draw import strip_picture

    c = ctx.console
    mask = WALK_SLOTS - 1
    hashes = hc.random_hashes(WALK_FILLED, seed=5)
    filled, _ = hc.fill("perturbation", hashes, WALK_SLOTS)
    labels = {h: chr(ord("a") + i) for i, h in enumerate(hashes)}
    picture = [None if h is None else labels[h] for h in filled]
    h = _walker(filled, mask)
    side = columns_table(f"the first 8 slots each sequence tries for the hash {h:#018x} "
                         f"in {WALK_SLOTS} slots (home = h & {mask} = {h & mask})",
                         ("sequence", "slots tried, in order"))
    for kind in hc.SEQUENCES:
        side.add_row(NAMES[kind], " → ".join(map(str, first_slots(kind, h, mask, 8))))
    c.print(side)
    c.print(Text(f"{WALK_FILLED} keys (a to {picture and labels[hashes[-1]]}) already "
                 "placed by perturbation probing; now the walk for one more:",
                 style="bold"))
    c.print(strip_picture(picture, width=c.width))
    i, perturb, path = h & mask, h, []
    while True:
        path.append(i)
        taken = picture[i] is not None
        c.print(Text.assemble(
            (f"probe {len(path)}: ", "bold"), f"slot {i} ",
            (f"holds {picture[i]}" if taken else "is empty: the key goes here",
             "red" if taken else "green"),
            f"   (perturb = {perturb:#x})"))
        if not taken:
            break
        ctx.pause("Enter for the next probe, q to quit")
        perturb >>= hc.PERTURB_SHIFT
        nxt = (5 * i + 1 + perturb) & mask
        c.print(Text(f"perturb >>= 5 → {perturb:#x}; next slot = (5·{i} + 1 + perturb) "
                     f"& {mask} = {nxt}", style="dim"))
        i = nxt
    picture[i] = "*"
    c.print(strip_picture(picture, probed=path[:-1], stored=i, width=c.width))
    c.print(Text(f"The key's own high bits chose slots {', '.join(map(str, path[1:]))}: "
                 "two keys with the same home slot but different hashes part ways at "
                 "the second probe, so no cluster forms behind a busy slot. Once "
                 "perturb has shifted down to 0 the rule is i = 5i + 1, which visits "
                 "every slot of a power-of-two table."))


# ---------------------------------------------------------------------------
# The probe-length race


def pooled(tables: Sequence[hc.ProbeLengths]) -> hc.ProbeLengths:
    """Several equal-sized tables' probe lengths as one sample: Knuth's
    formulas are averages over random tables, and one table near full is a
    noisy sample of them."""
    mean = statistics.fmean(t.insert_mean for t in tables)
    var = statistics.fmean(t.insert_var + t.insert_mean ** 2 for t in tables) - mean ** 2
    return hc.ProbeLengths(tables[0].kind, tables[0].load, mean,
                           max(t.insert_max for t in tables), var,
                           statistics.fmean(t.miss_mean for t in tables))


@hooks.experiment("probe_race")
def probe_race(ctx: Context) -> None:
    c = ctx.console
    capacity = quick_count(ctx, 1 << 14, 1 << 12, "slots", " per table, 2 tables "
                           "instead of 4 and fewer failed lookups (averages depend on the "
                           "load, not the size).")
    misses = ctx.size(2_000, 500)
    seeds = range(1, ctx.size(5, 3))
    rows: dict = {}
    with ctx.working("filling four slot arrays at four loads"):
        for load in RACE_LOADS:
            for kind in hc.SEQUENCES:
                rows[(kind, load)] = pooled([hc.probe_lengths(
                    kind, load, capacity, seed=seed, misses=misses) for seed in seeds])
    ctx.shared["probe_race"] = {"capacity": capacity, "rows": rows}
    table = columns_table(
        f"probes per successful / failed lookup, {len(seeds)} tables of "
        f"{count(capacity)} slots of random 64-bit hashes ({count(misses)} failed "
        "lookups per table)",
        ("load", *(NAMES[k] for k in hc.SEQUENCES), "Knuth, linear",
         "random probing"), fold=True)
    for load in RACE_LOADS:
        knuth, ideal = hc.knuth_linear(load), uniform_probing(load)
        table.add_row(f"{load:g}", *(f"{rows[(k, load)].insert_mean:.2f} / "
                                     f"{rows[(k, load)].miss_mean:.1f}"
                                     for k in hc.SEQUENCES),
                      f"{knuth[0]:.2f} / {knuth[1]:.1f}", f"{ideal[0]:.2f} / {ideal[1]:.1f}")
    c.print(table)
    spread_table = columns_table("the spread at load 0.9: variance and longest probe "
                                 "of the inserts", ("sequence", "variance", "longest"))
    for kind in hc.SEQUENCES:
        r = rows[(kind, 0.9)]
        spread_table.add_row(NAMES[kind], f"{r.insert_var:.1f}", count(r.insert_max))
    c.print(spread_table)
    linear = rows[("linear", 0.9)]
    knuth = hc.knuth_linear(0.9)
    others = max(rows[(k, 0.9)].miss_mean for k in hc.SEQUENCES if k != "linear")
    ctx.table("Probe sequences at load 0.9 (simulated slot arrays)", [
        Figure("linear probing, successful lookup", "—", f"{linear.insert_mean:.2f} probes",
               f"Knuth ½(1 + 1/(1−α)) = {knuth[0]:.2f}"),
        Figure("linear probing, failed lookup", "—", f"{linear.miss_mean:.1f} probes",
               f"Knuth ½(1 + 1/(1−α)²) = {knuth[1]:.1f}"),
        Figure("the slowest of the other three, failed lookup", "—",
               f"{others:.1f} probes", f"linear / it: {linear.miss_mean / others:.1f}x"),
    ], caption="Every column holds the same hashes; only where a key looks next "
               "differs. The cost of one probe is not counted: linear probing's next "
               "slot is usually in the same cache line, the others' rarely.")


@hooks.claim_on("knuth_holds", "probe_race", "the probe race")
def knuth_holds(found: dict) -> Verdict:
    rows = found["rows"]
    worst = 0.0                       # the largest relative miss, loads 0.5-0.9
    for load in (0.5, 0.75, 0.9):
        hit, miss = hc.knuth_linear(load)
        r = rows[("linear", load)]
        worst = max(worst, abs(r.insert_mean / hit - 1), abs(r.miss_mean / miss - 1) / 2)
    r = rows[("linear", 0.9)]
    hit, miss = hc.knuth_linear(0.9)
    values = {"hit": f"{r.insert_mean:.2f}", "hit_theory": f"{hit:.2f}",
              "miss": f"{r.miss_mean:.1f}", "miss_theory": f"{miss:.1f}",
              "off": f"{worst:.0%}"}
    holds = True if worst <= 0.1 else None if worst <= 0.25 else False
    return Verdict(holds, f"linear at 0.9: {values['hit']} / {values['miss']} probes "
                   f"against Knuth's {values['hit_theory']} / {values['miss_theory']}; "
                   f"worst gap {values['off']} (failed lookups at half weight)", values)


@hooks.claim_on("spreading_cuts_misses", "probe_race", "the probe race")
def spreading_cuts_misses(found: dict) -> Verdict:
    rows = found["rows"]
    linear = rows[("linear", 0.9)].miss_mean
    others = max(rows[(k, 0.9)].miss_mean for k in hc.SEQUENCES if k != "linear")
    ratio = linear / others
    values = {"linear": f"{linear:.1f}", "others": f"{others:.1f}",
              "ratio": f"{ratio:.1f}x"}
    return Verdict(threshold(ratio, 2.0, 1.3), f"failed lookup at 0.9: linear "
                   f"{values['linear']} probes, the slowest other {values['others']}",
                   values)


# ---------------------------------------------------------------------------
# Patterned keys


def _timed_fill(kind: str, hashes: Sequence[int], capacity: int) -> tuple[list[int], float]:
    start = time.perf_counter()
    _, probes = hc.fill(kind, hashes, capacity)
    return probes, time.perf_counter() - start


@hooks.experiment("patterned_keys")
def patterned_keys(ctx: Context) -> None:
    c = ctx.console
    n = quick_count(ctx, 2_048, 1_024, "keys", " per pattern (the cost of the bad "
                    "case grows as n²).")
    capacity = 2 * n                                 # load 0.5
    mask = capacity - 1
    results: dict = {}
    with ctx.working("filling slot arrays with patterned keys"):
        for name, make in PATTERNS.items():
            keys = [make(i) for i in range(n)]
            assert all(hash(k) == k for k in keys)   # an int is its own hash
            raw = keys
            mixed = [hc.mix64(h) for h in raw]
            for label, kind, hashes in (("linear, slot = hash & mask", "linear", raw),
                                        ("quadratic", "quadratic", raw),
                                        ("double hashing", "double", raw),
                                        ("perturbation (dict's)", "perturbation", raw),
                                        ("linear on mix64(hash)", "linear", mixed)):
                probes, took = _timed_fill(kind, hashes, capacity)
                homes = len({h & mask for h in hashes})
                results[(name, label)] = (sum(probes) / n, max(probes), took, homes)
    ctx.shared["patterned_keys"] = {"n": n, "results": results}
    table = columns_table(f"{count(n)} int keys in {count(capacity)} slots (load 0.5), "
                          "hash(key) == key: probes per insert",
                          ("keys", "probing", "distinct home slots", "mean probes",
                           "longest", "fill time"), fold=True)
    for (name, label), (mean, longest, took, homes) in results.items():
        table.add_row(name, label, count(homes), f"{mean:,.1f}", count(longest),
                      f"{took * 1e3:,.1f} ms")
    c.print(table)
    shifted = results[("i << 32", "linear, slot = hash & mask")]
    fixed = results[("i << 32", "linear on mix64(hash)")]
    c.print(Text(f"The mask keeps the low {capacity.bit_length() - 1} bits, and for "
                 f"i << 32 they are zero in every key, so all {count(n)} keys share one "
                 f"home slot and the k-th insert walks past k − 1 keys: {shifted[0]:,.1f} probes on "
                 f"average, about n/2 = {count(n // 2)}, and the fill took "
                 f"{shifted[2] / max(fixed[2], 1e-9):,.0f}x as long as with the hash "
                 "mixed first."))
    _native_patterned(ctx, n)


def _native_patterned(ctx: Context, n: int) -> None:
    """The C open-addressing twin with the same i << 32 keys, identity hash
    against its keyed hash: probes from its own stats()."""
    nh = ctx.native_module("hashtable")
    if nh is None:
        ctx.explain_missing_native("the C open-addressing twin on patterned keys")
        return
    keys = [i << 32 for i in range(n)]
    table = columns_table(f"C twin, open addressing (linear probing), {count(n)} keys "
                          "i << 32", ("hash_function", "probes per hit", "longest",
                                      "insert all"))
    found = {}
    for hf in ("identity", "keyed"):
        t = nh.OpenAddressingHashTable(hash_function=hf, seed=1)
        start = time.perf_counter()
        t.update((k, k) for k in keys)
        took = time.perf_counter() - start
        s = found[hf] = t.stats()
        table.add_row(hf, f"{s.expected_probes_hit:,.1f}", count(s.longest_probe),
                      f"{took * 1e3:,.2f} ms")
    ctx.console.print(table)
    ident, keyed = found["identity"], found["keyed"]
    ctx.console.print(Text(
        f"In C the identity hash (the key's own bits, masked) costs the same "
        f"{ident.expected_probes_hit:,.1f} probes per key as the simulation; the keyed "
        f"hash, a multiply that carries the high bits down, {keyed.expected_probes_hit:.2f}"
        + (", with no key out of its home slot." if keyed.longest_probe == 1 else ".")))


@hooks.claim_on("mixing_fixes_patterns", "patterned_keys", "the patterned keys")
def mixing_fixes_patterns(found: dict) -> Verdict:
    n, results = found["n"], found["results"]
    raw = results[("i << 32", "linear, slot = hash & mask")][0]
    mixed = results[("i << 32", "linear on mix64(hash)")][0]
    perturbed = results[("i << 32", "perturbation (dict's)")][0]
    values = {"raw": f"{raw:,.1f}", "mixed": f"{mixed:.2f}",
              "perturbed": f"{perturbed:.2f}", "n": count(n)}
    holds = raw >= n / 8 and mixed <= 3 and perturbed <= 16   # a handful, not n/2
    return Verdict(holds, f"i << 32, {values['n']} keys: {values['raw']} probes per "
                   f"insert masked, {values['mixed']} mixed, {values['perturbed']} "
                   "with perturbation", values)
