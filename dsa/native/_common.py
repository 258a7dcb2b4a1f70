"""What every Python face of a C twin shares: int64 checks, kernel
arguments, status codes, and the per-object lock.

(CPython's own argument rules, which the twins share with the pure-Python
ones, are in :mod:`dsa._compat`.)

cffi releases the GIL around every call into C, so two Python threads can be
inside the same C structure at once.  Each twin object therefore holds a
``threading.RLock`` and takes it around every call that reads or changes its
C state; that is the price of letting the C code run without the GIL.
"""

from __future__ import annotations

import operator
from typing import Any, Callable, Dict, List, NoReturn

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1


def as_int64(value: Any, what: str = "item") -> int:
    """Convert ``value`` to a Python int that fits in a signed 64-bit slot.

    TypeError for something that is not an integer (``__index__``),
    OverflowError for an integer out of range, as the contract says.
    """
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(
            f"{what} must be an integer, not {type(value).__name__}"
        ) from None
    if not INT64_MIN <= number <= INT64_MAX:
        raise OverflowError(
            f"{what} {number} does not fit in a signed 64-bit integer "
            f"[{INT64_MIN}, {INT64_MAX}]"
        )
    return number


def as_int64_list(iterable: Any, what: str = "item") -> List[int]:
    """Every item checked (as :func:`as_int64`) before any reaches C, so that
    a bad one, or an iterable that raises part-way, changes nothing."""
    return [as_int64(item, what) for item in iterable]


def as_size(value: Any, what: str = "size") -> int:
    """A non-negative integer for sizes and counts (ValueError if negative)."""
    number = operator.index(value)
    if number < 0:
        raise ValueError(f"{what} must be non-negative, got {number}")
    if number > 2**62:
        raise OverflowError(f"{what} {number} is too large")
    return number


def as_positive(value: Any, what: str) -> int:
    """A size or count of at least 1 (a kernel's n, ops, passes, ...)."""
    number = as_size(value, what)
    if number == 0:
        raise ValueError(f"{what} must be at least 1")
    return number


def as_seed(seed: Any) -> int:
    """A kernel's seed: an integer in [0, 2**64), the state of splitmix64."""
    value = operator.index(seed)
    if not 0 <= value < 2**64:
        raise ValueError(f"seed must be in [0, 2**64), got {value}")
    return value


def as_choice(value: Any, choices: Dict[str, int], what: str) -> int:
    """One of a kernel's named options (a string key of ``choices``),
    turned into the C constant it names."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a string, not {type(value).__name__}")
    if value not in choices:
        raise ValueError(
            f"{what} must be one of {sorted(choices)}, got {value!r}")
    return choices[value]


def repr_name(obj: Any, *public: type) -> str:
    """How a twin's repr names its class: ``dsa.native.BlockedDeque`` for
    the public classes (``public``), which live in private submodules, and
    ``module.Name`` for a subclass, wherever it was written."""
    cls = type(obj)
    if cls in public:
        return f"dsa.native.{cls.__name__}"
    return f"{cls.__module__}.{cls.__qualname__}"


def raise_status(lib: Any, status: int, message: str = "") -> NoReturn:
    """Turn a C status code into the exception a Python user expects."""
    if status == lib.DSA_ENOMEM:
        raise MemoryError(message or "the C twin could not allocate memory")
    if status in (lib.DSA_EEMPTY, lib.DSA_EINDEX):
        raise IndexError(message or "index out of range")
    if status == lib.DSA_EKEY:
        raise KeyError(message)
    if status == lib.DSA_EVALUE:
        raise ValueError(message or "invalid argument")
    if status == lib.DSA_ESTATE:
        raise RuntimeError(message or "structure changed during iteration")
    raise SystemError(f"unexpected status {status} from the C twin")


def check(lib: Any, status: int, message: str = "") -> None:
    """Raise for any status other than DSA_OK."""
    if status != lib.DSA_OK:
        raise_status(lib, status, message)


def check_nonempty(lib: Any, status: int, empty: str) -> None:
    """As :func:`check`, with ``empty`` as the IndexError's message for
    DSA_EEMPTY: what the Python structure says when popped while empty."""
    if status == lib.DSA_EEMPTY:
        raise IndexError(empty)
    check(lib, status)


def read_last_lines(lock: Any, lines_fn: Callable[[Any], int],
                    overflow_fn: Callable[[Any], int], handle: Any,
                    traced: bool, what: str) -> int:
    """The ``last_lines`` property of every traced twin.

    ``lines_fn(handle)`` and ``overflow_fn(handle)`` are the twin's C calls
    for the count and the overflow flag, read together under ``lock``;
    ``what`` names the structure in the error for an untraced one ("heap",
    "deque", ...).
    """
    if not traced:
        raise ValueError(
            f"last_lines needs a traced {what}: create it with traced=True "
            "(the ordinary build does not record memory accesses)")
    with lock:
        lines = lines_fn(handle)
        overflowed = overflow_fn(handle)
    if overflowed:
        raise MemoryError("the trace ran out of memory; the count is short")
    return int(lines)


def read_items(lock: Any, ffi: Any, lib: Any, len_fn: Callable[[Any], int],
               items_fn: Callable[[Any, Any, int], int], handle: Any) -> List[int]:
    """The ``to_list`` of every twin: under ``lock``, the length from
    ``len_fn(handle)``, then the items copied out in one C call,
    ``items_fn(handle, buffer, length)``."""
    with lock:
        n = len_fn(handle)
        buf = ffi.new("int64_t[]", n)
        status = items_fn(handle, buf, n)
    check(lib, status)
    return list(buf)
