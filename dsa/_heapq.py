"""The standard library's heapq, exactly: the drop-in behind dsa.heap.

``dsa.heap`` is the textbook, and its ``sift_up`` and ``sift_down`` are the
lesson's: swap with the parent or the better child, stop as soon as the
heap rule holds, count and show every step.  This module holds the other
functions ``dsa.heap`` exports, :func:`heappush` to :func:`merge`, which
must be literal drop-ins for :mod:`heapq` and therefore cannot be that
textbook.  A program that switches from ``heapq`` to ``dsa.heap`` must see
the same list, item for item, and the same comparisons in the same order
(a key or an ``__lt__`` may count them, log them or raise part-way), and
the same errors.  That forces three choices the textbook does not make:

* **The bottom-up sift-down.**  CPython's pop does not stop early.  The
  hole left at the root walks all the way down to a leaf, pulling up the
  smaller child at each level (one comparison, children only), and then
  the item being placed climbs back up from that leaf.  The item came from
  the bottom of the heap and nearly always belongs near the bottom again,
  so this saves almost half the comparisons; it also decides which of two
  equal children moves up, and so the final arrangement.  The textbook's
  two comparisons a level (pick the better child, then compare it with the
  item) leave a valid heap too, but not always the same one.
* **CPython's visiting order for heapify.**  Any order that sifts a node
  after its children builds a heap, but above 2,500 items CPython visits
  nodes in a cache-friendly order (see :func:`_heapify_order`), and a
  comparison that raises part-way leaves the list as that order left it.
* **CPython's errors.**  ``heappush(3, x)`` is a TypeError worded as the C
  module words it, an empty pop is ``IndexError("index out of range")``,
  and a comparison that raises leaves every item in the list exactly once,
  where CPython's swaps would have left it.

These functions are also the fast layer (the benchmark holds them to the
speed of CPython's own ``heapq.py``), so they move items through a *hole*
instead of swapping: the travelling item waits in a local variable, each
step moves one neighbour into its slot, and the item is written once, at
the end.  The list ends up exactly as if the swaps had been made.

What the textbook gains by not doing this: a sift-down that reads like
its definition (trade places with the better child while it is better),
stops as soon as the rule holds and can count and show each step; an error
that simply undoes the sift, instead of leaving CPython's half-way
arrangement; and the same two sifts for every purpose, the classes
included.

One exception to "the same comparisons in the same order": a comparison
that changes the list itself (an ``__lt__`` that appends to, clears or
rearranges the heap it is in).  CPython re-reads the list and re-checks its
length after every comparison, and stops with RuntimeError at the first
one that changed the length.  Doing that here at every step would cost
about a quarter of the speed, so the length is checked once, when the
sift ends (an index that fell off a shortened list counts as the same
event).  A change of length is still an error (RuntimeError, or IndexError
like CPython's where the list emptied), never a crash, but more
comparisons may run before it is noticed and the list may then be
arranged differently; and a comparison that rearranges the list without
changing its length is not noticed at all.  CPython's own ``heapq.py``,
the pure-Python version, behaves the same way.
"""

from __future__ import annotations

import heapq as _std_heapq
from typing import Any, Callable, Iterable, Iterator, List, Optional, Tuple, TypeVar

from dsa._compat import HEAP_EMPTY, LIST_CHANGED_SIZE, check_heap_list

__all__ = [
    "heappush", "heappop", "heapify", "heapreplace", "heappushpop",
    "nsmallest", "nlargest", "merge",
    "heappush_max", "heappop_max", "heapify_max", "heapreplace_max",
    "heappushpop_max",
]

T = TypeVar("T")
KeyFunc = Optional[Callable[[Any], Any]]



###############################################################################
# The sift, min and max
###############################################################################
#
# ``reverse`` turns the min-heap sift into the max-heap one by swapping the
# operands of every comparison: "a < b" becomes "b < a", as in CPython's
# *_max functions.  Nothing else changes.

def _fill_hole_after_error(heap: List[Any], pos: int, item: Any, size: int,
                           error: BaseException) -> None:
    """Clean up after a comparison raised in the middle of a sift.

    The item being moved is held in a local variable while ``heap[pos]`` is
    a hole, so before the exception leaves, the item goes back into the
    hole.  That leaves the list holding exactly what the C module leaves (it
    swaps, so its moving item is always in the list): no item lost, none
    doubled.  If the comparison also changed the list's size, our own
    indexing may have tripped over it with an IndexError; report that as
    the C module does.
    """
    if pos < len(heap):
        heap[pos] = item
    if len(heap) != size and isinstance(error, IndexError):
        raise RuntimeError(LIST_CHANGED_SIZE) from None


def _size_changed(heap: List[Any], pos: int, item: Any) -> RuntimeError:
    # A comparison grew or shrank the list but every index used still
    # existed.  Put the item back (if its slot still exists) and give up.
    if pos < len(heap):
        heap[pos] = item
    return RuntimeError(LIST_CHANGED_SIZE)


def _sift(heap: List[Any], pos: int, item: Any, down: bool, reverse: bool) -> None:
    """Place ``item``, treating ``heap[pos]`` as a hole: both of CPython's sifts.

    ``down`` (CPython's ``siftup``, bottom-up; see the top of this module):
    first walk the hole down to a leaf of the subtree below ``pos``, moving
    the smaller child up at each level (the right one unless ``left <
    right``) without looking at ``item``.  Then, in every case (CPython's
    ``siftdown``), let ``item`` climb from the hole while it beats its
    parent, no higher than where the sift started down (or to the root, for
    a push); only ``item < parent`` is asked, so an item equal to its parent
    stays below it.
    """
    size = len(heap)
    start = pos if down else 0
    try:
        if down:
            child = 2 * pos + 1
            while child < size:
                right = child + 1
                if right < size and not (heap[right] < heap[child] if reverse
                                         else heap[child] < heap[right]):
                    child = right            # ties go to the right child
                heap[pos] = heap[child]      # the smaller child moves up
                pos = child                  # and the hole moves down
                child = 2 * pos + 1
        while pos > start:
            parent_pos = (pos - 1) >> 1
            parent = heap[parent_pos]
            if not (parent < item if reverse else item < parent):
                break
            heap[pos] = parent               # the parent steps down into the hole
            pos = parent_pos                 # and the hole moves up
    except BaseException as error:
        _fill_hole_after_error(heap, pos, item, size, error)
        raise
    if len(heap) != size:
        raise _size_changed(heap, pos, item)
    heap[pos] = item


def _heapify_order(n: int) -> Iterable[int]:
    """The nodes that bottom-up heapify sifts, in the order CPython sifts them.

    Any order works as long as a node comes after both of its children: then
    both subtrees are heaps when the node is sifted.  Small lists simply go
    from the last parent, ``n // 2 - 1``, back to the root.  For lists too
    big to stay in the processor's cache (more than 2500 items) CPython does
    not wait that long: going right to left, a node's right child is reached
    just before its left child, so as soon as a *left* child (odd position)
    has been sifted, its parent is ready and is sifted at once, while the
    children are still in cache.  The same comparisons are made and the same
    heap results; only their order differs, and so what a comparison that
    raises part-way leaves behind.
    """
    if n <= 2500:
        return range(n // 2 - 1, -1, -1)
    return _cache_friendly_order(n)


def _cache_friendly_order(n: int) -> Iterator[int]:
    """CPython's visiting order for heapify on more than 2500 items.

    Two passes, each right to left.  The first takes the nodes of the row
    above the first leaf's row whose children are all leaves; the second
    takes the nodes with children in the first leaf's own row.  Whenever a
    visited node is a left child (odd position), its right sibling has just
    been done, so its parent is visited next, and so on up while the node
    reached is again a left child.  Every node with children is visited
    exactly once, after both of its children.
    """
    first_leaf = n // 2
    row_start = (1 << ((first_leaf + 1).bit_length() - 1)) - 1   # first node of first_leaf's row
    for low, high in ((first_leaf // 2, row_start - 1), (row_start, first_leaf - 1)):
        for i in range(high, low - 1, -1):
            yield i
            while i & 1:           # a left child: its sibling is done, so the parent is ready
                i >>= 1
                yield i


###############################################################################
# The heapq functions: each written once, for min-heaps and max-heaps
###############################################################################
#
# The five functions are made twice by one factory, for a min-heap
# (heappush ...) and a max-heap (heappush_max ...): the same code, with
# ``reverse`` fixed.  Each public function is then a single call away from
# its sift, as CPython's heapq.py functions are, which the benchmark's speed
# target needs.

def _heapq_functions(reverse: bool, suffix: str, prefix: str = "") -> Tuple[Any, ...]:
    names = [f"{prefix}{name}{suffix}" for name in
             ("heappush", "heappop", "heapreplace", "heappushpop", "heapify")]
    push_name, pop_name, replace_name, pushpop_name, heapify_name = names

    def heappush(heap: List[Any], item: Any, /) -> None:
        if not isinstance(heap, list):
            check_heap_list(push_name, heap, "argument 1")
        heap.append(item)
        _sift(heap, len(heap) - 1, item, False, reverse)

    def heappop(heap: List[Any], /) -> Any:
        # The root is what we want, but its slot cannot simply be deleted:
        # the list must stay gapless.  So the *last* leaf is removed instead
        # (cheap at the end of a list) and sifted down from the root's slot.
        if not isinstance(heap, list):
            check_heap_list(pop_name, heap)
        if not heap:
            raise IndexError(HEAP_EMPTY)
        item = heap.pop()
        if heap:
            top = heap[0]
            _sift(heap, 0, item, True, reverse)
            return top
        return item                      # it was the only one

    def heapreplace(heap: List[Any], item: Any, /) -> Any:
        if not isinstance(heap, list):
            check_heap_list(replace_name, heap, "argument 1")
        if not heap:
            raise IndexError(HEAP_EMPTY)
        top = heap[0]
        _sift(heap, 0, item, True, reverse)
        return top

    def heappushpop(heap: List[Any], item: Any, /) -> Any:
        # If ``item`` would be popped straight back, it is returned at once
        # and the heap is not touched at all.  Otherwise it is a replace,
        # whose IndexError also covers a comparison that emptied the heap.
        if not isinstance(heap, list):
            check_heap_list(pushpop_name, heap, "argument 1")
        if heap and (item < heap[0] if reverse else heap[0] < item):
            return heapreplace(heap, item)
        return item

    def heapify(heap: List[Any], /) -> None:
        # Bottom-up: sift down every node that has children, children first.
        if not isinstance(heap, list):
            check_heap_list(heapify_name, heap)
        for i in _heapify_order(len(heap)):
            _sift(heap, i, heap[i], True, reverse)

    functions = (heappush, heappop, heapreplace, heappushpop, heapify)
    order, other = ("largest", "smaller") if reverse else ("smallest", "larger")
    docs = ("Push ``item`` onto ``heap``, keeping the heap rule.  O(log n).",
            f"Pop and return the {order} item of ``heap``.  O(log n).",
            f"Pop and return the {order} item, then push ``item``: one sift, "
            f"not two.\n\nThe returned item can be {other} than ``item``; the "
            f"heap must not be empty.",
            f"Push ``item``, then pop and return the {order} item: one sift "
            f"at most.",
            "Rearrange the list ``heap`` into a heap, in place, in O(n) time.")
    for function, name, doc in zip(functions, names, docs):
        function.__name__ = function.__qualname__ = name
        function.__doc__ = doc
    return functions


heappush, heappop, heapreplace, heappushpop, heapify = _heapq_functions(False, "")
(heappush_max, heappop_max, heapreplace_max, heappushpop_max,
 heapify_max) = _heapq_functions(True, "_max")

# Python 3.11's heapq (both its C and its Python module) exports three of
# these under private names that code in the wild calls; Python 3.14 made
# all five public.  The old names stay importable, outside __all__, and
# where this Python's heapq has them as functions of their own, they are
# made the same way and name themselves in their errors as those do.
if getattr(getattr(_std_heapq, "_heappop_max", None), "__name__", "") == "_heappop_max":
    _PRIVATE = _heapq_functions(True, "_max", "_")
    _heappop_max, _heapreplace_max, _heapify_max = _PRIVATE[1], _PRIVATE[2], _PRIVATE[4]
else:
    _heappop_max, _heapreplace_max, _heapify_max = heappop_max, heapreplace_max, heapify_max


###############################################################################
# n best and merging (heapq.py's own Python, step by step)
###############################################################################
#
# The "n smallest" trick: keep the best n seen so far in a *max*-heap, so the
# worst of them sits at the root where it can be compared with each newcomer
# in O(1).  A newcomer that beats it replaces it (O(log n)); most newcomers,
# once the heap has warmed up, do not, and cost one comparison.  So the whole
# pass is O(len * log n) at worst and close to O(len) in practice, in O(n)
# memory.
#
# Stability: ``sorted(iterable, key=key)[:n]`` keeps equal items in their
# input order, and so must we.  Each kept item is stored with its arrival
# number, (item, number) or (key, number, item); numbers are unique, so ties
# are settled by arrival and the items themselves are never compared after a
# tie.  These functions follow the standard library step by step, so the
# results, the comparisons and the errors (bad n, not iterable, ...) match.

def nsmallest(n: int, iterable: Iterable[T], key: KeyFunc = None) -> List[T]:
    """Return the ``n`` smallest items of ``iterable``, smallest first.

    Equivalent to ``sorted(iterable, key=key)[:n]``, ties in input order.
    """
    return _best(n, iterable, key, False)


def nlargest(n: int, iterable: Iterable[T], key: KeyFunc = None) -> List[T]:
    """Return the ``n`` largest items of ``iterable``, largest first.

    Equivalent to ``sorted(iterable, key=key, reverse=True)[:n]``: ties keep
    their input order.  The mirror image of :func:`nsmallest`: a min-heap
    holds the best n so far, and arrival numbers count *down* (0, -1, -2,
    ...) so that after the final descending sort an earlier item still
    comes first.
    """
    return _best(n, iterable, key, True)


def _best(n: int, iterable: Iterable[Any], key: KeyFunc, largest: bool) -> List[Any]:
    if n == 1:                                    # just the extreme
        nothing = object()
        extreme: Callable[..., Any] = max if largest else min
        best = extreme(iter(iterable), default=nothing, key=key)
        return [] if best is nothing else [best]
    try:
        size = len(iterable)                      # type: ignore[arg-type]
    except (TypeError, AttributeError):
        pass                                      # an iterator: no length
    else:
        if n >= size:                             # we want everything: sort
            return sorted(iterable, key=key, reverse=largest)[:n]

    # Kept entries are (key, number, item), the key being the item itself
    # without a key function: heapq.py's (item, number) compare exactly as
    # these do, since the unique numbers settle every tie first.
    step = -1 if largest else 1
    make, replace = (heapify, heapreplace) if largest else (heapify_max, heapreplace_max)
    it = iter(iterable)
    # range() comes first in zip so that no extra item is swallowed; a bad
    # n fails as heapq.py's range(n) or range(0, -n, -1) fails.
    numbers = range(0, -n, -1) if largest else range(n)
    kept = [(item if key is None else key(item), number, item)
            for number, item in zip(numbers, it)]
    if not kept:
        return []
    make(kept)
    worst = kept[0][0]
    number = -n if largest else n
    for item in it:
        k = item if key is None else key(item)
        if worst < k if largest else k < worst:
            replace(kept, (k, number, item))
            worst = kept[0][0]
            number += step
    kept.sort(reverse=largest)
    return [item for _, _, item in kept]


def merge(*iterables: Iterable[T], key: KeyFunc = None,
          reverse: bool = False) -> Iterator[T]:
    """Merge sorted inputs into one sorted stream, lazily.

    Like ``sorted(itertools.chain(*iterables), key=key, reverse=reverse)`` but
    it holds only one item per input at a time.  Each input must already be
    sorted the same way (``reverse=True``: largest first).  Equal items come
    out in the order of the inputs they came from.

    How: a heap holds the current front item of every input that is not
    exhausted, tagged with the input's number (the tie-breaker).  Yield the
    front of the root's input, fetch that input's next item into the root
    and sift it down; an exhausted input is popped off the heap.  When one
    input is left, the rest of it is passed through without comparisons.
    Nothing is read until the first item is requested.
    """
    if reverse:
        make_heap, remove_top, replace_top = heapify_max, heappop_max, heapreplace_max
        direction = -1
    else:
        make_heap, remove_top, replace_top = heapify, heappop, heapreplace
        direction = 1
    # One entry per input: [key of its front item (the item itself without a
    # key function), input number, front item, its __next__, the iterator].
    # heapq.py keeps [item, number, __next__] when there is no key; the two
    # compare alike, the input numbers being unique.
    heap: List[List[Any]] = []
    for number, it in enumerate(map(iter, iterables)):
        try:
            fetch = it.__next__
            item = fetch()
            heap.append([item if key is None else key(item),
                         number * direction, item, fetch, it])
        except StopIteration:
            pass
    make_heap(heap)
    while len(heap) > 1:
        try:
            while True:
                entry = heap[0]
                yield entry[2]
                item = entry[3]()                # StopIteration: input exhausted
                entry[0] = item if key is None else key(item)
                entry[2] = item
                replace_top(heap, entry)
        except StopIteration:
            remove_top(heap)
    if heap:
        entry = heap[0]
        yield entry[2]
        yield from entry[4]
