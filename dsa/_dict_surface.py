"""dict's surface, built once for both textbook tables of dsa/hashtable.py.

``dsa/hashtable.py`` is the lesson: a key hashed to a slot, a chain walked
or a probe sequence followed, insertion, deletion, resizing.  A drop-in for
:class:`dict` needs much more, and none of it depends on how collisions are
resolved, so it is written here once, as the class both tables inherit
from: the dense list that remembers insertion order, the constructor forms
and ``update``'s rules, ``fromkeys``, ``copy``, pickling, ``==``, ``|``,
``repr``, the iterators and the three views.  The teaching options
(``capacity``, ``max_load_factor``, ``hash_function``, ``on_resize``) are
the layer below, ``dsa/_table_options.py``.

What a table provides (see :class:`DictSurface`): ``_hash`` (the function
from a key to its stored hash), ``_find(key, h)`` (the entry or None),
``_add(key, h, value)`` (insert an absent key, growing if need be),
``_place(entry)`` (put an entry into a structure known to have room),
``_unlink(entry)`` (take an entry out of the slots), ``_reset(capacity)``,
``_capacity()`` and ``_arrays()`` (the arrays of the structure, for
``clear`` and ``__sizeof__``).

Insertion order: a dense entries list beside the slots
======================================================
Since Python 3.7 a dict remembers insertion order.  CPython keeps a dense,
append-only array of entries ``(hash, key, value)`` in insertion order
beside the sparse hash index, whose slots only point at entries; so do the
tables here: ``_entries`` is the dense list, and iteration walks it.  A
deletion leaves a hole (``None``).  The list has a fixed *room*, as
CPython's entries array has: when an insertion finds no room left, the holes
are squeezed out and the room is set for three times the live keys, exactly
CPython's ``insertion_resize``.  Keeping CPython's schedule matters for one
thing only: a loop that changes a dict while iterating over it.  An
iterator walks the dense list by position and stops, or raises, exactly
where a dict's iterator does, because the holes are squeezed out at the
same moments.

Changing a table while iterating over it
========================================
An iterator remembers the size of the table when it started; a change of
size makes its next step raise ``RuntimeError("dictionary changed size
during iteration")``, and an iterator that finds more keys than the table
had when it started raises ``"dictionary keys changed during iteration"``.

The views
=========
``keys()`` and ``items()`` are set-like.  Their set operations follow
CPython's rules (in :class:`dsa._compat.SetViewOperations`), down to which
of two equal elements the result keeps: with ``d = {1.0: 'a'}``,
``d.keys() & {1}`` is ``{1.0}``.
"""

from __future__ import annotations

import sys
from collections.abc import (ItemsView, Iterable, Iterator, KeysView, Mapping,
                             MutableMapping, ValuesView)
from operator import attrgetter
from reprlib import recursive_repr
from types import GenericAlias, MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Optional, TypeVar, cast

from dsa._compat import (DICT_CHANGED_SIZE, DICT_EMPTY, DICT_KEYS_CHANGED,
                         MIN_MAX_LOAD_FACTOR, SetViewOperations, UnionOperators,
                         cannot_create, cannot_pickle, dict_room, items_symmetric_difference,
                         lookup_special, mapping_keys, update_pairs)
from dsa._hashtable_parts import Entry
from dsa._table_options import TableOptions

__all__ = ["DictSurface"]

# A marker for "argument not given", distinct from every value a caller
# could pass (None included).
_MISSING: Any = object()


def _rebuild_table(cls: "type[DictSurface]",
                   options: dict[str, Any]) -> "DictSurface":
    """Unpickling helper: an empty table of ``cls`` with the given options."""
    table = DictSurface.__new__(cls)
    table._configure(**options)
    return table


class DictSurface(TableOptions, UnionOperators, MutableMapping[Any, Any]):
    """Everything of dict that does not depend on the hash structure."""

    __slots__ = ("_entries", "_room", "_size", "_mask")

    MIN_MAX_LOAD_FACTOR: float = MIN_MAX_LOAD_FACTOR   # see dsa._compat
    _entry_class: type[Entry] = Entry

    if TYPE_CHECKING:
        def _find(self, key: Any, h: int) -> Optional[Entry]: ...
        def _add(self, key: Any, h: int, value: Any) -> None: ...
        def _unlink(self, entry: Any) -> None: ...
        def _arrays(self) -> tuple[Any, ...]: ...

    # Mutable, so unhashable like dict.  The ignore is unavoidable: Python
    # marks a class unhashable with None, where typeshed declares a method.
    __hash__ = None  # type: ignore[assignment]
    __class_getitem__: "classmethod[Any, Any, GenericAlias]" = classmethod(
        GenericAlias)

    def __new__(cls, *args: Any, **kwargs: Any) -> "DictSurface":
        # Like dict, a table is a valid empty table as soon as it exists,
        # even if a subclass's __init__ never calls ours.
        self = super().__new__(cls)
        self._configure()
        return self

    def _initialise(self, mapping_or_iterable: Any, kwargs: dict[str, Any],
                    **options: Any) -> None:
        """The body of ``__init__``: the options, then dict's update rules."""
        self._set_options(**options)
        self._update(mapping_or_iterable)
        if kwargs:
            self._update(kwargs)

    # -- the dense entries list -----------------------------------------------

    def _clear_entries(self) -> None:
        self._entries: list[Optional[Entry]] = []
        self._room = 0                  # an empty dict has no entries array
        self._size = 0

    def _new_entry(self, h: int, key: Any, value: Any) -> Any:
        """A new entry for a new key, at the end of the insertion order.

        (OpenAddressingHashTable.__setitem__ writes these lines out on its
        fast path: a change here belongs there too.)"""
        if self._room <= 0:
            self._compact_entries()
        entry = self._entry_class()
        entry.hash, entry.key, entry.value = h, key, value
        entry.position = len(self._entries)
        self._entries.append(entry)
        self._room -= 1
        self._size += 1
        return entry

    def _compact_entries(self) -> None:
        """Squeeze out the holes and set the room as CPython does on growth.

        The slots point at entry objects, not at positions, so they are
        untouched.  With no holes there is nothing to squeeze (renumbering
        every entry anyway would cost a tenth of each insertion).
        """
        if len(self._entries) != self._size:
            live = [e for e in self._entries if e is not None]
            for position, entry in enumerate(live):
                entry.position = position
            self._entries = cast("list[Optional[Entry]]", live)
        self._room = dict_room(self._size)

    def _punch_hole(self, entry: Any) -> None:
        """Remove an entry from the insertion order, leaving a hole."""
        self._entries[entry.position] = None
        entry.position = -1
        self._size -= 1

    def _live_entries(self) -> list[Any]:
        return [e for e in self._entries if e is not None]

    # -- lookups --------------------------------------------------------------

    def _entry_for(self, key: Any) -> Any:
        """Hash ``key`` and return its entry, or None."""
        return self._find(key, self._hash(key))

    def _not_found(self, key: Any) -> Any:
        """What ``table[key]`` does for a missing key: __missing__ or KeyError."""
        missing = lookup_special(self, "__missing__")
        if missing is None:
            raise KeyError(key)
        return missing(key)

    def get(self, key: Any, default: Any = None, /) -> Any:
        """``self[key]`` if ``key`` is present, else ``default``."""
        entry = self._find(key, self._hash(key))
        return default if entry is None else entry.value

    def __len__(self) -> int:
        return self._size

    # -- updates --------------------------------------------------------------

    def _store(self, key: Any, value: Any) -> None:
        """Insert or update one key.  An existing key keeps its place in the
        order and its original key object: {1: 'a', 1.0: 'b'} is {1: 'b'}."""
        h = self._hash(key)
        entry = self._find(key, h)
        if entry is None:
            self._add(key, h, value)
        else:
            entry.value = value

    def _remove(self, entry: Any) -> None:
        """Take ``entry`` out of the slots and out of the insertion order."""
        self._unlink(entry)
        self._punch_hole(entry)

    def __delitem__(self, key: Any) -> None:
        entry = self._find(key, self._hash(key))
        if entry is None:
            raise KeyError(key)
        self._remove(entry)

    def pop(self, key: Any, default: Any = _MISSING, /) -> Any:
        """Remove ``key`` and return its value, or ``default`` if it is absent.

        Without a default, a missing key raises KeyError.
        """
        entry = self._find(key, self._hash(key))
        if entry is None:
            if default is _MISSING:
                raise KeyError(key)
            return default
        self._remove(entry)
        return entry.value

    def popitem(self) -> tuple[Any, Any]:
        """Remove and return the most recently inserted ``(key, value)`` pair."""
        entries = self._entries
        while entries and entries[-1] is None:
            entries.pop()
        entry = entries[-1] if entries else None
        if entry is None:
            raise KeyError(DICT_EMPTY)
        self._remove(entry)
        entries.pop()        # dict forgets the last place, not the room
        return entry.key, entry.value

    def setdefault(self, key: Any, default: Any = None, /) -> Any:
        """Return ``self[key]``, inserting ``default`` first if it is absent."""
        h = self._hash(key)
        entry = self._find(key, h)
        if entry is not None:
            return entry.value
        self._add(key, h, default)
        return default

    def update(self, other: Any = (), /, **kwargs: Any) -> None:
        """Add the pairs of a mapping or iterable of pairs, then of ``kwargs``."""
        self._update(other)
        if kwargs:
            self._update(kwargs)

    def _update(self, other: Any) -> None:
        """dict's rules: a dict, anything with keys(), or (key, value) pairs."""
        store = self._store
        if isinstance(other, dict) and type(other).__iter__ is dict.__iter__:
            for key, value in dict.items(other):
                store(key, value)
        elif (isinstance(other, DictSurface)
              and type(other).__iter__ is DictSurface.__iter__):
            # Read the other table's entries directly, as dict does for a
            # dict; its iterator notices if a key's __eq__ changes it.
            for key, value in _TableIterator(other, _ITEM):
                store(key, value)
        elif hasattr(other, "keys"):
            for key in mapping_keys(other):
                store(key, other[key])
        else:
            for key, value in update_pairs(other):
                store(key, value)

    def clear(self) -> None:
        """Remove every key and go back to the minimum capacity."""
        # Keep the old structure alive until the new one is in place: freeing
        # it can run a key's or value's __del__, which may look at the table.
        old = (self._entries, *self._arrays())
        self._reset(self._min_capacity)
        del old

    # -- construction and copies ----------------------------------------------

    @classmethod
    def fromkeys(cls, iterable: Iterable[Any], value: Any = None, /) -> Any:
        """A new table of this class mapping each key of ``iterable`` to ``value``."""
        table = cls()
        for key in iterable:
            table[key] = value
        return table

    def _empty_like(self, capacity: Optional[int] = None) -> Any:
        """A new empty table of the same class with the same options."""
        options = self._options()
        options["capacity"] = capacity
        return _rebuild_table(type(self), options)

    def copy(self) -> Any:
        """A shallow copy: same class, same options, same capacity, same order."""
        new = self._empty_like(self._capacity())
        new._adopt_hashing(self)
        for entry in self._entries:
            if entry is not None:
                # Keys are known to be distinct and their hashes are stored:
                # no __hash__ or __eq__ is called, just as dict.copy().
                new._place_new(entry.hash, entry.key, entry.value)
        state = getattr(self, "__dict__", None)
        if state:
            new.__dict__.update(state)
        return new

    __copy__ = copy

    def __reduce__(self) -> tuple[Any, ...]:
        # The options travel in the constructor arguments because pickle
        # stores the items before it restores any state.
        state = getattr(self, "__dict__", None) or None
        return (_rebuild_table, (type(self), self._options()), state, None,
                _TableIterator(self, _ITEM))

    def __sizeof__(self) -> int:
        size = object.__sizeof__(self) + sys.getsizeof(self._entries)
        size += self._size * self._entry_class.__basicsize__
        structure: int = sum(array.__sizeof__() for array in self._arrays())
        return size + structure

    # -- iteration and views --------------------------------------------------

    def __iter__(self) -> Iterator[Any]:
        return _TableIterator(self, _KEY)

    def __reversed__(self) -> Iterator[Any]:
        return _TableIterator(self, _KEY, reverse=True)

    def keys(self) -> "_KeysView":
        """A live, set-like view of the keys."""
        return _KeysView._of(self)

    def values(self) -> "_ValuesView":
        """A live view of the values."""
        return _ValuesView._of(self)

    def items(self) -> "_ItemsView":
        """A live, set-like view of the ``(key, value)`` pairs."""
        return _ItemsView._of(self)

    # -- comparison, union, repr ----------------------------------------------

    def __eq__(self, other: Any) -> Any:
        if not isinstance(other, Mapping):
            return NotImplemented
        if self._size != len(other):
            return False
        if isinstance(other, dict):
            def look_up(key: Any) -> Any:
                return dict.get(other, key, _MISSING)
        elif isinstance(other, DictSurface):
            def look_up(key: Any) -> Any:
                entry = other._entry_for(key)
                return _MISSING if entry is None else entry.value
        else:
            def look_up(key: Any) -> Any:
                try:
                    return other[key]
                except KeyError:
                    return _MISSING
        # Walk our own entries by index, re-reading the list each time, so
        # that a comparison which changes a table cannot derail the walk.
        index = 0
        while index < len(self._entries):
            entry = self._entries[index]
            index += 1
            if entry is None:
                continue
            key, value = entry.key, entry.value
            theirs = look_up(key)
            if theirs is _MISSING:
                return False
            if not (value is theirs or value == theirs):
                return False
        return True

    @recursive_repr("{...}")
    def __repr__(self) -> str:
        pairs = ", ".join(f"{entry.key!r}: {entry.value!r}"
                          for entry in self._live_entries())
        return f"{type(self).__name__}({{{pairs}}})"


# ---------------------------------------------------------------------------
# The iterator: keys, values or items, forwards or backwards
# ---------------------------------------------------------------------------

_KEY = attrgetter("key")
_VALUE = attrgetter("value")
_ITEM = attrgetter("key", "value")


class _TableIterator:
    """Walks the dense entries list, checking as dict's iterators do.

    It remembers the table's size at the start: if the size changes, every
    later step raises "changed size" (the error is sticky).  If a forward
    walk finds more entries than the table had at the start, keys were
    deleted and others added: "keys changed".  After that, or at the end,
    it is exhausted for good.  ``pick`` turns an entry into what is yielded.
    """

    __slots__ = ("_table", "_position", "_expected_size", "_remaining",
                 "_pick", "_reverse")

    def __init__(self, table: DictSurface, pick: Callable[[Any], Any],
                 reverse: bool = False) -> None:
        self._table: Optional[DictSurface] = table
        self._position = len(table._entries) - 1 if reverse else 0
        self._expected_size = table._size
        self._remaining = table._size
        self._pick = pick
        self._reverse = reverse

    def __iter__(self) -> "_TableIterator":
        return self

    def __next__(self) -> Any:
        table = self._table
        if table is None:
            raise StopIteration
        if table._size != self._expected_size:
            self._expected_size = -1
            raise RuntimeError(DICT_CHANGED_SIZE)
        entries = table._entries
        if self._reverse:
            i = min(self._position, len(entries) - 1)
            while i >= 0 and entries[i] is None:
                i -= 1
            if i < 0:
                self._table = None
                raise StopIteration
            self._position = i - 1
        else:
            i = self._position
            while i < len(entries) and entries[i] is None:
                i += 1
            if i >= len(entries):
                self._table = None
                raise StopIteration
            if self._remaining == 0:
                self._table = None
                raise RuntimeError(DICT_KEYS_CHANGED)
            self._position = i + 1
        self._remaining -= 1
        return self._pick(entries[i])

    def __length_hint__(self) -> int:
        table = self._table
        if table is not None and table._size == self._expected_size:
            return self._remaining
        return 0

    def __reduce__(self) -> tuple[Any, ...]:
        # Like dict's iterators: pickle what is left as a plain list.
        twin = object.__new__(_TableIterator)
        for name in self.__slots__:
            setattr(twin, name, getattr(self, name))
        return iter, (list(twin),)


# ---------------------------------------------------------------------------
# Views
# ---------------------------------------------------------------------------

_ViewT = TypeVar("_ViewT", bound="_View")


class _View:
    """What the three views share: reversed(), .mapping, repr, no pickling."""

    __slots__ = ()
    _kind = ""
    _pick: Callable[[Any], Any] = _KEY
    # The table looked at: the slot of collections.abc.MappingView, which
    # each view also inherits.
    _mapping: DictSurface

    @property
    def mapping(self) -> MappingProxyType[Any, Any]:
        """A read-only proxy of the table this view looks at."""
        return MappingProxyType(self._mapping)

    def __len__(self) -> int:
        return self._mapping._size

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        # As with dict, views come from keys(), values() and items() only.
        raise cannot_create(cls)

    @classmethod
    def _of(cls: type[_ViewT], table: DictSurface) -> _ViewT:
        view = object.__new__(cls)
        view._mapping = table
        return view

    def __iter__(self) -> Iterator[Any]:
        return _TableIterator(self._mapping, type(self)._pick)

    def __reversed__(self) -> Iterator[Any]:
        return _TableIterator(self._mapping, type(self)._pick, reverse=True)

    @recursive_repr("...")
    def __repr__(self) -> str:
        # Exactly dict's format: dict_keys(['a']), dict_items([('a', 1)]).
        return f"dict_{self._kind}({list(self)!r})"

    def __reduce__(self) -> Any:
        raise cannot_pickle(self)


class _KeysView(_View, SetViewOperations, KeysView[Any]):
    __slots__ = ()
    _kind = "keys"
    _pick = _KEY

    def __contains__(self, key: Any) -> bool:
        return self._mapping._entry_for(key) is not None


class _ValuesView(_View, ValuesView[Any]):
    __slots__ = ()
    _kind = "values"
    _pick = _VALUE

    def __contains__(self, value: Any) -> bool:
        for stored in self:
            if stored is value or stored == value:
                return True
        return False


class _ItemsView(_View, SetViewOperations, ItemsView[Any, Any]):
    __slots__ = ()
    _kind = "items"
    _pick = _ITEM

    def __contains__(self, item: Any) -> bool:
        if not isinstance(item, tuple) or len(item) != 2:
            return False
        key, value = item
        entry = self._mapping._entry_for(key)
        if entry is None:
            return False
        stored = entry.value
        return stored is value or bool(stored == value)

    def __xor__(self, other: Any) -> set[Any]:
        # Two items views meet in dict's own way, by key, so that values
        # need not be hashable; anything else goes through a set.
        if isinstance(other, (_ItemsView, _DICT_ITEMS)):
            return items_symmetric_difference(self._mapping, other.mapping)
        return SetViewOperations.__xor__(self, other)


_DICT_ITEMS: Any = type({}.items())
