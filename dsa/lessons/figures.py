"""Published figures beside figures measured now.

Every experiment of every lesson reports through :func:`figures_table`, so
they all read the same way: what was measured, the published figure (on the
articles' machine), the figure measured now (on this machine) and the ratio
that matters.  Absolute times differ between machines; ratios and exact
counts are what a lesson explains, so the last column carries them.
"""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from rich import box
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

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


#: The four columns, their share of the width, and their style.
COLUMNS = (("experiment", 4, "left", None), ("published", 2, "right", None),
           ("measured now", 3, "right", "cyan"),
           ("the ratio that matters", 3, "left", "green"))


def longest_word(text: str) -> int:
    """The widest run of text a table may not break (an identifier, a figure)."""
    return max((len(word) for word in str(text).split()), default=0)


class FiguresTable:
    """The standard published-vs-measured table, fitted to the width it gets.

    A four-column table when every column can be wide enough for its longest
    word, so that no identifier (``ChainedHashTable``,
    ``heapify_bottom_up(stats=)``) is split between two lines; otherwise, on
    a narrow terminal, one block per experiment with the three figures under
    its name.
    """

    def __init__(self, title: str, rows: Iterable[Figure], machine: Machine,
                 published: Machine = PUBLISHED, *, caption: str | None = None) -> None:
        self.title, self.rows, self.caption = title, list(rows), caption
        self.headers = ("experiment", f"published\n({short_name(published)})",
                        f"measured now\n({short_name(machine)})",
                        "the ratio that matters")

    def cells(self, row: Figure) -> tuple[str, str, str, str]:
        return (row.experiment, row.published, row.measured, row.ratio)

    def needed_width(self) -> int:
        """Columns the table needs to keep every word whole (2 of padding a cell)."""
        widths = [max([longest_word(h) for h in header.split("\n")]
                      + [longest_word(self.cells(row)[i]) for row in self.rows])
                  for i, header in enumerate(self.headers)]
        return sum(w + 2 for w in widths)

    def table(self) -> Table:
        table = Table(title=self.title, title_justify="left", title_style="bold",
                      box=box.SIMPLE_HEAVY, show_lines=False, expand=False)
        for header, (_, ratio, justify, style) in zip(self.headers, COLUMNS):
            minimum = max([longest_word(header)]
                          + [longest_word(self.cells(r)[len(table.columns)])
                             for r in self.rows])
            table.add_column(header, ratio=ratio, justify=justify, style=style,
                             min_width=minimum, overflow="fold")
        for row in self.rows:
            table.add_row(*self.cells(row))
        return table

    def stacked(self) -> Group:
        """One block per experiment, for a terminal too narrow for four columns."""
        parts: list = [Text(self.title, style="bold")]
        names = [h.replace("\n", " ") for h in self.headers]
        for row in self.rows:
            experiment, *figures = self.cells(row)
            parts.append(Text.from_markup(experiment, style="bold"))
            for name, value, (_, _, _, style) in zip(names[1:], figures, COLUMNS[1:]):
                if value and value != "—":
                    parts.append(Text.assemble("  ", (f"{name}: ", "dim"),
                                               Text.from_markup(value, style=style or "")))
        if self.caption:
            parts.append(Text(self.caption, style="dim italic"))
        return Group(*parts)

    def __rich_console__(self, console, options):
        if self.needed_width() <= options.max_width:
            yield self.table()
            if self.caption:        # below, at the full width (rich crops a caption)
                yield Text.from_markup(self.caption, style="dim italic")
        else:
            yield self.stacked()


def figures_table(title: str, rows: Iterable[Figure], machine: Machine,
                  published: Machine = PUBLISHED, *,
                  caption: str | None = None) -> FiguresTable:
    """The standard four-column table every experiment prints."""
    return FiguresTable(title, rows, machine, published, caption=caption)


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


# ---------------------------------------------------------------------------
# Noise: every timed figure is repeated, and shown with its spread


def spread(runs: Sequence[float], show: Callable[[float], str] = format_seconds) -> str:
    """'12.3 ns (11.9–13.1)': the median of the repeats and their range."""
    runs = list(runs)
    middle = statistics.median(runs)
    if len(runs) < 2:
        return f"{show(middle)} (1 run)"
    low, high = show(min(runs)), show(max(runs))
    if low.rpartition(" ")[2] == high.rpartition(" ")[2] and " " in low:
        low = low.rpartition(" ")[0]            # '1.41–1.52 ns', one unit
    return f"{show(middle)} ({low}–{high})"


@dataclass(frozen=True)
class Ratio:
    """``a / b`` from repeated runs of each: the ratio of the medians, and the
    range it could take given the spread (slowest a over fastest b, and the
    other way round).  A claim about a ratio holds when the whole range is on
    its side, fails when the whole range is on the other, and otherwise this
    run was too noisy to tell."""

    median: float
    low: float
    high: float

    @classmethod
    def of(cls, a: Sequence[float], b: Sequence[float]) -> "Ratio":
        a, b = list(a), list(b)
        return cls(statistics.median(a) / statistics.median(b),
                   min(a) / max(b), max(a) / min(b))

    @classmethod
    def exact(cls, value: float) -> "Ratio":
        return cls(value, value, value)

    def text(self) -> str:
        """'13.6x (12.1–15.0x)'."""
        if self.low == self.high:
            return format_ratio(self.median)
        return (f"{format_ratio(self.median)} "
                f"({format_ratio(self.low)[:-1]}–{format_ratio(self.high)})")

    def at_least(self, bound: float) -> bool | None:
        """True if surely >= bound, False if surely below, None if the spread straddles it."""
        if self.low >= bound:
            return True
        if self.high < bound:
            return False
        return None

    def at_most(self, bound: float) -> bool | None:
        """True if surely <= bound, False if surely above, None if the spread straddles it."""
        if self.high <= bound:
            return True
        if self.low > bound:
            return False
        return None

    def steady(self, factor: float = 1.5) -> bool:
        """Whether the range is narrow enough (high / low within ``factor``)
        to teach from the median."""
        return self.low > 0 and self.high / self.low <= factor


def count(value: int) -> str:
    """12345 -> '12,345'."""
    return f"{value:,}"


__all__ = ["Figure", "FiguresTable", "figures_table", "machines_panel", "short_name",
           "seconds", "ratio_pair", "count", "spread", "Ratio"]
