"""CPython's rules, written once.

A drop-in must fail the way the built-in it stands in for fails: the same
exception, the same words, the same type names, and the same differences
between Python versions.  Those rules are CPython's, not the data
structures', so they live here, once, and every pure twin (``dsa.heap``,
``dsa.deque``, ``dsa.linkedlist``, ``dsa.hashtable``) and every Python face
of a C twin (``dsa.native.*``) imports them.  Nothing in this module knows
about blocks, heaps or hash tables; a textbook module stays readable by
leaving this to one line (``index = as_ssize(index)``).

What is here, and the C function of CPython each rule copies:

* type names as error messages print them (``tp_name``);
* integer arguments: ``__index__``, C ``Py_ssize_t`` and C ``int`` limits,
  sequence subscripts, slice bounds, repeat counts;
* ``list.sort(reverse=)``, which Python 3.12 began to read differently;
* ``+`` and ``*`` of a sequence with an operand of another kind;
* the identity-then-equality test behind ``in``, ``count`` and ``index``,
  and the six rich comparisons handed to one function;
* ``list``'s slice-assignment and subscript messages;
* ``collections.deque``'s ``maxlen``, subscripts and messages;
* ``heapq``'s refusal of anything but a list;
* ``dict``'s update sequences;
* and one rule of the twins' own: a hash table's ``max_load_factor``.
"""

from __future__ import annotations

import array
import collections
import numbers
import operator
import sys
from collections.abc import Mapping
from typing import (TYPE_CHECKING, Any, Callable, Iterable, Iterator, Optional, SupportsIndex,
                    Tuple)

if TYPE_CHECKING:
    from typing_extensions import Self

SSIZE_MAX = sys.maxsize             # the range of C's Py_ssize_t, which
SSIZE_MIN = -sys.maxsize - 1        # CPython converts position arguments to
C_INT_MAX = 2**31 - 1               # the range of a C int
C_INT_MIN = -2**31

_HEAPTYPE = 1 << 9          # Py_TPFLAGS_HEAPTYPE: allocated at run time
_IMMUTABLETYPE = 1 << 8     # Py_TPFLAGS_IMMUTABLETYPE: attributes cannot be set


###############################################################################
# Type names
###############################################################################

def is_python_class(cls: type) -> bool:
    """True for a class made by a ``class`` statement (or ``type()``).

    Such classes are heap types whose attributes can be changed.  Since
    Python 3.12 many C types of the standard library (``collections.deque``
    among them) are heap types too, but those are immutable.
    """
    flags = cls.__flags__
    return bool(flags & _HEAPTYPE) and not flags & _IMMUTABLETYPE


def type_name(cls: type) -> str:
    """``cls``'s ``tp_name``, the name CPython's own error messages print.

    Just ``int`` or ``Mine`` for built-ins and classes written in Python,
    but ``collections.deque`` or ``array.array`` for types written in C
    elsewhere.  Python code cannot read ``tp_name``, so it is rebuilt from
    the type's flags.
    """
    if is_python_class(cls) or cls.__module__ == "builtins":
        return cls.__name__
    return f"{cls.__module__}.{cls.__qualname__}"


def name_of(obj: object) -> str:
    """``type(obj)``'s name as CPython's error messages print it."""
    return type_name(type(obj))


def argument_name(obj: object) -> str:
    """How an argument error names ``obj``'s type (``_PyArg_BadArgument``):
    ``None`` for None, else as :func:`name_of`."""
    return "None" if obj is None else name_of(obj)


def bad_argument(expected: str, obj: object, function: str = "",
                 argument: str = "argument 1") -> TypeError:
    """An argument of the wrong type (``_PyArg_BadArgument``): "heappush()
    argument 1 must be list, not int"; without ``function`` (a C function
    parsed with no name, as deque's iterator is) just "argument 1 must be
    ...".  None is named "None"."""
    prefix = f"{function}() " if function else ""
    return TypeError(f"{prefix}{argument} must be {expected}, not {argument_name(obj)}")


def no_keywords(obj: object) -> TypeError:
    """A constructor that takes no keyword arguments (``_PyArg_NoKeywords``)."""
    return TypeError(f"{type(obj).__name__}() takes no keyword arguments")


def cannot_create(cls: type) -> TypeError:
    """A type with no ``tp_new``, made by other means only (dict's views)."""
    return TypeError(f"cannot create '{cls.__name__}' instances")


def cannot_pickle(obj: object) -> TypeError:
    """An object that refuses to be pickled, in ``object.__reduce_ex__``'s words."""
    return TypeError(f"cannot pickle '{type(obj).__name__}' object")


###############################################################################
# Integer arguments
###############################################################################

# CPython's words for an integer too big for a Py_ssize_t index or count.
_CANNOT_FIT = "cannot fit '{}' into an index-sized integer"


def has_index(obj: object) -> bool:
    """Can ``obj`` serve as an integer index (int, bool, numpy ints...)?"""
    return hasattr(type(obj), "__index__")


def as_ssize(obj: Any) -> int:
    """An integer argument converted to a C ``Py_ssize_t`` (format ``n``):
    ``rotate(n)``, ``insert(i, x)``, ``pop(i)``.

    TypeError ("'str' object cannot be interpreted as an integer") for
    anything without ``__index__``, OverflowError past the C range.
    """
    return _as_ssize_or(obj, OverflowError,
                        "Python int too large to convert to C ssize_t")


def _as_ssize_or(obj: Any, error: type[Exception], message: str) -> int:
    """``operator.index(obj)``, or ``error(message)`` past the C range of a
    ``Py_ssize_t``; ``{}`` in ``message`` names ``obj``'s type.  The three
    callers differ only in the error the C function they copy raises."""
    number = operator.index(obj)
    if not SSIZE_MIN <= number <= SSIZE_MAX:
        raise error(message.format(name_of(obj)))
    return number


def as_subscript(obj: Any) -> int:
    """The integer in ``seq[obj]`` (``PyNumber_AsSsize_t(obj, IndexError)``):
    past the C range it is an IndexError naming ``obj``'s type."""
    return _as_ssize_or(obj, IndexError, _CANNOT_FIT)


def as_slice_bound(obj: Any) -> int:
    """A ``start`` or ``stop`` of ``index(x, start, stop)``: any integer
    (it is clamped to the sequence later), None refused."""
    if not has_index(obj):
        raise TypeError(
            "slice indices must be integers or have an __index__ method")
    return operator.index(obj)


#: The built-in sequences with a repeat of their own (CPython's
#: ``sq_repeat``), which runs when one of them is the left operand of ``*``.
_SELF_REPEATING = (str, bytes, bytearray, tuple, list, array.array, collections.deque)


def cannot_multiply(obj: object) -> TypeError:
    """The error of ``sequence * obj`` for an ``obj`` that is no integer."""
    return TypeError(
        f"can't multiply sequence by non-int of type '{name_of(obj)}'")


def cannot_concatenate(kind: str, other: object) -> TypeError:
    """The error of ``sequence + other``: list's and deque's words, which
    name the base type (``kind``), whatever the subclass on the left."""
    return TypeError(
        f'can only concatenate {kind} (not "{name_of(other)}") to {kind}')


def reflected(left: Any, right: Any, name: str, error: TypeError,
              kind: type) -> Any:
    """``left + right`` or ``left * right`` once ``left``, a Python class
    standing in for a C sequence, has found ``right`` unfit.

    list and deque have no ``__add__``/``__mul__`` of their own, only the
    sequence slots, so Python first offers the operation to the right
    operand's reflected method (``name``: ``__radd__``, ``__rmul__``) and
    raises the sequence's TypeError (``error``) only if that declines.  The
    same order here, for right operands written in Python that are not a
    ``kind`` themselves.  Built-in types are skipped: on ``str``, ``list``
    or ``tuple`` ``__rmul__`` is their own repeat, not a reflected
    operation, and the built-in numbers decline anyway.
    """
    cls = type(right)
    method = getattr(cls, name, None)
    if (method is not None and is_python_class(cls)
            and not isinstance(right, kind)):
        result = method(right, left)
        if result is not NotImplemented:
            return result
    raise error


def reflected_repeat(left: Any) -> Any:
    """What ``__rmul__`` answers for ``left * seq`` when ``left`` is no
    integer.

    With a list, Python ends this in the list's own repeat, which names
    ``left`` ("can't multiply sequence by non-int of type 'float'"), unless
    ``left`` is a sequence that repeats itself: then *its* repeat runs first
    and names the list.  So: NotImplemented for such a sequence (a built-in
    one, or one of these stand-ins, whose ``__mul__`` has already decided
    through :func:`reflected`), and the list's error for anything else.
    """
    if isinstance(left, _SELF_REPEATING) or isinstance(left, RichComparisons):
        return NotImplemented
    raise cannot_multiply(left)


def as_repeat_count(obj: Any) -> int:
    """The ``n`` of ``seq * n`` and ``seq *= n``."""
    if not has_index(obj):
        raise cannot_multiply(obj)
    return _as_ssize_or(obj, OverflowError, _CANNOT_FIT)


def as_sort_flag(obj: Any) -> bool:
    """``list.sort(reverse=...)`` as this Python reads it.

    Up to Python 3.11 list accepts an integer (a C int) and nothing else;
    from 3.12 on it takes the truth value of any object, as ``bool()`` does.
    """
    if sys.version_info >= (3, 12):
        return bool(obj)
    number = operator.index(obj)
    if not C_INT_MIN <= number <= C_INT_MAX:
        raise OverflowError("Python int too large to convert to C int")
    return bool(number)


def same_item(item: Any, value: Any) -> bool:
    """The test behind ``in``, ``count``, ``index`` and ``remove`` of list
    and deque (``PyObject_RichCompareBool``): identity first, then
    ``item == value`` with the stored item on the left.  Identity first is
    why ``nan in [nan]`` is True for the very same NaN."""
    return item is value or bool(item == value)


def _comparison(op: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """The special method for ``op`` (``operator.eq`` makes ``__eq__``): it
    hands ``other`` and ``op`` to the instance's ``_compare``."""
    def compare(self: Any, other: Any) -> Any:
        return self._compare(other, op)
    name = f"__{op.__name__}__"
    compare.__name__, compare.__qualname__ = name, f"RichComparisons.{name}"
    return compare


class RichComparisons:
    """``==``, ``!=``, ``<``, ``<=``, ``>``, ``>=``, each handed to the class's
    own ``_compare(other, op)`` with the matching ``operator`` function, as
    CPython's ``tp_richcompare`` hands a sequence one function for all six.
    Slot-free, so it adds no ``__dict__`` to a slotted class; unhashable,
    like the mutable built-ins."""

    __slots__ = ()

    def _compare(self, other: Any, op: Callable[[Any, Any], Any]) -> Any:
        raise NotImplementedError

    __eq__ = _comparison(operator.eq)
    __ne__ = _comparison(operator.ne)
    __lt__ = _comparison(operator.lt)
    __le__ = _comparison(operator.le)
    __gt__ = _comparison(operator.gt)
    __ge__ = _comparison(operator.ge)

    __hash__ = None  # type: ignore[assignment]


class RepeatInPlace:
    """``seq *= n`` as list and deque take it (``sq_inplace_repeat``): an
    ``n`` that is no index gets NotImplemented, so that Python tries
    ``__mul__``, whose error explains; otherwise the class's own
    ``_repeat_in_place(count)`` keeps the items and adds ``count - 1``
    copies.  Slot-free, like :class:`RichComparisons`."""

    __slots__ = ()

    def _repeat_in_place(self, count: int) -> None:
        raise NotImplementedError

    def __imul__(self, n: SupportsIndex) -> Self:
        if not has_index(n):
            return NotImplemented
        self._repeat_in_place(as_repeat_count(n))
        return self


###############################################################################
# list
###############################################################################

LIST_INDEX = "list index out of range"
LIST_ASSIGNMENT_INDEX = "list assignment index out of range"
EMPTY_LIST = "pop from empty list"
POP_INDEX = "pop index out of range"
REMOVE_MISSING = "list.remove(x): x not in list"
MODIFIED_DURING_SORT = "list modified during sort"

#: ``a[i:j:k] = x`` with a non-iterable ``x``.
EXTENDED_SLICE_NOT_ITERABLE = "must assign iterable to extended slice"

#: ``a[i:j] = x`` with a non-iterable ``x``: from Python 3.13 on, the same
#: words as for an extended slice.
SLICE_NOT_ITERABLE = (EXTENDED_SLICE_NOT_ITERABLE if sys.version_info >= (3, 13)
                      else "can only assign an iterable")


def slice_items(value: Any, message: str) -> list[Any]:
    """The right-hand side of ``a[i:j] = value``, read into a list first, as
    list reads it: if that fails nothing has changed yet, and ``a[:] = a``
    reads all of ``a`` before ``a`` changes.  ``TypeError(message)`` (one of
    the two above) if ``value`` is not iterable."""
    try:
        iterator = iter(value)
    except TypeError:
        raise TypeError(message) from None
    return list(iterator)


def not_in_list(value: Any) -> ValueError:
    """``list.index`` of a value the list does not hold."""
    return ValueError(f"{value!r} is not in list")


def extended_slice_size_error(given: int, wanted: int) -> ValueError:
    """``a[i:j:k] = items`` with the wrong number of items."""
    return ValueError(f"attempt to assign sequence of size {given} "
                      f"to extended slice of size {wanted}")


def list_index_error(index: object) -> TypeError:
    """``a[index]`` for an ``index`` that is neither an integer nor a slice."""
    return TypeError(
        f"list indices must be integers or slices, not {name_of(index)}")


###############################################################################
# collections.deque
###############################################################################

EMPTY_DEQUE = "pop from an empty deque"
DEQUE_INDEX = "deque index out of range"
DEQUE_FULL = "deque already at its maximum size"
DEQUE_MUTATED = "deque mutated during iteration"


def subclass_state(obj: Any, own: type) -> Any:
    """What deque's ``__reduce__`` saves besides the items, for ``obj`` of
    ``own`` or a subclass: its instance dict and the slots the subclasses
    added, shaped like ``object.__getstate__``'s answer (None, a dict, or a
    ``(dict, slots)`` pair).  ``own``'s slots hold the structure itself,
    which the items rebuild, so they are left out."""
    state = getattr(obj, "__dict__", None) or None
    slots = {}
    for klass in type(obj).__mro__:
        if klass is own:
            break
        names = klass.__dict__.get("__slots__", ())
        for name in (names,) if isinstance(names, str) else names:
            if name in ("__dict__", "__weakref__"):
                continue
            owner = klass.__name__.lstrip("_")
            if owner and name.startswith("__") and not name.endswith("__"):
                name = f"_{owner}{name}"     # a private name is mangled
            if hasattr(obj, name):           # a slot never set is not saved
                slots[name] = getattr(obj, name)
    return (state, slots) if slots else state


def restore_state(obj: Any, state: Any) -> None:
    """Give ``obj`` a state shaped as :func:`subclass_state` makes it, the
    way pickle and ``copy`` apply one to an object without ``__setstate__``."""
    state, slots = state if isinstance(state, tuple) else (state, None)
    if state:
        obj.__dict__.update(state)
    for name, value in (slots or {}).items():
        setattr(obj, name, value)


def copy_by_calling(deque: Any, maker: Callable[..., Any],
                    maxlen: Optional[int], kind: type) -> Any:
    """A copy of a deque subclass, made as deque makes one: by calling the
    class (``maker``) with the deque, and its maxlen if it has one, so that
    the subclass's own ``__new__`` and ``__init__`` run.  What they return
    must be a ``kind``."""
    new = maker(deque) if maxlen is None else maker(deque, maxlen)
    if not isinstance(new, kind):
        raise TypeError(f"{name_of(deque)}() must return a BlockedDeque, "
                        f"not {name_of(new)}")
    return new


def not_in_deque(value: Any) -> ValueError:
    """``index`` and ``remove`` of a value the deque does not hold."""
    return ValueError(f"{value!r} is not in deque")


def as_maxlen(obj: Any) -> Optional[int]:
    """deque's ``maxlen``: None, or an int (``PyLong_AsSsize_t``: an int
    or a subclass, not merely something with ``__index__``) >= 0."""
    if obj is None:
        return None
    if not isinstance(obj, int):
        raise TypeError("an integer is required")
    if not SSIZE_MIN <= obj <= SSIZE_MAX:
        raise OverflowError("Python int too large to convert to C ssize_t")
    if obj < 0:
        raise ValueError("maxlen must be non-negative")
    return int(obj)                   # True -> 1, int subclasses -> int


def deque_position(index: Any, length: int) -> int:
    """``d[index]``'s position, ``0 <= p < length``, or deque's error.

    The rules of ``PySequence_GetItem``: only integers (``__index__``), an
    IndexError for one past the C range, negative counts from the end;
    then deque's own range check.
    """
    if type(index) is not int:
        if not has_index(index):
            raise TypeError(
                f"sequence index must be integer, not '{name_of(index)}'")
        index = as_subscript(index)
    i: int = index
    if -length <= i < length:
        return i + length if i < 0 else i
    if SSIZE_MIN <= i <= SSIZE_MAX:
        raise IndexError(DEQUE_INDEX)
    raise IndexError("cannot fit 'int' into an index-sized integer")


def clamp_bounds(start: Any, stop: Any, length: int) -> Tuple[int, int]:
    """``index(x, start, stop)``'s bounds as list and deque clamp them:
    negative from the end, then into ``0 .. length``, start <= stop."""
    start, stop = as_slice_bound(start), as_slice_bound(stop)
    if start < 0:
        start = max(start + length, 0)
    if stop < 0:
        stop = max(stop + length, 0)
    stop = min(stop, length)
    return min(start, stop), stop


###############################################################################
# heapq
###############################################################################

HEAP_EMPTY = "index out of range"                   # heappop([]) and the like
LIST_CHANGED_SIZE = "list changed size during iteration"   # a sift's __lt__ did it


def check_heap_list(function: str, heap: object,
                    argument: str = "argument") -> None:
    """heapq's C functions take a list and nothing else.

    Same wording as ``_heapq``: "heappush() argument 1 must be list, not
    int" (``argument`` is "argument 1" for the functions of two arguments).
    """
    if not isinstance(heap, list):
        raise bad_argument("list", heap, function, argument)


###############################################################################
# dict
###############################################################################

DICT_CHANGED_SIZE = "dictionary changed size during iteration"
DICT_KEYS_CHANGED = "dictionary keys changed during iteration"
DICT_EMPTY = "popitem(): dictionary is empty"


def mapping_keys(mapping: Any) -> list[Any]:
    """The keys of an update's ``mapping`` (anything with ``keys()``), read
    first, with dict's error for a ``keys()`` that returns no iterable."""
    keys = mapping.keys()
    try:
        iterator = iter(keys)
    except TypeError:
        raise TypeError(f"{name_of(mapping)}.keys() returned a non-iterable "
                        f"(type {name_of(keys)})") from None
    return list(iterator)


def update_pairs(iterable: Iterable[Any]) -> Iterator[tuple[Any, Any]]:
    """The ``(key, value)`` pairs of a dict update sequence, with dict's
    errors: every element must be an iterable of exactly two items."""
    for index, element in enumerate(iterable):
        try:
            items = iter(element)
        except TypeError:
            raise TypeError(f"cannot convert dictionary update sequence "
                            f"element #{index} to a sequence") from None
        pair = tuple(items)
        if len(pair) != 2:
            raise ValueError(f"dictionary update sequence element #{index} "
                             f"has length {len(pair)}; 2 is required")
        yield pair


###############################################################################
# dict's entries array, special methods and views
###############################################################################

DICT_KEYS_CHANGED = "dictionary keys changed during iteration"

_DICT_MIN_SIZE = 8


def dict_room(live: int) -> int:
    """How many more entries a dict's entries array takes after it has been
    compacted around ``live`` entries (``insertion_resize``): the new index
    has room for three times the live entries, ``calculate_log2_keysize``
    rounds that to a power of two (at least 8), and the entries array is
    two thirds of the index (``USABLE_FRACTION``)."""
    size = 1 << (((3 * live) | _DICT_MIN_SIZE) - 1 | (_DICT_MIN_SIZE - 1)).bit_length()
    return (2 * size) // 3 - live


#: The smallest maximum load a table accepts: below it a table would ask for
#: absurd numbers of slots (2**30 for one key at 1e-9), or overflow working
#: them out.  dict has no such option; the rule is the twins' own, shared by
#: the pure tables and the C ones.
MIN_MAX_LOAD_FACTOR = 1 / 16


def as_resize_hook(hook: Any) -> Any:
    """``on_resize=`` of every hash table: None (no hook) or a callable."""
    if hook is not None and not callable(hook):
        raise TypeError(
            f"on_resize must be callable or None, not {type(hook).__name__}")
    return hook


def as_max_load(value: Any, open_addressing: bool,
                what: str = "max_load_factor") -> float:
    """``value`` as a table's maximum load, or TypeError / ValueError.

    A real number (not a bool), finite, at least :data:`MIN_MAX_LOAD_FACTOR`,
    and below 1 under open addressing, where one slot must stay empty or a
    miss would probe forever.  NaN fails every comparison and so the test.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{what} must be a real number, not "
                        f"{type(value).__name__}")
    x = float(value)
    if open_addressing:
        if not MIN_MAX_LOAD_FACTOR <= x < 1.0:
            raise ValueError(
                f"{what} of an open-addressing table must be at least 1/16 "
                f"and below 1 (one slot must stay empty), not {value!r}")
    elif not MIN_MAX_LOAD_FACTOR <= x < float("inf"):
        raise ValueError(f"{what} must be a finite number of at least 1/16, "
                         f"not {value!r}")
    return x


def lookup_special(obj: Any, name: str) -> Any:
    """A special method found on the type, not the instance, bound to
    ``obj`` (``_PyObject_LookupSpecial``), or None."""
    for klass in type(obj).__mro__:
        if name in vars(klass):
            attribute = vars(klass)[name]
            bind = getattr(type(attribute), "__get__", None)
            return attribute if bind is None else bind(attribute, obj, type(obj))
    return None


_DICT_VIEW_TYPES: Tuple[type, ...] = (type({}.keys()), type({}.items()))


def is_set_view(obj: object) -> bool:
    """``PyDictViewSet_Check``: a keys or items view (of a dict, or of a
    table whose views follow these rules)."""
    return isinstance(obj, _DICT_VIEW_TYPES) or isinstance(obj, SetViewOperations)


SetUpdate = Callable[[set[Any], Any], None]
SetOperator = Callable[[Any, Any], set[Any]]


def _updated(left: Any, update: SetUpdate, right: Any) -> set[Any]:
    """``set(left)``, then ``update(that, right)``: one of the set operators
    of a dict view."""
    result: set[Any] = set(left)
    update(result, right)
    return result


def _set_operators(name: str, update: SetUpdate) -> tuple[SetOperator, SetOperator]:
    """``view OP other`` and the reflected ``other OP view`` (``__or__`` and
    ``__ror__`` for the ``name`` "or"), both by :func:`_updated` with one
    in-place ``update`` of :class:`set`."""
    def forward(self: Any, other: Any) -> set[Any]:
        return _updated(self, update, other)

    def reflected(self: Any, other: Any) -> set[Any]:
        return _updated(other, update, self)

    for function, dunder in ((forward, f"__{name}__"), (reflected, f"__r{name}__")):
        function.__name__ = dunder
        function.__qualname__ = f"SetViewOperations.{dunder}"
    return forward, reflected


def items_symmetric_difference(left: Mapping[Any, Any], right: Mapping[Any, Any]) -> set[Any]:
    """``left.items() ^ right.items()`` as ``dictitems_xor`` computes it
    for two items views: pairs are matched by key, and a key both hold
    drops out when its two values are equal, so the values are compared,
    never hashed (``{1: []}.items() ^ {1: []}.items()`` is ``set()``).
    The pairs of ``right`` that remain go into the set first, with its own
    keys, then those of ``left``, which decides which of two equal elements
    the set keeps."""
    rest = dict(left.items())
    result: set[Any] = set()
    for key, value in right.items():
        mine = rest.get(key, _ABSENT)
        if mine is not _ABSENT and (mine is value or bool(mine == value)):
            del rest[key]
        else:
            result.add((key, value))
    result.update(rest.items())
    return result


_ABSENT = object()


class UnionOperators:
    """``|``, the reflected ``|`` and ``|=`` of a table, as dict has them.

    ``table | other`` is a copy of the table (its class, options and order)
    updated with ``other``; ``other | table`` a new empty table like it,
    updated with ``other`` and then the table, so the right operand's value
    wins for a key both hold.  Like dict's, ``|`` takes only a mapping (and
    answers NotImplemented for anything else), while ``|=`` takes what
    ``update`` takes.  The class using it provides ``copy()``,
    ``_empty_like()`` and ``_update(other)``."""

    __slots__ = ()

    if TYPE_CHECKING:
        def copy(self) -> Any: ...
        def _empty_like(self) -> Any: ...
        def _update(self, other: Any) -> None: ...

    def __or__(self, other: Any) -> Any:
        return self._union(other, reflected=False)

    def __ror__(self, other: Any) -> Any:
        return self._union(other, reflected=True)

    def _union(self, other: Any, reflected: bool) -> Any:
        if not isinstance(other, Mapping):
            return NotImplemented
        if reflected:
            new = self._empty_like()
            new._update(other)
            new._update(self)
        else:
            new = self.copy()
            new._update(other)
        return new

    def __ior__(self, other: Any) -> Any:
        self._update(other)
        return self


class SetViewOperations:
    """``&``, ``|``, ``-``, ``^`` and ``isdisjoint`` of a keys or items view,
    as ``dictobject.c`` computes them, so that a result keeps the same one
    of two equal elements as dict's (``{1.0: 'a'}.keys() & {1}`` is
    ``{1.0}``) and a non-iterable operand fails as it does there.  The
    class using it provides ``__len__``, ``__iter__`` and ``__contains__``."""

    __slots__ = ()

    def __and__(self, other: Any) -> set[Any]:
        # _PyDictView_Intersect: a bigger exact set does the work itself;
        # otherwise the smaller operand is walked and looked up in the other.
        big: Any = self
        if type(other) is set and len(self) <= len(other):  # type: ignore
            found: set[Any] = other.intersection(self)      # type: ignore
            return found
        if is_set_view(other) and len(other) > len(self):   # type: ignore
            big, other = other, self
        result: set[Any] = set()
        for item in other:
            if item in big:
                result.add(item)
        return result

    __rand__ = __and__

    # |, - and ^ as dictobject.c does them: a set of the left operand, then
    # updated in place by the right one (so a non-iterable fails there).
    __or__, __ror__ = _set_operators("or", set.update)
    __sub__, __rsub__ = _set_operators("sub", set.difference_update)
    __xor__, __rxor__ = _set_operators("xor", set.symmetric_difference_update)

    def isdisjoint(self, other: Any) -> bool:
        """True if the view and ``other`` have nothing in common."""
        if self is other:
            return len(self) == 0
        big: Any = self
        if isinstance(other, (set, frozenset)) or is_set_view(other):
            if len(other) > len(self):                      # type: ignore
                big, other = other, self
        for item in other:
            if item in big:
                return False
        return True
