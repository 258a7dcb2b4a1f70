"""A cost model small enough to check by hand.

A headline ratio such as "the heap drains 25x faster than insort" is one
total time over another, and each total is a sum of a few kinds of work done
a known number of times.  Price each kind of work once per machine and the
ratio follows; price it on both machines and the model shows *which* unit
cost moved the ratio.  Four unit costs are enough for the heap and deque
races:

``call``
    one trip round a Python loop that calls a C method doing O(1) work
    (``d.appendleft(x)``).  The interpreter's price.
``compare``
    one comparison of two floats made from C while scanning a list (what
    ``min()`` and ``list.remove()`` do).  Also the interpreter's price, but
    without the loop.
``level``
    one level of a ``heapq`` sift: a comparison and one pointer moved.
``shift``
    one pointer moved by ``list.insert``'s loop, which copies the tail of
    the list one pointer at a time.  The memory's price: eight bytes per
    shift, so ``8 / shift`` is the bandwidth that loop reaches.

The counts come from the algorithms, not from measurement: the plain-list
drain compares about ``0.75 n²`` times, insort's drain shifts about ``n²/4``
pointers, a heap pop sinks through about ``log2 n`` levels.  The model leaves
out everything else (allocation, the caches a large list falls out of, branch
prediction), and where its prediction misses the measurement by more than
the noise, that missing term is the lesson.

On the articles' machine the unit costs are read off the published figures
themselves (:func:`published_costs` says which figure gives which cost); on
this machine the lessons measure them (the same experiments, the same way).

The linked-list lesson's two headline ratios, a random pointer chase
against a sequential walk and an array visited in shuffled against in-order
order, get the same treatment at the end of this module
(:class:`WalkCosts`): a price for a dependent load far out in memory (the
latency ladder), one for an element streamed in order (the loop or the
memory bus, whichever is slower) and one for the interpreter's visit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Sequence, TypeVar

from rich.markup import escape
from rich.text import Text

from dsa.timing import format_ratio

from .context import Context
from .figures import Figure
# The build's size and swap count are the heap table's (one place for both).
from .heap_common import PUB_BUILD_N, PUB_BUILD_PUSH_SWAPS

# Published figures the unit costs are read from (the articles' machine).
PUB_APPENDLEFT_S = 53.3e-9           # collections.deque.appendleft, per call
PUB_PLAIN_DRAIN_S = 72.0             # plain list + min() + remove(), 100,000 jobs
PUB_PLAIN_DRAIN_N = 100_000
PUB_INSORT_DRAIN_S = 1.39            # the same drain, list kept sorted by insort
PUB_HEAP_DRAIN_S = 54.8e-3           # the same drain, heapq
PUB_PUSH_BUILD_S = 322.7e-3          # heappush one at a time, 1,000,000 descending
PUB_MIDDLE_INSERT_S = 255_486e-9     # list.insert(mid, x) at N = 1,000,000
PUB_MIDDLE_INSERT_N = 1_000_000


@dataclass(frozen=True)
class UnitCosts:
    """Seconds per unit of each kind of work on one machine, and where each
    figure came from."""

    call: float
    compare: float
    level: float
    shift: float
    sources: dict[str, str] = field(default_factory=dict, compare=False)

    @property
    def bandwidth(self) -> float:
        """Bytes per second that ``list.insert``'s pointer loop moves."""
        return 8 / self.shift if self.shift > 0 else math.inf


# ---------------------------------------------------------------------------
# Counts: how many units each experiment does (from the algorithms)


def plain_drain_compares(n: int) -> float:
    """Comparisons made draining ``n`` jobs with ``min()`` then ``remove()``.

    With ``k`` jobs left, ``min`` compares ``k - 1`` times and ``remove``
    scans to the minimum, on average half way: ``k / 2`` more.  Summed over
    ``k = n .. 1`` that is about ``0.75 n²``.
    """
    return n * (n - 1) / 2 + n * (n + 1) / 4


def insort_drain_shifts(n: int) -> float:
    """Pointers shifted filling a sorted list by ``n`` insorts at random
    places: the ``k``-th insert shifts on average ``k / 2``, ``n² / 4`` in all."""
    return n * n / 4


def heapify_levels(n: int) -> float:
    """Sift levels of ``heapq.heapify`` on descending input.

    heapq sinks each of the ``n / 2`` parents all the way to a leaf (the
    heights of all parents add up to about ``n``) and then climbs back; on
    descending input the climb stops after one comparison, ``n / 2`` more.
    """
    return 1.5 * n


# ---------------------------------------------------------------------------
# Unit costs


def level_cost(push_seconds: float, call_seconds: float, n: int, swaps: int) -> float:
    """The price of one sift level, read off a push-one-at-a-time build: the
    push loop's time, less its loop and calls, over the levels climbed."""
    return max(push_seconds - n * call_seconds, 0.0) / swaps


def published_costs() -> UnitCosts:
    """The four unit costs on the articles' machine, each from one published
    figure."""
    call = PUB_APPENDLEFT_S
    return UnitCosts(
        call=call,
        compare=PUB_PLAIN_DRAIN_S / plain_drain_compares(PUB_PLAIN_DRAIN_N),
        level=level_cost(PUB_PUSH_BUILD_S, call, PUB_BUILD_N,
                         PUB_BUILD_PUSH_SWAPS),
        shift=PUB_MIDDLE_INSERT_S / (PUB_MIDDLE_INSERT_N / 2),
        sources={
            "call": "deque.appendleft, 53.3 ns",
            "compare": "plain-list drain, 72.0 s over 0.75 n² comparisons",
            "level": f"push-one-at-a-time build, 322.7 ms less {PUB_BUILD_N:,} "
                     f"calls, over {PUB_BUILD_PUSH_SWAPS:,} levels",
            "shift": "list.insert(mid, x), 255,486 ns over 500,000 pointers",
        })


# ---------------------------------------------------------------------------
# Predicted totals


def insort_drain(n: int, u: UnitCosts) -> float:
    """Seconds to drain ``n`` jobs through a list kept sorted with insort:
    two calls per job (insort, pop), a binary search of ``log2 n``
    comparisons, and the shifting."""
    return n * (2 * u.call + math.log2(n) * u.compare) + insort_drain_shifts(n) * u.shift


def heap_drain(n: int, u: UnitCosts) -> float:
    """Seconds to drain ``n`` jobs through heapq: two calls per job; a push of
    a random job climbs about two levels, a pop sinks through ``log2 n``."""
    return n * (2 * u.call + (math.log2(n) + 2) * u.level)


def push_build(n: int, swaps: int, u: UnitCosts) -> float:
    """Seconds to build by pushing ``n`` items that climb ``swaps`` levels."""
    return n * u.call + swaps * u.level


def heapify_build(n: int, u: UnitCosts) -> float:
    """Seconds for ``heapq.heapify`` of ``n`` descending items (one call)."""
    return heapify_levels(n) * u.level


def front_insert(n: int, u: UnitCosts) -> float:
    """Seconds for one ``list.insert(0, x)`` into ``n`` pointers."""
    return u.call + n * u.shift


@dataclass(frozen=True)
class Prediction:
    """One headline ratio: the model's value and the measured one, on the
    articles' machine and on this one (``None`` where not measured)."""

    what: str
    model_published: float
    published: float | None
    model_now: float | None
    measured_now: float | None

    def miss(self) -> float | None:
        """How far the model is off on this machine, as measured / model."""
        if self.model_now is None or self.measured_now is None or self.model_now <= 0:
            return None
        return self.measured_now / self.model_now

    def miss_published(self) -> float | None:
        """The same on the articles' machine: published / model."""
        if self.published is None or self.model_published <= 0:
            return None
        return self.published / self.model_published


def heap_predictions(pub: UnitCosts, now: UnitCosts | None, *,
                     drain_n: int, drain_now: float | None,
                     build_n: int, build_swaps: int,
                     build_pub: float, build_now: float | None) -> list[Prediction]:
    """The heap lesson's two headline ratios, modelled on both machines."""
    def drain(u: UnitCosts) -> float:
        return insort_drain(drain_n, u) / heap_drain(drain_n, u)

    def build(u: UnitCosts, n: int) -> float:
        return push_build(n, build_swaps, u) / heapify_build(n, u)

    return [
        Prediction("drain: insort / heap", drain(pub),
                   PUB_INSORT_DRAIN_S / PUB_HEAP_DRAIN_S,
                   drain(now) if now else None, drain_now),
        Prediction("build: push loop / heapify", build(pub, PUB_BUILD_N),
                   build_pub, build(now, build_n) if now else None, build_now),
    ]


def measure_shift(n: int, timer: Callable[[Callable[[], None], int], float],
                  call: float, ops: int = 200) -> float:
    """Seconds per pointer shifted by ``list.insert(0, x)`` into ``n`` pointers,
    less the call (``timer(fn, ops)`` returns seconds per op)."""
    lst = list(range(n))

    def run() -> None:
        ins, pop = lst.insert, lst.pop
        for _ in range(ops):
            ins(0, -1)
            pop()              # from the end: O(1), keeps the length at n
    per_op = timer(run, ops)
    return max(per_op - 2 * call, 0.0) / n


def model_rows(predictions: Sequence[Prediction]) -> list[tuple[str, ...]]:
    """Rows for a table: ratio, model and measured on each machine."""
    def x(value: float | None) -> str:
        return "—" if value is None else f"{value:,.1f}x"
    return [(p.what, x(p.model_published), x(p.published), x(p.model_now),
             x(p.measured_now)) for p in predictions]



def prediction_rows(predictions: Sequence[Prediction]) -> list[Figure]:
    """Model and measurement of each headline ratio, on both machines."""
    def x(value: float | None) -> str:
        return "—" if value is None else format_ratio(value)
    return [Figure(p.what, f"model {x(p.model_published)} · measured {x(p.published)}",
                   f"model {x(p.model_now)} · measured {x(p.measured_now)}",
                   f"measured / model: {x(p.miss_published())} "
                   "published" + ("" if p.miss() is None else f", {x(p.miss())} now"))
            for p in predictions]


#: How far a model may miss and still be said to explain a ratio, and how
#: far is clearly a miss (in between: this run cannot tell).
FITS, MISSES = 1.5, 2.0


def within(miss: float, fits: float = FITS, misses: float = MISSES) -> bool | None:
    """Whether a model that missed by ``miss`` (measured / model) explains
    the measurement: True within ``fits`` either way, False beyond
    ``misses``, else None (this run cannot tell)."""
    off = max(miss, 1 / miss)
    return True if off <= fits else False if off > misses else None


# ---------------------------------------------------------------------------
# The linked-list lesson's walks: latency against bandwidth

# Published figures the walk prices are read from (the articles' machine).
PUB_FAR_LOAD_S = 81.5e-9        # follow one pointer out in main memory
PUB_STREAM_S = 0.62e-9          # one int64 of a 1 GiB array walked in order
PUB_CHASE_VS_STREAM = 132       # random chase / sequential, as published
PUB_VISIT_S = 44.4e-9           # Python: total += values[i], indices in order
PUB_SHUFFLED_VISIT_S = 265.8e-9  # the same, indices shuffled
INT64_BYTES = 8
#: Objects a shuffled Python visit reaches one after another, each at a
#: place the last one named: the index's int (the indices' ints were made in
#: order and are visited shuffled), the list's slot at that index, and the
#: value's int.  Each can start only when the one before has arrived.
VISIT_CHAIN = 3
#: Bytes behind one element of the shuffled visit: a slot and an int object
#: for the values, the same again for the indices.
VISIT_BYTES = 2 * (8 + 32)


@dataclass(frozen=True)
class WalkCosts:
    """Seconds per unit of the walks' work on one machine.

    ``far``: one dependent load at the chase's working set, past the caches
    (page walk included, ``page_walk`` of it where the TLB step measured
    it).  ``loop``: one element of the C array walk when the array sits in
    L1, the loop's own price (``None`` where not published).
    ``bandwidth``: bytes per second a sequential read streams from memory.
    ``visit``: one in-order Python visit, the interpreter's price.
    ``visit_far``: one dependent load at the Python visit's working set.
    """

    far: float
    loop: float | None
    bandwidth: float
    visit: float
    visit_far: float
    page_walk: float | None = None
    sources: dict[str, str] = field(default_factory=dict, compare=False)

    @property
    def stream(self) -> float:
        """Seconds per int64 of a sequential walk: the loop or the bus,
        whichever is slower (the other one works in its shadow)."""
        return max(self.loop or 0.0, INT64_BYTES / self.bandwidth)


def chase_vs_stream(u: WalkCosts) -> float:
    """A random chase over a sequential walk, per element: one far load
    against one streamed int64."""
    return u.far / u.stream


def shuffled_visit(u: WalkCosts) -> float:
    """Seconds for one shuffled Python visit: the interpreter's work, and a
    chain of :data:`VISIT_CHAIN` dependent far loads, none overlapped."""
    return u.visit + VISIT_CHAIN * u.visit_far


def shuffled_vs_in_order(u: WalkCosts) -> float:
    """Shuffled over in-order visits: (interpreter + memory) / interpreter."""
    return shuffled_visit(u) / u.visit


def chains_in_flight(u: WalkCosts, measured: float) -> float:
    """How many visits' chains the CPU must have overlapped for the
    shuffled ratio ``measured``: the model's memory time over the memory
    time the measurement leaves (inf when it leaves none)."""
    extra = (measured - 1) * u.visit
    return VISIT_CHAIN * u.visit_far / extra if extra > 0 else math.inf


def published_walk_costs() -> WalkCosts:
    """The walk prices on the articles' machine, each from one published
    figure (no in-cache walk was published, so the loop's price is unknown:
    at most the 0.62 ns of the 1 GiB walk, whose element the model reads as
    the bus's price)."""
    return WalkCosts(
        far=PUB_FAR_LOAD_S, loop=None, bandwidth=INT64_BYTES / PUB_STREAM_S,
        visit=PUB_VISIT_S, visit_far=PUB_FAR_LOAD_S,
        sources={"far": "follow one pointer in main memory, 81.5 ns",
                 "stream": "walk a 1 GiB int64 array in order, 0.62 ns an element "
                           "(8 bytes: 12.9 GB/s)",
                 "visit": "values[i], indices in order, 44.4 ns",
                 "visit far": "the same 81.5 ns (the visits' working set is past "
                              "the 9 MB L3)"})


def walk_predictions(pub: WalkCosts, now: WalkCosts | None, *,
                     chase_now: float | None,
                     shuffled_now: float | None) -> list[Prediction]:
    """The linked-list lesson's two headline ratios, modelled on both machines."""
    return [
        Prediction("random chase / sequential walk", chase_vs_stream(pub),
                   PUB_CHASE_VS_STREAM, chase_vs_stream(now) if now else None,
                   chase_now),
        Prediction("Python visits: shuffled / in order", shuffled_vs_in_order(pub),
                   PUB_SHUFFLED_VISIT_S / PUB_VISIT_S,
                   shuffled_vs_in_order(now) if now else None, shuffled_now),
    ]


def combine(verdicts: Sequence[bool | None]) -> bool | None:
    """One verdict from several: False if any fails, else None if any cannot
    tell, else True."""
    return False if False in verdicts else None if None in verdicts else True


def article_misses(predictions: Sequence[Prediction],
                   names: Sequence[str]) -> tuple[list[float], dict[str, str]]:
    """Each ratio's miss on the articles' machine (published / model), and
    what a claim's text shows: ``{name}_model`` and ``{name}_pub`` for each
    ratio, and the ``worst`` miss either way."""
    misses = [p.published / p.model_published for p in predictions]
    values = {}
    for name, p in zip(names, predictions):
        values[f"{name}_model"] = format_ratio(p.model_published)
        values[f"{name}_pub"] = format_ratio(p.published)
    values["worst"] = format_ratio(max(max(m, 1 / m) for m in misses))
    return misses, values


def sources_caption(pub: dict[str, str], now: dict[str, str] | None) -> str:
    """A price table's caption: where each price came from, on both machines
    (escaped: the sources may name ``values[i]``)."""
    said = "Published sources: " + "; ".join(f"{k}: {v}" for k, v in pub.items())
    if now is not None:
        said += ". Here: " + "; ".join(f"{k}: {v}" for k, v in now.items())
    return escape(said + ".")


def published_only(needs: str) -> Text:
    """What a model step says when this machine's prices could not be read:
    ``needs`` names the steps they come from, and what to run."""
    return Text.assemble(("Only the published side: ", "bold yellow"),
                         f"this machine's prices need {needs}.")


#: Either model's prices: the races' :class:`UnitCosts` or the walks'
#: :class:`WalkCosts`.
Costs = TypeVar("Costs", UnitCosts, WalkCosts)


def show_model(ctx: Context, *, prices_title: str, prices: list[Figure],
               pub: Costs, now: Costs | None, predictions_title: str,
               predictions: Sequence[Prediction], predictions_caption: str,
               needs: str, explain: Callable[[Costs], Text]) -> None:
    """Print a model step: the unit prices on both machines (captioned with
    where each came from), the model's predictions beside the measurements,
    then ``explain(now)``, why the ratios moved; or, where this machine's
    prices could not be read, only what they need (``needs``)."""
    ctx.table(prices_title, prices,
              caption=sources_caption(pub.sources, now.sources if now else None))
    ctx.table(predictions_title, prediction_rows(predictions),
              caption=predictions_caption)
    if now is None:
        ctx.console.print(published_only(needs))
        return
    ctx.console.print(explain(now))
