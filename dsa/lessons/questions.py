"""Predict, then see: a question before each race or sweep, its answer
beside the result.

A learner who has guessed first remembers the measurement better, and learns
most where the guess was wrong.  Before an experiment that races contestants
or sweeps a size, the lesson asks a multiple-choice question (one key);
after the claim that reads the experiment's figures it prints the guess
beside what this run measured.

The questions are data: :data:`QUESTIONS` maps a lesson and an experiment
(the ``<!-- experiment: NAME -->`` marker) to its questions.  Each question
reads the figures the experiment left in ``ctx.shared`` and says which
choice they fall in.  Questions are asked only in a terminal and not with
``--no-questions``; a lesson run without them prints exactly what it printed
before they existed.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Callable, Mapping, Optional, Sequence, Tuple

from rich.text import Text

from dsa.timing import format_seconds

#: What a question's measurement returns: the index of the choice the figures
#: fall in (None: the run cannot say), and the figures in a few words.
Measured = Tuple[Optional[int], str]


@dataclass(frozen=True)
class Question:
    """One multiple-choice question about an experiment's outcome.

    ``measure`` reads ``ctx.shared`` after the experiment; ``claim`` names the
    claim after which the answer is shown (None: right after the experiment).
    """

    ask: str
    choices: tuple[str, ...]
    measure: Callable[[Mapping], Measured]
    claim: str | None = None


@dataclass
class Prediction:
    """A question asked in this run and the choice made (None: skipped)."""

    question: Question
    chosen: int | None
    measured: int | None = None
    figures: str = ""

    @property
    def right(self) -> bool | None:
        if self.chosen is None or self.measured is None:
            return None
        return self.chosen == self.measured


# --------------------------------------------------------------------------
# Reading the figures


def _median(runs: float | Sequence[float]) -> float:
    return statistics.median(runs) if isinstance(runs, (list, tuple)) else float(runs)


def _time(seconds: float) -> str:
    return format_seconds(seconds)


def _ns(nanoseconds: float) -> str:
    return format_seconds(nanoseconds * 1e-9)


def race(times: Mapping[str, float | Sequence[float]], *, tie: float = 1.2,
         show: Callable[[float], str] = _time, longest: bool = False) -> Measured:
    """Which contestant was fastest (or, with ``longest``, slowest), as an
    index into ``list(times)``; the index after the last means "about the
    same": the two best within a factor ``tie``.  Times are medians of their
    runs."""
    medians = {name: _median(runs) for name, runs in times.items()}
    if any(math.isnan(v) for v in medians.values()):
        return None, "one side could not run"
    ranked = sorted(medians, key=medians.__getitem__, reverse=longest)
    best, second = medians[ranked[0]], medians[ranked[1]]
    close = max(best, second) <= tie * min(best, second)
    figures = ", ".join(f"{name} {show(v)}" for name, v in medians.items())
    return (len(medians) if close else list(medians).index(ranked[0])), figures


def bucket(value: float, edges: Sequence[float], figures: str) -> Measured:
    """The choice ``value`` falls in, the choices split at ``edges``."""
    return sum(value >= edge for edge in edges), figures


def ratio_bucket(value: float, edges: Sequence[float], what: str) -> Measured:
    return bucket(value, edges, f"{what} {value:,.1f}x")


def ranges(edges: Sequence[float], unit: str = "x") -> tuple[str, ...]:
    """Choice labels for a bucket question: under e0, e0-e1, ..., over eN."""
    def num(v: float) -> str:
        return (f"{int(v):,}" if v == int(v) else f"{v:g}") + unit
    labels = [f"under {num(edges[0])}"]
    labels += [f"{num(a)} to {num(b)}" for a, b in zip(edges, edges[1:])]
    labels.append(f"{num(edges[-1])} or more")
    return tuple(labels)


def versus(*names: str) -> tuple[str, ...]:
    """Choice labels for a race: each contestant, then a tie."""
    return (*names, "about the same")


# --------------------------------------------------------------------------
# The questions, lesson by lesson (keyed by experiment)


def _drain(shared: Mapping) -> Measured:
    r = shared["drain_race"]
    return race({"heapq": r["heapq"], "bisect.insort": r["insort"]}, tie=1.5)


def _build(shared: Mapping) -> Measured:
    heapify_runs, push_runs, _ = shared["heapq_build"]
    return race({"heapify": heapify_runs, "n pushes": push_runs}, tie=1.2)


def _heap_pop_time(shared: Mapping) -> Measured:
    per, (size, where) = shared["cache_lines"]
    return race({"binary": per[2][1], "4-ary": per[4][1]}, tie=1.1, show=_ns)


def _heap_pop_lines(shared: Mapping) -> Measured:
    per, _ = shared["cache_lines"]
    lines = per[2][3]
    return bucket(lines, (4, 12, 30), f"{lines:.2f} lines per binary pop")


def _arity_pop(shared: Mapping) -> Measured:
    rows = shared["arity_sweep"]
    return race({f"d={r.arity}": r.pop_ns for r in rows}, tie=1.1, show=_ns)


def _scan_vs_dict(shared: Mapping) -> Measured:
    n, r_scan, _, r_mixed = shared["scan_vs_dict"]
    return ratio_bucket(_median(r_scan) / _median(r_mixed), (10, 1_000, 100_000),
                        f"at {n:,} users, scan / lookup")


def _hash_lines(shared: Mapping) -> Measured:
    found = shared["c_lookups"]
    chained, open_ = found["chained_lines"], found["open_lines"]
    return race({"chaining": chained, "open addressing": open_}, tie=1.1, longest=True,
                show=lambda v: f"{v:.2f} lines")


def _probe_race(shared: Mapping) -> Measured:
    rows = shared["probe_race"]["rows"]
    return race({name: rows[(kind, 0.9)].miss_mean for kind, name in (
        ("linear", "linear"), ("quadratic", "quadratic"), ("double", "double hashing"),
        ("perturbation", "perturbation"))}, tie=1.2, longest=True,
        show=lambda v: f"{v:.1f} probes")


def _robin_hood(shared: Mapping) -> Measured:
    found = shared["robin_hood"]
    return ratio_bucket(found["plain"].variance / found["robin"].variance,
                        (2, 10, 50), "plain / Robin Hood variance")


def _dict_memory(shared: Mapping) -> Measured:
    list_bytes, dict_bytes = shared["dict_memory"]
    return ratio_bucket(dict_bytes / list_bytes, (1.5, 3, 6), "dict / list bytes")


def _python_walk(shared: Mapping) -> Measured:
    _, r_list, r_nodes = shared["python_walk"]
    return race({"the list": r_list, "the linked nodes": r_nodes}, tie=1.1)


def _c_walks(shared: Mapping) -> Measured:
    _, results = shared["c_walks"]
    ratio = (results["nodes_shuffled"].ns_per_element
             / results["nodes_pool"].ns_per_element)
    return ratio_bucket(ratio, (2, 10, 50), "shuffled / in-order nodes")


def _shuffled_array(shared: Mapping) -> Measured:
    array = shared["c_shuffled_array"]["array_shuffled"]
    nodes = shared["c_walks"][1]["nodes_shuffled"]
    return race({"the array": [p / array.n for p in array.pass_ns],
                 "the nodes": [p / nodes.n for p in nodes.pass_ns]},
                tie=1.2, show=_ns)


def _allocation_order(shared: Mapping) -> Measured:
    r_o, r_s = shared["allocation_order"]
    return race({"in the order made": r_o, "shuffled": r_s}, tie=1.1)


def _ladder(shared: Mapping) -> Measured:
    ladder = shared["ladder"]
    ratio = _median(ladder.dram_runs) / _median(ladder.l1_runs)
    return ratio_bucket(ratio, (10, 100, 1000), "main memory / L1")


def _tlb(shared: Mapping) -> Measured:
    figures = shared["tlb"]
    ratio = _median(figures.small_runs) / _median(figures.huge_runs)
    return ratio_bucket(ratio, (1.1, 1.5, 3),
                        f"at {figures.sizes[-1] >> 20} MiB, 4 KiB / 2 MiB pages")


def _pair(key: str, first: str, second: str) -> Callable[[Mapping], Measured]:
    """A race between the two times stored under ``key``."""
    def measure(shared: Mapping) -> Measured:
        a, b = shared[key]
        return race({first: a, second: b}, tie=1.5)
    return measure


def _deque_front(shared: Mapping) -> Measured:
    big, t_big, _, _, t_deque = shared["front_insert"]
    return ratio_bucket(t_big / t_deque, (3, 10, 100),
                        f"at {big:,} items, list / deque")


def _block_lines(shared: Mapping) -> Measured:
    lines = {r["layout"]: r for r in shared["sweep"][1]}[1]["lines"]
    return bucket(lines, (0.25, 0.75, 1.5), f"{lines:.3f} lines per item")


def _ring_growth(shared: Mapping) -> Measured:
    g = shared["ring_growth"]
    if g["growth"] is None:
        return None, "the ring never grew"
    return race({"the ring buffer": g["growth"], "BlockedDeque": g["slowest_blocked"]},
                tie=1.5, longest=True, show=_ns)


def _fifo(shared: Mapping) -> Measured:
    t = shared["fifo"]
    return race({"collections.deque": t["deque"], "dsa BlockedDeque": t["blocked"]},
                tie=1.2)


def _ring_reads(shared: Mapping) -> Measured:
    row = shared["ring_deque"]["d[i] in the middle half"]
    return race({"the ring buffer": row.ring_runs, "BlockedDeque": row.blocked_runs},
                tie=1.5)


def _spare_blocks(shared: Mapping) -> Measured:
    dropped = shared["spares"]["dropped"]
    per = dropped.fresh_blocks / dropped.ops
    return bucket(per, (1 / 1000, 1 / 8),
                  f"{dropped.fresh_blocks:,} blocks for {dropped.ops:,} items")


def _bounded(shared: Mapping) -> Measured:
    big = shared["bounded"][-1]
    return ratio_bucket(_median(big.list_runs) / _median(big.deque_runs), (3, 30, 300),
                        f"at k = {big.k:,}, list / deque")


def _rotate(shared: Mapping) -> Measured:
    by = {r.steps: r for r in shared["rotate"]}
    return race({"rotate(1)": by[1].blocked_runs,
                 "rotate(n - 1)": by[max(by)].blocked_runs}, tie=3, longest=True)


QUESTIONS: dict[str, dict[str, tuple[Question, ...]]] = {
    "heap": {
        "drain_race": (Question(
            "Draining the same jobs, most urgent first: which is faster, heapq or "
            "a list kept sorted with bisect.insort?",
            versus("heapq", "bisect.insort"), _drain, "heap_beats_insort"),),
        "build": (Question(
            "Building a heap from n items: which is faster, one heapq.heapify or "
            "n heappush calls?", versus("heapify", "n pushes"), _build,
            "heapify_faster_in_time"),),
        "cache_lines": (
            Question("A binary heap far bigger than the caches: how many cache lines "
                     "does one pop touch?", ranges((4, 12, 30), " lines"),
                     _heap_pop_lines, "four_ary_wins_past_cache"),
            Question("And which pops faster at that size, the binary heap or the "
                     "4-ary one?", versus("binary", "4-ary"), _heap_pop_time,
                     "four_ary_wins_past_cache"),
        ),
        "arity_sweep": (Question(
            "The same C heap with 2, 3, 4 or 8 children per node (in full mode "
            "larger than this machine's L2): which arity pops fastest?",
            versus("d=2", "d=3", "d=4", "d=8"),
            _arity_pop, "arity_sweep_pop_time"),),
    },
    "hashtable": {
        "scan_vs_dict": (Question(
            "Finding one user by email: how many times faster is a dict lookup "
            "than scanning the list?", ranges((10, 1_000, 100_000)), _scan_vs_dict,
            "dict_thousands_faster"),),
        "probe_race": (Question(
            "The same random hashes in four tables at load 0.9: whose failed lookups "
            "probe the most slots?",
            versus("linear", "quadratic", "double hashing", "perturbation"),
            _probe_race, "spreading_cuts_misses"),),
        "robin_hood": (Question(
            "The same keys at load 0.9, linear probing with and without Robin "
            "Hood: how many times smaller is the variance of the probes per hit "
            "with it?", ranges((2, 10, 50)), _robin_hood, "robin_hood_evens_out"),),
        "c_lookups": (Question(
            "A lookup that hits, at load 0.5: which table touches more cache lines?",
            versus("chaining", "open addressing"), _hash_lines, "lines_tell_the_story"),),
        "dict_facts": (Question(
            "The same items in a dict and in a list: how many times the list's "
            "bytes does the dict take?", ranges((1.5, 3, 6)), _dict_memory,
            "dict_several_times_list"),),
    },
    "linkedlist": {
        "python_walk": (Question(
            "Summing the same numbers in Python: which walk is faster, the list or "
            "the linked nodes?", versus("the list", "the linked nodes"), _python_walk,
            "python_nodes_slower"),),
        "c_walks": (Question(
            "In C, nodes linked in shuffled order against the same nodes in order: "
            "how many times slower per element?", ranges((2, 10, 50)), _c_walks,
            "shuffled_nodes_wait"),),
        "shuffled_array": (Question(
            "Both read in shuffled order: which is faster per element, the array "
            "or the linked nodes?", versus("the array", "the nodes"), _shuffled_array,
            "shuffled_array_beats_shuffled_nodes"),),
        "allocation_order": (Question(
            "Python nodes walked in the order they were made, or linked in shuffled "
            "order: which walk is faster?", versus("in the order made", "shuffled"),
            _allocation_order, "allocation_order_matters"),),
        "ladder": (Question(
            "A load from main memory against a load from L1: how many times "
            "slower?", ranges((10, 100, 1000)), _ladder, "memory_vs_l1"),),
        "tlb": (Question(
            "The same random chase far past the caches, on 2 MiB huge pages instead "
            "of 4 KiB pages: how many times faster per load?", ranges((1.1, 1.5, 3)),
            _tlb, "page_walks_explain_dram"),),
        "front_insert": (Question(
            "Inserting at the front: which is faster, list.insert(0, x) or the "
            "linked list?", versus("list.insert(0, x)", "the linked list"),
            _pair("front_insert", "list.insert(0, x)", "the linked list"),
            "front_insert_linked_wins"),),
        "middle_insert": (Question(
            "Inserting in the middle, no position held: which is faster, "
            "list.insert(mid, x) or walking the linked list there and splicing?",
            versus("list.insert(mid, x)", "walk and splice"),
            _pair("middle_insert", "list.insert(mid, x)", "walk and splice"),
            "middle_insert_array_wins"),),
        "remove_held": (Question(
            "Removing an item whose position you hold: which is faster, del lst[i] "
            "or unlinking the node?", versus("del lst[i]", "unlink the node"),
            _pair("remove_held", "del lst[i]", "unlink the node"),
            "remove_held_linked_wins"),),
    },
    "deque": {
        "front_insert": (Question(
            "Inserting at the front of a big sequence: how many times slower is "
            "list.insert(0, x) than deque.appendleft(x)?", ranges((3, 10, 100)),
            _deque_front, "front_insert_ratio_large"),),
        "block_sweep": (Question(
            "A deque whose blocks hold one item each, walked in order: how many "
            "cache lines per item?", ranges((0.25, 0.75, 1.5), " lines"),
            _block_lines, "block_1_lines"),),
        "ring_growth": (Question(
            "Appending a million items one by one: whose slowest single append is "
            "longer, the ring buffer's or BlockedDeque's?",
            versus("the ring buffer", "BlockedDeque"), _ring_growth,
            "blocked_has_no_growth_pause"),),
        "fifo": (Question(
            "A queue (append, then pop from the front): which is faster per "
            "operation, collections.deque or the pure-Python BlockedDeque?",
            versus("collections.deque", "dsa BlockedDeque"), _fifo,
            "blocked_behind_deque"),),
        "ring_deque": (Question(
            "Reading d[i] in the middle of a 100,000-item deque: which is faster, "
            "a ring buffer or BlockedDeque?", versus("the ring buffer", "BlockedDeque"),
            _ring_reads, "ring_indexes_in_constant_time"),),
        "spare_blocks": (Question(
            "A steady queue passes items through blocks of 64. If no emptied block "
            "were kept for reuse, how many blocks would it allocate?",
            ("none: blocks are reused anyway", "about one per 64 items",
             "about one per item"), _spare_blocks, "spares_allocate_nothing"),),
        "bounded_buffer": (Question(
            "Keeping the last 16,384 items of a stream: how many times slower per "
            "item is a list (append, then del buf[0]) than deque(maxlen=k)?",
            ranges((3, 30, 300)), _bounded, "maxlen_list_grows"),),
        "rotate_cost": (Question(
            "On a deque of n items, which costs more: rotate(1) or rotate(n - 1)?",
            versus("rotate(1)", "rotate(n - 1)"), _rotate, "rotate_the_short_way"),),
    },
}


def questions_for(lesson: str) -> dict[str, tuple[Question, ...]]:
    """The questions of ``lesson``, by the experiment they come before."""
    return QUESTIONS.get(lesson, {})


# --------------------------------------------------------------------------
# Asking and answering


def ask(ctx, question: Question) -> Prediction:
    """Print ``question`` and its choices, read one key, say what was chosen."""
    console = ctx.console
    console.print(Text.assemble(("Predict: ", "bold magenta"), question.ask))
    for number, label in enumerate(question.choices, 1):
        console.print(Text.assemble(f"  {number}  ", (label, "bold")))
    chosen = ctx.choose(f"Your prediction: 1 to {len(question.choices)} "
                        "(Enter skips, q quits)", len(question.choices))
    if chosen is None:
        console.print(Text("No prediction; the result follows.", style="dim"))
    else:
        console.print(Text.assemble(("You predicted: ", "magenta"),
                                    question.choices[chosen]))
    prediction = Prediction(question, chosen)
    ctx.predictions.append(prediction)
    return prediction


def settle(prediction: Prediction, shared: Mapping) -> None:
    """Read the measured answer from the run's figures."""
    try:
        prediction.measured, prediction.figures = prediction.question.measure(shared)
    except Exception as exc:          # not measured (a skipped step, no C twins)
        prediction.measured, prediction.figures = None, (
            f"not measured in this run ({type(exc).__name__})")


def answer_line(prediction: Prediction) -> Text:
    """"you predicted X; measured Y (figures)", and whether they agree."""
    labels = prediction.question.choices
    measured = (labels[prediction.measured] if prediction.measured is not None
                else "cannot tell")
    verdict = {True: (" · as you predicted", "green"),
               False: (" · not what you predicted", "yellow"),
               None: ("", "")}[prediction.right]
    return Text.assemble(
        ("you predicted ", "magenta"), (labels[prediction.chosen], "bold"),
        ("; measured ", "magenta"), (measured, "bold"),
        (f" ({prediction.figures})", "dim"), verdict)


def summary(predictions: Sequence[Prediction]) -> str | None:
    """One line for the recap: how many predictions the run bore out."""
    made = [p for p in predictions if p.chosen is not None and p.measured is not None]
    if not made:
        return None
    right = sum(p.right for p in made)
    return (f"Your predictions: {right} of {len(made)} as measured on this machine.")


__all__ = ["Question", "Prediction", "QUESTIONS", "questions_for", "ask", "settle",
           "answer_line", "summary", "race", "bucket"]
