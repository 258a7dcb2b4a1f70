"""The hash-table lesson's measurements in Python: a scan against a dict,
how long chains get, hash flooding, and what Python's dict does.

Each experiment re-runs a published measurement on this machine and prints
the published figure, the one measured now and the ratio that matters.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
import sys
from typing import Any, Callable, Sequence

from rich.text import Text

from dsa.hashtable import ChainedHashTable, OpenAddressingHashTable, teaching_hash
from dsa.timing import format_ratio, format_seconds, measure

from .figures import Figure, Ratio, count, ratio_pair, seconds, spread
from .hashtable_common import (PUB_AVERAGE, PUB_DICT, PUB_FLOOD_LOOKUP, PUB_FLOOD_N,
                               PUB_KEYS, PUB_LOADS, PUB_LONGEST, PUB_MEMORY_N,
                               PUB_SCAN, PUB_USERS, columns_table, hooks,
                               quick_count)
from .runner import Context, Verdict, not_measured, threshold

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


def _scan_ratio(ctx: Context, slower: int, faster: int) -> tuple[int, Ratio] | None:
    """The users and one ratio of the scan_vs_dict runs (n, scan, hot, mixed)."""
    found = ctx.shared.get("scan_vs_dict")
    return None if found is None else (found[0], Ratio.of(found[slower], found[faster]))


@hooks.claim("cold_lookup_costs_more")
def cold_lookup_costs_more(ctx: Context) -> Verdict:
    got = _scan_ratio(ctx, 3, 2)                     # random emails / one email
    if got is None:
        return not_measured("the dict lookups")
    ratio = got[1]
    return Verdict(ratio.at_least(1.3), f"random / repeated email {ratio.text()}",
                   {"ratio": ratio.text()})


@hooks.claim("dict_thousands_faster")
def dict_thousands_faster(ctx: Context) -> Verdict:
    got = _scan_ratio(ctx, 1, 3)                     # scan / random emails
    if got is None:
        return not_measured("the scan and the lookups")
    n, ratio = got
    return Verdict(ratio.at_least(1000), f"scan / random-email lookup {ratio.text()} "
                   f"at {count(n)} users", {"ratio": ratio.text(), "n": count(n)})


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
    n = quick_count(ctx, PUB_KEYS, 20_000, "keys",
                    " (averages depend on the load factor, not the key count; the "
                    "longest chain grows slowly with the key count) and a smaller "
                    "ChainedHashTable cross-check.")
    keys = [f"user{i:06d}@example.com" for i in range(n)]
    with ctx.working("counting chains"):
        hashes = [hash(k) for k in keys]
        results = {}
        for load in PUB_LOADS:
            slots = round(n / load)
            results[load] = (slots, chain_figures(chain_lengths(hashes, slots)))

    detail = columns_table(
        f"{count(n)} email keys, Python's hash, slot = hash % slots: three meanings "
        "of 'average chain'",
        ("load", "slots", "empty slots", "avg over non-empty slots", "theory λ/(1−e^−λ)",
         "avg over all slots", "keys compared per hit", "theory 1+λ/2", "longest"),
        fold=True)
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
    check = columns_table(
        "the same from dsa.hashtable.ChainedHashTable.stats() (capacity a power of "
        "two, so the key count follows the load)",
        ("load", "keys", "capacity", "avg chain, non-empty", "probes per hit",
         "probes per miss", "longest"),
        caption="stats() fields: average_chain_length (non-empty slots), "
                "expected_probes_hit, expected_probes_miss (all slots), longest_chain.")
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
    n = quick_count(ctx, PUB_FLOOD_N, 1_000, "keys in the Python tables",
                    " (a flooded table costs n²/2 comparisons to fill); the C tables "
                    "still take 4,000.")
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
    detail = columns_table(f"dsa.hashtable.ChainedHashTable, {count(n)} keys (pure "
                           "Python)", ("hash_function", "longest chain",
                                       "fill the table", "lookup"))
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
        ctable = columns_table(f"C twin, chained, {count(cn)} int64 keys",
                               ("keys", "hash_function", "longest chain", "insert",
                                "lookup"))
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
    t = columns_table("sys.getsizeof(d) while the keys 1, 2, 3, ... go in, beside "
                      "OpenAddressingHashTable (max_load_factor 2/3)",
                      ("dict grew on key #", "bytes before → after", "keys held before",
                       "= ⌊2/3 × slots⌋ for slots =", "our table grew on key #",
                       "its slots"))
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


@hooks.claim_on("dict_several_times_list", "dict_memory", "the dict's memory")
def dict_several_times_list(found: tuple) -> Verdict:
    list_bytes, dict_bytes = found
    ratio = dict_bytes / list_bytes
    return Verdict(threshold(ratio, 2.5, 1.5), f"dict / list bytes {format_ratio(ratio)} "
                   "(sys.getsizeof, exact)", {"ratio": format_ratio(ratio)})


