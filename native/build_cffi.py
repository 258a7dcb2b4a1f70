"""Build the C twins of ``dsa`` with cffi in API (out-of-line) mode.

Every structure lives in ``native/<name>.c`` with its header
``native/<name>.h`` (a larger one is split by what each part does into a
few ``native/<name>_<part>.c`` files, with internal headers between them;
every ``.c`` file here is compiled into both modules).  The part of each header that Python may call sits
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

* by ``setup.py`` (``extensions()`` and ``build_ext_class()``) when the
  package is installed;
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


def _install_module():
    """``dsa/_install.py``, loaded by path: the package is not installed yet
    while it is being built, and the advice is written there once."""
    import importlib.util

    name = "_dsa_install_for_build"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(
        name, HERE.parent / "dsa" / "_install.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module          # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def failure_banner(errors: dict[str, str], *, editable: bool) -> str:
    """The warning printed at build time when a C twin did not compile."""
    install = _install_module()
    rule = "=" * 72
    lines = [rule, "WARNING: the C twins of dsa (dsa.native) were NOT built."]
    lines += [f"  {name}: {error}" for name, error in errors.items()]
    lines.append("Everything pure-Python works; dsa.native.available will be "
                 "False.")
    if editable:
        again = ("run again in the project folder: "
                 + install.rebuild_command(install.Installation("editable", ".")))
    else:
        again = ("install again, from a clone: "
                 + install.rebuild_command(install.Installation("directory", "."))
                 + "; from PyPI: "
                 + install.rebuild_command(install.Installation("index")))
    if not install.compiler_found():
        again = f"{install.COMPILER_HINT}; then {again}"
    lines.append(f"To build them, {again}")
    lines.append(rule)
    return "\n".join(lines)


def build_ext_class():
    """A setuptools ``build_ext`` that says loudly when a C twin failed.

    The extensions are optional (see :func:`extensions`), so setuptools
    alone only logs a line that pip hides.  This command also prints a
    banner (shown by ``pip install -v``, ``python -m build`` and
    ``pip wheel``) and writes ``dsa/native/_build_failed.json`` beside where
    the modules would have gone, which ``dsa`` reads to say what went wrong
    and how to fix it for the way it was installed.  A successful build
    removes a record left by an earlier failure.
    """
    import json

    from setuptools.command.build_ext import build_ext

    record_name = _install_module().BUILD_RECORD

    class BuildExtReportingFailures(build_ext):
        def run(self):
            self._failed = {}
            inplace = bool(self.inplace)
            super().run()
            folders = {Path(self.build_lib) / "dsa" / "native"}
            if inplace:
                folders.add(HERE.parent / "dsa" / "native")
            for folder in folders:
                record = folder / record_name
                if self._failed:
                    folder.mkdir(parents=True, exist_ok=True)
                    record.write_text(json.dumps(
                        {"errors": self._failed}, indent=2) + "\n")
                elif record.exists():
                    record.unlink()
            if self._failed:
                editable = inplace or bool(getattr(self, "editable_mode", False))
                print(failure_banner(self._failed, editable=editable),
                      file=sys.stderr, flush=True)

        def build_extension(self, ext):
            try:
                super().build_extension(ext)
            except Exception as exc:
                if not getattr(ext, "optional", False):
                    raise
                self._failed[ext.name] = str(exc) or type(exc).__name__
                raise

    return BuildExtReportingFailures


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
