"""The members every Python face of a C twin spells the same way.

Each twin keeps a cffi handle to its C structure, a lock around every call
into C (see :mod:`dsa.native._common`) and whether it was built traced.  The
C calls that read its length, copy out its items and report the last
operation's cache lines differ only in their prefix (``dsa_dq_``,
``dsa_heap_``, ``dsa_ll_``, ``dsa_ht_``), so the members built on them are
written here once.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, List

from ._common import read_items, read_last_lines


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

    def _read_items(self) -> List[int]:
        """Every item, copied out in one C call (what ``to_list`` returns)."""
        return read_items(self._lock, self._ffi,  # type: ignore[attr-defined]
                          self._lib, self._c_fn("len"),  # type: ignore[attr-defined]
                          self._c_fn("items"), self._c_handle())
