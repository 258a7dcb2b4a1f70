"""The iterators of the textbook linked lists, as list's iterators behave.

Like ``iter(a_list)``, each says how many values are left
(``operator.length_hint``) and can be pickled (as an iterator over what is
left); unlike list's, it raises ``RuntimeError`` once the list's structure
has changed under it (``dsa/_list_surface.py`` says why).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Generic, Iterator, List, Optional, Tuple, TypeVar

if TYPE_CHECKING:
    from dsa._list_surface import _ListCore
    from dsa.linked_nodes import _LinkNode

__all__ = ["_ListIterator", "_SnapshotIterator"]

T = TypeVar("T")

# How an iterator pickles: ``iter`` over a plain list of what is left.
_Reduced = Tuple[Callable[[List[T]], Iterator[T]], Tuple[List[T]]]


class _Walk(Generic[T]):
    """What both iterators keep: the list (None once finished), its version
    when the walk began, and how many values have been taken."""

    __slots__ = ("_list", "_version", "_taken")

    def __init__(self, owner: _ListCore[T, Any]) -> None:
        self._list: Optional[_ListCore[T, Any]] = owner
        self._version, self._taken = owner._version, 0

    def __iter__(self) -> Iterator[T]:
        return self

    def __next__(self) -> T:
        raise NotImplementedError

    def _finish(self) -> None:
        """Let go of the list and its nodes (they must not be kept alive)."""
        self._list = None

    def _live_owner(self) -> Optional[_ListCore[T, Any]]:
        """The list, if it has not changed since the walk began; else None."""
        owner = self._list
        if owner is None or owner._version != self._version:
            return None
        return owner

    def __length_hint__(self) -> int:
        owner = self._live_owner()
        return 0 if owner is None else max(owner._size - self._taken, 0)


class _ListIterator(_Walk[T]):
    """Walks the links itself: ``_node`` is the next node to yield, ``_end``
    what follows the last one (None, or the doubly linked list's sentinel),
    ``_link`` the attribute to follow (``_next``, or ``_prev`` backwards)."""

    __slots__ = ("_node", "_end", "_link")

    def __init__(self, owner: _ListCore[T, Any], first: Optional[_LinkNode[T]],
                 end: Optional[_LinkNode[Any]], link: str) -> None:
        super().__init__(owner)
        self._node, self._end, self._link = first, end, link

    def __next__(self) -> T:
        owner = self._list
        if owner is None:
            raise StopIteration
        if owner._version != self._version:
            self._finish()               # exhausted for good, as a generator
            raise owner._changed()
        node = self._node
        if node is self._end or node is None:     # None: the end, singly linked
            self._finish()
            raise StopIteration
        self._node = getattr(node, self._link)
        self._taken += 1
        return node.value

    def _finish(self) -> None:
        self._list = self._node = self._end = None

    def __reduce__(self) -> _Reduced[T]:
        rest: List[T] = []
        node = self._node if self._live_owner() is not None else self._end
        while node is not self._end and node is not None:
            rest.append(node.value)
            node = getattr(node, self._link)
        return iter, (rest,)


class _SnapshotIterator(_Walk[T]):
    """Backwards over a singly linked list, whose nodes cannot step back:
    over the list of its nodes taken when the walk starts; ``_index`` is the
    position in it of the next one to yield."""

    __slots__ = ("_nodes", "_index")

    def __init__(self, owner: _ListCore[T, Any], nodes: List[_LinkNode[T]]) -> None:
        super().__init__(owner)
        self._nodes, self._index = nodes, len(nodes) - 1

    def __next__(self) -> T:
        owner = self._list
        if owner is None:
            raise StopIteration
        if owner._version != self._version:
            self._finish()
            raise owner._changed()
        i = self._index
        if i < 0:
            self._finish()
            raise StopIteration
        self._index, self._taken = i - 1, self._taken + 1
        return self._nodes[i].value

    def _finish(self) -> None:
        self._list = None
        self._nodes = []

    def __reduce__(self) -> _Reduced[T]:
        if self._live_owner() is None or self._index < 0:
            return iter, ([],)
        return iter, ([node.value for node in self._nodes[self._index::-1]],)
