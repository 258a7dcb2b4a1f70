"""What machine is this?  The facts a measurement needs beside it.

A nanosecond figure means little without the machine that produced it, so
every lesson and benchmark prints this machine (CPU model, cache sizes, line
size, Python) next to the machine of the published figures.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence


@dataclass(frozen=True)
class CacheLevel:
    """One level of data (or unified) cache, as the operating system reports it."""

    level: int
    kind: str            # "Data" or "Unified"
    size_bytes: int
    line_bytes: int
    shared_by_cpus: int = 1

    @property
    def label(self) -> str:
        return f"L{self.level}{'d' if self.kind == 'Data' else ''}"


@dataclass(frozen=True)
class Machine:
    """A description of a machine that ran (or published) a measurement."""

    cpu: str
    cpus: int
    caches: tuple[CacheLevel, ...] = field(default_factory=tuple)
    python: str = ""
    system: str = ""

    def cache(self, level: int) -> CacheLevel | None:
        """The data or unified cache at ``level`` (1, 2, 3), if known."""
        for c in self.caches:
            if c.level == level:
                return c
        return None

    @property
    def line_bytes(self) -> int:
        """The cache line size: 64 bytes on every current x86 and most ARM."""
        l1 = self.cache(1)
        return l1.line_bytes if l1 and l1.line_bytes else 64

    def summary(self) -> str:
        """One line: CPU, caches, Python."""
        parts = [self.cpu]
        if self.caches:
            parts.append(", ".join(
                f"{c.label} {format_bytes(c.size_bytes)}" for c in self.caches))
            parts.append(f"{self.line_bytes}-byte line")
        if self.python:
            parts.append(self.python)
        return "; ".join(parts)


# The machine behind the published figures the lessons reproduce.
PUBLISHED = Machine(
    cpu="Intel Core i5-9400F @ 2.90 GHz",
    cpus=6,
    caches=(
        CacheLevel(1, "Data", 32 * 1024, 64),
        CacheLevel(2, "Unified", 256 * 1024, 64),
        CacheLevel(3, "Unified", 9 * 1024 * 1024, 64, shared_by_cpus=6),
    ),
    python="CPython 3.10.12",
    system="Linux",
)


def format_bytes(n: int) -> str:
    """1536 -> '1.5 KiB'; exact powers print without decimals."""
    value = float(n)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if value < 1024 or unit == "TiB":
            text = f"{value:.1f}".rstrip("0").rstrip(".")
            return f"{text} {unit}"
        value /= 1024
    raise AssertionError("unreachable")


def _parse_size(text: str) -> int:
    """'32K' -> 32768, '9216K' -> 9437184, '1M' -> 1048576."""
    text = text.strip().upper()
    scale = {"K": 1024, "M": 1024**2, "G": 1024**3}
    if text and text[-1] in scale:
        return int(text[:-1]) * scale[text[-1]]
    return int(text)


def _cpu_model() -> str:
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text(errors="replace").splitlines():
            key, _, value = line.partition(":")
            if key.strip() in ("model name", "Hardware", "Processor", "cpu model"):
                return " ".join(value.split())
    return platform.processor() or platform.machine() or "unknown CPU"


def _linux_caches() -> tuple[CacheLevel, ...]:
    base = Path("/sys/devices/system/cpu/cpu0/cache")
    levels: dict[int, CacheLevel] = {}
    for index in sorted(base.glob("index*")):
        try:
            kind = (index / "type").read_text().strip()
            if kind not in ("Data", "Unified"):
                continue
            level = int((index / "level").read_text())
            size = _parse_size((index / "size").read_text())
            line = int((index / "coherency_line_size").read_text())
            shared = (index / "shared_cpu_list").read_text().strip()
        except (OSError, ValueError):
            continue
        levels[level] = CacheLevel(level, kind, size, line, _count_cpus(shared))
    return tuple(levels[k] for k in sorted(levels))


def _count_cpus(cpu_list: str) -> int:
    """'0-3,6' -> 5."""
    total = 0
    for part in cpu_list.split(","):
        if "-" in part:
            lo, hi = part.split("-")
            total += int(hi) - int(lo) + 1
        elif part:
            total += 1
    return max(total, 1)


def this_machine() -> Machine:
    """Describe the machine this process runs on (best effort, never raises)."""
    try:
        caches = _linux_caches()
    except OSError:
        caches = ()
    impl = platform.python_implementation()
    return Machine(
        cpu=_cpu_model(),
        cpus=os.cpu_count() or 1,
        caches=caches,
        python=f"{impl} {platform.python_version()}",
        system=f"{platform.system()} {platform.release()}",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m dsa.machine [--json]``: this machine beside the published one."""
    parser = argparse.ArgumentParser(
        prog="python -m dsa.machine",
        description="Describe this machine (CPU, caches, line size, Python) "
                    "beside the machine of the published figures.")
    parser.add_argument("--json", action="store_true",
                        help="print both machines as JSON")
    args = parser.parse_args(argv)          # exits 2 on an unknown option
    here = this_machine()
    if args.json:
        print(json.dumps({
            name: {**dataclasses.asdict(m), "summary": m.summary()}
            for name, m in (("this_machine", here), ("published", PUBLISHED))
        }, indent=2))
    else:
        print("this machine:     ", here.summary())
        print("published figures:", PUBLISHED.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
