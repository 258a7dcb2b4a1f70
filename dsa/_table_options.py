"""The teaching options of the two textbook hash tables, written once.

``capacity``, ``max_load_factor``, ``hash_function``, ``on_resize`` (and
``probing`` for open addressing): how ``__init__`` takes them, how they
are validated before anything changes, how a table is rebuilt into them,
and the properties, ``slot_of`` and ``resize`` that show them to a
learner.  :class:`dsa._dict_surface.DictSurface` inherits this layer; the
tables themselves are in ``dsa/chaining.py`` and ``dsa/open_addressing.py``.

The rule for keyword arguments
==============================
The names of the options are keyword-only parameters of each table's
``__init__`` and configure the table; every other keyword argument is a
key, as in ``dict(**kwargs)``.  A key that has an option's name is stored
with ``t['on_resize'] = v``, ``t.update(on_resize=v)`` or a mapping.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Optional

from dsa._compat import as_max_load, as_resize_hook
from dsa._hashtable_parts import Entry, ResizeEvent, signed_word

__all__ = ["TableOptions"]


def _checked_hash(function: Callable[[Any], int]) -> Callable[[Any], int]:
    """Wrap a plugged hash function so that it behaves like ``hash``.

    The key must still be hashable in Python's sense (so a list key fails
    exactly as it does in a dict) and the function must return an int.  The
    result is converted to an exact ``int``, a signed 64-bit word as
    ``hash`` returns, so that comparing two stored hashes can never run
    user code and every stored hash fits a machine word.
    """
    def hash_key(key: Any) -> int:
        hash(key)
        h = function(key)
        if not isinstance(h, int):
            raise TypeError(
                f"hash_function must return an int, not {type(h).__name__}")
        return signed_word(h)
    return hash_key


class TableOptions:
    """The teaching options of a table: validated, rebuilt into, reported.

    ``max_load_factor``, ``hash_function``, ``capacity`` and ``on_resize``
    (plus whatever one kind adds), the properties that show them,
    ``slot_of`` and ``resize``.

    The rule for keyword arguments is the module's: option names are
    keyword-only, every other keyword argument is a key.
    """

    __slots__ = ("_hash", "_mixing", "_hash_function", "_max_load",
                 "_on_resize", "resize_count")

    _hash: Callable[[Any], int]             # what the slots use: see _configure
    _mixing: bool
    _hash_function: Callable[[Any], int]    # what the user asked for
    _max_load: float
    _on_resize: Optional[Callable[[ResizeEvent], Any]]
    resize_count: int

    DEFAULT_MAX_LOAD_FACTOR: float = 0.75
    _OPEN = False                   # open addressing: max load below 1
    _min_capacity = 8

    if TYPE_CHECKING:
        # What DictSurface and each table provide; declared here for the
        # type checker only, so that no stub can hide a missing method.
        _size: int
        _mask: int
        _entries: list[Optional[Entry]]

        def _capacity(self) -> int: ...
        def _reset(self, capacity: int) -> None: ...
        def _place_new(self, h: int, key: Any, value: Any) -> int: ...
        def _too_full(self, extra: int) -> bool: ...
        def _capacity_to_grow_to(self, extra: int) -> int: ...
        def _rehash(self, new_capacity: int,
                    remix: Optional[Callable[[int], int]] = None
                    ) -> Optional[ResizeEvent]: ...

    def _set_options(self,
                     on_resize: Optional[Callable[[ResizeEvent], Any]] = None,
                     **given: Any) -> None:
        """Apply the keyword-only options of ``__init__``.

        An option left out (None) keeps its current value, so calling
        ``__init__`` again only adds keys, as for dict.  Everything is
        validated before anything changes.
        """
        as_resize_hook(on_resize)
        options = self._options()
        options.update((name, value) for name, value in given.items()
                       if value is not None)
        self._configure(**options)
        if on_resize is not None:
            self._on_resize = on_resize

    @property
    def on_resize(self) -> Optional[Callable[[ResizeEvent], Any]]:
        """The resize hook: None, or a function called with a
        :class:`~dsa.hashtable.ResizeEvent` after every resize.

        It belongs to this table: ``copy()``, ``|``, ``fromkeys()`` and
        unpickling give a new table without one.
        """
        return self._on_resize

    @on_resize.setter
    def on_resize(self, hook: Optional[Callable[[ResizeEvent], Any]]) -> None:
        self._on_resize = as_resize_hook(hook)

    def _configure(self, max_load_factor: Optional[float] = None,
                   hash_function: Optional[Callable[[Any], int]] = None,
                   capacity: Optional[int] = None, **more: Any) -> None:
        """Set the teaching options (None means the default) and rebuild.

        Everything that can fail (validation, and new hashes when a table
        that already has keys gets a new hash function) happens before
        anything is changed.
        """
        max_load = (self.DEFAULT_MAX_LOAD_FACTOR if max_load_factor is None
                    else self._valid_max_load(max_load_factor))
        if hash_function is None:
            hash_function = hash
        elif not callable(hash_function):
            raise TypeError("hash_function must be callable, not "
                            f"{type(hash_function).__name__}")
        hash_key = hash if hash_function is hash else _checked_hash(hash_function)
        requested = (self._min_capacity if capacity is None
                     else self._round_capacity(capacity))
        extra = self._valid_extra_options(**more)
        old = [e for e in getattr(self, "_entries", ()) if e is not None]
        keep_hashes = old and hash_function is self._hash_function
        if keep_hashes:
            if (max_load == self._max_load and requested == self._capacity()
                    and all(getattr(self, k) == v for k, v in extra.items())):
                return                  # nothing changes: keep the table as is
            rehashed = [(e.hash, e.key, e.value) for e in old]
        else:
            rehashed = [(hash_key(e.key), e.key, e.value) for e in old]

        # Nothing below can fail.
        for name, value in extra.items():
            setattr(self, name, value)
        if not keep_hashes:
            self._hash = hash_key
            self._mixing = False
        self._hash_function = hash_function
        self._max_load = max_load
        if not hasattr(self, "resize_count"):
            self._on_resize = None
            self.resize_count = 0
        capacity = requested
        while len(rehashed) > max_load * capacity:
            capacity *= 2
        self._reset(capacity)
        for h, key, value in rehashed:
            self._place_new(h, key, value)

    def _valid_extra_options(self, **more: Any) -> dict[str, Any]:
        """Validate options only one table has; return attributes to set."""
        if more:
            raise TypeError(f"unexpected option {next(iter(more))!r}")
        return {}

    def _options(self) -> dict[str, Any]:
        """The options that re-create this table's configuration."""
        return {
            "max_load_factor": self._max_load,
            "hash_function": (None if self._hash_function is hash
                              else self._hash_function),
            "capacity": self._capacity(),
        }

    def _adopt_hashing(self, other: TableOptions) -> None:
        """Hash as ``other`` does (an empty copy of a mixing table mixes)."""
        self._hash, self._mixing = other._hash, other._mixing

    def _valid_max_load(self, value: Any) -> float:
        return as_max_load(value, self._OPEN)

    def _round_capacity(self, capacity: Any) -> int:
        """Validate a requested slot count and round it up to a power of two."""
        if isinstance(capacity, bool) or not isinstance(capacity, int):
            raise TypeError(
                f"capacity must be an int, not {type(capacity).__name__}")
        if capacity < 0:
            raise ValueError(f"capacity must be >= 0, not {capacity}")
        size = self._min_capacity
        while size < capacity:
            size *= 2
        return size

    @property
    def capacity(self) -> int:
        """The number of slots."""
        return self._capacity()

    @property
    def load_factor(self) -> float:
        """Live keys per slot: ``len(self) / capacity``."""
        return self._size / self._capacity()

    @property
    def max_load_factor(self) -> float:
        """The load (fill, for open addressing) above which the table grows.

        Setting it validates the number and resizes at once if the table is
        now too full for it.
        """
        return self._max_load

    @max_load_factor.setter
    def max_load_factor(self, value: float) -> None:
        self._max_load = self._valid_max_load(value)
        self._load_changed()
        event = None
        if self._too_full(0):
            event = self._rehash(self._capacity_to_grow_to(0))
        self._announce(event)

    def _load_changed(self) -> None:
        """The maximum load or the capacity changed: a table that keeps a
        limit worked out from them works it out again here."""

    @property
    def hash_function(self) -> Callable[[Any], int]:
        """The function that turns a key into its hash (``hash`` unless plugged)."""
        return self._hash_function

    def slot_of(self, key: Any) -> int:
        """The home slot of ``key`` under the current capacity.

        ``hash & (capacity - 1)`` keeps the low bits of the hash.  Because the
        capacity is a power of two this is exactly ``hash % capacity``, for
        negative hashes too: ``-3 & 7 == 5 == -3 % 8``.  (Once a table has
        begun to mix ``hash`` against patterned keys, the mixed hash.)
        """
        return self._hash(key) & self._mask

    def resize(self, capacity: int) -> None:
        """Rebuild with ``capacity`` slots (rounded up to a power of two).

        The table grows on its own; this is for lessons, which want to watch
        a resize happen, and for shrinking on purpose.  A capacity too small
        for the keys at ``max_load_factor`` raises ValueError.
        """
        slots = self._round_capacity(capacity)
        if self._size > self._max_load * slots:
            raise ValueError(
                f"capacity {slots} cannot hold {self._size} keys at "
                f"max_load_factor {self._max_load}")
        self._announce(self._rehash(slots))

    def _announce(self, event: Any) -> None:
        """Call the resize hook, once the table is consistent again."""
        if event is not None and self._on_resize is not None:
            self._on_resize(event)
