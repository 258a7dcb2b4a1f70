"""The members every Python face of a C twin spells the same way.

Each twin keeps a cffi handle to its C structure, a lock around every call
into C (see :mod:`dsa.native._common`) and whether it was built traced.  The
C calls that read its length, copy out its items and report the last
operation's cache lines differ only in their prefix (``dsa_dq_``,
``dsa_heap_``, ``dsa_ll_``, ``dsa_ht_``), so the members built on them are
written here once.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, ClassVar, List, Optional

from dsa._properties import ReadOnly

from ._common import as_int64, check, read_items, read_last_lines


class NativeFace:
    """``traced``, ``last_lines``, ``len()`` and truth for a C twin.

    A face names its structure in errors (``_WHAT``), its C functions' prefix
    (``_C_PREFIX``, looked up on ``self._lib``) and the attribute holding the
    cffi handle (``_HANDLE``); a face whose calls live elsewhere overrides
    :meth:`_c_fn`.
    """

    __slots__ = ()

    _WHAT: ClassVar[str]
    _C_PREFIX: ClassVar[str]
    _HANDLE: ClassVar[str]

    _lock: Any
    _traced: bool

    def _c_fn(self, name: str) -> Callable[..., Any]:
        """The twin's C function ``name`` (len, items, last_lines, ...)."""
        return getattr(self._lib, self._C_PREFIX + name)  # type: ignore[attr-defined, no-any-return]

    def _c_handle(self) -> Any:
        return getattr(self, self._HANDLE)

    def _take_c(self, ffi: Any, lib: Any, raw: Any, traced: bool) -> None:
        """Hold ``raw``, a structure ``lib`` has just made (new or cloned),
        as the handle, freed with this object by the twin's ``free``; with
        a lock of its own and an int64 to read results out of (used only
        under the lock)."""
        self._ffi = ffi
        self._lib = lib
        setattr(self, self._HANDLE, ffi.gc(raw, getattr(lib, self._C_PREFIX + "free")))
        self._lock = threading.RLock()
        self._out = ffi.new("int64_t *")
        self._traced = bool(traced)

    @property
    def traced(self) -> bool:
        return self._traced

    @property
    def last_lines(self) -> int:
        """Distinct 64-byte lines the last operation touched (see the module
        docstring for exactly which).  Needs ``traced=True``."""
        return read_last_lines(self._lock, self._c_fn("last_lines"),
                               self._c_fn("trace_overflowed"),
                               self._c_handle(), self._traced, self._WHAT)

    def __len__(self) -> int:
        with self._lock:
            return int(self._c_fn("len")(self._c_handle()))

    def __bool__(self) -> bool:
        return len(self) > 0

    def _push(self, fn: Callable[[Any, int], int], handle: Any, item: Any) -> None:
        """``fn(handle, item)`` under the lock: the C calls that add one
        int64 item (a push at either end).  The item is checked before the
        lock is taken, a bad status raised after it is let go.  (The caller
        passes its handle: :meth:`_c_handle` would cost a tenth of a push.)"""
        value = as_int64(item)
        with self._lock:
            status = fn(handle, value)
        check(self._lib, status)  # type: ignore[attr-defined]

    def _read_items(self) -> List[int]:
        """Every item, copied out in one C call (what ``to_list`` returns)."""
        return read_items(self._lock, self._ffi,  # type: ignore[attr-defined]
                          self._lib, self._c_fn("len"),  # type: ignore[attr-defined]
                          self._c_fn("items"), self._c_handle())


def c_reading(name: str, convert: Callable[[Any], Any],
              doc: Optional[str] = None) -> property:
    """A read-only property of a face: ``convert`` (``int``, ``bool``) of what
    the twin's C function ``name`` says of its handle, asked under the lock.
    ``block_count = c_reading("block_count", int, "...")`` on the deque
    stands for ``int(lib.dsa_dq_block_count(d))``."""
    def read(self: NativeFace) -> Any:
        with self._lock:
            return convert(self._c_fn(name)(self._c_handle()))
    return ReadOnly(read, doc=doc)
