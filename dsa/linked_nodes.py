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
from typing import TYPE_CHECKING, Any, Generic, Optional, TypeVar

from dsa._compat import LIST_INDEX, has_index, name_of, not_in_list, same_item
from dsa._list_surface import ListSurface

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["SinglyNode", "DoublyNode"]

T = TypeVar("T")
N = TypeVar("N", bound="_LinkNode[Any]")


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

# None, which the type checker is told may be anything: the value of a node
# made without one (a sentinel, sort's scratch node), never read as an item;
# and the links of a detached doubly linked node (see DoublyNode).
_NO_VALUE: Any = None
_DETACHED: Any = None


class _LinkNode(Generic[T]):
    """What every node has: a value, a successor, and the list that owns it.

    A node made with no value (a sentinel, or sort's scratch node) holds
    None, which nothing ever reads as an item.
    """

    __slots__ = ("value", "_next", "_owner")

    value: T                # readable and writable: not a structural change
    _next: Optional[Self]   # None after a singly linked list's last node
    _owner: Optional[_LinkedList[T, Any]]

    def __init__(self, value: T = _NO_VALUE) -> None:
        self.value = value
        self._next = None
        self._owner = None

    @property
    def owner(self) -> Optional[_LinkedList[T, Any]]:
        """The list this node is in, or None once it has been removed."""
        return self._owner

    @recursive_repr("<...>")
    def __repr__(self) -> str:
        state = "" if self._owner is not None else ", detached"
        return f"<{type(self).__name__} value={self.value!r}{state}>"


class SinglyNode(_LinkNode[T]):
    """A node of a :class:`SinglyLinkedList`: a value and a link to the next node.

    ``node.value`` can be read and assigned; ``node.next`` is read-only (only
    the list relinks nodes) and is None for the last node.
    """

    __slots__ = ()

    @property
    def next(self) -> Optional[SinglyNode[T]]:
        return self._next


class DoublyNode(_LinkNode[T]):
    """A node of a :class:`DoublyLinkedList`: a value and links both ways.

    ``node.next`` and ``node.prev`` are read-only and are None at the ends
    (the list's sentinel is never shown).
    """

    __slots__ = ("_prev",)

    # In the circle every link leads to a node (the sentinel at the ends),
    # which is what spares the pointer surgery its None checks.  Only a node
    # outside any list has None links, and no walk ever starts from one.
    _next: Self
    _prev: Self

    def __init__(self, value: T = _NO_VALUE) -> None:
        # Written out instead of calling super().__init__(): making a node is
        # the hot path of every append, and a call costs as much as the rest.
        self.value = value
        self._next = self._prev = _DETACHED
        self._owner = None

    @property
    def next(self) -> Optional[DoublyNode[T]]:
        return _hide_sentinel(self._next)

    @property
    def prev(self) -> Optional[DoublyNode[T]]:
        return _hide_sentinel(self._prev)


class _SinglySentinel(SinglyNode[Any]):
    """The dummy head of a singly linked list: the node before the first."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<sentinel>"


class _DoublySentinel(DoublyNode[Any]):
    """The node before the first and after the last of a doubly linked list."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<sentinel>"


def _hide_sentinel(node: Optional[DoublyNode[T]]) -> Optional[DoublyNode[T]]:
    return None if node is None or isinstance(node, _DoublySentinel) else node


###############################################################################
# What both lists share: owned nodes and node handles
###############################################################################

class _LinkedList(ListSurface[T, N]):
    """Owned nodes and the node handles, on each list's pointer surgery.

    A handle's cost is the cost of finding the node's predecessor: O(1) in a
    doubly linked list (``node.prev``), a walk from the head in a singly
    linked one (O(n), except O(1) for the head node, whose predecessor is
    the sentinel).
    """

    __slots__ = ()

    def _adopt(self, node: N) -> None:
        node._owner = self
        self._size += 1
        self._version += 1

    def _disown(self, node: N) -> None:
        node._owner = None
        self._size -= 1
        self._version += 1

    def _check_node(self, node: N) -> None:
        """Refuse anything that is not a node of this very list.

        Without this check a node from another list would be linked into two
        chains, and a removed node's stale links would be followed.
        """
        if not isinstance(node, _LinkNode):
            raise TypeError(f"expected a {self._Node.__name__}, not {name_of(node)}")
        if node._owner is not self:
            if node._owner is None:
                raise ValueError("node is not in any list (it was removed, or never added)")
            raise ValueError("node belongs to another list")
        if node is self._sentinel:
            raise ValueError("the sentinel is not one of the list's items")

    def _check_sentinel(self, kind: type) -> None:
        """For check_invariants: the sentinel is of its ``kind`` and ours."""
        if not isinstance(self._sentinel, kind) or self._sentinel._owner is not self:
            raise AssertionError("the sentinel is missing or not owned by this list")

    def _check_member(self, node: N, count: int) -> None:
        """For check_invariants: the node at position ``count`` of a walk is
        within the size, owned by this list, and not a sentinel."""
        if count == self._size:
            raise AssertionError(f"more nodes than the size {self._size} (or a cycle)")
        if node._owner is not self:
            raise AssertionError(f"node {count} is not owned by this list")
        if isinstance(node, (_SinglySentinel, _DoublySentinel)):
            raise AssertionError(f"a sentinel sits at position {count}")

    # -- node handles --------------------------------------------------------

    @property
    def head_node(self) -> Optional[N]:
        """The first node, or None when the list is empty.  O(1)."""
        return self._first()

    @property
    def tail_node(self) -> Optional[N]:
        """The last node, or None when the list is empty.  O(1)."""
        return self._last()

    def node_at(self, index: Any) -> N:
        """The node at position ``index`` (negative counts from the end).  A walk."""
        if not has_index(index):
            raise TypeError(f"node indices must be integers, not {name_of(index)}")
        return self._node_at(self._position(index, LIST_INDEX))

    def find_node(self, value: object) -> N:
        """The first node whose value equals ``value``.  O(n).  ValueError if none."""
        for _, node in self._scan():
            if same_item(node.value, value):
                return node
        raise not_in_list(value)

    def insert_after(self, node: N, value: T) -> N:
        """Splice a new node holding ``value`` in after ``node``; return it.  O(1)."""
        self._check_node(node)
        new = self._new_node(value)
        self._link_after(node, new)
        return new

    def append_node(self, value: T) -> N:
        """Like ``append``, but return the new node.  O(1)."""
        new = self._new_node(value)
        self._link_after(self._before(self._size), new)
        return new

    def appendleft_node(self, value: T) -> N:
        """Like ``appendleft``, but return the new node.  O(1)."""
        new = self._new_node(value)
        self._link_after(self._sentinel, new)
        return new

    def insert_before(self, node: N, value: T) -> N:
        """Splice a new node holding ``value`` in before ``node``; return it.

        Needs ``node``'s predecessor: O(1) doubly linked, a walk singly.
        """
        self._check_node(node)
        new = self._new_node(value)
        self._link_after(self._predecessor(node), new)
        return new

    def remove_node(self, node: N) -> T:
        """Unlink ``node`` and return its value.

        The predecessor's link must change: O(1) doubly linked, a walk singly.
        """
        self._check_node(node)
        self._unlink_after(self._predecessor(node))
        value: T = node.value
        return value

    def move_to_front(self, node: N) -> None:
        """Move ``node`` to the front: O(1) doubly linked, a walk singly."""
        self._check_node(node)
        if node is self._first():
            return
        self._unlink_after(self._predecessor(node))
        self._link_after(self._sentinel, node)

    def move_to_back(self, node: N) -> None:
        """Move ``node`` to the back (an LRU cache's "touch").

        O(1) doubly linked; singly, a walk, except O(1) for the head node.
        """
        self._check_node(node)
        if node is self._last():
            return
        self._unlink_after(self._predecessor(node))
        self._link_after(self._before(self._size), node)
