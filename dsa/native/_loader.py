"""Find and load the compiled C twins.

The twins are two cffi extension modules built from the same C sources (see
``native/build_cffi.py``): ``_dsa_native`` for timing and
``_dsa_native_traced``, which also records the cache lines each operation
touches.  Setting the environment variable ``DSA_NATIVE_DIR`` to a folder
holding other builds of the two (for instance the sanitizer build the CI
makes) loads those instead of the installed ones.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from dsa import _install

_MODULES = {False: "_dsa_native", True: "_dsa_native_traced"}



def __getattr__(name: str) -> Any:
    # HOW_TO_BUILD, kept for those who read it: the fix that dsa._install
    # works out for this installation, read when asked for.
    if name == "HOW_TO_BUILD":
        return _install.how_to_build()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class NativeUnavailable(ImportError):
    """Raised when a C twin is used but the twins were not built."""


def _load_from_dir(folder: Path, name: str) -> ModuleType:
    full = f"{__package__}.{name}"
    for candidate in sorted(folder.glob(f"{name}.*")):
        if candidate.suffix in (".so", ".pyd"):
            spec = importlib.util.spec_from_file_location(full, candidate)
            if spec is None or spec.loader is None:
                break
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            sys.modules[full] = module
            return module
    raise ImportError(f"no compiled {name} in {folder}")


def load(traced: bool = False) -> tuple[Any, Any]:
    """Return ``(ffi, lib)`` of the ordinary or the traced build.

    Raises NativeUnavailable with instructions when the build is missing.
    """
    name = _MODULES[traced]
    override = os.environ.get("DSA_NATIVE_DIR")
    try:
        if override:
            module = _load_from_dir(Path(override), name)
        else:
            module = importlib.import_module(f"{__package__}.{name}")
    except ImportError as exc:
        raise NativeUnavailable(
            _install.advice(f"the C twins of dsa are not available ({exc})")
        ) from exc
    return module.ffi, module.lib


def probe() -> tuple[bool, str]:
    """Whether both builds load, and if not, why."""
    try:
        load(False)
        load(True)
    except NativeUnavailable as exc:
        return False, str(exc)
    return True, ""
