"""Build the C twins of ``dsa`` with cffi in API (out-of-line) mode.

Every structure lives in ``native/<name>.c`` with its header
``native/<name>.h``.  The part of each header that Python may call sits
between the markers ``/* cffi:begin */`` and ``/* cffi:end */`` and is
written in the subset of C that cffi's ``cdef`` understands, so the
declarations are written once and read by both the C compiler and cffi.

Two extension modules are built from the same sources:

``dsa.native._dsa_native``
    the fast build the lessons time.
``dsa.native._dsa_native_traced``
    the same code compiled with ``-DDSA_TRACE=1``: every memory access of
    interest is also recorded as a 64-byte line address, so an operation can
    report how many distinct cache lines it touched.

Used three ways:

* by ``setup.py`` (``extensions()``) when the package is installed;
* by hand, ``python native/build_cffi.py --outdir DIR [--sanitize]``, which
  compiles both modules into ``DIR``; point ``DSA_NATIVE_DIR=DIR`` at it and
  ``dsa.native`` loads those instead of the installed ones.  The CI runs the
  twin tests this way against an AddressSanitizer/UBSan build;
* by tests, to check the build still works.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

from cffi import FFI

HERE = Path(__file__).resolve().parent
PACKAGE = "dsa.native"
MODULES = {False: "_dsa_native", True: "_dsa_native_traced"}

_MARKED = re.compile(r"/\* cffi:begin \*/(.*?)/\* cffi:end \*/", re.S)

BASE_CFLAGS = ["-std=c11", "-O2", "-Wall", "-Wextra", "-Wno-unused-parameter"]
SANITIZE_FLAGS = [
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=undefined",
    "-fno-omit-frame-pointer",
    "-g",
]


def c_sources() -> list[Path]:
    """The C files compiled into each module, in a stable order."""
    return sorted(HERE.glob("*.c"))


def marked_headers() -> list[Path]:
    """The headers with a part Python may call (the others, such as
    heap_sift.h, are shared between C files only)."""
    return [h for h in sorted(HERE.glob("*.h")) if _MARKED.search(h.read_text())]


def cdef_text() -> str:
    """Collect the cffi-visible declarations from every header."""
    parts = []
    for header in marked_headers():
        for block in _MARKED.findall(header.read_text()):
            parts.append(f"/* {header.name} */\n{block}")
    return "\n".join(parts)


def make_builder(*, traced: bool, sanitize: bool = False,
                 relative: bool = False) -> FFI:
    """An FFI builder for one of the two modules.

    ``relative=True`` names the C sources relative to the project folder, as
    setuptools wants; ``ffi.compile`` works in a temporary folder and needs
    absolute paths.
    """
    ffi = FFI()
    ffi.cdef(cdef_text())
    headers = "".join(f'#include "{h.name}"\n' for h in marked_headers())
    cflags = list(BASE_CFLAGS)
    ldflags: list[str] = []
    if sanitize:
        cflags = [f for f in cflags if f != "-O2"] + ["-O1"] + SANITIZE_FLAGS
        ldflags += SANITIZE_FLAGS
    macros = [("DSA_TRACE", "1")] if traced else []
    ffi.set_source(
        f"{PACKAGE}.{MODULES[traced]}",
        headers,
        sources=[str(p.relative_to(HERE.parent)) if relative else str(p)
                 for p in c_sources()],
        include_dirs=[str(HERE)],
        define_macros=macros,
        extra_compile_args=cflags,
        extra_link_args=ldflags,
    )
    return ffi


def extensions(tmpdir: str = "build/cffi") -> list:
    """setuptools Extensions for both modules, marked optional.

    ``optional=True`` makes a failed compile (no C compiler, say) a warning
    instead of an error: the pure-Python package still installs, and
    ``dsa.native.available`` is then false.
    """
    from setuptools import Extension

    sanitize = os.environ.get("DSA_SANITIZE") == "1"
    out = []
    for traced in (False, True):
        builder = make_builder(traced=traced, sanitize=sanitize, relative=True)
        ext = builder.distutils_extension(tmpdir, verbose=False)
        out.append(Extension(
            ext.name, sources=list(ext.sources),
            include_dirs=list(ext.include_dirs),
            define_macros=list(ext.define_macros),
            extra_compile_args=list(ext.extra_compile_args),
            extra_link_args=list(ext.extra_link_args),
            optional=True,
        ))
    return out


def build_into(outdir: Path, *, sanitize: bool) -> list[Path]:
    """Compile both modules and copy the shared objects into ``outdir``."""
    outdir.mkdir(parents=True, exist_ok=True)
    built = []
    with tempfile.TemporaryDirectory() as tmp:
        for traced in (False, True):
            ffi = make_builder(traced=traced, sanitize=sanitize)
            so = Path(ffi.compile(tmpdir=tmp))
            target = outdir / so.name
            shutil.copy2(so, target)
            built.append(target)
    return built


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--outdir", type=Path, required=True,
                        help="folder that receives the compiled modules")
    parser.add_argument("--sanitize", action="store_true",
                        help="compile with -fsanitize=address,undefined")
    args = parser.parse_args(argv)
    for path in build_into(args.outdir, sanitize=args.sanitize):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
