"""Binary heaps, written to be read.

The heap rule
=============
A *min-heap* is a binary tree that obeys one rule:

    no child is smaller than its parent.

Follow any path from the root down to a leaf and the items never decrease,
so the smallest item of the whole tree must be at the root.  That is all the
rule promises.  It says nothing about siblings or cousins, which is why a heap
is much cheaper to keep up than a sorted list: ``[3, 5, 7, 9, 12, 8, 14]`` is
a perfectly good heap although 9 comes before 8.  A *max-heap* is the mirror
image (no child is larger than its parent, the largest item is at the root).

This module only ever asks one question of the items, ``a < b``.  "No child is
smaller than its parent" is written ``not child < parent``, so items need
nothing but ``__lt__``, and two items that are equal never trade places.

The tree lives in a flat list
=============================
A heap is always a *complete* tree: every level is full except perhaps the
last, which fills from the left.  Number the nodes level by level, left to
right, starting with 0 at the root, and store node ``i`` at ``list[i]``::

                    0
              1            2
           3     4      5     6
          7 8   9 10  11 12 13 14

Completeness means the numbers have no gaps, so the list has no holes, and
there are no pointers to store: the links between nodes are arithmetic.

* the children of node ``i`` are ``2*i + 1`` and ``2*i + 2``;
* the parent of node ``i`` (for ``i > 0``) is ``(i - 1) // 2``.

Check it on the picture: node 4's children are 9 and 10, and both 9 and 10
lead back to (9 - 1) // 2 == (10 - 1) // 2 == 4.  A tree of ``n`` nodes has
``floor(log2(n)) + 1`` levels, so any walk from the root to a leaf, or back,
takes ``O(log n)`` steps.  The first ``n // 2`` nodes have children; the rest
are leaves.

Two repairs
===========
Every operation breaks the rule in at most one place and mends it by moving
one item along one root-to-leaf path:

* **sift up** - an item that is smaller than its parent trades places with
  the parent until it is not (used by *push*: the new item starts as the last
  leaf and climbs);
* **sift down** - an item that is larger than one of its children trades
  places with the smaller child until it is not (used by *pop*: the last leaf
  is moved into the emptied root and sinks).

Building a heap bottom-up takes O(n), not O(n log n)
=====================================================
There are two ways to turn a list of ``n`` items into a heap.

*Push them one at a time.*  Each new item is a leaf that may climb to the
root.  Most nodes of a complete tree are near the bottom (half of them are
leaves), so most items have a long way to climb: in the worst case, input in
descending order, every item climbs all the way, for about ``n log2 n`` swaps.

*Bottom-up heapify.*  Leaves are already one-node heaps.  Walk the nodes that
have children from the last one back to the root and sift each one down: when
node ``i`` is reached, both of its subtrees are heaps already, so sifting
``i`` down makes its whole subtree a heap.  Now the cost is the distance to
the *bottom*, and that is short for almost every node: a quarter of the nodes
sit one level above the leaves and sink at most 1 level, an eighth sink at
most 2, a sixteenth at most 3, ...  In total at most::

    n/4 * 1 + n/8 * 2 + n/16 * 3 + ...  =  n * (1/4 + 2/8 + 3/16 + ...)  =  n

swaps.  The few expensive nodes are near the root; the many cheap ones are
near the leaves.  On 1,000,000 integers in descending order, bottom-up
heapify makes 999,988 swaps; pushing them one by one makes 17,951,445.

What is in this module
======================
1. Drop-in replacements for the standard library's :mod:`heapq`:
   :func:`heappush`, :func:`heappop`, :func:`heapify`, :func:`heapreplace`,
   :func:`heappushpop`, :func:`nsmallest`, :func:`nlargest`, :func:`merge`,
   and the max-heap set :func:`heappush_max`, :func:`heappop_max`,
   :func:`heapify_max`, :func:`heapreplace_max`, :func:`heappushpop_max`
   (public in Python 3.14).  They leave a list arranged exactly as CPython's
   ``heapq`` does, make the same comparisons in the same order and raise the
   same errors.  Being the fast layer, they move items through a "hole"
   instead of swapping (see :func:`heappush`).

2. The lesson's textbook versions, slower on purpose so that every step can
   be seen and counted: :func:`parent`, :func:`left`, :func:`right`,
   :func:`sift_up`, :func:`sift_down`, :func:`heapify_bottom_up`,
   :func:`heapify_by_pushing`, :func:`is_heap` and :class:`HeapStats`.

3. Classes built on the textbook versions: :class:`BinaryHeap`,
   :class:`PriorityQueue` (ties leave first-in first-out) and
   :class:`IndexedPriorityQueue` (priorities can be changed, items removed).

A note on names: this module says "up" for "toward the root" and "down" for
"toward the leaves", as the lesson does.  (The standard library's private
helpers happen to use the opposite names; nothing here relies on them.)
"""

from __future__ import annotations

import itertools
import operator
from typing import (Any, Callable, Dict, Generic, Hashable, Iterable, Iterator,
                    List, Optional, Tuple, TypeVar)

from dsa._compat import argument_name

__all__ = [
    # heapq-compatible functions
    "heappush", "heappop", "heapify", "heapreplace", "heappushpop",
    "nsmallest", "nlargest", "merge",
    "heappush_max", "heappop_max", "heapify_max", "heapreplace_max",
    "heappushpop_max",
    # the textbook
    "parent", "left", "right", "sift_up", "sift_down",
    "heapify_bottom_up", "heapify_by_pushing", "is_heap", "HeapStats",
    # classes
    "BinaryHeap", "PriorityQueue", "IndexedPriorityQueue",
]

T = TypeVar("T")
Item = TypeVar("Item", bound=Hashable)
KeyFunc = Optional[Callable[[Any], Any]]
SwapHook = Optional[Callable[[int, int], Any]]


###############################################################################
# Part 1. The heapq-compatible functions
###############################################################################
#
# These must behave exactly like CPython's C accelerator for heapq (_heapq):
# the same final arrangement of the list, the same comparisons in the same
# order, the same exceptions.  They are also the fast layer, so they move
# items the quick way: instead of swapping two slots at every step (two reads,
# two writes) they keep the travelling item in a local variable and treat its
# slot as a *hole*.  Each step moves one neighbour into the hole (one read,
# one write) and the hole moves on; the item is written once, at the end.
# The list ends up exactly as if the swaps had been made.
#
# The C code re-checks the list's length after every comparison, because a
# comparison runs arbitrary Python code (__lt__) which could clear or grow
# the list under its feet.  Doing that in Python at every step would cost too
# much, so the sift loops below compare the length once, after the loop, and
# treat an IndexError from their own indexing as the same event.  Either way
# a heap whose size changed mid-operation raises RuntimeError (or IndexError),
# never silently corrupts anything.

_SIZE_CHANGED = "list changed size during iteration"


def _not_a_list(function: str, heap: object, argument: str = "argument") -> TypeError:
    # Same wording as the C module: "heappush() argument 1 must be list, not int".
    return TypeError(f"{function}() {argument} must be list, not {argument_name(heap)}")


def _fill_hole_after_error(heap: list, pos: int, item: Any, size: int,
                           error: BaseException) -> None:
    """Clean up after a comparison raised in the middle of a sift.

    The item being moved is held in a local variable while ``heap[pos]`` is a
    hole, so before the exception leaves we write the item back into the hole.
    That leaves the list holding exactly what the C module leaves (it swaps,
    so its moving item is always in the list): no item lost, none doubled.

    If the comparison also changed the list's size, our own indexing may have
    tripped over it with an IndexError; report that as the C module does.
    """
    if pos < len(heap):
        heap[pos] = item
    if len(heap) != size and isinstance(error, IndexError):
        raise RuntimeError(_SIZE_CHANGED) from None


def _size_changed(heap: list, pos: int, item: Any) -> RuntimeError:
    # A comparison grew or shrank the list but every index we used still
    # existed.  Put the item back (if its slot still exists) and give up.
    if pos < len(heap):
        heap[pos] = item
    return RuntimeError(_SIZE_CHANGED)


def _sift_down_hole(heap: list, pos: int, item: Any) -> None:
    """Place ``item``, treating ``heap[pos]`` as a hole, in the subtree below ``pos``.

    This is the "bottom-up" sift that heapq uses, and it is not the textbook
    one.  The textbook sift compares the item with the smaller child at every
    level and stops as soon as the item is no larger: two comparisons a level.
    But the item being sifted down is nearly always one that just came from
    the bottom of the heap (pop moves the last leaf to the root), so it is
    large and will almost certainly end up near the bottom again.  So:

    1. walk the hole all the way down to a leaf, moving the smaller child up
       at each level, without even looking at ``item`` (one comparison a
       level: left child against right child, taking the right one unless
       ``left < right``);
    2. drop ``item`` into the leaf hole and let it climb back up, which it
       rarely needs to do for more than a step or two.

    That saves close to half the comparisons when comparisons are expensive,
    and it decides the exact arrangement that heapq produces, which is why a
    drop-in replacement has to do it this way too.
    """
    size = len(heap)
    start = pos
    try:
        child = 2 * pos + 1
        while child < size:
            right_child = child + 1
            if right_child < size and not heap[child] < heap[right_child]:
                child = right_child              # ties go to the right child
            heap[pos] = heap[child]              # the smaller child moves up
            pos = child                          # and the hole moves down
            child = 2 * pos + 1
        # The hole is at a leaf.  Climb back while the item beats the parent.
        while pos > start:
            parent_pos = (pos - 1) >> 1
            parent_item = heap[parent_pos]
            if not item < parent_item:
                break
            heap[pos] = parent_item
            pos = parent_pos
    except BaseException as error:
        _fill_hole_after_error(heap, pos, item, size, error)
        raise
    if len(heap) != size:
        raise _size_changed(heap, pos, item)
    heap[pos] = item


# The max-heap helpers are mirror images of the climb in heappush (below)
# and of _sift_down_hole: every "a < b" becomes "b < a", nothing else changes.

def _sift_up_hole_max(heap: list, pos: int, item: Any) -> None:
    """Max-heap twin of the climb in :func:`heappush`: smaller parents step down."""
    size = len(heap)
    try:
        while pos:
            parent_pos = (pos - 1) >> 1
            parent_item = heap[parent_pos]
            if not parent_item < item:
                break
            heap[pos] = parent_item
            pos = parent_pos
    except BaseException as error:
        _fill_hole_after_error(heap, pos, item, size, error)
        raise
    if len(heap) != size:
        raise _size_changed(heap, pos, item)
    heap[pos] = item


def _sift_down_hole_max(heap: list, pos: int, item: Any) -> None:
    """Max-heap twin of :func:`_sift_down_hole`: the larger child moves up."""
    size = len(heap)
    start = pos
    try:
        child = 2 * pos + 1
        while child < size:
            right_child = child + 1
            if right_child < size and not heap[right_child] < heap[child]:
                child = right_child
            heap[pos] = heap[child]
            pos = child
            child = 2 * pos + 1
        while pos > start:
            parent_pos = (pos - 1) >> 1
            parent_item = heap[parent_pos]
            if not parent_item < item:
                break
            heap[pos] = parent_item
            pos = parent_pos
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
    from the last parent, ``n // 2 - 1``, back to the root.  For lists too big
    to stay in the processor's cache (more than 2500 items) CPython does not
    wait that long: going right to left, a node's right child is reached just
    before its left child, so as soon as a *left* child (odd position) has
    been sifted, its parent is ready and is sifted at once, while the
    children are still in cache.  The same comparisons are made and the same
    heap results; only the order of the comparisons differs.  We follow that
    order too, so that a comparison that raises part-way leaves the list
    exactly as CPython would.
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


# heappush and heappop are the hot paths, so they carry their sift loops
# written out in place instead of calling a helper: in CPython a function call
# costs about as much as one level of a sift, and pushing random data climbs
# only a level or two on average.  heappop's loops are those of
# _sift_down_hole.

def heappush(heap: List[T], item: T, /) -> None:
    """Push ``item`` onto ``heap``, keeping the heap rule.  O(log n).

    The new item becomes the last leaf and climbs while it is smaller than
    its parent.  The climb uses a hole: the new leaf's slot is treated as
    empty, each parent larger than ``item`` steps down into it and the hole
    moves up, and ``item`` is written once, where the climb stops.  Only
    ``item < parent`` is asked, so an item equal to its parent stays below it.
    """
    if not isinstance(heap, list):
        raise _not_a_list("heappush", heap, "argument 1")
    heap.append(item)
    size = len(heap)
    pos = size - 1                       # the new leaf's slot is the hole
    try:
        while pos:
            parent_pos = (pos - 1) >> 1
            parent_item = heap[parent_pos]
            if not item < parent_item:
                break
            heap[pos] = parent_item      # the parent steps down into the hole
            pos = parent_pos             # and the hole moves up
    except BaseException as error:
        _fill_hole_after_error(heap, pos, item, size, error)
        raise
    if len(heap) != size:
        raise _size_changed(heap, pos, item)
    heap[pos] = item


def heappop(heap: List[T], /) -> T:
    """Pop and return the smallest item of ``heap``.  O(log n).

    The root is what we want, but the root's slot cannot simply be deleted:
    the list must stay gapless.  So the *last* leaf is removed instead (cheap
    at the end of a list) and sifted down from the root's slot, which is now
    a hole, the bottom-up way (see :func:`_sift_down_hole`).
    """
    if not isinstance(heap, list):
        raise _not_a_list("heappop", heap)
    if not heap:
        raise IndexError("index out of range")
    item = heap.pop()
    size = len(heap)
    if not size:
        return item                      # it was the only one
    smallest = heap[0]
    pos = 0
    try:
        child = 1
        while child < size:              # down to a leaf...
            right_child = child + 1
            if right_child < size and not heap[child] < heap[right_child]:
                child = right_child
            heap[pos] = heap[child]
            pos = child
            child = 2 * pos + 1
        while pos:                       # ...and back up as far as needed
            parent_pos = (pos - 1) >> 1
            parent_item = heap[parent_pos]
            if not item < parent_item:
                break
            heap[pos] = parent_item
            pos = parent_pos
    except BaseException as error:
        _fill_hole_after_error(heap, pos, item, size, error)
        raise
    if len(heap) != size:
        raise _size_changed(heap, pos, item)
    heap[pos] = item
    return smallest


def heapreplace(heap: List[T], item: T, /) -> T:
    """Pop and return the smallest item, then push ``item``: one sift, not two.

    The returned item can be larger than ``item``.  The heap must not be empty.
    """
    if not isinstance(heap, list):
        raise _not_a_list("heapreplace", heap, "argument 1")
    if not heap:
        raise IndexError("index out of range")
    smallest = heap[0]
    _sift_down_hole(heap, 0, item)
    return smallest


def heappushpop(heap: List[T], item: T, /) -> T:
    """Push ``item``, then pop and return the smallest item: one sift at most.

    If ``item`` is no larger than the root it would be popped straight back,
    so it is returned at once and the heap is not touched at all.
    """
    if not isinstance(heap, list):
        raise _not_a_list("heappushpop", heap, "argument 1")
    if heap and heap[0] < item:
        if not heap:                 # the comparison itself emptied the heap
            raise IndexError("index out of range")
        smallest = heap[0]
        _sift_down_hole(heap, 0, item)
        return smallest
    return item


def heapify(heap: List[Any], /) -> None:
    """Rearrange the list ``heap`` into a heap, in place, in O(n) time.

    Bottom-up: sift down every node that has children, children first.
    """
    if not isinstance(heap, list):
        raise _not_a_list("heapify", heap)
    for i in _heapify_order(len(heap)):
        _sift_down_hole(heap, i, heap[i])


def heappush_max(heap: List[T], item: T, /) -> None:
    """Max-heap version of :func:`heappush`."""
    if not isinstance(heap, list):
        raise _not_a_list("heappush_max", heap, "argument 1")
    heap.append(item)
    _sift_up_hole_max(heap, len(heap) - 1, item)


def heappop_max(heap: List[T], /) -> T:
    """Max-heap version of :func:`heappop`: pop and return the largest item."""
    if not isinstance(heap, list):
        raise _not_a_list("heappop_max", heap)
    if not heap:
        raise IndexError("index out of range")
    last = heap.pop()
    if heap:
        largest = heap[0]
        _sift_down_hole_max(heap, 0, last)
        return largest
    return last


def heapreplace_max(heap: List[T], item: T, /) -> T:
    """Max-heap version of :func:`heapreplace`."""
    if not isinstance(heap, list):
        raise _not_a_list("heapreplace_max", heap, "argument 1")
    if not heap:
        raise IndexError("index out of range")
    largest = heap[0]
    _sift_down_hole_max(heap, 0, item)
    return largest


def heappushpop_max(heap: List[T], item: T, /) -> T:
    """Max-heap version of :func:`heappushpop`."""
    if not isinstance(heap, list):
        raise _not_a_list("heappushpop_max", heap, "argument 1")
    if heap and item < heap[0]:
        if not heap:
            raise IndexError("index out of range")
        largest = heap[0]
        _sift_down_hole_max(heap, 0, item)
        return largest
    return item


def heapify_max(heap: List[Any], /) -> None:
    """Max-heap version of :func:`heapify`."""
    if not isinstance(heap, list):
        raise _not_a_list("heapify_max", heap)
    for i in _heapify_order(len(heap)):
        _sift_down_hole_max(heap, i, heap[i])


# --- n best and merging ------------------------------------------------------
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
    if n == 1:                                    # just the minimum
        it = iter(iterable)
        nothing = object()
        best = min(it, default=nothing, key=key)
        return [] if best is nothing else [best]

    try:
        size = len(iterable)                      # type: ignore[arg-type]
    except (TypeError, AttributeError):
        pass                                      # an iterator: no length
    else:
        if n >= size:                             # we want everything: sort
            return sorted(iterable, key=key)[:n]

    it = iter(iterable)
    if key is None:
        # range(n) comes first in zip so that no extra item is swallowed.
        kept = [(item, number) for number, item in zip(range(n), it)]
        if not kept:
            return []
        heapify_max(kept)
        worst = kept[0][0]
        number = n
        for item in it:
            if item < worst:
                heapreplace_max(kept, (item, number))
                worst = kept[0][0]
                number += 1
        kept.sort()
        return [item for item, _ in kept]

    kept_k = [(key(item), number, item) for number, item in zip(range(n), it)]
    if not kept_k:
        return []
    heapify_max(kept_k)
    worst = kept_k[0][0]
    number = n
    for item in it:
        k = key(item)
        if k < worst:
            heapreplace_max(kept_k, (k, number, item))
            worst = kept_k[0][0]
            number += 1
    kept_k.sort()
    return [item for _, _, item in kept_k]


def nlargest(n: int, iterable: Iterable[T], key: KeyFunc = None) -> List[T]:
    """Return the ``n`` largest items of ``iterable``, largest first.

    Equivalent to ``sorted(iterable, key=key, reverse=True)[:n]``: ties keep
    their input order.  Mirror image of :func:`nsmallest`: a min-heap holds
    the best n so far, and arrival numbers count *down* (0, -1, -2, ...) so
    that after the final descending sort an earlier item still comes first.
    """
    if n == 1:
        it = iter(iterable)
        nothing = object()
        best = max(it, default=nothing, key=key)
        return [] if best is nothing else [best]

    try:
        size = len(iterable)                      # type: ignore[arg-type]
    except (TypeError, AttributeError):
        pass
    else:
        if n >= size:
            return sorted(iterable, key=key, reverse=True)[:n]

    it = iter(iterable)
    if key is None:
        kept = [(item, number) for number, item in zip(range(0, -n, -1), it)]
        if not kept:
            return []
        heapify(kept)
        worst = kept[0][0]
        number = -n
        for item in it:
            if worst < item:
                heapreplace(kept, (item, number))
                worst = kept[0][0]
                number -= 1
        kept.sort(reverse=True)
        return [item for item, _ in kept]

    kept_k = [(key(item), number, item) for number, item in zip(range(0, -n, -1), it)]
    if not kept_k:
        return []
    heapify(kept_k)
    worst = kept_k[0][0]
    number = -n
    for item in it:
        k = key(item)
        if worst < k:
            heapreplace(kept_k, (k, number, item))
            worst = kept_k[0][0]
            number -= 1
    kept_k.sort(reverse=True)
    return [item for _, _, item in kept_k]


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
    heap: List[list] = []

    if key is None:
        # One entry per input: [front item, input number, its __next__, the iterator].
        for number, it in enumerate(map(iter, iterables)):
            try:
                fetch = it.__next__
                heap.append([fetch(), number * direction, fetch, it])
            except StopIteration:
                pass
        make_heap(heap)
        while len(heap) > 1:
            try:
                while True:
                    entry = heap[0]
                    yield entry[0]
                    entry[0] = entry[2]()        # StopIteration: input exhausted
                    replace_top(heap, entry)
            except StopIteration:
                remove_top(heap)
        if heap:
            entry = heap[0]
            yield entry[0]
            yield from entry[3]
        return

    # With a key: [key of front item, input number, front item, __next__, iterator].
    for number, it in enumerate(map(iter, iterables)):
        try:
            fetch = it.__next__
            item = fetch()
            heap.append([key(item), number * direction, item, fetch, it])
        except StopIteration:
            pass
    make_heap(heap)
    while len(heap) > 1:
        try:
            while True:
                entry = heap[0]
                yield entry[2]
                item = entry[3]()
                entry[0] = key(item)
                entry[2] = item
                replace_top(heap, entry)
        except StopIteration:
            remove_top(heap)
    if heap:
        entry = heap[0]
        yield entry[2]
        yield from entry[4]


###############################################################################
# Part 2. The textbook
###############################################################################
#
# These are the versions the lesson shows: one swap per step, so each step
# can be counted (HeapStats) and drawn (the on_swap hook), and an early stop
# as soon as the heap rule holds again.  They take ``key=`` (order items by
# key(item)) and ``reverse=`` (True: a max-heap) like sorted() does.

class HeapStats:
    """Counts the comparisons and swaps made by the textbook functions.

    Pass one as ``stats=`` and it is incremented in place::

        >>> stats = HeapStats()
        >>> heapify_bottom_up([5, 4, 3, 2, 1], stats=stats)
        >>> stats
        HeapStats(comparisons=6, swaps=3)
    """

    __slots__ = ("comparisons", "swaps")

    def __init__(self, comparisons: int = 0, swaps: int = 0) -> None:
        self.comparisons = comparisons
        self.swaps = swaps

    def reset(self) -> None:
        """Set both counters back to zero."""
        self.comparisons = 0
        self.swaps = 0

    def __repr__(self) -> str:
        return f"HeapStats(comparisons={self.comparisons}, swaps={self.swaps})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HeapStats):
            return NotImplemented
        return (self.comparisons, self.swaps) == (other.comparisons, other.swaps)

    __hash__ = None  # type: ignore[assignment]   # mutable, so unhashable


def _node(i: int) -> int:
    i = operator.index(i)                    # TypeError for 1.5, "3", ...
    if i < 0:
        raise ValueError(f"heap positions start at 0, got {i}")
    return i


def parent(i: int) -> int:
    """Position of the parent of node ``i``: ``(i - 1) // 2``.

    >>> parent(9), parent(10)
    (4, 4)
    """
    i = _node(i)
    if i == 0:
        raise ValueError("the root (position 0) has no parent")
    return (i - 1) // 2


def left(i: int) -> int:
    """Position of the left child of node ``i``: ``2 * i + 1``."""
    return 2 * _node(i) + 1


def right(i: int) -> int:
    """Position of the right child of node ``i``: ``2 * i + 2``."""
    return 2 * _node(i) + 2


def _less(a: Any, b: Any) -> bool:
    return a < b


def _greater(a: Any, b: Any) -> bool:
    return b < a                             # only ever ask "<"


def _beats(key: KeyFunc, reverse: bool) -> Callable[[Any, Any], bool]:
    """Return ``beats(a, b)``: True when ``a`` must sit above ``b``.

    Min-heap: ``a < b``.  Max-heap (``reverse``): ``b < a``.  With a key the
    keys are compared instead.  Never true for equal items, so equal items
    never trade places.
    """
    if key is None:
        return _greater if reverse else _less
    if reverse:
        return lambda a, b: key(b) < key(a)
    return lambda a, b: key(a) < key(b)


def is_heap(seq: Any, *, key: KeyFunc = None, reverse: bool = False) -> bool:
    """Does ``seq`` obey the heap rule?  (``reverse=True``: the max-heap rule.)

    Every node is checked against its parent, so this is O(n).

    >>> is_heap([3, 5, 7, 9, 12, 8, 14]), is_heap([3, 5, 7, 9, 12, 8, 4])
    (True, False)
    """
    beats = _beats(key, reverse)
    return not any(beats(seq[i], seq[(i - 1) // 2]) for i in range(1, len(seq)))


def _position(i: int, size: int) -> int:
    i = operator.index(i)
    if not 0 <= i < size:
        raise IndexError(f"position {i} is outside a heap of size {size}")
    return i


def _undo(heap: Any, swaps: List[Tuple[int, int]]) -> None:
    # Replay the swaps backwards: each swap is its own inverse.
    for i, j in reversed(swaps):
        heap[i], heap[j] = heap[j], heap[i]


def sift_up(heap: Any, i: int, *, key: KeyFunc = None, reverse: bool = False,
            stats: Optional[HeapStats] = None, on_swap: SwapHook = None) -> int:
    """Move ``heap[i]`` toward the root while it beats its parent.

    Returns the position where the item stopped.  Each step is one comparison
    and, unless the parent wins, one swap; the loop stops early as soon as the
    parent is no worse, because everything above the parent is no worse than
    the parent.  ``stats`` (a :class:`HeapStats`) counts comparisons and
    swaps; ``on_swap(i, j)`` is called after each swap, the item having just
    moved from position ``i`` to position ``j``.

    If a comparison (or ``key``, or ``on_swap``) raises, the swaps already
    made are undone before the exception propagates, so ``heap`` is left as
    it was (the counters in ``stats`` are not wound back).

    >>> heap = [3, 5, 7, 9, 12, 8, 14, 2]      # 2 was just appended
    >>> sift_up(heap, 7)
    0
    >>> heap
    [2, 3, 7, 5, 12, 8, 14, 9]
    """
    beats = _beats(key, reverse)
    i = _position(i, len(heap))
    done: List[Tuple[int, int]] = []
    try:
        while i > 0:
            p = (i - 1) // 2
            if stats is not None:
                stats.comparisons += 1
            if not beats(heap[i], heap[p]):
                break                               # the rule holds again
            heap[i], heap[p] = heap[p], heap[i]
            done.append((i, p))
            if stats is not None:
                stats.swaps += 1
            if on_swap is not None:
                on_swap(i, p)
            i = p
    except BaseException:
        _undo(heap, done)
        raise
    return i


def sift_down(heap: Any, i: int, n: Optional[int] = None, *, key: KeyFunc = None,
              reverse: bool = False, stats: Optional[HeapStats] = None,
              on_swap: SwapHook = None) -> int:
    """Move ``heap[i]`` toward the leaves while a child beats it.

    Only ``heap[:n]`` counts as the heap (default: all of it), which is what
    heapsort needs.  At each step the better of the two children is found
    (one comparison; the left one unless the right one beats it), and if it
    beats the item (a second comparison) the two swap.  Returns the position
    where the item stopped.  ``stats``, ``on_swap`` and the undo-on-error
    behaviour are as in :func:`sift_up`.

    >>> heap = [9, 3, 7, 5, 12]
    >>> sift_down(heap, 0)
    3
    >>> heap
    [3, 5, 7, 9, 12]
    """
    beats = _beats(key, reverse)
    size = len(heap)
    if n is not None:
        n = operator.index(n)
        if not 0 <= n <= size:
            raise ValueError(f"n must be between 0 and len(heap) = {size}, got {n}")
        size = n
    i = _position(i, size)
    done: List[Tuple[int, int]] = []
    try:
        while True:
            best = 2 * i + 1                        # left child
            if best >= size:
                break                               # i is a leaf
            other = best + 1                        # right child
            if other < size:
                if stats is not None:
                    stats.comparisons += 1
                if beats(heap[other], heap[best]):
                    best = other
            if stats is not None:
                stats.comparisons += 1
            if not beats(heap[best], heap[i]):
                break                               # the rule holds again
            heap[i], heap[best] = heap[best], heap[i]
            done.append((i, best))
            if stats is not None:
                stats.swaps += 1
            if on_swap is not None:
                on_swap(i, best)
            i = best
    except BaseException:
        _undo(heap, done)
        raise
    return i


def heapify_bottom_up(seq: Any, *, stats: Optional[HeapStats] = None,
                      key: KeyFunc = None, reverse: bool = False,
                      on_swap: SwapHook = None) -> None:
    """Make ``seq`` a heap in place, in O(n): sift down each parent, last first.

    Positions ``n // 2 - 1`` down to 0 are exactly the nodes with children:
    the rest are leaves, which are one-node heaps already.
    """
    n = len(seq)
    for i in range(n // 2 - 1, -1, -1):
        sift_down(seq, i, n, key=key, reverse=reverse, stats=stats, on_swap=on_swap)


def heapify_by_pushing(seq: Any, *, stats: Optional[HeapStats] = None,
                       key: KeyFunc = None, reverse: bool = False,
                       on_swap: SwapHook = None) -> None:
    """Make ``seq`` a heap in place the slow way, O(n log n): sift each item up.

    ``seq[:1]`` is a heap; sifting up ``seq[i]`` turns the heap ``seq[:i]``
    into the heap ``seq[:i+1]``, just as pushing would.  Kept to compare with
    :func:`heapify_bottom_up`.
    """
    for i in range(1, len(seq)):
        sift_up(seq, i, key=key, reverse=reverse, stats=stats, on_swap=on_swap)


###############################################################################
# Part 3. Classes
###############################################################################

class BinaryHeap(Generic[T]):
    """A heap object built from the textbook functions.

    ``BinaryHeap(iterable=(), *, key=None, max_heap=False, count=False)``
    heapifies the items of ``iterable`` bottom-up.  ``key=`` orders items by
    ``key(item)`` (called at every comparison, not cached); ``max_heap=True``
    makes :meth:`pop` return the largest item first; ``count=True`` keeps a
    :class:`HeapStats` in :attr:`stats` counting the sifts' comparisons and
    swaps.  Equal items leave in no particular order: use
    :class:`PriorityQueue` when ties must be first-in first-out.

    A push, pushpop or replace whose comparison raises (an item that cannot be
    compared with the others, say) leaves the heap exactly as it was.
    """

    def __init__(self, iterable: Iterable[T] = (), *, key: KeyFunc = None,
                 max_heap: bool = False, count: bool = False) -> None:
        self._items: List[T] = list(iterable)
        self._key = key
        self._max_heap = bool(max_heap)
        self._beats = _beats(key, self._max_heap)
        self.stats: Optional[HeapStats] = HeapStats() if count else None
        self._version = 0              # bumped by every change; guards iteration
        heapify_bottom_up(self._items, stats=self.stats, key=key,
                          reverse=self._max_heap)

    @property
    def key(self) -> KeyFunc:
        return self._key

    @property
    def max_heap(self) -> bool:
        return self._max_heap

    # The sifts, with this heap's settings filled in.
    def _up(self, i: int) -> int:
        return sift_up(self._items, i, key=self._key, reverse=self._max_heap,
                       stats=self.stats)

    def _down(self, i: int) -> int:
        return sift_down(self._items, i, key=self._key, reverse=self._max_heap,
                         stats=self.stats)

    def push(self, item: T) -> None:
        """Add ``item``: it becomes the last leaf and sifts up.  O(log n)."""
        items = self._items
        items.append(item)
        try:
            self._up(len(items) - 1)
        except BaseException:
            items.pop()            # sift_up undid its swaps: the item is still last
            raise
        self._version += 1

    def peek(self) -> T:
        """Return the item at the top without removing it.  O(1)."""
        if not self._items:
            raise IndexError("peek at an empty heap")
        return self._items[0]

    def pop(self) -> T:
        """Remove and return the top item.  O(log n).

        The last leaf is moved into the root's place (so the list stays
        gapless) and sifts down.
        """
        items = self._items
        if not items:
            raise IndexError("pop from an empty heap")
        top = items[0]
        last = items.pop()
        if items:
            items[0] = last
            try:
                self._down(0)
            except BaseException:
                items[0] = top     # sift_down undid its swaps: put things back
                items.append(last)
                raise
        self._version += 1
        return top

    def pushpop(self, item: T) -> T:
        """Push ``item`` then pop the top, in one sift at most.  O(log n).

        If ``item`` would come straight back out (nothing in the heap beats
        it) it is returned without touching the heap.
        """
        items = self._items
        if not items:
            return item
        if self.stats is not None:
            self.stats.comparisons += 1
        if not self._beats(items[0], item):
            return item
        top = items[0]
        items[0] = item
        try:
            self._down(0)
        except BaseException:
            items[0] = top
            raise
        self._version += 1
        return top

    def replace(self, item: T) -> T:
        """Pop the top, then push ``item``, in one sift.  O(log n).

        Unlike :meth:`pushpop` the old top is returned even if ``item`` beats
        it.  The heap must not be empty.
        """
        items = self._items
        if not items:
            raise IndexError("replace on an empty heap")
        top = items[0]
        items[0] = item
        try:
            self._down(0)
        except BaseException:
            items[0] = top
            raise
        self._version += 1
        return top

    def clear(self) -> None:
        """Remove every item."""
        self._items.clear()
        self._version += 1

    def to_list(self) -> List[T]:
        """A copy of the underlying array, in array (not sorted) order."""
        return list(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    def __iter__(self) -> Iterator[T]:
        """The items in array order (level by level), not in sorted order."""
        items, version = self._items, self._version
        i = 0
        while True:
            if self._version != version:
                raise RuntimeError("BinaryHeap changed during iteration")
            if i >= len(items):
                return
            yield items[i]
            i += 1

    def __contains__(self, item: object) -> bool:
        # The heap rule does not say where an item is (only that it is below
        # everything smaller), so this is a plain linear scan: O(n).
        return item in self._items

    def __repr__(self) -> str:
        options = ""
        if self._key is not None:
            options += f", key={self._key!r}"
        if self._max_heap:
            options += ", max_heap=True"
        return f"{type(self).__name__}({self._items!r}{options})"

    def check_invariants(self) -> None:
        """Raise AssertionError, saying where, if the heap rule is broken."""
        items, beats = self._items, self._beats
        for i in range(1, len(items)):
            p = (i - 1) // 2
            if beats(items[i], items[p]):
                kind = "max" if self._max_heap else "min"
                raise AssertionError(
                    f"{kind}-heap rule broken: {items[i]!r} at position {i} "
                    f"should not be below its parent {items[p]!r} at position {p}")


class _Reversed:
    """Wraps a priority so that larger priorities sort first.

    Negating would do for numbers, but priorities may be anything orderable
    (strings, tuples, dates), so the comparison is turned round instead.
    """

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __lt__(self, other: "_Reversed") -> bool:
        return other.value < self.value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Reversed):
            return NotImplemented
        return self.value == other.value

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"_Reversed({self.value!r})"


# Both queues store entries (rank, serial, item, priority):
#   rank    the priority itself, or _Reversed(priority) for a max-queue;
#   serial  a number from a counter, unique within a queue and increasing.
# Tuples compare item by item, so entries are ordered by rank and, for equal
# ranks, by serial: first in, first out.  Because serials are unique, two
# entries always differ by the second field at the latest, and the items
# (third field) are never compared: they need not be orderable at all.
_Entry = Tuple[Any, int, Any, Any]


def _describe(max_heap: bool) -> str:
    return "largest first" if max_heap else "smallest first"


class PriorityQueue(Generic[T]):
    """Items with priorities; the smallest priority leaves first.

    ``max_heap=True``: the largest priority leaves first.  Items with equal
    priorities leave in the order they were pushed (first in, first out),
    and items are never compared with each other, so they may be anything,
    even dicts.  Priorities must be orderable with each other.
    """

    def __init__(self, *, max_heap: bool = False) -> None:
        self._max_heap = bool(max_heap)
        self._heap: BinaryHeap[_Entry] = BinaryHeap()
        self._serials = itertools.count()

    @property
    def max_heap(self) -> bool:
        return self._max_heap

    def push(self, item: T, priority: Any) -> None:
        """Add ``item`` with ``priority``.  O(log n)."""
        rank = _Reversed(priority) if self._max_heap else priority
        self._heap.push((rank, next(self._serials), item, priority))

    def pop(self) -> T:
        """Remove and return the item that leaves next.  O(log n)."""
        return self.popitem()[0]

    def popitem(self) -> Tuple[T, Any]:
        """Remove the next item and return ``(item, priority)``.  O(log n)."""
        if not self._heap:
            raise IndexError("pop from an empty priority queue")
        _, _, item, priority = self._heap.pop()
        return item, priority

    def peek(self) -> T:
        """The item that leaves next, left in place.  O(1)."""
        return self.peekitem()[0]

    def peekitem(self) -> Tuple[T, Any]:
        """``(item, priority)`` of the item that leaves next.  O(1)."""
        if not self._heap:
            raise IndexError("peek at an empty priority queue")
        _, _, item, priority = self._heap.peek()
        return item, priority

    def clear(self) -> None:
        self._heap.clear()

    def __len__(self) -> int:
        return len(self._heap)

    def __bool__(self) -> bool:
        return bool(self._heap)

    def __repr__(self) -> str:
        pairs = [(item, priority) for _, _, item, priority in sorted(self._heap)]
        return f"<{type(self).__name__} ({_describe(self._max_heap)}) {pairs!r}>"

    def check_invariants(self) -> None:
        """Raise AssertionError if the heap rule or the FIFO serials are broken."""
        self._heap.check_invariants()
        serials = [entry[1] for entry in self._heap]
        if len(set(serials)) != len(serials):
            raise AssertionError("two entries share a serial number")


class IndexedPriorityQueue(Generic[Item]):
    """A priority queue that knows where each item is, so priorities can change.

    Items must be hashable and unique.  Next to the heap array, a dict maps
    every item to its current position in the array, and every move in the
    array updates it.  That turns "where is this item?" from an O(n) search
    into an O(1) look-up, so :meth:`change_priority` and :meth:`remove` are
    O(log n): find the item, then sift from there.  This is the structure
    Dijkstra's and Prim's algorithms want ("decrease-key").

    It also reads like a dict from items to priorities: ``q[item]`` is the
    priority, ``q[item] = p`` pushes or changes, ``del q[item]`` removes.

    Ties: equal priorities leave first-in first-out, and an item whose
    priority is changed counts as arriving at that moment (it queues behind
    the items that already have the new priority), even when the priority
    is "changed" to its current value.  ``max_heap=True``: largest first.

    Every method compares first and moves afterwards, so if a comparison
    raises (priorities that cannot be compared) the queue is left unchanged.
    """

    def __init__(self, *, max_heap: bool = False) -> None:
        self._max_heap = bool(max_heap)
        self._heap: List[_Entry] = []
        self._where: Dict[Any, int] = {}        # item -> position in _heap
        self._serials = itertools.count()
        self._version = 0

    @property
    def max_heap(self) -> bool:
        return self._max_heap

    def _entry(self, item: Any, priority: Any) -> _Entry:
        rank = _Reversed(priority) if self._max_heap else priority
        return (rank, next(self._serials), item, priority)

    # -- the two halves of every operation ---------------------------------

    def _route(self, hole: int, entry: _Entry, size: int) -> List[int]:
        """Plan where ``entry`` goes if dropped into position ``hole``.

        Only compares, never moves, so an exception here changes nothing.
        Returns the positions the hole passes through: parents if the entry
        must climb, children if it must sink (within ``heap[:size]``), or
        nothing if it can stay.
        """
        heap = self._heap
        path: List[int] = []
        pos = hole
        while pos > 0:                           # climb while it beats the parent
            up = (pos - 1) >> 1
            if not entry < heap[up]:
                break
            path.append(up)
            pos = up
        if path:
            return path
        while True:                              # else sink while a child beats it
            child = 2 * pos + 1
            if child >= size:
                break
            if child + 1 < size and heap[child + 1] < heap[child]:
                child += 1
            if not heap[child] < entry:
                break
            path.append(child)
            pos = child
        return path

    def _move(self, hole: int, path: List[int], entry: _Entry) -> None:
        """Carry out a plan from :meth:`_route`, keeping the index in step."""
        heap, where = self._heap, self._where
        for nxt in path:
            moved = heap[nxt]
            heap[hole] = moved                  # a neighbour fills the hole...
            where[moved[2]] = hole              # ...and the index follows it
            hole = nxt
        heap[hole] = entry
        where[entry[2]] = hole
        self._version += 1

    # -- public operations ---------------------------------------------------

    def push(self, item: Item, priority: Any) -> None:
        """Add ``item`` with ``priority``.  O(log n).

        Raises ValueError if ``item`` is already queued (use
        :meth:`change_priority`, or ``q[item] = priority``).
        """
        if item in self._where:
            raise ValueError(f"{item!r} is already in the queue")
        entry = self._entry(item, priority)
        n = len(self._heap)
        path = self._route(n, entry, n)         # the new slot n is the hole
        self._heap.append(entry)
        self._move(n, path, entry)

    def pop(self) -> Item:
        """Remove and return the item that leaves next.  O(log n)."""
        return self.popitem()[0]

    def popitem(self) -> Tuple[Item, Any]:
        """Remove the next item and return ``(item, priority)``.  O(log n)."""
        heap = self._heap
        if not heap:
            raise IndexError("pop from an empty priority queue")
        top = heap[0]
        self._take_out(0)
        return top[2], top[3]

    def _take_out(self, pos: int) -> None:
        # Remove the entry at pos: the last entry fills the gap and is routed
        # from there (it may have to climb or sink).  Plan first, then move.
        heap = self._heap
        gone = heap[pos]
        last_pos = len(heap) - 1
        if pos == last_pos:
            heap.pop()
            del self._where[gone[2]]
            self._version += 1
            return
        last = heap[last_pos]
        path = self._route(pos, last, last_pos)  # heap[:last_pos]: without the last slot
        heap.pop()
        del self._where[gone[2]]
        self._move(pos, path, last)

    def peek(self) -> Item:
        """The item that leaves next, left in place.  O(1)."""
        return self.peekitem()[0]

    def peekitem(self) -> Tuple[Item, Any]:
        """``(item, priority)`` of the item that leaves next.  O(1)."""
        if not self._heap:
            raise IndexError("peek at an empty priority queue")
        top = self._heap[0]
        return top[2], top[3]

    def priority(self, item: Item) -> Any:
        """The priority of ``item`` (KeyError if it is not queued).  O(1)."""
        return self._heap[self._where[item]][3]

    def change_priority(self, item: Item, priority: Any) -> None:
        """Give ``item`` a new priority and move it up or down.  O(log n).

        KeyError if ``item`` is not queued.  The item gets a fresh serial
        number: among equal priorities it now queues last.
        """
        pos = self._where[item]
        entry = self._entry(item, priority)
        path = self._route(pos, entry, len(self._heap))
        self._move(pos, path, entry)

    def remove(self, item: Item) -> None:
        """Remove ``item`` from wherever it is.  O(log n).  KeyError if absent."""
        self._take_out(self._where[item])

    def clear(self) -> None:
        self._heap.clear()
        self._where.clear()
        self._version += 1

    def __contains__(self, item: object) -> bool:
        return item in self._where              # O(1), thanks to the index

    def __len__(self) -> int:
        return len(self._heap)

    def __bool__(self) -> bool:
        return bool(self._heap)

    def __iter__(self) -> Iterator[Item]:
        """The items in array order (not in priority order)."""
        heap, version = self._heap, self._version
        i = 0
        while True:
            if self._version != version:
                raise RuntimeError("IndexedPriorityQueue changed during iteration")
            if i >= len(heap):
                return
            yield heap[i][2]
            i += 1

    def __getitem__(self, item: Item) -> Any:
        return self.priority(item)

    def __setitem__(self, item: Item, priority: Any) -> None:
        if item in self._where:
            self.change_priority(item, priority)
        else:
            self.push(item, priority)

    def __delitem__(self, item: Item) -> None:
        self.remove(item)

    def __repr__(self) -> str:
        ordered = {entry[2]: entry[3] for entry in sorted(self._heap)}
        return f"<{type(self).__name__} ({_describe(self._max_heap)}) {ordered!r}>"

    def check_invariants(self) -> None:
        """Raise AssertionError unless the heap rule holds and the index matches.

        The index must have one key per array entry and point every item at
        the position it actually occupies.
        """
        heap, where = self._heap, self._where
        for i in range(1, len(heap)):
            p = (i - 1) >> 1
            if heap[i] < heap[p]:
                raise AssertionError(
                    f"heap rule broken: {heap[i][2]!r} (priority {heap[i][3]!r}) at "
                    f"position {i} is below {heap[p][2]!r} (priority {heap[p][3]!r})")
        if len(where) != len(heap):
            raise AssertionError(
                f"index has {len(where)} items but the heap has {len(heap)}")
        for pos, entry in enumerate(heap):
            item = entry[2]
            if item not in where:
                raise AssertionError(f"{item!r} at position {pos} is missing from the index")
            if where[item] != pos:
                raise AssertionError(
                    f"index says {item!r} is at position {where[item]}, but it is at {pos}")
