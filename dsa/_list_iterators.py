"""The iterators of the textbook linked lists, as list's iterators behave.

A list's iterator is a *position*: "the next item is ``a[i]``", read afresh
at every step.  So it never objects to the list changing under it: after an
insertion or deletion before the position, the next item is whatever now
sits at ``i`` (an item may be skipped or seen twice), appends are seen, and
once it has said StopIteration it lets go of the list and stays exhausted,
even if the list grows again.  These iterators do exactly the same.

A linked list has no ``a[i]`` in O(1), so each iterator also holds the
*node* at its position and follows a link to take a step.  The node is only
trusted while the list's ``_version`` (bumped by every change of structure)
is the one it was found at; after a change the iterator finds the node for
its position again by walking, O(n) once per change.  Assigning a value is
not a change of structure: the node stays, and the new value is what the
next step reads.  One thing list's iterator does not do: the node held (for
the singly linked ``reversed``, the nodes up to the position) keeps its
value alive until the next step, even if it has left the list meanwhile.

Like ``iter(a_list)`` and ``reversed(a_list)``, each reports what
``operator.length_hint`` would, pickles as ``(iter, (the list,), index)``
(``reversed`` backwards) and takes its index back, clamped, from
``__setstate__``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, List, Optional, Tuple, TypeVar

from dsa._compat import SSIZE_MAX, SSIZE_MIN

if TYPE_CHECKING:
    from dsa._list_surface import _ListCore
    from dsa.linked_nodes import _LinkNode

__all__ = ["_ForwardIterator", "_BackwardIterator", "_SnapshotIterator",
           "state_index", "left", "clamped", "reduced"]

T = TypeVar("T")

# Never a list's version: an iterator holding it looks its node up again.
_STALE = -1


# -- what list's iterators do with their index (shared with dsa.native) -------

def state_index(state: object) -> int:
    """``__setstate__``'s argument as list's iterators read it
    (``PyLong_AsSsize_t``): an int, nothing with only ``__index__``."""
    if not isinstance(state, int):
        raise TypeError("an integer is required")
    number = int.__index__(state)     # the int's own value, whatever a subclass says
    if not SSIZE_MIN <= number <= SSIZE_MAX:
        raise OverflowError("Python int too large to convert to C ssize_t")
    return number


def left(size: int, index: int, forward: bool) -> int:
    """``length_hint`` of an iterator at ``index``: 0 past the end, and
    backwards 0 too once the list has shrunk below the index (the next
    step would stop)."""
    if forward:
        return max(size - index, 0)
    return index + 1 if size >= index + 1 else 0


def clamped(index: int, size: int, forward: bool) -> int:
    """The index ``__setstate__`` keeps: forwards within ``0 .. size``,
    backwards within ``-1 .. size - 1``."""
    if forward:
        return min(max(index, 0), size)
    return min(max(index, -1), size - 1)


def reduced(owner: Optional[object], index: int, forward: bool) -> Tuple[Any, ...]:
    """What list's iterators pickle as: ``iter`` (or ``reversed``) of the
    list and the index, or, once exhausted, an iterator over an empty list."""
    if owner is None:
        return iter, ([],)
    return (iter if forward else reversed), (owner,), index


# -- the Python twins' iterators -----------------------------------------------

class _Position:
    """What every iterator keeps: the list (None once exhausted), the index
    of the next item, and the list's version when its node was found."""

    __slots__ = ("_list", "_index", "_version")

    _list: Optional[_ListCore[Any, Any]]
    _forward: bool                  # which way the index goes

    def __iter__(self) -> Iterator[Any]:
        return self

    def __next__(self) -> Any:
        raise NotImplementedError

    def __length_hint__(self) -> int:
        owner = self._list
        return 0 if owner is None else left(owner._size, self._index, self._forward)

    def __reduce__(self) -> Tuple[Any, ...]:
        return reduced(self._list, self._index, self._forward)

    def __setstate__(self, state: object) -> None:
        index = state_index(state)    # refused even once exhausted, as by list
        if self._list is not None:
            self._index = clamped(index, self._list._size, self._forward)
            self._version = _STALE


class _NodeWalk(_Position):
    """An iterator that holds ``_node``, the node at ``_index`` while the
    version holds, and ``_end``, the node met once the walk is over (None,
    or the doubly linked list's sentinel); ``_step`` moves one link on."""

    __slots__ = ("_node", "_end")

    _node: Optional[_LinkNode[Any]]
    _end: Optional[_LinkNode[Any]]

    def _step(self, node: _LinkNode[Any]) -> Optional[_LinkNode[Any]]:
        raise NotImplementedError

    def __next__(self) -> Any:
        owner = self._list
        if owner is None:
            raise StopIteration
        node = self._node
        if owner._version != self._version:
            node = self._find(owner)
        if node is self._end:
            self._list = self._node = self._end = None   # exhausted for good
            raise StopIteration
        self._node = self._step(node)   # type: ignore[arg-type]  # not the end
        return node.value             # type: ignore[union-attr]

    def _find(self, owner: _ListCore[Any, Any]) -> Optional[_LinkNode[Any]]:
        """The node at the index after a change (O(n)): the end once the
        index is outside the list (past the last, or before the first)."""
        self._version = owner._version
        i = self._index
        return owner._node_at(i) if 0 <= i < owner._size else self._end


class _ForwardIterator(_NodeWalk):
    """``iter(a)``: follows ``_next``; ``_end`` is what follows the last
    node (None, or the doubly linked list's sentinel)."""

    __slots__ = ()
    _forward = True

    def __init__(self, owner: _ListCore[T, Any], first: Optional[_LinkNode[T]],
                 end: Optional[_LinkNode[Any]]) -> None:
        self._list, self._index, self._version = owner, 0, owner._version
        self._node, self._end = first, end

    def _step(self, node: _LinkNode[Any]) -> Optional[_LinkNode[Any]]:
        self._index += 1
        return node._next


class _BackwardIterator(_NodeWalk):
    """``reversed(a)`` on a doubly linked list: follows ``_prev`` from the
    node at ``_index``; ``_end`` is the sentinel, met before the first.
    The index counts down; a step stops once it is below 0, or past the end
    of a list that has shrunk."""

    __slots__ = ()
    _forward = False

    def __init__(self, owner: _ListCore[T, Any], last: _LinkNode[T],
                 end: _LinkNode[Any]) -> None:
        self._list, self._index, self._version = owner, owner._size - 1, owner._version
        self._node, self._end = last, end

    def _step(self, node: _LinkNode[Any]) -> Optional[_LinkNode[Any]]:
        self._index -= 1
        return node._prev  # type: ignore[attr-defined,no-any-return]  # doubly linked


class _SnapshotIterator(_Position):
    """``reversed(a)`` on a singly linked list, whose nodes cannot step
    back: ``_nodes`` holds the nodes at positions ``0 .. _index``, taken in
    one walk, and each step pops the last (so it also lets go of it)."""

    __slots__ = ("_nodes",)
    _forward = False

    def __init__(self, owner: _ListCore[T, Any]) -> None:
        self._list, self._index = owner, owner._size - 1
        self._take_nodes(owner)

    def _take_nodes(self, owner: _ListCore[Any, Any]) -> None:
        """One walk from the front to the index (O(index)); none past the end."""
        self._version = owner._version
        nodes: List[_LinkNode[Any]] = []
        if self._index < owner._size:
            node = owner._sentinel
            for _ in range(self._index + 1):
                node = node._next
                nodes.append(node)
        self._nodes = nodes

    def __next__(self) -> Any:
        owner = self._list
        if owner is None:
            raise StopIteration
        if owner._version != self._version:
            self._take_nodes(owner)
        if not self._nodes:
            self._list = None
            raise StopIteration
        self._index -= 1
        return self._nodes.pop().value
