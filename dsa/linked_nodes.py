"""The nodes of the textbook linked lists, and what both lists share.

A :class:`SinglyNode` holds a value and a link to the next node; a
:class:`DoublyNode` links both ways.  Each list starts its chain with a
sentinel node that holds no value (``dsa/linkedlist.py`` says why), and
every node records the list that owns it, so that a node handle used on the
wrong list, or after its node was removed, is refused instead of corrupting
a chain.  :class:`_LinkedList` holds that bookkeeping and the node handles
(``insert_after``, ``remove_node``, ``move_to_front``...), written once on
the pointer surgery each list provides.
"""

from __future__ import annotations

from reprlib import recursive_repr
from typing import Any, Optional, TypeVar

from dsa._compat import LIST_INDEX, has_index, name_of, not_in_list, same_item
from dsa._list_surface import ListSurface

__all__ = ["SinglyNode", "DoublyNode"]

T = TypeVar("T")


###############################################################################
# Nodes
###############################################################################
#
# __slots__ matter here: without them every node would also carry a __dict__
# (a second object of 100+ bytes), and nodes are the whole memory cost of a
# linked list.  Measured with sys.getsizeof: a SinglyNode is 56 bytes and a
# DoublyNode 64, the size of a whole cache line (and as the allocator only
# aligns objects to 16 bytes, a node usually straddles two lines), against
# 8 bytes per item in a list's array.  The value object itself lives
# elsewhere in both cases.

class _Node:
    """What every node has: a value, a successor, and the list that owns it."""

    __slots__ = ("value", "_next", "_owner")

    def __init__(self, value: Any = None) -> None:
        self.value = value          # readable and writable: not a structural change
        self._next: Optional[_Node] = None
        self._owner: Optional[_LinkedList] = None

    @property
    def owner(self) -> Optional["_LinkedList"]:
        """The list this node is in, or None once it has been removed."""
        return self._owner

    @recursive_repr("<...>")
    def __repr__(self) -> str:
        state = "" if self._owner is not None else ", detached"
        return f"<{type(self).__name__} value={self.value!r}{state}>"


class SinglyNode(_Node):
    """A node of a :class:`SinglyLinkedList`: a value and a link to the next node.

    ``node.value`` can be read and assigned; ``node.next`` is read-only (only
    the list relinks nodes) and is None for the last node.
    """

    __slots__ = ()

    @property
    def next(self) -> Optional["SinglyNode"]:
        return self._next                       # type: ignore[return-value]


class DoublyNode(_Node):
    """A node of a :class:`DoublyLinkedList`: a value and links both ways.

    ``node.next`` and ``node.prev`` are read-only and are None at the ends
    (the list's sentinel is never shown).
    """

    __slots__ = ("_prev",)

    def __init__(self, value: Any = None) -> None:
        # Written out instead of calling super().__init__(): making a node is
        # the hot path of every append, and a call costs as much as the rest.
        self.value = value
        self._next: Optional[_Node] = None
        self._prev: Optional[_Node] = None
        self._owner: Optional[_LinkedList] = None

    @property
    def next(self) -> Optional["DoublyNode"]:
        return _hide_sentinel(self._next)

    @property
    def prev(self) -> Optional["DoublyNode"]:
        return _hide_sentinel(self._prev)


class _SinglySentinel(SinglyNode):
    """The dummy head of a singly linked list: the node before the first."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<sentinel>"


class _DoublySentinel(DoublyNode):
    """The node before the first and after the last of a doubly linked list."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<sentinel>"


def _hide_sentinel(node: Any) -> Any:
    return None if node is None or isinstance(node, _DoublySentinel) else node


###############################################################################
# What both lists share: owned nodes and node handles
###############################################################################

class _LinkedList(ListSurface[T]):
    """Owned nodes and the node handles, on each list's pointer surgery."""

    __slots__ = ()

    _Node: type = _Node


    def _adopt(self, node: _Node) -> None:
        node._owner = self
        self._size += 1
        self._version += 1

    def _disown(self, node: _Node) -> None:
        node._owner = None
        self._size -= 1
        self._version += 1

    def _check_node(self, node: Any) -> None:
        """Refuse anything that is not a node of this very list.

        Without this check a node from another list would be linked into two
        chains, and a removed node's stale links would be followed.
        """
        if not isinstance(node, _Node):
            raise TypeError(f"expected a {self._Node.__name__}, not {name_of(node)}")
        if node._owner is not self:
            if node._owner is None:
                raise ValueError("node is not in any list (it was removed, or never added)")
            raise ValueError("node belongs to another list")
        if node is self._sentinel:
            raise ValueError("the sentinel is not one of the list's items")

    def _new_node(self, value: T) -> _Node:
        return self._Node(value)

    # -- positions -----------------------------------------------------------

    # -- node handles --------------------------------------------------------

    @property
    def head_node(self) -> Optional[_Node]:
        """The first node, or None when the list is empty.  O(1)."""
        return self._first()

    @property
    def tail_node(self) -> Optional[_Node]:
        """The last node, or None when the list is empty.  O(1)."""
        return self._last()

    def node_at(self, index: Any) -> _Node:
        """The node at position ``index`` (negative counts from the end).  A walk."""
        if not has_index(index):
            raise TypeError(f"node indices must be integers, not {name_of(index)}")
        return self._node_at(self._position(index, LIST_INDEX))

    def find_node(self, value: Any) -> _Node:
        """The first node whose value equals ``value``.  O(n).  ValueError if none."""
        for _, node in self._scan():
            if same_item(node.value, value):
                return node
        raise not_in_list(value)

    def insert_after(self, node: _Node, value: T) -> _Node:
        """Splice a new node holding ``value`` in after ``node``; return it.  O(1)."""
        self._check_node(node)
        new = self._new_node(value)
        self._link_after(node, new)
        return new

    def append_node(self, value: T) -> _Node:
        """Like ``append``, but return the new node.  O(1)."""
        new = self._new_node(value)
        self._link_after(self._before(self._size), new)
        return new

    def appendleft_node(self, value: T) -> _Node:
        """Like ``appendleft``, but return the new node.  O(1)."""
        new = self._new_node(value)
        self._link_after(self._sentinel, new)
        return new

    def insert_before(self, node: _Node, value: T) -> _Node:
        self._check_node(node)
        new = self._new_node(value)
        self._link_after(self._predecessor(node), new)
        return new

    def remove_node(self, node: _Node) -> T:
        self._check_node(node)
        self._unlink_after(self._predecessor(node))
        return node.value

    def move_to_front(self, node: _Node) -> None:
        self._check_node(node)
        if node is self._first():
            return
        self._unlink_after(self._predecessor(node))
        self._link_after(self._sentinel, node)

    def move_to_back(self, node: _Node) -> None:
        self._check_node(node)
        if node is self._last():
            return
        self._unlink_after(self._predecessor(node))
        self._link_after(self._before(self._size), node)


