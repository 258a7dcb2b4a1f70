"""How this copy of dsa was installed, and how to get its C twins built.

The C twins are compiled when the package is installed; without a C
compiler the install still succeeds, pure Python only.  The build then
leaves a record, ``dsa/native/_build_failed.json``, saying what failed, and
the advice given later depends on how the package got here:

``editable``
    ``pip install -e DIR``: rebuild in place from ``DIR``;
``directory``
    ``pip install DIR``: reinstall from ``DIR``;
``archive``
    a wheel or source archive file: a wheel built without the twins has to
    be rebuilt from source;
``index``
    ``pip install dsa-twins`` from a package index: ask pip to build from
    the source distribution;
``checkout``
    imported straight from a clone that was never installed: compile the
    twins into ``dsa/native`` with ``native/build_cffi.py``.

Standard library only: the build script (``native/build_cffi.py``) loads
this file by path, before the package is installed, to print the same
advice at build time.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import sysconfig
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

DISTRIBUTION = "dsa-twins"
BUILD_RECORD = "_build_failed.json"      # in dsa/native/, written by the build

PACKAGE_DIR = Path(__file__).resolve().parent

COMPILER_HINT = (
    "install a C compiler and the Python headers (Debian/Ubuntu: "
    "apt-get install gcc python3-dev; Fedora: dnf install gcc python3-devel; "
    "macOS: xcode-select --install)")


@dataclass(frozen=True)
class Installation:
    """How the imported ``dsa`` was installed (see the module docstring)."""

    kind: str
    location: Optional[str] = None   # the project folder or archive, if any


def installation(package_dir: Optional[Path] = None) -> Installation:
    """Describe how the ``dsa`` package in ``package_dir`` (this one by
    default) was installed."""
    package_dir = PACKAGE_DIR if package_dir is None else package_dir
    try:
        from importlib import metadata
        dist = metadata.distribution(DISTRIBUTION)
        installer = dist.read_text("INSTALLER")
        direct_url = dist.read_text("direct_url.json")
        installed = Path(str(dist.locate_file("dsa"))).resolve()
    except Exception:    # not installed, or metadata unreadable
        return _checkout(package_dir)
    if installer is None:
        # Metadata without an installer's mark is a build's by-product (an
        # .egg-info folder in a clone), not an installation.
        return _checkout(package_dir)
    info = json.loads(direct_url) if direct_url else {}
    url = str(info.get("url", ""))
    folder = _file_url_path(url)
    if info.get("dir_info", {}).get("editable"):
        if folder is not None and (folder / "dsa").resolve() == package_dir:
            return Installation("editable", str(folder))
        return _checkout(package_dir)
    if installed != package_dir:
        return _checkout(package_dir)     # another copy is installed
    if "dir_info" in info and folder is not None:
        return Installation("directory", str(folder))
    if "archive_info" in info:
        return Installation("archive", str(folder) if folder else url)
    return Installation("index")


def _checkout(package_dir: Path) -> Installation:
    root = package_dir.parent
    if (root / "native" / "build_cffi.py").is_file():
        return Installation("checkout", str(root))
    return Installation("index")


def _file_url_path(url: str) -> Optional[Path]:
    if not url.startswith("file://"):
        return None
    from urllib.parse import unquote, urlparse
    return Path(unquote(urlparse(url).path))


def compiler_found() -> bool:
    """Whether the C compiler the build would use is on this machine."""
    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = shlex.split(command)
    return bool(words) and shutil.which(words[0]) is not None


def rebuild_command(where: Installation) -> str:
    """The command that builds the C twins for this kind of installation."""
    reinstall = "pip install --force-reinstall --no-deps"
    location = shlex.quote(where.location) if where.location else ""
    if where.kind == "editable":
        return f"{reinstall} -e {location}"
    if where.kind == "directory":
        return f"{reinstall} {location}"
    if where.kind == "checkout":
        root = Path(where.location or ".")
        script = shlex.quote(str(root / "native" / "build_cffi.py"))
        outdir = shlex.quote(str(root / "dsa" / "native"))
        return f"python {script} --outdir {outdir}"
    if where.kind == "archive" and (where.location or "").endswith(
            (".tar.gz", ".zip")):
        return f"{reinstall} {location}"      # a source archive compiles again
    # A wheel carries whatever was compiled when it was made: build anew
    # from the source distribution instead (and not from pip's cache, which
    # may hold the wheel built without the twins).
    return f"{reinstall} --no-cache-dir --no-binary {DISTRIBUTION} {DISTRIBUTION}"


def build_failure(package_dir: Optional[Path] = None) -> Optional[dict[str, str]]:
    """What the build recorded when a C twin failed to compile, if it did:
    extension module name -> error."""
    package_dir = PACKAGE_DIR if package_dir is None else package_dir
    record = package_dir / "native" / BUILD_RECORD
    try:
        data = json.loads(record.read_text())
    except (OSError, ValueError):
        return None
    errors = data.get("errors") if isinstance(data, dict) else None
    return {str(k): str(v) for k, v in errors.items()} \
        if isinstance(errors, dict) else None


def how_to_build(where: Optional[Installation] = None, *,
                 compiler: Optional[bool] = None) -> str:
    """The fix, in one paragraph, for this installation and this machine."""
    override = os.environ.get("DSA_NATIVE_DIR")
    if override:
        # The loader looks there only (the CI's sanitizer build, say).
        folder = shlex.quote(override)
        return (f"DSA_NATIVE_DIR={folder} is set, so the C twins are loaded "
                "from that folder only: build them into it (from a clone: "
                f"python native/build_cffi.py --outdir {folder}) or unset "
                "DSA_NATIVE_DIR.")
    where = installation() if where is None else where
    compiler = compiler_found() if compiler is None else compiler
    command = rebuild_command(where)
    if compiler:
        return f"To build them, run: {command}"
    return f"No C compiler was found: {COMPILER_HINT}; then run: {command}"


def advice(reason: str = "") -> str:
    """Why the C twins are missing and the fix.  The build's record of what
    failed comes first; else ``reason`` (what loading them said), if given."""
    failure = build_failure()
    if failure:
        first = next(iter(failure.values()))
        why = f"The C twins failed to compile when dsa was installed ({first})."
    elif reason:
        # A sentence starts with a capital, unless it starts with a name
        # (dsa.native.heap did not load) that must keep its case.
        first = reason.split(" ", 1)[0]
        why = reason[0].upper() + reason[1:] if first.isalpha() else reason
        why += "" if why.endswith(".") else "."
    else:
        why = "The C twins of dsa are not built."
    return f"{why} {how_to_build()}"
