"""The hash-table lesson's worked examples, drawn slot by slot.

The teaching hash and the 8-slot chained table it fills, the resize that
doubles it, the 16-slot open-addressing table with its probe runs and
tombstones, and the dense entries list that keeps a dict's order.  All of
them use :func:`dsa.hashtable.teaching_hash`, a fixed, documented string
hash, so the slots are the same on every run.
"""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any, Sequence

from rich.text import Text

from dsa.hashtable import (TOMBSTONE, ChainedHashTable, OpenAddressingHashTable,
                           teaching_hash)
from dsa.pictures.draw import chain_picture, strip_picture

from .figures import Figure, count
from .hashtable_common import (ASIDE, EXAMPLE_CAPACITY, LATECOMERS, NAMES,
                               OPEN_CAPACITY, bits, columns_table, hooks)
from .runner import Context

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
    table = columns_table("teaching_hash (Java's String.hashCode rule over UTF-8 "
                          "bytes) and the home slot in 8 slots",
                          ("key", "bytes", "h = teaching_hash(key)", "low 5 bits of h",
                           "h % 8", "h & 7"), fold=True)
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
    names = ctx.values(NAMES)
    table = example_table()
    c.print(chain_picture(table.slots(), title=f"an empty chained table, "
                          f"{table.capacity} slots, hash_function=teaching_hash"))
    for number, name in enumerate(names, 1):
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
    if ctx.custom_values():
        _your_table(ctx, table)
        ctx.shared["your_table"] = table         # the resize draws it growing
        return
    c.print(Text.assemble(
        ("after all seven: ", "bold"),
        f"{len(table)} keys in {table.capacity} slots (load factor "
        f"{table.load_factor:.3f}); slots {', '.join(map(str, empty))} are empty while "
        f"slot 0 holds {len(slots[0])} keys ({', '.join(slots[0])}). The longest "
        f"chain is {stats.longest_chain}; collisions come from the hash, not from a "
        "lack of room."))
    table.check_invariants()
    ctx.shared["example"] = table


def _your_table(ctx: Context, table: ChainedHashTable) -> None:
    """The closing sentence of the build, worked out from the learner's keys
    (the text after it speaks of the example's three keys in slot 0)."""
    slots = table.slots()
    empty = [i for i, chain in enumerate(slots) if not chain]
    fullest = max(range(len(slots)), key=lambda i: len(slots[i]))
    ctx.console.print(Text.assemble(
        ("after your keys: ", "bold"),
        f"{len(table)} keys in {table.capacity} slots (load factor "
        f"{table.load_factor:.3f}); {len(empty)} slot{'s' if len(empty) != 1 else ''} "
        f"empty; the longest chain is slot {fullest}'s, {len(slots[fullest])} key"
        f"{'s' if len(slots[fullest]) != 1 else ''} "
        f"({', '.join(map(str, slots[fullest]))})."))
    table.check_invariants()


def _doubled(table: ChainedHashTable) -> Any:
    """Double ``table``; the ResizeEvent its on_resize hook was called with."""
    events: list = []
    table.on_resize = events.append
    table.resize(2 * table.capacity)
    table.on_resize = None
    return events[0]


def _show_moves(ctx: Context, table: ChainedHashTable, event: Any, title: str,
                names: Sequence[str], whose: str) -> None:
    """Every key's slot before and after the doubling, then the new table."""
    moves = columns_table(title, ("key", "h", "low 4 bits", f"h % {event.old_capacity}",
                                  f"h % {event.new_capacity}", "move"))
    moved = {key: (old, new) for key, old, new in event.moves}
    for name in names:
        h = teaching_hash(name)
        old, new = moved.get(name, (h % event.old_capacity, h % event.new_capacity))
        moves.add_row(name, count(h), bits(h, 4), str(old), str(new),
                      f"{name}: slot {old} → {new}" if name in moved else "stays")
    ctx.console.print(moves)
    after = table.slots()
    ctx.console.print(chain_picture(
        after, marked=[s for s, chain in enumerate(after) if chain],
        title=f"{whose}after the resize, {table.capacity} slots"))


def _your_resize(ctx: Context, table: ChainedHashTable) -> None:
    """The learner's table doubled, with what moved worked out from their
    keys; the figures below stay the published example's."""
    event = _doubled(table)
    _show_moves(ctx, table, event, f"your keys rehashed into {event.new_capacity} slots",
                list(table), "your table ")
    ctx.console.print(Text(
        f"{event.keys_moved} of {event.keys_total} of your keys moved: those whose bit "
        "3 is 1. What follows is the published example's."))
    table.check_invariants()


@hooks.show("resize")
def resize(ctx: Context) -> None:
    c = ctx.console
    if ctx.custom_values() and "your_table" in ctx.shared:
        _your_resize(ctx, ctx.shared["your_table"])
    table = ctx.shared.get("example")
    if table is None:                            # this step run on its own
        table = example_table()
        table.update((name, i) for i, name in enumerate(NAMES, 1))
    before = table.slots()
    event = _doubled(table)
    c.print(Text.assemble(("table.resize(16) called on_resize with ", "bold"),
                          (f"ResizeEvent(old_capacity={event.old_capacity}, "
                           f"new_capacity={event.new_capacity}, "
                           f"keys_moved={event.keys_moved}, "
                           f"keys_total={event.keys_total})", "cyan")))
    _show_moves(ctx, table, event, f"event.moves: every key rehashed into "
                f"{event.new_capacity} slots", NAMES, "")
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
    names = ctx.values(NAMES + [ASIDE])
    for name in names:
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
    victim = names[1 if len(names) > 1 else 0]
    ctx.pause(f"Enter to delete {victim!r}, q to quit")
    slot = table.slots().index(victim)
    del table[victim]
    c.print(Text.assemble((f"del table[{victim!r}]: ", "bold"),
                          f"slot {slot} becomes a tombstone (✝), tombstones = "
                          f"{table.tombstones}"))
    c.print(strip_picture(table.slots(), probed=(slot,), width=c.width))
    searched = _walks_past(table, names, slot)
    if searched is None:
        c.print(Text(f"No key left in the table probes past slot {slot}, so here "
                     "emptying it would have hidden nothing; with more keys homed "
                     "before it, a search would step over the tombstone."))
        _reuse(ctx, table, slot)
        return
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
    _reuse(ctx, table, slot)


def _walks_past(table: OpenAddressingHashTable, names: Sequence[str],
                slot: int) -> str | None:
    """The first of ``names`` still in the table whose search steps over
    ``slot`` (the example's third name does); None if none does."""
    for name in names:
        if name in table:
            path, _ = probe_path(table, name)
            if slot in path[:-1]:
                return name
    return None


def _reuse(ctx: Context, table: OpenAddressingHashTable, slot: int) -> None:
    """Insert a newcomer homed at the tombstone or just before it: it takes
    the tombstone's slot."""
    c = ctx.console
    newcomers = [name for name in LATECOMERS if name not in table]
    late = next((name for name in newcomers if table.slot_of(name) in (slot - 1, slot)),
                newcomers[-1] if newcomers else "newcomer")
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

