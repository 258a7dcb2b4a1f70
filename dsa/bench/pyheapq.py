"""CPython's heapq as pure Python, with its C accelerator kept out.

The standard library's ``heapq.py`` is written in Python but ends with
``from _heapq import *``, which replaces its functions with C ones.  To time
the Python code itself, load ``heapq.py`` afresh under another module name
while ``sys.modules['_heapq']`` is ``None`` (which makes that import fail, so
the Python definitions stay), then put ``sys.modules`` back as it was.
"""

from __future__ import annotations

import importlib.util
import sys
import types

MODULE_NAME = "dsa_bench_pure_heapq"
_MISSING = object()


def load_pure_python_heapq(name: str = MODULE_NAME) -> types.ModuleType:
    """Return a fresh copy of the stdlib ``heapq`` running as pure Python.

    ``sys.modules`` is left exactly as it was found (the loaded module is not
    registered in it).  Raises RuntimeError if the functions are not Python
    functions after all, so a benchmark never times C while calling it Python.
    """
    spec = importlib.util.find_spec("heapq")
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        raise RuntimeError("cannot find the standard library's heapq.py")
    pure_spec = importlib.util.spec_from_file_location(name, spec.origin)
    if pure_spec is None or pure_spec.loader is None:
        raise RuntimeError(f"cannot load {spec.origin}")

    saved_accelerator = sys.modules.get("_heapq", _MISSING)
    saved_name = sys.modules.get(name, _MISSING)
    sys.modules["_heapq"] = None  # type: ignore[assignment]  # blocks the import
    try:
        module = importlib.util.module_from_spec(pure_spec)
        pure_spec.loader.exec_module(module)
    finally:
        for key, saved in (("_heapq", saved_accelerator), (name, saved_name)):
            if saved is _MISSING:
                sys.modules.pop(key, None)
            else:
                sys.modules[key] = saved  # type: ignore[assignment]

    for fn in ("heappush", "heappop", "heapify", "heapreplace", "heappushpop"):
        if not isinstance(getattr(module, fn, None), types.FunctionType):
            raise RuntimeError(
                f"{fn} of the reloaded heapq is not a Python function; "
                "the C accelerator was not blocked")
    return module
