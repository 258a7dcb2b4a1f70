"""list's surface, built on the textbook linked lists of dsa/linkedlist.py.

``dsa/linkedlist.py`` is the lesson: nodes, the sentinel, splicing a node
in after another and cutting one out, walking, node handles and the
invariants.  A drop-in for :class:`list` needs much more, none of which
changes how the links work: positions and their errors, slices with steps,
slice assignment, ``insert``, ``pop``, ``remove``, ``index``, ``count``,
``sort``, comparisons, ``+``, ``*``, ``repr``, copying and pickling.  They
are built here, once for both lists, from the pointer surgery each list
provides (``_after``, ``_node_at``, ``_link_after``, ``_unlink_after``,
``_predecessor``, ``_take_all``, ``_adopt_chain``), with one idea: walk to
the *predecessor* of a position (the sentinel for position 0), then splice
after it.

Behaving like ``list``
======================
Both classes are complete :class:`collections.abc.MutableSequence` types and
behave exactly like ``list`` wherever a list's behaviour applies: indexing,
slices (extended ones too) and their errors, ``insert``, ``pop``,
``remove``, ``index``, ``count``, ``sort``, comparisons, ``+``, ``*``,
``repr``, copying and pickling.  The differences, and why:

* Not a difference, though it takes work: ``iter(a)`` and ``reversed(a)``
  go by position, as list's iterators do, so changing the list while they
  are live is allowed and they yield what list's would.  A linked-list
  iterator also holds the node at its position, to step in O(1); after a
  change of structure (``_version`` moved) that node may have been unlinked
  or moved, so it finds the node for its position again, O(n) once per
  change (``dsa/_list_iterators.py``).  ``nodes()`` is no list iterator: it
  raises ``RuntimeError`` once the structure changes, as ``dict``'s do.
* ``==`` compares elementwise only with a linked list of the same class (or a
  subclass of it): ``DoublyLinkedList([1]) == [1]`` is ``False``, just as
  ``[1] == (1,)`` and ``deque([1]) == [1]`` are.  ``<`` and friends between
  a linked list and anything else raise ``TypeError``.  ``+`` needs two
  linked lists of the same class; ``+=`` takes any iterable, as with list.
* Slices, ``+``, ``*`` and ``copy()`` of a subclass return the base class
  (:class:`SinglyLinkedList` or :class:`DoublyLinkedList`), as ``list`` returns
  a plain ``list`` for its subclasses; ``copy.copy``, ``copy.deepcopy`` and
  pickling keep the subclass, again as with ``list``.
* ``sort()`` is a merge sort on the links (stable, only ``<``, the same result
  as ``sorted()``).  When a comparison raises, ``list.sort`` leaves "some
  permutation" of the items; this one puts them back in their original order.
  An ``a < b`` that raises may be met with a different pair of items than
  ``list.sort`` would meet first, so the exception's message can name the
  operand types in the other order.
* Slice assignment overwrites the values of the nodes already in the slice
  and only adds or removes nodes for the difference in length, so node
  handles inside an assigned slice stay valid and see the new values, as
  with ``a[i] = x``.  ``reverse()`` and ``sort()`` relink nodes, so a handle
  follows its value to its new position.
* Complexity: anything by position walks (``a[i]`` is O(i), O(min(i, n-i))
  for the doubly linked list), and ``SinglyLinkedList.pop()`` from the end is
  O(n) because the tail's predecessor is not known.
"""

from __future__ import annotations

import copyreg
import operator
from collections.abc import MutableSequence
from reprlib import recursive_repr
from types import GenericAlias
from typing import (TYPE_CHECKING, Any, Callable, Generic, Iterable,
                    Iterator, List, Optional, SupportsIndex, Tuple, TypeVar,
                    Union, overload)

from dsa._compat import (EMPTY_LIST, EXTENDED_SLICE_NOT_ITERABLE, LIST_INDEX,
                         LIST_ASSIGNMENT_INDEX, MODIFIED_DURING_SORT, POP_INDEX,
                         REMOVE_MISSING, SLICE_NOT_ITERABLE, SSIZE_MAX,
                         RepeatInPlace, RichComparisons, as_repeat_count,
                         as_slice_bound, reflected_repeat, as_sort_flag, as_ssize, as_subscript,
                         cannot_concatenate, cannot_multiply,
                         extended_slice_size_error, has_index,
                         list_index_error, no_keywords, not_in_list,
                         reflected, same_item, slice_items)
from dsa._list_iterators import _ForwardIterator

if TYPE_CHECKING:
    from _typeshed import SupportsDunderLT
    from typing_extensions import Self

    from dsa.linked_nodes import _LinkNode

__all__ = ["ListSurface"]

T = TypeVar("T")
N = TypeVar("N", bound="_LinkNode[Any]")      # the node class of the list

_value_of = operator.attrgetter("value")


class _ListCore(MutableSequence[T], Generic[T, N]):
    """The list's bookkeeping, iteration and the primitives each list provides.

    A concrete list provides the pointer surgery, all O(1) except where noted:

    * ``_after(node)``: the next real node, or None at the end;
    * ``_node_at(i)``: the node at position ``i`` (a walk);
    * ``_link_after(pred, node)``: splice ``node`` in after ``pred``;
    * ``_unlink_after(pred)``: cut out the node after ``pred`` and return it;
    * ``_predecessor(node)``: the node before ``node`` (a walk when singly);
    * ``_take_all()`` / ``_adopt_chain(first)``: lift every node out, and put
      a chain linked through ``_next`` back in (used by ``sort``);
    * ``reverse()`` and ``check_invariants()``.

    Every position-based operation of ``list`` is built from those (in
    :class:`ListSurface`), with one idea: walk to the *predecessor* of the position (``_before(i)``; the
    sentinel for position 0), then splice after it.
    """

    __slots__ = ("_sentinel", "_size", "_version")

    _sentinel: N
    _size: int
    _version: int             # bumped by every structural change, read by iterators
    _Node: type               # the class of the list's nodes
    _node_bytes: int          # sys.getsizeof of one node
    # The class whose instances this one compares with, and whose instances
    # slices, +, * and copy() return; set below for each concrete class.
    _kind: type[ListSurface[Any, Any]]

    # -- creation ------------------------------------------------------------

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        # As with list, a new object is already a valid empty list before
        # __init__ runs, so a subclass whose __init__ does not call ours, and
        # unpickling (which skips __init__), still get a working list.
        self = super().__new__(cls)
        self._size = 0
        self._version = 0     # bumped by every structural change, read by iterators
        self._start_empty()
        return self

    def __init__(self, iterable: Iterable[T] = (), /, **kwargs: Any) -> None:
        """Fill the list from ``iterable``; calling it again starts over, as for list."""
        # Keywords are refused, except (as list does) for a subclass with its
        # own __new__, whose extra keyword arguments also reach __init__.
        if kwargs and type(self).__new__ is ListSurface.__new__:
            raise no_keywords(self)
        self.clear()
        self._extend(iterable)

    def _start_empty(self) -> None:
        raise NotImplementedError

    def _before(self, i: int) -> N:
        """The node after which position ``i`` begins (0 <= i <= len)."""
        return self._sentinel if i == 0 else self._node_at(i - 1)

    def _node_or_none(self, i: int) -> Optional[N]:
        return self._node_at(i) if 0 <= i < self._size else None

    def _first(self) -> Optional[N]:
        return self._after(self._sentinel)

    def _last(self) -> Optional[N]:
        return self._node_at(self._size - 1) if self._size else None

    def _position(self, index: Any, message: str) -> int:
        """Turn ``a[index]``'s index into a position in range, or raise IndexError."""
        return self._in_range(as_subscript(index), message)

    def _in_range(self, i: int, message: str) -> int:
        """``i`` (negative counts from the end) as a position in range, or IndexError."""
        if i < 0:
            i += self._size
        if not 0 <= i < self._size:
            raise IndexError(message)
        return i

    def _scan(self, start: int = 0, stop: int = SSIZE_MAX) -> Iterator[Tuple[int, N]]:
        """Visit positions ``start, start + 1, ...`` below ``stop``, as list's loops do.

        ``in``, ``index``, ``count``, ``remove``, ``==`` and ``repr`` call
        ``__eq__`` or ``__repr__`` on the items, which is arbitrary Python
        code, and that code may change this very list.  A list copes because
        its loops go by position and re-read the length at every step.  We
        hold a node instead, and after a change that node may have been
        unlinked; so when the version has moved we find position ``i`` again
        by walking from the front (O(n), but only after such a change) and
        carry on from there exactly as list would.
        """
        i = start
        node = self._node_or_none(i)
        version = self._version
        while node is not None and i < stop:
            yield i, node
            i += 1
            if self._version == version:
                node = self._after(node)
            else:
                node = self._node_or_none(i)
                version = self._version

    # -- iteration -----------------------------------------------------------

    def _changed(self) -> RuntimeError:
        return RuntimeError(f"{type(self).__name__} mutated during iteration")

    def __iter__(self) -> Iterator[T]:
        """The values, front to back, by position as list's iterator goes:
        changes made meanwhile are seen as a list's iterator would see them."""
        return _ForwardIterator(self, self._sentinel._next, self._end_of_walk())

    def _iter_values(self, version: int) -> Iterator[T]:
        # `version` is read when the iterator is created (not when it first
        # runs), so a change made between iter() and the first next() counts.
        if self._version != version:
            raise self._changed()
        node = self._first()
        while node is not None:
            yield node.value         # read now: values assigned meanwhile are seen
            if self._version != version:
                raise self._changed()
            node = self._after(node)

    def nodes(self) -> Iterator[N]:
        """The nodes, front to back (node handles for O(1) work later).

        Unlike iteration over the values, this raises RuntimeError if the
        list's structure changes meanwhile (a node in hand may have left the
        list).  To remove nodes while walking, walk a copy:
        ``for node in list(lst.nodes()): ...``.
        """
        return self._iter_nodes(self._version)

    def _iter_nodes(self, version: int) -> Iterator[N]:
        if self._version != version:
            raise self._changed()
        node = self._first()
        while node is not None:
            yield node
            if self._version != version:
                raise self._changed()
            node = self._after(node)

    def _values(self) -> List[T]:
        """A plain list of the values (for when the source is this list itself)."""
        return list(self._iter_values(self._version))

    # -- sizes, growing, emptying ----------------------------------------------

    def __len__(self) -> int:
        return self._size                 # kept up to date by every splice: O(1)

    def __bool__(self) -> bool:
        return self._size > 0


    def _extend(self, iterable: Iterable[T]) -> None:
        if iterable is self:
            iterable = self._values()     # else we would read our own appends forever
        for value in iterable:
            self._link_after(self._before(self._size), self._new_node(value))

    def clear(self) -> None:
        """Remove every item.  O(n): each node is detached (see the module notes)."""
        while self._size:
            self._unlink_after(self._sentinel)

    def __class_getitem__(cls, item: Any, /) -> GenericAlias:
        return GenericAlias(cls, item)

    # -- to be provided by each list -------------------------------------------

    def _new_node(self, value: T) -> N:
        raise NotImplementedError

    def _after(self, node: N) -> Optional[N]:
        raise NotImplementedError

    def _node_at(self, i: int) -> N:
        raise NotImplementedError

    def _link_after(self, pred: N, node: N) -> None:
        raise NotImplementedError

    def _unlink_after(self, pred: N) -> N:
        raise NotImplementedError

    def _predecessor(self, node: N) -> N:
        raise NotImplementedError

    def _take_all(self) -> List[N]:
        raise NotImplementedError

    def _adopt_chain(self, first: Optional[N]) -> None:
        raise NotImplementedError

    def _end_of_walk(self) -> Optional[N]:
        """What a forward walk meets after the last node."""
        raise NotImplementedError

    def check_invariants(self) -> None:
        raise NotImplementedError



class _ListArithmetic(_ListCore[T, N]):
    """``sort``, the comparisons, ``+`` and ``*``, ``repr``, pickling and
    ``sys.getsizeof``: what list does with a whole list at once."""

    __slots__ = ()

    # -- reordering ----------------------------------------------------------

    def sort(self, *, key: Optional[Callable[[T], Any]] = None, reverse: Any = False) -> None:
        """Sort in place, stably, by relinking nodes: a merge sort.  O(n log n).

        Merge sort is *the* sort for linked lists: it never needs item ``i``
        by position, only "merge two sorted chains", which walks both chains
        from the front and just relinks nodes, so no second array.  It runs
        bottom-up (runs of 1 merged into runs of 2, then 4, ...; see
        :func:`_merge_sort`), so nothing is recursive.  Only ``<`` is used,
        and an item from the later run goes first only if it is strictly
        smaller, which keeps equal items in their original order (stability).

        As ``list.sort`` does, the list looks empty while it is being sorted,
        the keys are all computed before anything moves (so a key function
        that raises leaves the list as it was), and a list changed during the
        sort raises ``ValueError`` (the changes are thrown away).  If a
        comparison raises, the items go back in their original order.
        """
        descending = as_sort_flag(reverse)
        # Lift the chain out: the list is empty, the nodes belong to no list
        # (so node handles cannot touch them mid-sort) and keep their _next.
        # `nodes` records the original order, an undo log of 8 bytes a node
        # for when a comparison raises half-way through the relinking.
        nodes = self._take_all()
        version = self._version
        try:
            if key is None:
                rank: Callable[[N], SupportsDunderLT[Any]] = _value_of
            else:
                keys = {node: key(node.value) for node in nodes}
                rank = keys.__getitem__
            if descending:
                def goes_first(later: N, earlier: N) -> object:
                    return rank(earlier) < rank(later)
            else:
                def goes_first(later: N, earlier: N) -> object:
                    return rank(later) < rank(earlier)
            first = _merge_sort(nodes[0] if nodes else None, goes_first,
                                self._Node())
        except BaseException:
            self._put_back(_chain(nodes), version)
            raise
        if not self._put_back(first, version):
            raise ValueError(MODIFIED_DURING_SORT)

    def _put_back(self, first: Optional[N], version: int) -> bool:
        """Relink the chain lifted out by sort; False if the list changed meanwhile."""
        untouched = self._version == version
        if not untouched:
            self.clear()                  # drop what the key or comparisons added
        self._adopt_chain(first)
        return untouched

    # -- operators -----------------------------------------------------------

    def _compare(self, other: Any, op: Callable[[Any, Any], Any]) -> Any:
        """Compare the way list does: the first differing item decides.

        Equal lengths are a quick way out for == and !=.  Otherwise walk both
        lists to the first pair that is not equal (identity counts as equal);
        if one list ran out first, the lengths decide; else == is False, != is
        True, and <, <=, >, >= are answered by that pair of items.
        """
        if not isinstance(other, self._kind):
            return NotImplemented
        if op in (operator.eq, operator.ne) and self._size != other._size:
            return op is operator.ne
        versions = (self._version, other._version)
        i = 0
        mine: object = None
        theirs: object = None
        for (_, a), (_, b) in zip(self._scan(), other._scan()):
            mine, theirs = a.value, b.value
            if mine is not theirs and not mine == theirs:
                break
            i += 1
        if i >= self._size or i >= other._size:
            return op(self._size, other._size)
        if op is operator.eq:
            return False
        if op is operator.ne:
            return True
        if (self._version, other._version) != versions:     # __eq__ changed a list
            mine, theirs = self._node_at(i).value, other._node_at(i).value
        return op(mine, theirs)


    def _new(self, *parts: Iterable[T]) -> ListSurface[T, N]:
        """A list of the base class (as list's slices, ``+`` and ``*`` make
        plain lists) holding the items of ``parts``, one after the other."""
        new: ListSurface[T, N] = self._kind()
        for part in parts:
            new._extend(part)
        return new

    def __add__(self, other: ListSurface[T, N]) -> ListSurface[T, N]:
        if not isinstance(other, self._kind):      # list's words and order
            # What the right operand's __radd__ answers, as with list.
            return reflected(self, other, "__radd__",   # type: ignore[no-any-return]
                             cannot_concatenate(self._kind.__name__, other), self._kind)
        return self._new(self._values(), other._values())

    def __iadd__(self, other: Iterable[T]) -> Self:
        self._extend(other)
        return self

    def __mul__(self, n: SupportsIndex) -> ListSurface[T, N]:
        if not has_index(n):
            # What the left operand's __rmul__ answers, as with list.
            return reflected(self, n, "__rmul__",      # type: ignore[no-any-return]
                             cannot_multiply(n), self._kind)
        return self._new(self._repeated(as_repeat_count(n)))

    def __rmul__(self, n: SupportsIndex) -> ListSurface[T, N]:
        if not has_index(n):
            return reflected_repeat(n)  # type: ignore[no-any-return]
        return self.__mul__(n)

    def _repeat_in_place(self, count: int) -> None:
        """``self *= count``: keep the items and add ``count - 1`` copies."""
        if count < 1:
            self.clear()
        else:
            self._extend(self._repeated(count - 1))

    def _repeated(self, count: int) -> Iterator[T]:
        values = self._values()
        if count > 0 and len(values) * count > SSIZE_MAX // self._node_bytes:
            raise MemoryError                 # more nodes than an address space holds
        for _ in range(count):
            yield from values

    # -- representation, copying, pickling ------------------------------------

    @recursive_repr("[...]")
    def __repr__(self) -> str:
        items = ", ".join(repr(node.value) for _, node in self._scan())
        return f"{type(self).__name__}([{items}])"

    def __reduce__(self) -> Tuple[Any, ...]:
        # Like list: make an empty object of the same class without calling
        # __init__, restore any instance attributes of a subclass, then append
        # the items one by one (which also copes with a list containing itself).
        state = getattr(self, "__dict__", None) or None
        newobj = copyreg.__newobj__     # type: ignore[attr-defined]  # not in typeshed
        return newobj, (type(self),), state, iter(self)

    def __sizeof__(self) -> int:
        # sys.getsizeof(a_list) counts the list's array of references but not
        # the items.  The nodes are a linked list's "array", so count them.
        return object.__sizeof__(self) + (self._size + 1) * self._node_bytes



class ListSurface(_ListArithmetic[T, N], RichComparisons, RepeatInPlace):
    """Everything of list that works the same on a singly and a doubly linked
    list: searching, positions and slices, growing and shrinking (with
    :class:`_ListArithmetic` and :class:`_ListCore` below it)."""

    __slots__ = ()

    def __contains__(self, value: object) -> bool:
        return any(same_item(node.value, value) for _, node in self._scan())

    def count(self, value: Any) -> int:
        """How many items equal ``value``.  O(n)."""
        return sum(1 for _, node in self._scan() if same_item(node.value, value))

    def index(self, value: Any, start: Any = 0, stop: Any = SSIZE_MAX) -> int:
        """Position of the first item equal to ``value`` in ``[start:stop]``.  O(n).

        ``start`` and ``stop`` work as in ``list.index``: negative values count
        from the end, and out-of-range values are clipped.
        """
        start, stop = as_slice_bound(start), as_slice_bound(stop)
        size = self._size
        if start < 0:
            start = max(start + size, 0)
        if stop < 0:
            stop = max(stop + size, 0)
        for i, node in self._scan(start, stop):
            if same_item(node.value, value):
                return i
        raise not_in_list(value)

    # -- reading, writing and deleting by position ---------------------------

    @overload
    def __getitem__(self, index: SupportsIndex) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> ListSurface[T, N]: ...
    def __getitem__(self, index: Union[SupportsIndex, slice]) -> Union[T, ListSurface[T, N]]:
        """``a[i]`` walks to position ``i``: O(i).  ``a[i:j:k]`` is a new list."""
        if has_index(index):
            value: T = self._node_at(self._position(index, LIST_INDEX)).value
            return value
        if isinstance(index, slice):
            return self._new(self._gather(range(*index.indices(self._size))))
        raise list_index_error(index)

    @overload
    def __setitem__(self, index: SupportsIndex, value: T) -> None: ...
    @overload
    def __setitem__(self, index: slice, value: Iterable[T]) -> None: ...
    def __setitem__(self, index: Union[SupportsIndex, slice], value: Any) -> None:
        """``a[i] = x`` replaces a value (not a node).  ``a[i:j] = items`` as for list."""
        if has_index(index):
            i = self._position(index, LIST_ASSIGNMENT_INDEX)
            self._node_at(i).value = value
        elif isinstance(index, slice):
            start, stop, step = index.indices(self._size)
            if step == 1:
                self._replace_run(start, stop, slice_items(value, SLICE_NOT_ITERABLE))
            else:
                self._assign_extended(range(start, stop, step), value)
        else:
            raise list_index_error(index)

    def __delitem__(self, index: Union[SupportsIndex, slice]) -> None:
        """``del a[i]`` unlinks one node; ``del a[i:j:k]`` unlinks several in one walk."""
        if has_index(index):
            i = self._position(index, LIST_ASSIGNMENT_INDEX)
            self._unlink_after(self._before(i))
        elif isinstance(index, slice):
            start, stop, step = index.indices(self._size)
            if step == 1:
                self._delete_run(start, max(start, stop))
            else:
                self._delete_positions(range(start, stop, step))
        else:
            raise list_index_error(index)

    def _gather(self, positions: range) -> List[T]:
        """The values at ``positions`` (any step), in the range's order, in one walk."""
        ascending = positions if positions.step > 0 else positions[::-1]
        values = [node.value for node in self._nodes_at(ascending)]
        if positions.step < 0:
            values.reverse()
        return values

    def _nodes_at(self, ascending: range) -> Iterator[N]:
        """The nodes at an ascending range of positions: walk once, step by step."""
        if not ascending:
            return
        node = self._node_at(ascending.start)
        yield node
        for _ in range(len(ascending) - 1):
            node = _forward(node, ascending.step)
            yield node

    def _replace_run(self, start: int, stop: int, items: List[T]) -> None:
        """``a[start:stop] = items`` with step 1: the length may change.

        The nodes already there get the new values (cheaper than unlinking
        and relinking, and node handles stay valid); then the surplus nodes
        are unlinked, or the extra values linked in, at that point.
        """
        stop = max(start, stop)                 # a[5:2] = ... inserts at 5
        old = stop - start
        node = self._before(start)
        for value in items[:old]:
            node = node._next           # type: ignore[assignment]  # within the run
            node.value = value
        if len(items) > old:
            for value in items[old:]:
                new = self._new_node(value)
                self._link_after(node, new)
                node = new
        else:
            for _ in range(old - len(items)):
                self._unlink_after(node)

    def _assign_extended(self, positions: range, value: Any) -> None:
        """``a[i:j:k] = items`` with k != 1: exactly one item per position."""
        items = slice_items(value, EXTENDED_SLICE_NOT_ITERABLE)
        if len(items) != len(positions):
            raise extended_slice_size_error(len(items), len(positions))
        if positions.step < 0:
            positions, items = positions[::-1], items[::-1]
        for node, item in zip(self._nodes_at(positions), items):
            node.value = item

    def _delete_run(self, start: int, stop: int) -> None:
        pred = self._before(start)
        for _ in range(stop - start):
            self._unlink_after(pred)

    def _delete_positions(self, positions: range) -> None:
        """Delete every ``step``-th node: after each cut, walk ``step - 1`` nodes on."""
        ascending = positions if positions.step > 0 else positions[::-1]
        if not ascending:
            return
        pred = self._before(ascending.start)
        for k in range(len(ascending)):
            if k:
                pred = _forward(pred, ascending.step - 1)
            self._unlink_after(pred)

    # -- growing and shrinking -----------------------------------------------

    def insert(self, index: Any, value: T) -> None:
        """Insert ``value`` before position ``index`` (clipped to the ends, as list does).

        O(index) to walk there (from the nearer end when doubly linked), then
        O(1) to splice.  With a node in hand, ``insert_after`` skips the walk.
        """
        i = as_ssize(index)
        size = self._size
        if i < 0:
            i = max(i + size, 0)
        i = min(i, size)
        self._link_after(self._before(i), self._new_node(value))

    def append(self, value: T) -> None:
        """Add ``value`` at the end.  O(1): both lists keep a way to the last node."""
        self._link_after(self._before(self._size), self._new_node(value))

    def appendleft(self, value: T) -> None:
        """Add ``value`` at the front.  O(1), where ``list.insert(0, x)`` is O(n)."""
        self._link_after(self._sentinel, self._new_node(value))

    def extend(self, iterable: Iterable[T]) -> None:
        """Append every item of ``iterable`` (which may be this list itself)."""
        self._extend(iterable)

    def pop(self, index: Any = -1) -> T:
        """Remove and return the item at ``index`` (the last by default)."""
        i = as_ssize(index)               # a bad index is refused first, as by list
        if self._size == 0:
            raise IndexError(EMPTY_LIST)
        value: T = self._unlink_after(self._before(self._in_range(i, POP_INDEX))).value
        return value

    def popleft(self) -> T:
        """Remove and return the first item.  O(1)."""
        if self._size == 0:
            raise IndexError(EMPTY_LIST)
        value: T = self._unlink_after(self._sentinel).value
        return value

    def remove(self, value: Any) -> None:
        """Remove the first item equal to ``value``.  O(n).  ValueError if none."""
        for i, node in self._scan():
            version = self._version
            if same_item(node.value, value):
                if self._version == version:
                    self._unlink_after(self._predecessor(node))
                else:
                    # __eq__ changed the list; like list, delete whatever
                    # is at position i now (nothing, if i is past the end).
                    self._delete_run(min(i, self._size), min(i + 1, self._size))
                return
        raise ValueError(REMOVE_MISSING)

    def copy(self) -> ListSurface[T, N]:
        """A shallow copy, of the base class (as ``list.copy`` returns a list)."""
        return self._new(self._values())

def _forward(node: N, hops: int) -> N:
    """The node ``hops`` links after ``node``; the caller knows the chain is
    that long, so no link on the way is None (hence the one ignore)."""
    for _ in range(hops):
        node = node._next               # type: ignore[assignment]
    return node


def _chain(nodes: List[N]) -> Optional[N]:
    """Link ``nodes`` in this order through ``_next``; return the first
    (None for no nodes).  Built from the back, each node's successor is
    already at hand when the node is linked, and the last one gets None."""
    first: Optional[N] = None
    for node in reversed(nodes):
        node._next = first
        first = node
    return first


# -- merge sort on links -------------------------------------------------------

def _merge(scratch: N, a: Optional[N], b: Optional[N],
           goes_first: Callable[[N, N], object]) -> Optional[N]:
    """Merge sorted chains ``a`` (the earlier nodes) and ``b`` into one; return its first.

    Only links change: each step takes the front node of ``a`` or ``b`` and
    links it after the merged part.  Taking from ``b`` only when its node
    goes *strictly* first keeps equal items in their original order.
    ``scratch`` is a spare node standing before the merged part, so the
    first step needs no special case (a sentinel again).
    """
    tail = scratch
    while a is not None and b is not None:
        if goes_first(b, a):
            tail._next = b
            tail, b = b, b._next
        else:
            tail._next = a
            tail, a = a, a._next
    tail._next = a if a is not None else b      # the rest of the unfinished side
    return scratch._next


def _merge_sort(first: Optional[N],
                goes_first: Callable[[N, N], object],
                scratch: N) -> Optional[N]:
    """Sort a chain linked through ``_next``, bottom-up, without recursion.

    ``runs[k]`` is either empty or a sorted chain of exactly 2**k nodes.
    Nodes are taken off the chain one at a time, each as a run of 1, and
    put in ``runs`` the way 1 is added to a binary number: while the slot is
    taken, merge with what is there and carry the result one slot up.  So
    only runs of equal length are merged, every node takes part in about
    log2(n) merges, and ``runs`` needs just log2(n) + 1 slots.  A run already
    in ``runs`` always holds earlier nodes than the one carried in, which
    is what keeps the sort stable.  ``scratch`` is a spare node the merges
    hang their output from.
    """
    runs: List[Optional[N]] = []
    run: Optional[N]
    node = first
    while node is not None:
        run, node = node, node._next
        run._next = None
        k = 0
        while k < len(runs) and (earlier := runs[k]) is not None:
            run = _merge(scratch, earlier, run, goes_first)
            runs[k] = None
            k += 1
        if k == len(runs):
            runs.append(run)
        else:
            runs[k] = run
    # Merge what is left, shortest (latest) runs first.
    result: Optional[N] = None
    for run in runs:
        if run is not None:
            result = run if result is None else _merge(scratch, run, result, goes_first)
    return result

