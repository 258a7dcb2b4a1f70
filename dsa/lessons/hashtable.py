"""The live part of the hash-table lesson (text: lessons/hashtable.md).

Every function here is called by a marker in the text and gets a
:class:`~dsa.lessons.runner.Context`.  The experiments re-run the published
hash-table measurements on this machine.  The worked example is computed
with :func:`dsa.hashtable.teaching_hash`, a fixed, documented string hash,
so its slots are the same on every run; everything else uses the hashes a
real program would use (Python's own, or the C twins' keyed hash).
"""

from __future__ import annotations

import itertools
import math
import os
import random
import statistics
import subprocess
import sys
from typing import Any, Callable, Sequence

from rich import box
from rich.table import Table
from rich.text import Text

from dsa.hashtable import (TOMBSTONE, ChainedHashTable, OpenAddressingHashTable,
                           teaching_hash)
from dsa.machine import format_bytes
from dsa.pictures.draw import chain_picture, strip_picture
from dsa.timing import format_ratio, format_seconds, measure

from .figures import Figure, Ratio, count, ratio_pair, seconds, spread
from .runner import Context, Hooks, Verdict, not_measured, threshold

hooks = Hooks()

# The worked example documented in dsa/hashtable.py (module docstring and
# teaching_hash): seven names in an 8-slot chained table.
NAMES = ["grace", "alan", "frances", "margaret", "kristen", "ada", "linus"]
# A name the published example has in slot 0 too; under teaching_hash it
# shows that a doubling does not move every key.
ASIDE = "edsger"
# Names tried, in order, for the open-addressing example's tombstone reuse:
# the first whose home slot is the deleted key's home or the slot after it.
LATECOMERS = ["tim", "vint", "katherine", "lovelace"]
EXAMPLE_CAPACITY = 8
OPEN_CAPACITY = 16

# The published figures (seed-figures.md, hash-table table), as numbers.
PUB_USERS = 200_000
PUB_SCAN = 4.419e-3
PUB_DICT = 71e-9
PUB_KEYS = 100_000
PUB_LOADS = (0.75, 1.0, 2.0, 8.0)
PUB_AVERAGE = {0.75: 1.4, 1.0: 1.6, 2.0: 2.3, 8.0: 8.0}
PUB_LONGEST = {0.75: 7, 1.0: 7, 2.0: 10, 8.0: 21}
PUB_FLOOD_N = 4_000
PUB_FLOOD_LONGEST = (4, 4_000)
PUB_FLOOD_LOOKUP = (0.4e-6, 74.5e-6)
PUB_MEMORY_N = 1_000


# ===========================================================================
# Pictures


def bits(h: int, n: int = 5) -> str:
    """The low ``n`` bits of ``h`` in binary: 98615224 -> '11000'."""
    return format(h & ((1 << n) - 1), f"0{n}b")


# ===========================================================================
# Step 1: a scan against a dict


def _users(n: int, seed: int = 7) -> list[dict]:
    rng = random.Random(seed)
    order = list(range(n))
    rng.shuffle(order)                       # nobody is stored in email order
    return [{"id": i, "email": f"user{i:06d}@example.com", "name": f"User {i}"}
            for i in order]


def find_by_scan(users: list[dict], email: str) -> dict | None:
    """Look at every user until the email matches: O(n)."""
    for user in users:
        if user["email"] == email:
            return user
    return None


@hooks.experiment("scan_vs_dict")
def scan_vs_dict(ctx: Context) -> None:
    c = ctx.console
    n = ctx.size(PUB_USERS, 50_000)
    scans = ctx.size(40, 20)
    lookups = 100_000
    ctx.quick_note(f"{count(n)} users instead of 200,000 and {scans} scans per run "
                   "(full: 40); the scan grows in step with the number of users.")
    with ctx.working("building the users"):
        users = _users(n)
        by_email = {user["email"]: user for user in users}
        rng = random.Random(1)
        targets = [users[rng.randrange(n)]["email"] for _ in range(scans)]
        found = [find_by_scan(users, email) for email in targets]
        assert all(u is not None and by_email[u["email"]] is u for u in found)
        where = {user["id"]: i for i, user in enumerate(users)}
        positions = [where[u["id"]] for u in found]

    def scan_all() -> None:
        for email in targets:
            find_by_scan(users, email)

    one = targets[0]
    same = [one] * lookups                          # one email, asked again and again
    mixed = [users[rng.randrange(n)]["email"] for _ in range(lookups)]

    def ask(table, emails: list[str]) -> Callable[[], None]:
        def run() -> None:
            for email in emails:
                table[email]
        return run

    def loop_only() -> None:
        for email in same:
            pass

    with ctx.working("timing the scan and the lookups"):
        r_scan = [t / scans for t in measure(scan_all, repeat=3).runs]
        r_hot = [t / lookups for t in measure(ask(by_email, same), repeat=5).runs]
        r_mixed = [t / lookups for t in measure(ask(by_email, mixed), repeat=5).runs]
        t_scan, t_hot, t_mixed = map(statistics.median, (r_scan, r_hot, r_mixed))
        ctx.shared["scan_vs_dict"] = (n, r_scan, r_hot, r_mixed)
        t_loop = measure(loop_only, repeat=5).median / lookups
        twin = ChainedHashTable(((u["email"], u) for u in users), capacity=2 * n)
        twin_mixed = mixed[:20_000]
        t_twin = measure(ask(twin, twin_mixed), repeat=3).median / len(twin_mixed)

    average_position = statistics.fmean(positions)
    c.print(Text(
        f"{scans} scans for random users looked at {count(round(average_position) + 1)} "
        f"users on average before the match (half of {count(n)} is {count(n // 2)}); "
        f"a dict lookup hashes the email once and looks in one slot."))
    rows = [
        Figure(f"find one user by email, list scan, {count(n)} users (average)",
               "4.419 ms", spread(r_scan),
               f"{t_scan / max(average_position, 1) * 1e9:.1f} ns per user compared"),
        Figure("same, dict lookup, one email asked over and over",
               "71 ns", spread(r_hot),
               f"scan / dict: {format_ratio(PUB_SCAN / PUB_DICT)} published · "
               f"{Ratio.of(r_scan, r_hot).text()} now"),
        Figure("same, dict lookup, a different random email each time", "—",
               spread(r_mixed),
               f"scan / dict: {Ratio.of(r_scan, r_mixed).text()} now"),
        Figure("same, dsa.hashtable.ChainedHashTable (pure Python), random emails",
               "—", seconds(t_twin),
               f"{t_twin / t_mixed:.1f}x the dict: Python code, not C, but O(1) too"),
    ]
    scale = "" if n == PUB_USERS else (f" At {count(n)} users the scan is about "
                                        f"{PUB_USERS / n:.0f}x shorter than at 200,000.")
    ctx.table(f"Experiment 1: one user among {count(n)}, by email", rows,
              caption=f"Lookup times include the Python loop that asks (about "
                      f"{format_seconds(t_loop)} of each). Asking for one email again "
                      "and again keeps everything it touches in the CPU's cache; "
                      "random emails each reach cold memory (the string, the slot, "
                      "the entry), which is why they cost more. Either way the dict "
                      "does not slow down as users are added; the scan does." + scale)


@hooks.claim("cold_lookup_costs_more")
def cold_lookup_costs_more(ctx: Context) -> Verdict:
    if "scan_vs_dict" not in ctx.shared:
        return not_measured("the dict lookups")
    _, _, r_hot, r_mixed = ctx.shared["scan_vs_dict"]
    ratio = Ratio.of(r_mixed, r_hot)
    return Verdict(ratio.at_least(1.3), f"random / repeated email {ratio.text()}",
                   {"ratio": ratio.text()})


@hooks.claim("dict_thousands_faster")
def dict_thousands_faster(ctx: Context) -> Verdict:
    if "scan_vs_dict" not in ctx.shared:
        return not_measured("the scan and the lookups")
    n, r_scan, _, r_mixed = ctx.shared["scan_vs_dict"]
    ratio = Ratio.of(r_scan, r_mixed)
    return Verdict(ratio.at_least(1000), f"scan / random-email lookup {ratio.text()} "
                   f"at {count(n)} users", {"ratio": ratio.text(), "n": count(n)})


# ===========================================================================
# Step 2: from a key to a slot, and a resize


def _hash_seed_demo() -> list[tuple[str, str]]:
    """hash('grace') in two fresh interpreters with different PYTHONHASHSEED."""
    shown = []
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        try:
            out = subprocess.run([sys.executable, "-c", "print(hash('grace'))"],
                                 env=env, capture_output=True, text=True, timeout=20)
            value = out.stdout.strip() if out.returncode == 0 else "?"
        except (OSError, subprocess.SubprocessError):
            value = "?"
        shown.append((seed, value))
    return shown


@hooks.show("teaching_hash")
def teaching_hash_show(ctx: Context) -> None:
    c = ctx.console
    seeds = _hash_seed_demo()
    c.print(Text.assemble(
        ("Python's own hash of 'grace' ", "bold"),
        f"in this run: {hash('grace')}; in a fresh interpreter with "
        + "; with ".join(f"PYTHONHASHSEED={seed}: {value}" for seed, value in seeds)
        + ". The slot a string lands in changes from run to run, so the worked "
        "example uses dsa.hashtable.teaching_hash instead."))
    table = Table(box=box.SIMPLE, title="teaching_hash (Java's String.hashCode rule "
                  "over UTF-8 bytes) and the home slot in 8 slots",
                  title_justify="left")
    for col in ("key", "bytes", "h = teaching_hash(key)", "low 5 bits of h",
                "h % 8", "h & 7"):
        table.add_column(col, justify="right", overflow="fold")
    for name in NAMES:
        h = teaching_hash(name)
        data = name.encode("utf-8")
        table.add_row(name, " ".join(str(b) for b in data), count(h), bits(h),
                      str(h % EXAMPLE_CAPACITY), str(h & (EXAMPLE_CAPACITY - 1)))
    c.print(table)
    c.print("h % 8 and h & 7 agree on every row: with a power-of-two number of "
            "slots, the home slot is just the low bits of the hash.")


def example_table() -> ChainedHashTable:
    """The worked example: 8 slots, teaching_hash, room for all seven names."""
    return ChainedHashTable(capacity=EXAMPLE_CAPACITY, hash_function=teaching_hash,
                            max_load_factor=1.0)


@hooks.animation("build_table")
def build_table(ctx: Context) -> None:
    c = ctx.console
    table = example_table()
    c.print(chain_picture(table.slots(), title=f"an empty chained table, "
                          f"{table.capacity} slots, hash_function=teaching_hash"))
    for number, name in enumerate(NAMES, 1):
        ctx.pause(f"Enter to insert {name!r}, q to quit")
        h = teaching_hash(name)
        slot = table.slot_of(name)
        before = table.slots()[slot]
        table[name] = number
        where = ("an empty slot: the chain starts here" if not before else
                 f"taken by {', '.join(map(str, before))}: a collision, the key "
                 "joins the end of the chain")
        c.print(Text.assemble(
            (f"insert {name!r}: ", "bold"),
            f"h = {count(h)}, h % {table.capacity} = {h % table.capacity} → "
            f"slot {slot}, {where}"))
        c.print(chain_picture(table.slots(), marked=(slot,)))
    slots = table.slots()
    empty = [i for i, chain in enumerate(slots) if not chain]
    stats = table.stats()
    c.print(Text.assemble(
        ("after all seven: ", "bold"),
        f"{len(table)} keys in {table.capacity} slots (load factor "
        f"{table.load_factor:.3f}); slots {', '.join(map(str, empty))} are empty while "
        f"slot 0 holds {len(slots[0])} keys ({', '.join(slots[0])}). The longest "
        f"chain is {stats.longest_chain}; collisions come from the hash, not from a "
        "lack of room."))
    table.check_invariants()
    ctx.shared["example"] = table


@hooks.show("resize")
def resize(ctx: Context) -> None:
    c = ctx.console
    table = ctx.shared.get("example")
    if table is None:                            # this step run on its own
        table = example_table()
        table.update((name, i) for i, name in enumerate(NAMES, 1))
    before = table.slots()
    events: list = []
    table.on_resize = events.append
    table.resize(2 * table.capacity)
    table.on_resize = None
    event = events[0]
    c.print(Text.assemble(("table.resize(16) called on_resize with ", "bold"),
                          (f"ResizeEvent(old_capacity={event.old_capacity}, "
                           f"new_capacity={event.new_capacity}, "
                           f"keys_moved={event.keys_moved}, "
                           f"keys_total={event.keys_total})", "cyan")))
    moves = Table(box=box.SIMPLE, title="event.moves: every key rehashed into "
                  f"{event.new_capacity} slots", title_justify="left")
    for col in ("key", "h", "low 4 bits", f"h % {event.old_capacity}",
                f"h % {event.new_capacity}", "move"):
        moves.add_column(col, justify="right")
    moved = {key: (old, new) for key, old, new in event.moves}
    for name in NAMES:
        h = teaching_hash(name)
        old, new = moved.get(name, (h % event.old_capacity, h % event.new_capacity))
        moves.add_row(name, count(h), bits(h, 4), str(old), str(new),
                      f"{name}: slot {old} → {new}" if name in moved else "stays")
    c.print(moves)
    after = table.slots()
    c.print(chain_picture(after, marked=[s for s, chain in enumerate(after) if chain],
                          title=f"after the resize, {table.capacity} slots"))
    h = teaching_hash(ASIDE)
    c.print(Text.assemble(
        ("A doubling looks at one more bit of the hash. ", "bold"),
        f"Every key above has bit 3 set (the 8 in the low bits), so every key moves "
        f"up by 8. Not every key does that: '{ASIDE}' has h = {count(h)}, low bits "
        f"{bits(h, 4)}, so h % 8 = {h % 8} and h % 16 = {h % 16}: it would share slot "
        f"{h % 8} with the others in 8 slots, and stay in slot {h % 16} of 16."))
    table.check_invariants()

    # A larger table growing on its own, with Python's hash: about half the
    # keys move at each doubling.
    grown = ChainedHashTable()
    growth: list = []
    grown.on_resize = growth.append
    for i in range(1_000):
        grown[f"user{i:06d}@example.com"] = i
    grown.on_resize = None
    c.print(Text(
        "The same hook on an ordinary ChainedHashTable while 1,000 emails go in "
        "(Python's hash, max_load_factor 0.75): " + "; ".join(
            f"{e.old_capacity}→{e.new_capacity} moved {e.keys_moved} of {e.keys_total}"
            for e in growth)
        + f". Over all {len(growth)} resizes, {sum(e.keys_moved for e in growth):,} of "
        f"{sum(e.keys_total for e in growth):,} rehashed keys changed slot: about "
        "half, the keys whose next hash bit is 1."))

    slot0 = before[0]
    empty = [i for i, chain in enumerate(before) if not chain]
    moved_all = event.keys_moved == event.keys_total
    zero_to = sorted({new for key, old, new in event.moves if old == 0})
    ctx.table("Worked example: an 8-slot chained table, then 16 slots (exact, "
              "computed with teaching_hash)", [
                  Figure("keys sharing slot 0 of 8", "grace, alan, edsger",
                         ", ".join(slot0), f"{len(slot0)} keys in one slot"),
                  Figure("slots left empty", "2, 3 and 5",
                         ", ".join(map(str, empty)),
                         f"{len(empty)} of {EXAMPLE_CAPACITY} empty beside a chain "
                         f"of {len(slot0)}"),
                  Figure("resize to 16 slots", "every key moves; h % 8 = 0 "
                         "becomes h % 16 = 8",
                         f"{event.keys_moved} of {event.keys_total} keys moved; "
                         f"slot 0 → {', '.join(map(str, zero_to))}",
                         "every key moved" if moved_all else "not every key moved"),
                  Figure(f"'{ASIDE}' under teaching_hash", "slot 0 of 8 (moves to 8)",
                         f"slot {h % 8} of 8, slot {h % 16} of 16",
                         "a doubling moves a key only if its next hash bit is 1"),
              ],
              caption="The published example used a hash that was not given; "
                      "teaching_hash gives the same picture with frances in place "
                      "of edsger, whose bit 3 is 0.")


# ===========================================================================
# Step 3: how long chains get


def chain_lengths(hashes: Sequence[int], slots: int) -> list[int]:
    """How many of ``hashes`` land in each of ``slots`` slots (h % slots)."""
    lengths = [0] * slots
    for h in hashes:
        lengths[h % slots] += 1
    return lengths


def chain_figures(lengths: Sequence[int]) -> dict:
    """Three ways to say 'average chain', and the longest chain."""
    keys = sum(lengths)
    non_empty = sum(1 for n in lengths if n)
    return {
        "non_empty": keys / non_empty,                      # over non-empty slots
        "all": keys / len(lengths),                         # over all slots
        "hit": sum(n * (n + 1) // 2 for n in lengths) / keys,  # keys compared, hit
        "longest": max(lengths),
        "empty": len(lengths) - non_empty,
    }


def poisson_non_empty(load: float) -> float:
    """Expected keys per non-empty slot when keys fall at random: λ/(1-e^-λ)."""
    return load / (1 - math.exp(-load))


@hooks.experiment("load_factor")
def load_factor(ctx: Context) -> None:
    c = ctx.console
    n = ctx.size(PUB_KEYS, 20_000)
    ctx.quick_note(f"{count(n)} keys instead of 100,000 (averages depend on the load "
                   "factor, not the key count; the longest chain grows slowly with "
                   "the key count) and a smaller ChainedHashTable cross-check.")
    keys = [f"user{i:06d}@example.com" for i in range(n)]
    with ctx.working("counting chains"):
        hashes = [hash(k) for k in keys]
        results = {}
        for load in PUB_LOADS:
            slots = round(n / load)
            results[load] = (slots, chain_figures(chain_lengths(hashes, slots)))

    detail = Table(box=box.SIMPLE, title=f"{count(n)} email keys, Python's hash, slot "
                   "= hash % slots: three meanings of 'average chain'",
                   title_justify="left")
    for col in ("load", "slots", "empty slots", "avg over non-empty slots",
                "theory λ/(1−e^−λ)", "avg over all slots", "keys compared per hit",
                "theory 1+λ/2", "longest"):
        detail.add_column(col, justify="right", overflow="fold")
    matches = {"non_empty": 0, "all": 0, "hit": 0}
    for load in PUB_LOADS:
        slots, f = results[load]
        for name in matches:
            if round(f[name], 1) == PUB_AVERAGE[load]:
                matches[name] += 1
        detail.add_row(f"{load:g}", count(slots), count(f["empty"]),
                       f"{f['non_empty']:.2f}", f"{poisson_non_empty(load):.2f}",
                       f"{f['all']:.2f}", f"{f['hit']:.2f}", f"{1 + load / 2:.2f}",
                       str(f["longest"]))
    c.print(detail)
    names = {"non_empty": "the average over non-empty slots",
             "all": "the average over all slots (the load factor itself)",
             "hit": "the keys compared per successful lookup"}
    verdict = "; ".join(f"{names[k]} matches {v} of 4" for k, v in matches.items())
    c.print(Text(f"Against the published averages (1.4 / 1.6 / 2.3 / 8.0), rounded to "
                 f"one decimal: {verdict}."))

    rows = []
    for load in PUB_LOADS:
        slots, f = results[load]
        rows.append(Figure(
            f"load {load:g}: {count(n)} keys in {count(slots)} slots",
            f"average {PUB_AVERAGE[load]}, longest {PUB_LONGEST[load]}",
            f"average {f['non_empty']:.2f}, longest {f['longest']}",
            f"theory {poisson_non_empty(load):.2f}; over all slots {f['all']:.2f}"))
    ctx.table(f"Experiment 2: chain lengths over {count(n)} keys", rows,
              caption="'Average' here is keys per non-empty slot, the definition "
                      "that reproduces the published averages. The longest chain "
                      "depends on where these particular hashes fall: Python's "
                      "string hash is seeded afresh each run (PYTHONHASHSEED), so "
                      "it moves by one or two from run to run.")

    # The same figures from the pure twin's stats(), at power-of-two sizes.
    big = ctx.size(1 << 17, 1 << 14)
    twin_keys = [f"user{i:06d}@example.com" for i in range(big)]
    check = Table(box=box.SIMPLE, title="the same from dsa.hashtable.ChainedHashTable"
                  ".stats() (capacity a power of two, so the key count follows the "
                  "load)", title_justify="left",
                  caption="stats() fields: average_chain_length (non-empty slots), "
                          "expected_probes_hit, expected_probes_miss (all slots), "
                          "longest_chain.", caption_justify="left")
    for col in ("load", "keys", "capacity", "avg chain, non-empty",
                "probes per hit", "probes per miss", "longest"):
        check.add_column(col, justify="right")
    with ctx.working("filling the pure-Python table"):
        table = ChainedHashTable(dict.fromkeys(twin_keys, 0), capacity=big,
                                 max_load_factor=8.0)
        snapshots = {}
        for load, capacity in ((1.0, big), (2.0, big // 2), (8.0, big // 8)):
            table.resize(capacity)
            snapshots[load] = table.stats()
        table.resize(big)
        for key in twin_keys[int(0.75 * big):]:
            del table[key]
        snapshots[0.75] = table.stats()
    for load in PUB_LOADS:
        s = snapshots[load]
        check.add_row(f"{s.load_factor:g}", count(s.size), count(s.capacity),
                      f"{s.average_chain_length:.2f}", f"{s.expected_probes_hit:.2f}",
                      f"{s.expected_probes_miss:.2f}", str(s.longest_chain))
    c.print(check)


# ===========================================================================
# Step 4: open addressing, drawn slot by slot


def open_example() -> OpenAddressingHashTable:
    return OpenAddressingHashTable(capacity=OPEN_CAPACITY, hash_function=teaching_hash,
                                   probing="linear")


def probe_path(table: OpenAddressingHashTable, key: str) -> tuple[list[int], int | None]:
    """Slots a search for ``key`` examines, and where it found the key (or None)."""
    slots = table.slots()
    path = []
    for i in table.probe_sequence(key):
        path.append(i)
        if slots[i] is None:
            return path, None
        if slots[i] == key:
            return path, i
    return path, None


def full_runs(slots: Sequence[object]) -> list[list[int]]:
    """Maximal runs of non-empty slots (tombstones count), wrapping around."""
    n = len(slots)
    if all(s is not None for s in slots):
        return [list(range(n))]
    start = next(i for i in range(n) if slots[i] is None)   # begin after an empty
    runs: list[list[int]] = []
    current: list[int] = []
    for step in range(1, n + 1):
        i = (start + step) % n
        if slots[i] is None:
            if current:
                runs.append(current)
            current = []
        else:
            current.append(i)
    return sorted(runs, key=lambda run: run[0])


def _run_text(run: Sequence[int]) -> str:
    if len(run) == 1:
        return f"slot {run[0]}"
    wraps = any(b != a + 1 for a, b in zip(run, run[1:]))
    return (f"slots {', '.join(map(str, run))} (wrapping round)" if wraps
            else f"slots {run[0]}–{run[-1]}")


def _describe(slots: Sequence[object], path: Sequence[int]) -> str:
    words = []
    for i in path:
        key = slots[i]
        words.append(f"{i} " + ("empty" if key is None else
                                "tombstone" if key is TOMBSTONE else f"has {key}"))
    return " → ".join(words)


@hooks.animation("probing")
def probing(ctx: Context) -> None:
    c = ctx.console
    table = open_example()
    c.print(Text(f"An open-addressing table of {table.capacity} slots, "
                 "hash_function=teaching_hash, linear probing (· empty, ✝ tombstone):",
                 style="bold"))
    c.print(strip_picture(table.slots(), width=c.width))
    for name in NAMES + [ASIDE]:
        ctx.pause(f"Enter to insert {name!r}, q to quit")
        before = table.slots()
        path = table.probe_sequence(name)
        walk = []
        for i in path:
            walk.append(i)
            if before[i] is None:
                break
        table[name] = len(table)
        home, stored = walk[0], walk[-1]
        note = ("its home slot was free" if len(walk) == 1 else
                f"{_describe(before, walk[:-1])} → {stored} free")
        c.print(Text.assemble((f"insert {name!r}: ", "bold"),
                              f"home slot {home}; {note}: slot {stored} "
                              f"({len(walk)} probe{'s' if len(walk) > 1 else ''})"))
        c.print(strip_picture(table.slots(), probed=walk[:-1], stored=stored,
                              width=c.width))
    stats = table.stats()
    runs = full_runs(table.slots())
    longest_run = max(runs, key=len)
    homes = sorted({table.slot_of(k) for k in (table.slots()[i] for i in longest_run)})
    c.print(Text(f"{len(table)} keys in {table.capacity} slots (load "
                 f"{table.load_factor:.2f}). Probes per key: "
                 + ", ".join(f"{keys} key{'s' if keys > 1 else ''} {probes}"
                             for probes, keys in sorted(stats.histogram.items()))
                 + ". Runs of full slots (clusters): "
                 + "; ".join(_run_text(run) for run in runs)
                 + f". The longest run holds keys homed at slots "
                 f"{', '.join(map(str, homes))}: their collisions ran together, and "
                 "any new key homed anywhere inside it must walk to its end and make "
                 "it longer."))

    # Delete: a tombstone, not an empty slot.
    victim = NAMES[1]
    ctx.pause(f"Enter to delete {victim!r}, q to quit")
    slot = table.slots().index(victim)
    del table[victim]
    c.print(Text.assemble((f"del table[{victim!r}]: ", "bold"),
                          f"slot {slot} becomes a tombstone (✝), tombstones = "
                          f"{table.tombstones}"))
    c.print(strip_picture(table.slots(), probed=(slot,), width=c.width))
    searched = NAMES[2]
    path, found = probe_path(table, searched)
    pretend = table.slots()
    pretend[slot] = None
    cut, cut_found = [], None
    for i in table.probe_sequence(searched):
        cut.append(i)
        if pretend[i] is None or pretend[i] == searched:
            cut_found = i if pretend[i] == searched else None
            break
    c.print(Text(f"looking up {searched!r}: {_describe(table.slots(), path)}: found in "
                 f"slot {found}, stepping over the tombstone. Had slot {slot} simply "
                 f"been emptied, the search would go {_describe(pretend, cut)} and "
                 f"stop there: {searched!r} would look "
                 f"{'absent' if cut_found is None else 'present'} though it is in "
                 "the table."))
    # Insert: a tombstone may be reused.
    for late in LATECOMERS:
        if table.slot_of(late) in (slot - 1, slot) and late not in table:
            break
    ctx.pause(f"Enter to insert {late!r}, q to quit")
    before = table.slots()
    table[late] = len(table)
    where = table.slots().index(late)
    c.print(Text.assemble((f"insert {late!r}: ", "bold"),
                          f"home slot {table.slot_of(late)}; the search for it first "
                          "runs to an empty slot to make sure it is not already "
                          f"there, then it takes the first reusable slot: {where}"
                          + (" (the tombstone)" if before[where] is TOMBSTONE else "")
                          + f"; tombstones = {table.tombstones}"))
    c.print(strip_picture(table.slots(), stored=where, width=c.width))
    table.check_invariants()


# ===========================================================================
# Step 4, continued: chaining vs open addressing in C


C_LOADS = (0.25, 0.5, 0.75, 0.9, 0.95)
C_CAPACITY = 1 << 19          # timed tables: 8 MiB of open slots, past any L2
C_LINES_CAPACITY = 1 << 15    # traced tables: line counts do not depend on size
C_VARIANTS = (("open", "malloc", "open addressing"),
              ("chained", "malloc", "chained, malloc nodes"),
              ("chained", "pool", "chained, pool nodes"))


def linear_probing_theory(load: float) -> tuple[float, float]:
    """Knuth's expected probes for linear probing: hit, miss."""
    return 0.5 * (1 + 1 / (1 - load)), 0.5 * (1 + 1 / (1 - load) ** 2)


@hooks.experiment("c_lookups")
def c_lookups(ctx: Context) -> None:
    c = ctx.console
    nh = ctx.require_native("chaining vs open addressing in C (times and cache lines)",
                            "hashtable")
    if nh is None:
        return
    capacity = ctx.size(C_CAPACITY, 1 << 15)
    lookups = ctx.size(100_000, 20_000)
    seeds = (1, 2, 3)
    ctx.quick_note(f"{count(capacity)} slots instead of {count(C_CAPACITY)} and "
                   f"{count(lookups)} lookups per run (full: 100,000).")
    results: dict = {}
    hit_runs: dict = {}
    with ctx.working("timing the C tables"):
        for load in C_LOADS:
            runs: dict = {v: [] for v in C_VARIANTS}
            # Alternate the tables run by run so that noise from elsewhere on
            # the machine hits them alike; report medians.
            for seed in seeds:
                for v in C_VARIANTS:
                    runs[v].append(nh.load_cost(
                        load, table=v[0], nodes=v[1], capacity=capacity,
                        lookups=lookups, seed=seed, lines=False))
            # Lines per lookup depend on the layout, not on the table's size,
            # and the traced build is slow to fill: count them on a small table.
            traced = {v: nh.load_cost(load, table=v[0], nodes=v[1],
                                      capacity=C_LINES_CAPACITY, lookups=10_000,
                                      seed=1, lines=True) for v in C_VARIANTS}
            for v in C_VARIANTS:
                if not all(r.ok for r in runs[v]) or not traced[v].ok:
                    raise AssertionError("the C load_cost kernel reported a wrong "
                                         "lookup")
                first = runs[v][0]
                hit_runs[(load, v)] = [r.hit_ns for r in runs[v]]
                results[(load, v)] = (
                    statistics.median(r.hit_ns for r in runs[v]),
                    statistics.median(r.miss_ns for r in runs[v]),
                    traced[v].hit_lines, traced[v].miss_lines,
                    first.expected_probes_hit, first.expected_probes_miss,
                    first.longest)

    ns = Table(box=box.SIMPLE, title=f"C twins, {count(capacity)} slots, int64 keys: "
               "ns per lookup, hit / miss (median of "
               f"{len(seeds)} run{'s' if len(seeds) > 1 else ''})", title_justify="left")
    lines = Table(box=box.SIMPLE, title="distinct 64-byte lines per lookup, hit / miss "
                  f"(traced build, {count(C_LINES_CAPACITY)} slots, 10,000 lookups)",
                  title_justify="left")
    probes = Table(box=box.SIMPLE, title="keys (slots) compared per lookup, hit / miss, "
                   "measured and in theory", title_justify="left")
    for t in (ns, lines):
        t.add_column("load", justify="right")
        for v in C_VARIANTS:
            t.add_column(v[2], justify="right")
    for col in ("load α", "open addressing", "theory", "longest probe run",
                "chained", "theory", "longest chain"):
        probes.add_column(col, justify="right", overflow="fold")
    for load in C_LOADS:
        ns.add_row(f"{load:g}", *(f"{results[(load, v)][0]:.1f} / "
                                  f"{results[(load, v)][1]:.1f}" for v in C_VARIANTS))
        lines.add_row(f"{load:g}", *(f"{results[(load, v)][2]:.2f} / "
                                     f"{results[(load, v)][3]:.2f}" for v in C_VARIANTS))
        o, ch = results[(load, C_VARIANTS[0])], results[(load, C_VARIANTS[1])]
        hit, miss = linear_probing_theory(load)
        probes.add_row(f"{load:g}", f"{o[4]:.2f} / {o[5]:.2f}",
                       f"{hit:.2f} / {miss:.2f}", str(o[6]),
                       f"{ch[4]:.2f} / {ch[5]:.2f}", f"{1 + load / 2:.2f} / {load:.2f}",
                       str(ch[6]))
    c.print(ns)
    c.print(lines)
    c.print(probes)
    c.print(Text("Theory: linear probing (Knuth) ½(1 + 1/(1−α)) slots per hit and "
                 "½(1 + 1/(1−α)²) per miss; chaining 1 + α/2 keys per hit and α per "
                 "miss (a miss compares every key of its chain).", style="dim"))
    open_bytes = capacity * 17
    chained_bytes = capacity * 8 + int(max(C_LOADS) * capacity) * 24
    c.print(Text(f"Sizes: open addressing holds {count(capacity)} slots of 16 bytes plus "
                 f"a state byte each ({format_bytes(open_bytes)} whatever the load); "
                 f"chaining holds {count(capacity)} 8-byte bucket heads and one 24-byte "
                 f"node per key ({format_bytes(chained_bytes)} at load {max(C_LOADS):g}, "
                 "more with malloc's own bookkeeping). This machine's caches: "
                 + (", ".join(f"{cache.label} {format_bytes(cache.size_bytes)}"
                              for cache in ctx.machine.caches) or "unknown") + "."))

    def cell(load: float, v: tuple, which: int) -> float:
        return results[(load, v)][which]

    o, m, p = C_VARIANTS
    hit_ratio = Ratio.of(hit_runs[(0.5, m)], hit_runs[(0.5, o)])
    ctx.shared["c_lookups"] = {"hit_ratio": hit_ratio,
                               "open_lines": cell(0.5, o, 2),
                               "chained_lines": cell(0.5, m, 2)}
    rows = [
        Figure("hit at load 0.5: open addressing vs chaining (malloc)", "not published",
               f"{cell(0.5, o, 0):.1f} ns, {cell(0.5, o, 2):.2f} lines vs "
               f"{cell(0.5, m, 0):.1f} ns, {cell(0.5, m, 2):.2f} lines",
               f"chained / open time: {hit_ratio.text()} now (median, range of "
               f"{len(seeds)} runs)"
               + ("" if hit_ratio.steady(2.0) else "; too spread to teach from")),
        Figure("miss at load 0.95: open addressing vs chaining (malloc)", "not published",
               f"{cell(0.95, o, 1):.1f} ns, {cell(0.95, o, 5):.1f} probes vs "
               f"{cell(0.95, m, 1):.1f} ns, {cell(0.95, m, 5):.2f} keys",
               ratio_pair("open / chained time", None,
                          cell(0.95, o, 1) / cell(0.95, m, 1))),
        Figure("chained hit at load 0.9: malloc vs pool nodes", "not published",
               f"{cell(0.9, m, 0):.1f} ns, {cell(0.9, m, 2):.2f} lines vs "
               f"{cell(0.9, p, 0):.1f} ns, {cell(0.9, p, 2):.2f} lines",
               ratio_pair("malloc / pool time", None, cell(0.9, m, 0) / cell(0.9, p, 0))),
    ]
    scatter = statistics.geometric_mean(cell(load, m, 0) / cell(load, p, 0)
                                        for load in C_LOADS)
    c.print(Text(
        f"Chained hits, malloc nodes against pool nodes, over all loads: "
        f"{scatter:.2f}x the time (geometric mean) for "
        f"{statistics.fmean(cell(x, m, 2) for x in C_LOADS):.2f} against "
        f"{statistics.fmean(cell(x, p, 2) for x in C_LOADS):.2f} lines per hit. "
        + ("Same lines, more time: the scattered nodes cost extra on this machine."
           if scatter > 1.25 else
           "Same lines and about the same time (within this machine's noise): at "
           "this size, scattering the nodes costs little beyond the lines themselves."
           if scatter > 0.8 else
           "The pool came out slower in this run, which the line counts cannot "
           "explain: noise from elsewhere on the machine, most likely.")))
    ctx.table("Experiment 3: chaining vs open addressing in C", rows,
              caption="Times are medians measured inside C; lines come from the traced "
                      "build of the same source. The nanoseconds move with whatever "
                      "else the machine is doing; the line and probe counts do not.")
    simulated_lookup_misses(ctx)


#: The tables the cache simulation runs (past its simulated 1 MiB last
#: level at load 0.5), and the two amounts of lookups whose difference it reads.
CG_CAPACITY = 1 << 16
CG_LOOKUPS = 10_000


def simulated_lookup_misses(ctx: Context) -> None:
    """Simulated L1 and last-level misses per lookup, open vs chained, at
    load 0.5: two runs of the kernel differing only in their lookups."""
    from . import cachegrind as cg

    call = ("m.load_cost(0.5, table={table!r}, nodes='malloc', capacity={cap}, "
            "lookups={k}, seed=1, lines=False)")
    tables = ("open", "chained")
    pairs = [(call.format(table=t, cap=CG_CAPACITY, k=CG_LOOKUPS),
              call.format(table=t, cap=CG_CAPACITY, k=2 * CG_LOOKUPS)) for t in tables]
    # CG_LOOKUPS more hits and as many more misses: per lookup
    found = cg.lesson_differences(ctx, "the tables", "dsa.native.hashtable",
                                  "dsa_ht_kernel_load", pairs, [2 * CG_LOOKUPS] * 2)
    if found is None:
        return
    per = dict(zip(tables, found))
    text = (f"open {per['open'][0]:.2f} L1 / {per['open'][1]:.2f} last-level, chained "
            f"{per['chained'][0]:.2f} / {per['chained'][1]:.2f}")
    ctx.console.print(Text.assemble(
        ("Simulated misses (valgrind, 32 KiB L1, 1 MiB last level, no prefetcher), ", "bold"),
        f"{count(CG_CAPACITY)} slots at load 0.5, per lookup (half hits, half misses): "
        f"{text}; the difference of two runs of the kernel ({count(CG_LOOKUPS)} and "
        f"{count(2 * CG_LOOKUPS)} of each), so filling the table is not counted; reading "
        "the keys to look up adds 1/8 of a line a lookup."), highlight=False)
    ctx.closing.append(f"simulated misses (valgrind), {count(CG_CAPACITY)}-slot tables "
                       f"at load 0.5, per lookup: {text}")


@hooks.claim("lines_tell_the_story")
def lines_tell_the_story(ctx: Context) -> Verdict:
    found = ctx.shared.get("c_lookups")
    if found is None:
        return not_measured("the C tables")
    ratio = found["hit_ratio"]
    values = {"open": f"{found['open_lines']:.2f}", "chained": f"{found['chained_lines']:.2f}",
              "ratio": ratio.text()}
    evidence = (f"hit at load 0.5: {values['open']} lines open, {values['chained']} "
                f"chained; chained / open time {ratio.text()}")
    if found["chained_lines"] <= found["open_lines"]:
        return Verdict(False, evidence, values)
    # the counts agree; the times agree when their whole range does
    return Verdict(ratio.at_least(1.0), evidence, values)


# ===========================================================================
# Step 5: hash flooding


def colliding_strings(n: int) -> list[str]:
    """``n`` different strings with one and the same teaching_hash.

    'Aa' and 'BB' have the same hash under the String.hashCode rule
    (65·31 + 97 = 66·31 + 66 = 2112), and so does any string glued from
    the same number of such blocks: k blocks give 2**k strings.
    """
    k = max(1, (n - 1).bit_length())
    words = ["".join(blocks) for blocks in itertools.product(("Aa", "BB"), repeat=k)]
    return words[:n]


def _flood_table(keys: list[str], hash_function: Callable[[Any], int] | None
                 ) -> tuple[ChainedHashTable, float]:
    table = ChainedHashTable(hash_function=hash_function)
    fill = measure(lambda: table.update((k, i) for i, k in enumerate(keys)),
                   repeat=1, warmup=0).median
    return table, fill


def _lookup_time(table: ChainedHashTable, keys: list[str], sample: int,
                 repeat: int) -> float:
    """Seconds per lookup over keys spread evenly through the insertion order."""
    step = max(1, len(keys) // sample)
    chosen = keys[step // 2::step]

    def run() -> None:
        for key in chosen:
            table[key]

    return measure(run, repeat=repeat).median / len(chosen)


@hooks.experiment("flood")
def flood(ctx: Context) -> None:
    c = ctx.console
    n = ctx.size(PUB_FLOOD_N, 1_000)
    ctx.quick_note(f"{count(n)} keys in the Python tables instead of 4,000 (a flooded "
                   "table costs n²/2 comparisons to fill); the C tables still take "
                   "4,000.")
    keys = colliding_strings(n)
    shared = {teaching_hash(k) for k in keys}
    assert len(set(keys)) == n and len(shared) == 1

    with ctx.working("filling the flooded tables (this is the slow part)"):
        normal, fill_normal = _flood_table(keys, None)
        constant, fill_constant = _flood_table(keys, lambda key: 0)
        crafted, fill_crafted = _flood_table(keys, teaching_hash)
        t_normal = _lookup_time(normal, keys, n, repeat=5)
        sample = ctx.size(100, 50)
        t_constant = _lookup_time(constant, keys, sample, repeat=3)
        t_crafted = _lookup_time(crafted, keys, sample, repeat=3)
    for table in (normal, constant, crafted):
        table.check_invariants()
    longest = {name: table.stats().longest_chain for name, table in
               (("normal", normal), ("constant", constant), ("crafted", crafted))}
    c.print(Text(f"The keys: {count(n)} strings glued from the blocks 'Aa' and 'BB' "
                 f"({keys[0]!r}, {keys[1]!r}, {keys[2]!r}, ...). Under teaching_hash "
                 f"every one of them has the hash {count(shared.pop())}."))
    detail = Table(box=box.SIMPLE, title=f"dsa.hashtable.ChainedHashTable, {count(n)} "
                   "keys (pure Python)", title_justify="left")
    for col in ("hash_function", "longest chain", "fill the table", "lookup"):
        detail.add_column(col, justify="right")
    detail.add_row("Python's hash (seeded at start-up)", count(longest["normal"]),
                   format_seconds(fill_normal), format_seconds(t_normal))
    detail.add_row("lambda key: 0 (every key in slot 0)", count(longest["constant"]),
                   format_seconds(fill_constant), format_seconds(t_constant))
    detail.add_row("teaching_hash (fixed, public) on these keys",
                   count(longest["crafted"]), format_seconds(fill_crafted),
                   format_seconds(t_crafted))
    c.print(detail)
    c.print(Text(f"Under a constant hash: longest chain {count(longest['constant'])}; "
                 f"under teaching_hash with keys chosen for it: longest chain "
                 f"{count(longest['crafted'])}; under Python's seeded hash, the same "
                 f"keys: longest chain {count(longest['normal'])}."))

    rows = [
        Figure(f"{count(n)} keys, ordinary hash: longest chain", "4",
               count(longest["normal"]), "Python's hash, seeded per run"),
        Figure(f"{count(n)} keys, all forced into slot 0: longest chain", "4,000",
               count(longest["constant"]), "every key in one chain"),
        Figure("lookup, ordinary hash vs all in slot 0 (pure Python table)",
               "0.4 µs vs 74.5 µs (186x)",
               f"{format_seconds(t_normal)} vs {format_seconds(t_constant)}",
               ratio_pair("", PUB_FLOOD_LOOKUP[1] / PUB_FLOOD_LOOKUP[0],
                          t_constant / t_normal)),
        Figure("same, keys crafted against the fixed teaching_hash", "—",
               f"{format_seconds(t_normal)} vs {format_seconds(t_crafted)}",
               ratio_pair("", None, t_crafted / t_normal)),
    ]

    nh = ctx.native_module("hashtable")
    if nh is not None:
        cn = PUB_FLOOD_N
        keyed = nh.flood(cn, hash_function="keyed")
        const = nh.flood(cn, hash_function="constant")
        stride = keyed.capacity           # multiples of every capacity it passes
        chosen = nh.flood(cn, hash_function="identity", keys="stride", stride=stride)
        chosen_keyed = nh.flood(cn, hash_function="keyed", keys="stride", stride=stride)
        for r in (keyed, const, chosen, chosen_keyed):
            if not r.ok:
                raise AssertionError("the C flood kernel reported a wrong lookup")
        ctable = Table(box=box.SIMPLE, title=f"C twin, chained, {count(cn)} int64 keys",
                       title_justify="left")
        for col in ("keys", "hash_function", "longest chain", "insert", "lookup"):
            ctable.add_column(col, justify="right")
        for r, what in ((keyed, "random"), (const, "random"),
                        (chosen, f"0, {stride}, {2 * stride}, ..."),
                        (chosen_keyed, f"0, {stride}, {2 * stride}, ...")):
            ctable.add_row(what, r.hash_function, count(r.longest),
                           format_seconds(r.insert_ns * 1e-9),
                           format_seconds(r.lookup_ns * 1e-9))
        c.print(ctable)
        rows += [
            Figure(f"C, {count(cn)} keys: keyed hash vs constant hash", "—",
                   f"longest {count(keyed.longest)} vs {count(const.longest)}; "
                   f"{format_seconds(keyed.lookup_ns * 1e-9)} vs "
                   f"{format_seconds(const.lookup_ns * 1e-9)}",
                   ratio_pair("", None, const.lookup_ns / keyed.lookup_ns)),
            Figure(f"C, keys chosen in advance (multiples of {stride}): identity vs "
                   "keyed hash", "—",
                   f"longest {count(chosen.longest)} vs {count(chosen_keyed.longest)}; "
                   f"{format_seconds(chosen.lookup_ns * 1e-9)} vs "
                   f"{format_seconds(chosen_keyed.lookup_ns * 1e-9)}",
                   ratio_pair("", None, chosen.lookup_ns / chosen_keyed.lookup_ns)),
        ]
    per_compare = t_constant / (n / 2)
    ctx.table(f"Experiment 4: hash flooding, {count(n)} keys", rows,
              caption=f"A lookup in the flooded table compares about n/2 = "
                      f"{count(n // 2)} keys, here about "
                      f"{per_compare * 1e9:.0f} ns each: the ratio grows with n and "
                      "with what one comparison costs (this table compares stored "
                      "hashes, then calls ==, and all hashes are equal here), so it "
                      "need not match the published 186x.")
    if nh is None:
        ctx.explain_missing_native("the C flooding runs (keyed vs constant and "
                                   "identity hashes)")


# ===========================================================================
# Step 6: what Python's dict does


def _dense(table) -> list[str]:
    """The dense entries list of a pure twin, holes shown (private, for show)."""
    entries = getattr(table, "_entries", None)
    if not isinstance(entries, list):
        return [str(k) for k in table]
    return ["(hole)" if e is None else str(getattr(e, "key", e)) for e in entries]


@hooks.show("dict_order")
def dict_order(ctx: Context) -> None:
    c = ctx.console
    steps = [("set", "grace"), ("set", "alan"), ("set", "margaret"),
             ("set", "kristen"), ("set", "ada"), ("del", "alan"), ("set", "linus")]
    d: dict = {}
    table = OpenAddressingHashTable(capacity=OPEN_CAPACITY, hash_function=teaching_hash)
    for op, key in steps:
        if op == "set":
            d[key] = table[key] = len(d)
        else:
            del d[key], table[key]
    said = [f"d[{k!r}] = …" if op == "set" else f"del d[{k!r}]" for op, k in steps]
    c.print(Text("The same seven operations on a dict and on OpenAddressingHashTable "
                 "(teaching_hash, 16 slots): " + ", ".join(said)))
    c.print(Text("the slots (where the hash puts each key):", style="dim"))
    c.print(strip_picture(table.slots(), width=c.width))
    c.print(Text.assemble(("the dense entries list (insertion order): ", "dim"),
                          (" | ".join(_dense(table)), "cyan")))
    c.print(Text.assemble(
        ("list(table) → ", "bold"), (repr(list(table)), "cyan"),
        ("\nlist(d)     → ", "bold"), (repr(list(d)), "cyan"),
        f"\nthe same order: {list(table) == list(d)}. Iteration walks the dense "
        "list, skipping the hole alan left; the slots only point into it."))
    chained = ChainedHashTable(d)
    c.print(Text(f"ChainedHashTable keeps its own dense list the same way: "
                 f"list(ChainedHashTable(d)) == list(d) → {list(chained) == list(d)}."))


def dict_growth_points(limit: int = 1_400) -> list[tuple[int, int, int]]:
    """(key number whose insertion grew the dict, bytes before, bytes after).

    An empty dict has no table of its own; the first key allocates one of 8
    slots.  Growth is counted from there on.
    """
    d: dict = {1: 1}
    points = []
    size = sys.getsizeof(d)
    for i in range(2, limit + 1):
        d[i] = i
        new = sys.getsizeof(d)
        if new != size:
            points.append((i, size, new))
            size = new
    return points


@hooks.show("dict_growth")
def dict_growth(ctx: Context) -> None:
    c = ctx.console
    points = dict_growth_points()
    ours: list = []
    table = OpenAddressingHashTable()
    # The hook runs once the insertion that caused the resize is complete,
    # so len(table) is then the number of the key that grew it.
    table.on_resize = lambda e: ours.append((len(table), e.old_capacity,
                                            e.new_capacity))
    for i in range(1, points[-1][0] + 1):
        table[i] = i
    grow_at = {number: (old, new) for number, old, new in ours}
    t = Table(box=box.SIMPLE, title="sys.getsizeof(d) while the keys 1, 2, 3, ... go "
              "in, beside OpenAddressingHashTable (max_load_factor 2/3)",
              title_justify="left")
    for col in ("dict grew on key #", "bytes before → after", "keys held before",
                "= ⌊2/3 × slots⌋ for slots =", "our table grew on key #",
                "its slots"):
        t.add_column(col, justify="right")
    for number, before, after in points:
        held = number - 1
        slots = next((s for s in (2 ** k for k in range(3, 40))
                      if (2 * s) // 3 == held), None)
        mine = grow_at.get(number)
        t.add_row(count(number), f"{count(before)} → {count(after)}", count(held),
                  "—" if slots is None else count(slots),
                  count(number) if mine else "—",
                  f"{mine[0]:,} → {mine[1]:,}" if mine else "—")
    c.print(t)
    numbers = [n for n, _, _ in points]
    c.print(Text(f"The dict grew when key {', '.join(map(str, numbers[:5]))}, ... went "
                 f"in: each time it already held two-thirds of a power of two. "
                 f"OpenAddressingHashTable, with max_load_factor 2/3, grew on the same "
                 f"keys: {[n for n, _, _ in ours] == numbers}. (The first key allocates "
                 f"the dict's first table: {sys.getsizeof({})} → "
                 f"{sys.getsizeof({1: 1})} bytes.)"))
    ctx.shared["growth"] = numbers


@hooks.show("one_key")
def one_key(ctx: Context) -> None:
    c = ctx.console
    d = {1: "a", 1.0: "b", True: "c"}
    c.print(Text(f"hash(1) = {hash(1)}, hash(1.0) = {hash(1.0)}, hash(True) = "
                 f"{hash(True)}; 1 == 1.0 == True → {1 == 1.0 == True}"))
    c.print(Text.assemble(('{1: "a", 1.0: "b", True: "c"} → ', "bold"),
                          (repr(d), "bold cyan"), f"   len = {len(d)}"))
    twins = []
    for cls in (ChainedHashTable, OpenAddressingHashTable):
        t = cls()
        t[1] = "a"
        t[1.0] = "b"
        t[True] = "c"
        twins.append(repr(t))
    c.print(Text("the pure twins, one assignment at a time: " + "; ".join(twins)))
    ctx.shared["one_key"] = repr(d)


@hooks.experiment("dict_facts")
def dict_facts(ctx: Context) -> None:
    n = PUB_MEMORY_N
    as_list = list(range(n))
    as_dict = {i: i for i in range(n)}
    list_bytes, dict_bytes = sys.getsizeof(as_list), sys.getsizeof(as_dict)
    twin_c = ChainedHashTable(as_dict)
    twin_o = OpenAddressingHashTable(as_dict)
    numbers = ctx.shared.get("growth") or [p[0] for p in dict_growth_points()]
    one = ctx.shared.get("one_key") or repr({1: "a", 1.0: "b", True: "c"})
    order_kept = list({k: 0 for k in ("b", "a", "c")}) == ["b", "a", "c"]
    rows = [
        Figure('{1: "a", 1.0: "b", True: "c"}', "one key", one,
               "hash(1) == hash(1.0) == hash(True) and the keys are equal"),
        Figure("the dict grows at about two-thirds full", "about 2/3",
               "on keys " + ", ".join(map(str, numbers[:5])) + ", ...",
               "it held ⌊2/3 × 8⌋ = 5, ⌊2/3 × 16⌋ = 10, ... keys"),
        Figure("insertion order kept", "since 3.7", f"{order_kept} (CPython "
               f"{sys.version_info.major}.{sys.version_info.minor})",
               "a dense entries list beside the slots"),
        Figure(f"memory, {count(n)} ints as a list (sys.getsizeof)", "about 8 KB",
               f"{count(list_bytes)} bytes", f"{list_bytes / n:.1f} bytes per item"),
        Figure(f"memory, {count(n)} ints as a dict (sys.getsizeof)", "about 37 KB",
               f"{count(dict_bytes)} bytes",
               ratio_pair("dict / list", 37 / 8, dict_bytes / list_bytes)),
        Figure(f"memory, the pure twins with the same {count(n)} items", "—",
               f"chained {count(sys.getsizeof(twin_c))} · open "
               f"{count(sys.getsizeof(twin_o))} bytes",
               "one Python object per entry"),
    ]
    ctx.shared["dict_memory"] = (list_bytes, dict_bytes)
    ctx.table("Experiment 5: what Python's dict does", rows,
              caption="sys.getsizeof counts the container, not the int objects it "
                      "points at (0 to 256 are shared; each larger one is another "
                      f"{sys.getsizeof(1000)} bytes), so both figures are the "
                      "structure's own cost: 8 bytes per pointer in a list; for a "
                      "dict, a hash, key and value per entry plus the index, kept "
                      "at most two-thirds full.")


@hooks.claim("dict_several_times_list")
def dict_several_times_list(ctx: Context) -> Verdict:
    if "dict_memory" not in ctx.shared:
        return not_measured("the dict's memory")
    list_bytes, dict_bytes = ctx.shared["dict_memory"]
    ratio = dict_bytes / list_bytes
    return Verdict(threshold(ratio, 2.5, 1.5), f"dict / list bytes {format_ratio(ratio)} "
                   "(sys.getsizeof, exact)", {"ratio": format_ratio(ratio)})


__all__ = ["hooks", "chain_lengths", "chain_figures", "colliding_strings",
           "dict_growth_points", "NAMES"]
