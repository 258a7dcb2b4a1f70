"""Compile the C++ reference programs in ``dsa/bench/cpp/`` on the spot.

The C twins are compared with the C++ standard library compiled on this
machine, by this machine's compiler, with the same optimisation level as the
C twins (``-O2``).  A binary is cached under a name that hashes the source
(with the headers beside it, such as the shared ``cpp/bench_common.hpp``),
the compiler's version and the flags, so a second run does not recompile;
the cache lives in ``$DSA_BENCH_CACHE_DIR``, else ``$XDG_CACHE_HOME/dsa/bench``
or ``~/.cache/dsa/bench``, else a temporary folder.

Nothing here raises for a missing compiler or a compile error: the caller
gets a :class:`Compiled` whose ``error`` says what went wrong, and the
benchmark prints it as a note beside a skipped row.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

SOURCES = Path(__file__).resolve().parent / "cpp"
COMPILER = "g++"
FLAGS = ("-O2", "-std=c++17")


@dataclass(frozen=True)
class Compiled:
    """A compiled program, or the reason there is none."""

    executable: Optional[Path]
    command: str                 # the compile command, for the report
    error: Optional[str] = None

    @property
    def ok(self) -> bool:
        return self.executable is not None


def cache_dir() -> Path:
    """Where compiled programs are kept (created if needed)."""
    candidates = []
    if os.environ.get("DSA_BENCH_CACHE_DIR"):
        candidates.append(Path(os.environ["DSA_BENCH_CACHE_DIR"]))
    xdg = os.environ.get("XDG_CACHE_HOME")
    candidates.append(Path(xdg) / "dsa" / "bench" if xdg
                      else Path.home() / ".cache" / "dsa" / "bench")
    for folder in candidates:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if os.access(folder, os.W_OK):
                return folder
        except OSError:
            continue
    return Path(tempfile.mkdtemp(prefix="dsa-bench-"))


def compiler_version(compiler: str = COMPILER) -> str:
    """The first line of ``compiler --version`` (or "unknown")."""
    path = shutil.which(compiler)
    return _compiler_version(path) if path else "unknown"


def _compiler_version(compiler: str) -> str:
    try:
        out = subprocess.run([compiler, "--version"], capture_output=True,
                             text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return out.stdout.splitlines()[0] if out.stdout else "unknown"


def compile_program(source_name: str, *, compiler: str = COMPILER,
                    flags: tuple[str, ...] = FLAGS,
                    source: Optional[Path] = None,
                    cache: Optional[Path] = None,
                    libs: tuple[str, ...] = ()) -> Compiled:
    """Compile ``cpp/<source_name>`` (or ``source``) and return the executable.

    ``flags`` come before the source file, ``libs`` (``-l...`` and other
    link options) after it, where the linker wants them.  ``cache``
    overrides the folder where binaries are kept (see cache_dir).
    """
    src = source if source is not None else SOURCES / source_name
    path = shutil.which(compiler)
    command = " ".join([compiler, *flags, src.name, *libs])
    if path is None:
        return Compiled(None, command, f"{compiler} not found on PATH")
    try:
        text = src.read_bytes() + _headers_beside(src)
    except OSError as exc:
        return Compiled(None, command, f"cannot read {src}: {exc}")
    digest = hashlib.sha256(
        text + _compiler_version(path).encode() + " ".join(flags).encode()
        + (b"\0" + " ".join(libs).encode() if libs else b"")
    ).hexdigest()[:16]
    folder = cache if cache is not None else cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    exe = folder / f"{src.stem}-{digest}"
    if exe.is_file() and os.access(exe, os.X_OK):
        return Compiled(exe, command)
    # Compile to a private name, then rename: two runs at once never see a
    # half-written binary.
    fd, tmp_name = tempfile.mkstemp(prefix=f".{src.stem}-", dir=folder)
    os.close(fd)
    try:
        result = subprocess.run([path, *flags, "-o", tmp_name, str(src), *libs],
                                capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.SubprocessError) as exc:
        _unlink(tmp_name)
        return Compiled(None, command, f"{compiler} failed to run: {exc}")
    if result.returncode != 0:
        _unlink(tmp_name)
        lines = (result.stderr or result.stdout).strip().splitlines()
        tail = " | ".join(lines[-5:]) if lines else f"exit {result.returncode}"
        return Compiled(None, command, f"compile error: {tail}")
    os.chmod(tmp_name, 0o755)
    os.replace(tmp_name, exe)
    return Compiled(exe, command)


def _headers_beside(src: Path) -> bytes:
    """The headers a program may include from its own folder (the shared
    ``bench_common.hpp``), so that the cached binary's name changes when
    one of them does."""
    return b"".join(b"\0" + h.name.encode() + b"\0" + h.read_bytes()
                    for h in sorted(src.parent.glob("*.hpp")))


def preprocess(text: str, *, compiler: str = COMPILER,
               flags: tuple[str, ...] = FLAGS) -> Optional[str]:
    """What the compiler's preprocessor makes of the C++ ``text``, or None
    when it fails (a header that is not installed, no compiler).  Used to
    ask whether an optional library is there, and which version."""
    path = shutil.which(compiler)
    if path is None:
        return None
    try:
        out = subprocess.run([path, *flags, "-E", "-P", "-x", "c++", "-"],
                             input=text, capture_output=True, text=True,
                             timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout if out.returncode == 0 else None


def pkg_config_libs(package: str) -> Optional[tuple[str, ...]]:
    """``pkg-config --libs package`` split into words, or None when
    pkg-config or the package's .pc file is missing."""
    path = shutil.which("pkg-config")
    if path is None:
        return None
    try:
        out = subprocess.run([path, "--libs", package], capture_output=True,
                             text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return tuple(out.stdout.split()) if out.returncode == 0 else None


@dataclass(frozen=True)
class Output:
    """What a timing program printed: its "run" lines (each parsed by the
    caller's ``parse_run``), the numbers after "checksum", the "ok" flag, and
    the words after any other first word (the last such line wins)."""

    runs: list[Any]
    checksum: tuple[int, ...]
    ok: bool
    other: dict[str, list[str]]


def run_timed(executable: Path, args: list[str], repeat: int, *,
              parse_run: Callable[[list[str]], Any], timeout: float,
              checksum_size: Optional[int] = None) -> Output:
    """Run ``executable args...`` and parse the output every timing program
    here prints: one "run ..." line for each of ``repeat`` timed runs, then
    "checksum ..." and "ok 0|1".

    RuntimeError for a non-zero exit or for output without ``repeat`` runs,
    a checksum (of ``checksum_size`` numbers, if given) and an ok line.
    """
    out = subprocess.run([str(executable), *args],
                         capture_output=True, text=True, timeout=timeout)
    if out.returncode != 0:
        raise RuntimeError(f"{executable.name} exited {out.returncode}: "
                           f"{out.stderr.strip()[:200]}")
    runs: list[Any] = []
    checksum: Optional[tuple[int, ...]] = None
    ok: Optional[bool] = None
    other: dict[str, list[str]] = {}
    for line in out.stdout.splitlines():
        word, *values = line.split()
        if word == "run":
            runs.append(parse_run(values))
        elif word == "checksum":
            checksum = tuple(int(v) for v in values)
        elif word == "ok":
            ok = values[0] == "1"
        else:
            other[word] = values
    if len(runs) != repeat or checksum is None or ok is None or (
            checksum_size is not None and len(checksum) != checksum_size):
        raise RuntimeError(f"unexpected output from {executable.name}: "
                           f"{out.stdout[:200]!r}")
    return Output(runs, checksum, ok, other)


def _unlink(name: str) -> None:
    try:
        os.unlink(name)
    except OSError:
        pass
