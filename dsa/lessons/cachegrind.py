"""Cache misses measured by simulation (valgrind's cachegrind) and, where the
kernel allows, by the CPU's own counters (perf).

A lesson shows three things side by side: the cause (the lines a walk
touches, counted by the traced build), a model of a cache (cachegrind runs
the real machine code through a simulated L1 and last-level cache and
counts their misses: deterministic, whatever else the machine is doing) and
the effect (nanoseconds).  Cachegrind simulates no prefetcher, so an
in-order walk misses in it as often as it fetches new lines; the gap
between its misses and the measured time is the prefetcher's work.

One Python process runs under valgrind (its callgrind tool, which carries
the same cache simulation as cachegrind and can count each call of a C
kernel apart), calls the kernels of a C twin, and the counts are read for
the C function that does the work, so neither the interpreter's start-up
nor the kernel's set-up counts.

Simulating a cache is slow, and starting Python and importing the package
is most of what such a process does.  So the simulation starts switched
off and the C twins switch it on (``dsa_sim_start``, a valgrind client
request, there when they were built with valgrind's header) after the
code's imports, just before its first kernel call: the start-up runs
several times faster and is not counted.  The simulated caches then start
empty instead of holding the start-up's lines, which a warm-up call before
the counted ones (or a kernel that builds more than the caches hold before
it walks) makes irrelevant.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

#: The simulated caches: a 32 KiB 8-way L1 and a 1 MiB 16-way last level,
#: small enough that the lessons' walks are past both at a size that
#: simulates in seconds.
D1 = (32 * 1024, 8, 64)
LL = (1024 * 1024, 16, 64)

HOW_TO_GET = ("valgrind is not installed, so the simulated cache misses are "
              "skipped. It is one package away on Linux: sudo apt install "
              "valgrind (Debian, Ubuntu), sudo dnf install valgrind (Fedora); "
              "it does not run on recent macOS or on Windows.")


@dataclass(frozen=True)
class Simulated:
    """Data references and simulated misses inside the counted functions."""

    reads: int
    writes: int
    d1_misses: int
    ll_misses: int

    def per(self, units: int) -> tuple[float, float]:
        """(D1 misses, last-level misses) per unit of work."""
        return self.d1_misses / units, self.ll_misses / units

    def __sub__(self, other: "Simulated") -> "Simulated":
        return Simulated(self.reads - other.reads, self.writes - other.writes,
                         self.d1_misses - other.d1_misses,
                         self.ll_misses - other.ll_misses)


def valgrind() -> str | None:
    """The valgrind program, or None."""
    return shutil.which("valgrind")


def cache_option(name: str, spec: tuple[int, int, int]) -> str:
    return f"--{name}={spec[0]},{spec[1]},{spec[2]}"


def _name(text: str, names: dict[str, str]) -> str:
    """A function name in callgrind's compressed form: '(7) name' defines
    id 7, '(7)' refers to it, a bare name is itself."""
    text = text.strip()
    if text.startswith("("):
        ident, _, rest = text.partition(")")
        if rest.strip():
            names[ident] = rest.strip()
        return names.get(ident, rest.strip())
    return text


def _simulated(totals: dict[str, int]) -> Simulated:
    get = totals.get
    return Simulated(reads=get("Dr", 0), writes=get("Dw", 0),
                     d1_misses=get("D1mr", 0) + get("D1mw", 0),
                     ll_misses=get("DLmr", 0) + get("DLmw", 0))


def read_total(text: str) -> Simulated:
    """Everything one callgrind dump counted (its ``summary:`` line)."""
    events: list[str] = []
    for line in text.splitlines():
        if line.startswith("events:"):
            events = line.split()[1:]
        elif line.startswith("summary:"):
            return _simulated(dict(zip(events, map(int, line.split()[1:]))))
    raise ValueError("no summary line in the callgrind output")


def read_counts(text: str, function: str) -> Simulated:
    """The self cost of ``function`` (data events) in one callgrind dump.

    Cost lines belong to the function named by the last ``fn=``; the line
    after a ``calls=`` line is the inclusive cost of a call made from there,
    which belongs to the callee, so it is skipped."""
    events: list[str] = []
    totals: dict[str, int] = {}
    names: dict[str, str] = {}
    current = ""
    after_call = False
    for line in text.splitlines():
        if line.startswith("events:"):
            events = line.split()[1:]
            totals = dict.fromkeys(events, 0)
        elif line.startswith("fn="):
            current = _name(line[3:], names)
        elif line.startswith("cfn="):
            _name(line[4:], names)
        elif line.startswith("calls="):
            after_call = True
        elif line[:1].isdigit() or line[:1] in "+-*":
            if after_call:
                after_call = False
                continue
            if current == function:
                for event, value in zip(events, line.split()[1:]):
                    totals[event] += int(value)
    return _simulated(totals)


#: Run in the simulated process once the code's imports are done: the C
#: twins switch the simulation on (a no-op outside valgrind).
_START = "import dsa.native._loader as _dsa_sim; _dsa_sim.load(False)[1].dsa_sim_start()"


def can_start_late() -> bool:
    """Whether the C twins were built with valgrind's header, and so can
    switch the simulation on after the start-up (outside valgrind the
    switch does nothing but say so).  Without it every instruction from
    the interpreter's first on is simulated: the same counts, slower."""
    from dsa.native._loader import NativeUnavailable, load

    try:
        return bool(load(False)[1].dsa_sim_start())
    except (NativeUnavailable, AttributeError):
        return False


def with_simulation_started(code: str) -> str:
    """``code`` with the simulation switched on after its leading imports
    (where its kernels are still to come) and before anything else it does.
    The code is cut at a statement's boundary, so it runs unchanged."""
    body = ast.parse(code).body
    first = next((s for s in body if not isinstance(s, (ast.Import, ast.ImportFrom))), None)
    if first is None:
        return f"{code}\n{_START}\n"
    lines = code.split("\n")              # as the parser numbers them
    cut = sum(len(line) + 1 for line in lines[:first.lineno - 1])
    # col_offset counts UTF-8 bytes, not characters
    cut += len(lines[first.lineno - 1].encode("utf-8")[:first.col_offset].decode("utf-8"))
    return f"{code[:cut]}\n{_START}\n{code[cut:]}"


#: What the simulated process keeps of this one's environment: what
#: valgrind, the dynamic loader and the C twins' loader need to run at all.
_PASSED = ("LD_LIBRARY_PATH", "VALGRIND_LIB", "DSA_NATIVE_DIR")


def child_program(code: str) -> tuple[list[str], dict[str, str]]:
    """The simulated Python's arguments and environment.

    The counts between two kernel calls include the interpreter's own work
    there, and where the kernels' memory lands (so which lines collide in
    the simulated caches) follows every allocation made before them.  So
    the process is kept the same on every run and every account: no site
    hook (-S), a fixed string hash, an environment of only what it needs,
    and a path of the standard library, this package and cffi's backend
    (which the C twins load), in that order, so that importing the standard
    library reads no other folder."""
    root = str(Path(__file__).resolve().parents[2])
    folders = [root]
    backend = importlib.util.find_spec("_cffi_backend")
    if backend is not None and backend.origin and str(Path(backend.origin).parent) != root:
        folders.append(str(Path(backend.origin).parent))
    head = f"import sys; sys.path += {folders!r}\n"
    env = {name: os.environ[name] for name in _PASSED if name in os.environ}
    env["PYTHONHASHSEED"] = "0"
    return [sys.executable, "-S", "-c", head + with_simulation_started(code)], env


def simulate_calls(code: str, *, dump_after: str, function: str | None, calls: int,
                   timeout: float = 300) -> list[Simulated]:
    """Run ``code`` (Python) under valgrind's cache simulation, with a
    separate count after each of its ``calls`` calls of the C function
    ``dump_after``; return the self cost of ``function`` in each (or, with
    None, everything counted since the previous call, the first since the
    simulation started after the code's imports: subtract two calls that
    differ only in their amount of work to isolate that work).  Python
    starts without its site hook (-S) and, where the build allows,
    unsimulated.  Raises RuntimeError if valgrind is missing or fails."""
    program = valgrind()
    if program is None:
        raise RuntimeError(HOW_TO_GET)
    python, env = child_program(code)
    with tempfile.TemporaryDirectory(prefix="dsa-cachegrind-") as folder:
        # the dumps go beside the (empty) folder Python runs in, not into it
        work, out = Path(folder) / "run", Path(folder) / "callgrind.out"
        work.mkdir()
        late = "no" if can_start_late() else "yes"
        command = [program, "--tool=callgrind", "--cache-sim=yes", f"--instr-atstart={late}",
                   cache_option("I1", D1), cache_option("D1", D1), cache_option("LL", LL),
                   f"--dump-after={dump_after}", f"--callgrind-out-file={out}", *python]
        result = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                                env=env, cwd=work)
        dumps = [Path(f"{out}.{i}") for i in range(1, calls + 1)]
        if result.returncode != 0 or not all(d.exists() for d in dumps):
            raise RuntimeError(f"valgrind failed: {result.stderr.strip()[-300:]}")
        texts = [d.read_text(encoding="utf-8", errors="replace") for d in dumps]
        if function is None:
            return [read_total(text) for text in texts]
        return [read_counts(text, function) for text in texts]


def simulate_differences(module: str, kernel: str, pairs: Sequence[tuple[str, str]],
                         units: Sequence[int]) -> list[tuple[float, float]]:
    """Misses per unit of work of C kernels, with their set-up cancelled.

    ``pairs`` holds, for each figure, two calls of the same kernel (Python
    expressions on ``module`` imported as ``m``) that differ only in how
    much work they do; ``units`` says how many units the second does beyond
    the first.  All run in one process under the simulation, after a
    warm-up call, and the counts of the two are subtracted: whatever the
    kernel sets up (allocating, filling, building) is the same in both.
    Returns (L1 misses, last-level misses) per unit for each pair."""
    calls = [pairs[0][0]] + [call for pair in pairs for call in pair]
    code = f"import {module} as m\n" + "\n".join(calls)
    dumps = simulate_calls(code, dump_after=kernel, function=None, calls=len(calls))
    return [(dumps[2 + 2 * i] - dumps[1 + 2 * i]).per(units[i])
            for i in range(len(pairs))]


def lesson_differences(ctx, what: str, module: str, kernel: str,
                       pairs: Sequence[tuple[str, str]],
                       units: Sequence[int]) -> list[tuple[float, float]] | None:
    """:func:`simulate_differences` for a lesson: skipped (and said) in quick
    mode, explained when valgrind is missing, a failure reported in a line;
    None whenever there are no figures."""
    from rich.text import Text

    if ctx.quick:
        ctx.quick_note(f"the cache simulation of {what} under valgrind is left to "
                       "full mode.")
        return None
    if valgrind() is None:
        ctx.console.print(Text(HOW_TO_GET, style="yellow"))
        return None
    with ctx.working(f"simulating the caches of {what} with valgrind"):
        try:
            return simulate_differences(module, kernel, pairs, units)
        except (RuntimeError, OSError, ValueError, subprocess.SubprocessError) as exc:
            ctx.console.print(Text(f"cache simulation skipped: {exc}", style="yellow"))
            return None


def perf_counters() -> str:
    """One line on whether this machine exposes hardware cache counters."""
    perf = shutil.which("perf")
    if perf is None:
        return ("perf is not installed, so the CPU's own cache-miss counters are "
                "not read (linux-tools provides it).")
    try:
        result = subprocess.run([perf, "stat", "-x,", "-e", "cache-misses", "true"],
                                capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"perf did not run ({exc})."
    report = result.stderr
    if result.returncode != 0 or "<not supported>" in report or "<not counted>" in report:
        return ("perf stat -e cache-misses is not supported here: the kernel does "
                "not expose the CPU's cache counters (usual on a virtual machine), "
                "so only a simulation can count misses here.")
    return ("perf stat -e cache-misses works on this machine: run it on "
            "python -m dsa.bench linkedlist to count real misses.")


__all__ = ["Simulated", "simulate_calls", "simulate_differences", "lesson_differences", "read_counts", "read_total", "perf_counters",
           "valgrind", "can_start_late", "with_simulation_started", "child_program",
           "HOW_TO_GET", "D1", "LL"]
