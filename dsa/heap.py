"""Binary heaps, written to be read.

The heap rule
=============
A *min-heap* is a binary tree that obeys one rule:

    no child is smaller than its parent.

Along any path from the root to a leaf the items never decrease, so the
smallest item is at the root.  That is all the rule promises: nothing about
siblings or cousins, which is why a heap is much cheaper to keep up than a
sorted list (``[3, 5, 7, 9, 12, 8, 14]`` is a heap although 9 comes before
8).  A *max-heap* is the mirror image.  Only ``a < b`` is ever asked, so
items need nothing but ``__lt__``, and equal items never trade places.

The tree lives in a flat list
=============================
A heap is always a *complete* tree: every level is full except perhaps the
last, which fills from the left.  Number the nodes level by level, left to
right, from 0 at the root, and store node ``i`` at ``list[i]``::

                    0
              1            2
           3     4      5     6
          7 8   9 10  11 12 13 14

No gaps, so no holes and no pointers: node ``i``'s children are ``2*i + 1``
and ``2*i + 2``, its parent ``(i - 1) // 2`` (4's children are 9 and 10,
both lead back to 4).  ``n`` nodes make ``floor(log2(n)) + 1`` levels, so a
root-to-leaf walk is O(log n).  The first ``n // 2`` nodes have children.

Two repairs
===========
Every operation breaks the rule in at most one place and mends it by moving
one item along one root-to-leaf path.  **Sift up**: an item smaller than its
parent trades places with it until it is not (*push*: the new item starts
as the last leaf and climbs).  **Sift down**: an item larger than one of its
children trades places with the smaller child until it is not (*pop*: the
last leaf moves into the emptied root and sinks).  Each swap is made in two
halves: the neighbour moves into the item's slot at once, while the item
waits in a variable and is written only where it stops, which saves half
the writes (for someone watching a sift, each swap is finished first).

Building a heap bottom-up takes O(n), not O(n log n)
=====================================================
*Pushing* items one at a time, each may climb from the bottom to the root,
and most nodes are near the bottom: descending input costs ``n log2 n``
swaps.  *Bottom-up heapify* sifts down every node that has children, the
last first, so both subtrees of a node are heaps when it is reached; its
cost is its distance to the *bottom*, short for almost every node: a quarter
sink at most 1 level, an eighth at most 2, ..., in total at most::

    n/4 * 1 + n/8 * 2 + n/16 * 3 + ...  =  n * (1/4 + 2/8 + 3/16 + ...)  =  n

swaps.  On 1,000,000 integers in descending order, bottom-up heapify makes
999,988 swaps; pushing them one by one makes 17,951,445.

What is in this module
======================
The primitives, both sifts, both ways to build, :func:`is_heap` and three
classes on the two sifts; heapq's exact drop-ins, from ``dsa/_heapq.py``
(whose header says why they differ).  The C twin, ``native/heap.c``, keeps
int64 values in a padded, line-aligned array of any arity and pops
bottom-up; ``docs/twins.md`` says why.
"""

from __future__ import annotations

import itertools
import operator
from dataclasses import dataclass
from typing import (Any, Callable, Dict, Generic, Hashable, Iterable, Iterator,
                    List, Optional, Tuple, TypeVar)

from dsa import _heapq
from dsa._heapq import *  # noqa: F401,F403  (heapq's functions, exactly)
from dsa._heapq import _heapify_max, _heappop_max, _heapreplace_max  # noqa: F401
from dsa.pictures import Pictured

__all__ = ["parent", "left", "right", "sift_up", "sift_down", "heapify_bottom_up",
           "heapify_by_pushing", "is_heap", "HeapStats", "BinaryHeap",
           "PriorityQueue", "IndexedPriorityQueue", *_heapq.__all__]

T = TypeVar("T")
Item = TypeVar("Item", bound=Hashable)
KeyFunc = Optional[Callable[[Any], Any]]
Beats = Callable[[Any, Any], bool]
SwapHook = Optional[Callable[[int, int], Any]]
Stats = Optional["HeapStats"]
Entry = Tuple[Any, int, Any]                 # (priority, serial, item)


def parent(i: int) -> int:
    """Position of the parent of node ``i``: ``(i - 1) // 2``."""
    i = _position(i)
    if i == 0:
        raise ValueError("the root (position 0) has no parent")
    return (i - 1) // 2


def left(i: int) -> int:
    """Position of the left child of node ``i``: ``2 * i + 1``."""
    return 2 * _position(i) + 1


def right(i: int) -> int:
    """Position of the right child of node ``i``: ``2 * i + 2``."""
    return 2 * _position(i) + 2


def sift_up(heap: Any, i: int, *, key: KeyFunc = None, reverse: bool = False,
            stats: Stats = None, on_swap: SwapHook = None) -> int:
    """Move ``heap[i]`` toward the root while it beats its parent; return
    where it stopped.  Each step is one comparison and, unless the parent
    wins, one swap; it stops at the first parent no worse, as all above is
    no worse either.  ``key=`` orders by ``key(item)``, ``reverse=True``
    makes a max-heap, ``stats`` counts, ``on_swap(i, j)`` sees each swap
    from ``i`` to ``j``.  If anything raises, the swaps are undone.

    >>> heap = [3, 5, 7, 9, 12, 8, 14, 2]      # 2 was just appended
    >>> sift_up(heap, 7), heap
    (0, [2, 3, 7, 5, 12, 8, 14, 9])
    """
    return _sift_up(heap, _position(i, len(heap)), _beats(key, reverse),
                    stats, on_swap)


def _sift_up(heap: Any, i: int, beats: Beats, stats: Stats,
             on_swap: SwapHook) -> int:
    start, item = i, heap[i]
    beats = beats if stats is None else _counting(beats, stats)
    less = beats is _LESS                        # plain "<": asked inline
    try:
        while i > 0:
            p = (i - 1) >> 1                     # parent(i)
            above = heap[p]
            if not (item < above if less else beats(item, above)):
                break                            # the rule holds again
            heap[i] = above                      # the parent steps down,
            was, i = i, p                        # the item goes up
            if on_swap is not None:
                heap[i] = item
                on_swap(was, i)
    except BaseException:
        _undo(heap, start, i, item, stats)
        raise
    return _settle(heap, start, i, item, stats)


def sift_down(heap: Any, i: int, n: Optional[int] = None, *, key: KeyFunc = None,
              reverse: bool = False, stats: Stats = None,
              on_swap: SwapHook = None) -> int:
    """Move ``heap[i]`` toward the leaves while a child beats it, within
    ``heap[:n]`` (default: all of it; heapsort shrinks it).  Each step finds
    the better child (one comparison; the left one unless the right beats
    it) and swaps if it beats the item (a second).  As :func:`sift_up` else.
    """
    size = len(heap)
    if n is not None:
        n = operator.index(n)
        if not 0 <= n <= size:
            raise ValueError(f"n must be between 0 and len(heap) = {size}, got {n}")
        size = n
    return _sift_down(heap, _position(i, size), size, _beats(key, reverse),
                      stats, on_swap)


def _sift_down(heap: Any, i: int, size: int, beats: Beats, stats: Stats,
               on_swap: SwapHook) -> int:
    start, item = i, heap[i]
    beats = beats if stats is None else _counting(beats, stats)
    less = beats is _LESS
    child = 2 * i + 1                            # left(i)
    try:
        while child < size:                      # till i is a leaf
            below, right = heap[child], child + 1
            if right < size:                     # right(i) too: take the better
                other = heap[right]
                if other < below if less else beats(other, below):
                    child, below = right, other
            if not (below < item if less else beats(below, item)):
                break                            # the rule holds again
            heap[i] = below                      # the child steps up,
            i, child = child, 2 * child + 1      # the item goes down
            if on_swap is not None:
                heap[i] = item
                on_swap((i - 1) >> 1, i)
    except BaseException:
        _undo(heap, start, i, item, stats)
        raise
    return _settle(heap, start, i, item, stats)


def heapify_bottom_up(seq: Any, *, stats: Stats = None, key: KeyFunc = None,
                      reverse: bool = False, on_swap: SwapHook = None) -> None:
    """Make ``seq`` a heap in place, in O(n): sift down each node that has
    children (positions ``n // 2 - 1`` down to 0), the last first."""
    n, beats = len(seq), _beats(key, reverse)
    for i in range(n // 2 - 1, -1, -1):
        _sift_down(seq, i, n, beats, stats, on_swap)


def heapify_by_pushing(seq: Any, *, stats: Stats = None, key: KeyFunc = None,
                       reverse: bool = False, on_swap: SwapHook = None) -> None:
    """Make ``seq`` a heap in place the slow way, O(n log n): sifting up
    ``seq[i]`` turns the heap ``seq[:i]`` into the heap ``seq[:i+1]``."""
    beats = _beats(key, reverse)
    for i in range(1, len(seq)):
        _sift_up(seq, i, beats, stats, on_swap)


def is_heap(seq: Any, *, key: KeyFunc = None, reverse: bool = False) -> bool:
    """Does every node obey the heap rule (``reverse``: max) with its parent?
    ``is_heap([3, 5, 7, 9, 12, 8, 14])`` is True; with 4 in place of 14, no."""
    return _first_break(seq, _beats(key, reverse)) is None


@dataclass(slots=True)
class HeapStats:
    """The sifts' comparisons and swaps, counted in place: after
    ``heapify_bottom_up([5, 4, 3, 2, 1], stats=s)``, ``s.comparisons == 6``."""
    comparisons: int = 0
    swaps: int = 0

    def reset(self) -> None:
        """Set both counters back to zero."""
        self.comparisons = self.swaps = 0


_LESS = operator.lt                      # the small print of the sifts:


def _beats(key: KeyFunc, reverse: bool) -> Beats:
    """``beats(a, b)``: must ``a`` sit above ``b``?  Never for equal items:
    ``a < b`` (min) or ``b < a`` (max), of the keys if there is a key.  The
    plain min-heap's, ``_LESS``, the sifts ask inline, as ``<``."""
    if key is None:
        return (lambda a, b: b < a) if reverse else _LESS
    return (lambda a, b: key(b) < key(a)) if reverse else (lambda a, b: key(a) < key(b))


def _counting(beats: Beats, stats: "HeapStats") -> Beats:
    """``beats`` that also counts each time it is asked in ``stats``."""
    def counted(a: Any, b: Any) -> bool:
        stats.comparisons += 1
        return beats(a, b)
    return counted


def _position(i: int, size: Optional[int] = None) -> int:
    """``i`` as a position in a heap of ``size`` items (any, if None)."""
    i = operator.index(i)                    # TypeError for 1.5, "3", ...
    if size is None and i < 0:
        raise ValueError(f"heap positions start at 0, got {i}")
    if size is not None and not 0 <= i < size:
        raise IndexError(f"position {i} is outside a heap of size {size}")
    return i


def _levels(start: int, stop: int) -> int:
    """The swaps of a sift from ``start`` to ``stop``: one per level between
    them, up or down (node ``i`` is ``(i + 1).bit_length() - 1`` levels deep)."""
    return abs((start + 1).bit_length() - (stop + 1).bit_length())


def _settle(heap: Any, start: int, stop: int, item: Any, stats: Stats) -> int:
    """End a sift of ``item`` from ``start``: count the swaps, write the item
    where it stopped, and return ``stop``."""
    if stats is not None:
        stats.swaps += _levels(start, stop)
    heap[stop] = item
    return stop


def _undo(heap: Any, start: int, stop: int, item: Any, stats: Stats) -> None:
    """Undo a sift of ``item`` from ``start`` to ``stop``: the rest step back.
    The swaps it had made still count, as comparisons asked still count."""
    if stats is not None:
        stats.swaps += _levels(start, stop)
    path = [max(start, stop)]                # the lower end, its parent, ...
    while path[-1] > min(start, stop):
        path.append((path[-1] - 1) >> 1)
    if start < stop:
        path.reverse()                       # in the order the item went
    for j in range(len(path) - 1, 0, -1):
        heap[path[j]] = heap[path[j - 1]]
    heap[start] = item


def _first_break(array: Any, beats: Beats) -> Optional[int]:
    """The first position whose item beats its parent's, or None."""
    return next((i for i in range(1, len(array))
                 if beats(array[i], array[(i - 1) >> 1])), None)


def _check_rule(array: Any, beats: Beats, kind: str) -> None:
    """AssertionError, saying where, if ``array`` breaks the heap rule."""
    i = _first_break(array, beats)
    if i is not None:
        p = (i - 1) >> 1
        raise AssertionError(f"{kind}-heap rule broken: {array[i]!r} (position {i}) "
                             f"below its parent {array[p]!r} (position {p})")


def _guarded(owner: Any, array: List[Any], field: Optional[int]) -> Iterator[Any]:
    """``array`` (or each ``[field]``); RuntimeError once ``owner`` changes:
    its length, or its ``_version``, which every change that can leave the
    length as it was (a pop, a replace, a clear) adds one to."""
    version, length, i = owner._version, len(array), 0
    while owner._version == version and len(array) == length:
        if i >= len(array):
            return
        yield array[i] if field is None else array[i][field]
        i += 1
    raise RuntimeError(f"{type(owner).__name__} changed during iteration")


class BinaryHeap(Pictured, Generic[T], picture="heap"):
    """A heap object: a list and the two sifts.  ``BinaryHeap(iterable=(),
    *, key=None, max_heap=False, count=False)`` heapifies ``iterable``;
    ``key`` is called at every comparison; ``count=True`` keeps a
    :class:`HeapStats` in :attr:`stats`.  Equal items leave in no set order
    (see :class:`PriorityQueue`); a comparison that raises changes nothing.
    Iteration goes in array order."""

    def __init__(self, iterable: Iterable[T] = (), *, key: KeyFunc = None,
                 max_heap: bool = False, count: bool = False) -> None:
        self._items: List[T] = list(iterable)
        self._key, self._max_heap = key, bool(max_heap)
        self._beats = _beats(key, self._max_heap)
        self.stats: Stats = HeapStats() if count else None
        self._version = 0              # see _guarded; a push need not count
        heapify_bottom_up(self._items, stats=self.stats, key=key,
                          reverse=self._max_heap)

    key = property(lambda self: self._key, doc="The key function, or None.")
    max_heap = property(lambda self: self._max_heap, doc="True: largest first.")

    def push(self, item: T) -> None:
        """Add ``item``: it becomes the last leaf and sifts up.  O(log n)."""
        items = self._items
        items.append(item)
        try:
            _sift_up(items, len(items) - 1, self._beats, self.stats, None)
        except BaseException:
            items.pop()            # the sift undid its moves: the item is last
            raise

    def peek(self) -> T:
        """The item at the top, left in place.  O(1)."""
        if not self._items:
            raise IndexError("peek at an empty heap")
        return self._items[0]

    def pop(self) -> T:
        """Remove and return the top: the last leaf takes its place and sinks."""
        items = self._items
        if not items:
            raise IndexError("pop from an empty heap")
        last = items.pop()
        if not items:
            self._version += 1
            return last
        try:
            return self._replace_top(last)
        except BaseException:
            items.append(last)     # the top is back in place: so is the last
            raise

    def pushpop(self, item: T) -> T:
        """Push, then pop, in one sift at most (none if ``item`` would win)."""
        beats, stats = self._beats, self.stats
        beats = beats if stats is None else _counting(beats, stats)
        if self._items and beats(self._items[0], item):
            return self._replace_top(item)
        return item

    def replace(self, item: T) -> T:
        """Pop, then push, in one sift: the old top leaves even if ``item`` wins."""
        if not self._items:
            raise IndexError("replace on an empty heap")
        return self._replace_top(item)

    def _replace_top(self, item: T) -> T:
        items = self._items
        top, items[0] = items[0], item
        try:
            _sift_down(items, 0, len(items), self._beats, self.stats, None)
        except BaseException:
            items[0] = top         # the sift undid its moves: put the top back
            raise
        self._version += 1
        return top

    def clear(self) -> None:
        self._items.clear()
        self._version += 1

    def to_list(self) -> List[T]:
        """A copy of the array, in array (not sorted) order."""
        return list(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[T]:
        return _guarded(self, self._items, None)

    def __contains__(self, item: object) -> bool:
        return item in self._items     # the rule says nothing of where: O(n)

    def __repr__(self) -> str:
        options = "" if self._key is None else f", key={self._key!r}"
        options += ", max_heap=True" if self._max_heap else ""
        return f"{type(self).__name__}({self._items!r}{options})"

    def check_invariants(self) -> None:
        """Raise AssertionError, saying where, if the heap rule is broken."""
        _check_rule(self._items, self._beats, "max" if self._max_heap else "min")


class _Queue(Pictured, picture="queue"):
    """What both priority queues share: entries ``(priority, serial, item)``
    in a heap array, moved by the two sifts.  Tuples compare field by field:
    by priority, then by serial, from a counter 0, 1, 2 ... (a max-queue,
    whose heap puts the larger first, counts 0, -1, -2 ...), so the earlier
    entry wins: first in, first out.  Serials are unique: items are never
    compared."""

    _shape: Callable[[List[Tuple[Any, Any]]], Any]   # how repr shows the pairs

    def __init__(self, *, max_heap: bool = False) -> None:
        self._heap: List[Entry] = []
        self._max_heap = bool(max_heap)
        self._beats = _beats(None, self._max_heap)
        self._serials = itertools.count(0, -1 if max_heap else 1)
        self._version = 0

    max_heap = property(lambda self: self._max_heap, doc="True: largest first.")

    def _moved(self, pos: int) -> None:
        """Hook: the entry at ``pos`` has just arrived there."""

    def _left(self, entry: Entry) -> None:
        """Hook: ``entry`` has just left the queue."""

    def _settle(self, pos: int, undo: Callable[[], Any]) -> None:
        """Sift the entry at ``pos`` up, or else down, telling :meth:`_moved` of
        each swap; if that fails (and undoes itself), of all, then ``undo()``."""
        heap, moved = self._heap, self._moved

        def swapped(i: int, j: int) -> None:
            moved(i)
            moved(j)
        try:
            if _sift_up(heap, pos, self._beats, None, swapped) == pos:
                _sift_down(heap, pos, len(heap), self._beats, None, swapped)
        except BaseException:
            for i in range(len(heap)):
                moved(i)
            undo()
            raise
        self._version += 1

    def _add(self, item: Any, priority: Any) -> None:
        heap = self._heap
        heap.append((priority, next(self._serials), item))
        self._moved(len(heap) - 1)
        self._settle(len(heap) - 1, lambda: self._left(heap.pop()))

    def _take_out(self, pos: int) -> Entry:
        heap = self._heap                       # the last entry fills the gap
        gone, last = heap[pos], heap.pop()
        self._left(gone)
        if pos == len(heap):                    # it was the last entry
            self._version += 1
            return gone

        def undo() -> None:
            heap[pos] = gone
            heap.append(last)
            self._moved(pos)
            self._moved(len(heap) - 1)
        heap[pos] = last
        self._moved(pos)
        self._settle(pos, undo)
        return gone

    def _first(self, what: str) -> Entry:
        if not self._heap:
            raise IndexError(f"{what} an empty priority queue")
        return self._heap[0]

    def pop(self) -> Any:
        """Remove and return the item that leaves next.  O(log n)."""
        return self.popitem()[0]

    def popitem(self) -> Tuple[Any, Any]:
        """Remove the next item and return ``(item, priority)``.  O(log n)."""
        self._first("pop from")
        priority, _, item = self._take_out(0)
        return item, priority

    def peek(self) -> Any:
        """The item that leaves next, left in place.  O(1)."""
        return self.peekitem()[0]

    def peekitem(self) -> Tuple[Any, Any]:
        """``(item, priority)`` of the item that leaves next.  O(1)."""
        priority, _, item = self._first("peek at")
        return item, priority

    def clear(self) -> None:
        self._heap.clear()
        self._version += 1

    def to_list(self) -> List[Tuple[Any, Any]]:
        """A copy of the array as ``(item, priority)`` pairs, in array (not
        priority) order; the serials that break ties are left out."""
        return [(item, priority) for priority, _, item in self._heap]

    def __len__(self) -> int:
        return len(self._heap)

    def __repr__(self) -> str:
        pairs = [(item, priority) for priority, _, item
                 in sorted(self._heap, reverse=self._max_heap)]
        order = "largest" if self._max_heap else "smallest"
        return f"<{type(self).__name__} ({order} first) {self._shape(pairs)!r}>"

    def check_invariants(self) -> None:
        """Raise AssertionError if the heap rule or the FIFO serials are broken."""
        _check_rule(self._heap, self._beats, "max" if self._max_heap else "min")
        if len({entry[1] for entry in self._heap}) != len(self._heap):
            raise AssertionError("two entries share a serial number")


class PriorityQueue(_Queue, Generic[T]):
    """Items with priorities; the smallest (``max_heap=True``: largest)
    leaves first, and equal ones first-in first-out.  Items are never
    compared, so they may be anything; priorities must be orderable."""

    _shape = list                               # repr: [(item, priority), ...]

    def push(self, item: T, priority: Any) -> None:
        """Add ``item`` with ``priority``.  O(log n)."""
        self._add(item, priority)


class IndexedPriorityQueue(_Queue, Generic[Item]):
    """A priority queue that knows where each (hashable, unique) item is.

    A dict maps every item to its position, updated at every swap (the
    sifts' ``on_swap`` hook), so :meth:`change_priority` and :meth:`remove`
    find the item in O(1) and sift in O(log n): Dijkstra's "decrease-key".
    ``q[item]``, ``q[item] = p``, ``del q[item]`` work as in a dict.  A
    changed item counts as arriving then; a failed comparison changes nothing.
    """

    _shape = dict                               # repr: {item: priority, ...}

    def __init__(self, *, max_heap: bool = False) -> None:
        super().__init__(max_heap=max_heap)
        self._where: Dict[Any, int] = {}        # item -> position in _heap

    def _moved(self, pos: int) -> None:
        self._where[self._heap[pos][2]] = pos

    def _left(self, entry: Entry) -> None:
        del self._where[entry[2]]

    def push(self, item: Item, priority: Any) -> None:
        """Add ``item`` with ``priority``; ValueError if it is already in."""
        if item in self._where:
            raise ValueError(f"{item!r} is already in the queue")
        self._add(item, priority)

    def priority(self, item: Item) -> Any:
        """The priority of ``item`` (KeyError if it is not queued).  O(1)."""
        return self._heap[self._where[item]][0]

    def change_priority(self, item: Item, priority: Any) -> None:
        """Give ``item`` a new priority (it queues last among equals)."""
        heap, pos = self._heap, self._where[item]
        old, heap[pos] = heap[pos], (priority, next(self._serials), item)
        self._settle(pos, lambda: heap.__setitem__(pos, old))

    def remove(self, item: Item) -> None:
        """Remove ``item`` from wherever it is.  O(log n).  KeyError if absent."""
        self._take_out(self._where[item])

    def clear(self) -> None:
        super().clear()
        self._where.clear()

    def __contains__(self, item: object) -> bool:
        return item in self._where              # O(1), thanks to the index

    def __iter__(self) -> Iterator[Item]:
        """The items in array order (not in priority order)."""
        return _guarded(self, self._heap, 2)

    def __setitem__(self, item: Item, priority: Any) -> None:
        (self.change_priority if item in self._where else self.push)(item, priority)

    __getitem__, __delitem__ = priority, remove

    def check_invariants(self) -> None:
        """Also: the index has one key per entry, pointing at its position."""
        super().check_invariants()
        heap, where = self._heap, self._where
        if len(where) != len(heap):
            raise AssertionError(f"index has {len(where)} items, the heap {len(heap)}")
        for pos, (_, _, item) in enumerate(heap):
            if where.get(item) != pos:
                raise AssertionError(f"index says {item!r} is at position "
                                     f"{where.get(item)}, but it is at {pos}")
