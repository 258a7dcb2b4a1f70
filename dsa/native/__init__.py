"""The C twins of dsa's structures, called through cffi.

Each class here has the same name and the same methods as its pure-Python
twin, but holds signed 64-bit integers in memory laid out by C, so that the
lessons can time what the layout costs on real hardware and count the
64-byte cache lines an operation touches.

``available`` says whether the twins were built; when they were not,
``why_unavailable`` says why and how to get them, and using a class raises
:class:`NativeUnavailable` with the same message.  Everything pure-Python in
dsa works either way.
"""

from __future__ import annotations

from typing import Any

from ._loader import NativeUnavailable, probe

available, why_unavailable = probe()

# Public name -> submodule that defines it.  Imported lazily so that a
# missing build only fails when a twin is actually used.
_EXPORTS = {
    "BinaryHeap": "heap",
    "DaryHeap": "heap",
    "ChainedHashTable": "hashtable",
    "OpenAddressingHashTable": "hashtable",
    "DoublyLinkedList": "linkedlist",
    "BlockedDeque": "deque",
}

__all__ = ["available", "why_unavailable", "NativeUnavailable", "HOW_TO_BUILD",
           *_EXPORTS]


def __getattr__(name: str) -> Any:
    if name == "HOW_TO_BUILD":                 # the fix for this installation
        from dsa._install import how_to_build

        return how_to_build()
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if not available:
        raise NativeUnavailable(why_unavailable)
    import importlib

    module = importlib.import_module(f"{__name__}.{_EXPORTS[name]}")
    value = getattr(module, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
