"""Published figures beside figures measured now.

Every experiment of every lesson reports through :func:`figures_table`, so
they all read the same way: what was measured, the published figure (on the
articles' machine), the figure measured now (on this machine) and the ratio
that matters.  Absolute times differ between machines; ratios and exact
counts are what a lesson explains, so the last column carries them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from rich import box
from rich.panel import Panel
from rich.table import Table

from dsa.machine import PUBLISHED, Machine
from dsa.timing import format_ratio, format_seconds


@dataclass(frozen=True)
class Figure:
    """One row: an experiment, its published figure, the figure now, a ratio."""

    experiment: str
    published: str = "—"
    measured: str = "—"
    ratio: str = ""


def short_name(machine: Machine) -> str:
    """'Intel Core i5-9400F @ 2.90 GHz' + 'CPython 3.10.12' -> 'i5-9400F, CPython 3.10'."""
    cpu = re.sub(r"\(R\)|\(TM\)|\bCPU\b|\bProcessor\b|@.*$", "", machine.cpu)
    cpu = re.sub(r"^Intel Core\s+", "", cpu.strip())
    cpu = re.sub(r"\b\d+-Core\b", "", cpu)
    cpu = " ".join(cpu.split()) or "this CPU"
    python = machine.python
    match = re.match(r"(\S+) (\d+)\.(\d+)", python)
    if match:
        python = f"{match.group(1)} {match.group(2)}.{match.group(3)}"
    return f"{cpu}, {python}" if python else cpu


def machines_panel(machine: Machine, published: Machine = PUBLISHED) -> Panel:
    """This machine beside the published machine, one line each."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    grid.add_row("measured now on", machine.summary())
    grid.add_row("published figures from", published.summary())
    return Panel(grid, title="machines", title_align="left", box=box.ROUNDED)


def figures_table(title: str, rows: Iterable[Figure], machine: Machine,
                  published: Machine = PUBLISHED, *,
                  caption: str | None = None) -> Table:
    """The standard four-column table every experiment prints."""
    table = Table(title=title, title_justify="left", title_style="bold",
                  caption=caption, caption_justify="left",
                  box=box.SIMPLE_HEAVY, show_lines=False, expand=False)
    table.add_column("experiment", ratio=4, overflow="fold")
    table.add_column(f"published\n({short_name(published)})", ratio=2,
                     justify="right", overflow="fold")
    table.add_column(f"measured now\n({short_name(machine)})", ratio=3,
                     justify="right", style="cyan", overflow="fold")
    table.add_column("the ratio that matters", ratio=3, overflow="fold",
                     style="green")
    for row in rows:
        table.add_row(row.experiment, row.published, row.measured, row.ratio)
    return table


def seconds(value: float, *, estimated: bool = False) -> str:
    """A time for the table; 'est.' marks an extrapolated one."""
    text = format_seconds(value)
    return f"≈ {text} (est.)" if estimated else text


def ratio_pair(label: str, published: float | None, measured: float | None) -> str:
    """'vs plain list: 1,314x published · 1,580x now'."""
    parts = []
    if published is not None:
        parts.append(f"{format_ratio(published)} published")
    if measured is not None:
        parts.append(f"{format_ratio(measured)} now")
    text = " · ".join(parts)
    return f"{label}: {text}" if label else text


def count(value: int) -> str:
    """12345 -> '12,345'."""
    return f"{value:,}"


__all__ = ["Figure", "figures_table", "machines_panel", "short_name",
           "seconds", "ratio_pair", "count"]
