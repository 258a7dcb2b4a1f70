"""Circular deque: a fixed list used as a ring, a front index and a count.

The idea
--------
A Python list is fast at its right end only: ``insert(0, x)`` and ``pop(0)``
shift every other value one slot along, O(n) each.  A ring buffer never
shifts anything.  It allocates ``capacity`` slots once and lets the values
sit anywhere in them, remembered by two numbers: ``head``, the slot of the
front value, and ``count``, how many values there are.  The value ``k``
places behind the front is in slot ``(head + k) % capacity``: walking off
the right end of the list continues at slot 0, as if the slots were arranged
in a circle::

    capacity 5, head 3, count 4:   slots [ c | d | . | a | b ]
                                                       ^ head
    front = slots[3] = a,  back = slots[(3 + 4 - 1) % 5] = slots[1] = d

* ``push_back`` writes into the first free slot after the back,
  ``(head + count) % capacity``, and adds one to ``count``.
* ``push_front`` steps ``head`` one slot back, ``(head - 1) % capacity``
  (from slot 0 that is the last slot), and writes there.
* ``pop_front`` steps ``head`` one slot forward; ``pop_back`` only lowers
  ``count``.  Neither moves any value.

Why ``count`` and not a ``tail`` index
---------------------------------------
With only two indices, an empty deque and a full one look the same (the
indices meet in both cases); a separate count tells them apart with no
wasted slot and no special case: empty is ``count == 0``, full is
``count == capacity``.

Cost
----
Every operation is a few arithmetic steps and at most one slot read or
written: O(1), however many values are stored.  Memory is the ``capacity``
slots, allocated once.

The classic pitfall
-------------------
Forgetting the wrap-around in just one place.  Code tested only with
``push_back`` keeps ``head == 0`` forever, and ``back()`` written as
``slots[count - 1]`` looks right; the first ``push_front`` or ``pop_front``
moves ``head`` and the back is then read from the wrong slot.  In Python,
index ``-1`` silently means "the last slot", which hides some of these
mistakes instead of raising an error.
"""

from __future__ import annotations

from typing import List, Optional


class CircularDeque:
    """A double-ended queue of at most ``capacity`` values, O(1) at both ends."""

    def __init__(self, capacity: int) -> None:
        """An empty deque with room for ``capacity`` (>= 1) values."""
        self._slots: List[Optional[int]] = [None] * capacity  # allocated once, never resized
        self._head = 0  # slot of the front value
        self._count = 0  # number of values stored

    def _slot(self, k: int) -> int:
        """The slot of the value ``k`` places behind the front (wrapping around)."""
        return (self._head + k) % len(self._slots)

    def push_front(self, value: int) -> bool:
        """Add ``value`` at the front; False (and no change) when full."""
        if self.is_full():
            return False
        self._head = self._slot(-1)  # one slot back; from slot 0 to the last slot
        self._slots[self._head] = value
        self._count += 1
        return True

    def push_back(self, value: int) -> bool:
        """Add ``value`` at the back; False (and no change) when full."""
        if self.is_full():
            return False
        self._slots[self._slot(self._count)] = value  # first free slot after the back
        self._count += 1
        return True

    def pop_front(self) -> bool:
        """Remove the front value; False when empty."""
        if self.is_empty():
            return False
        self._slots[self._head] = None  # drop the reference to the value
        self._head = self._slot(1)
        self._count -= 1
        return True

    def pop_back(self) -> bool:
        """Remove the back value; False when empty."""
        if self.is_empty():
            return False
        self._slots[self._slot(self._count - 1)] = None
        self._count -= 1
        return True

    def front(self) -> int:
        """The front value, or -1 when empty."""
        if self.is_empty():
            return -1
        return self._slots[self._head]

    def back(self) -> int:
        """The back value, or -1 when empty."""
        if self.is_empty():
            return -1
        return self._slots[self._slot(self._count - 1)]

    def is_empty(self) -> bool:
        """True when the deque holds no values."""
        return self._count == 0

    def is_full(self) -> bool:
        """True when the deque holds ``capacity`` values."""
        return self._count == len(self._slots)

    def __len__(self) -> int:
        """How many values the deque holds."""
        return self._count
