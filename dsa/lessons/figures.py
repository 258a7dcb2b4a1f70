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
from rich.cells import cell_len
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


#: The four columns, how each is justified, and its style.
COLUMNS = (("experiment", "left", None), ("published", "right", None),
           ("measured now", "right", "cyan"),
           ("the ratio that matters", "left", "green"))


def longest_word(text: str) -> int:
    """The widest run of text a table may not break (an identifier, a figure)."""
    return max((cell_len(word) for word in _plain(text).split()), default=0)


def longest_line(text: str) -> int:
    """How wide ``text`` is when nothing in it wraps."""
    return max((cell_len(line) for line in _plain(text).split("\n")), default=0)


def _plain(text: str) -> str:
    """The characters a cell shows: its markup (``[bold]``) takes no room."""
    return Text.from_markup(str(text)).plain


def table_overhead(columns: int) -> int:
    """What a box.SIMPLE_HEAVY table spends on a row beyond its cells' text:
    a space of padding either side of every cell, a rule between two
    columns, and an edge at each end."""
    return 2 * columns + (columns - 1) + 2


class FiguresTable:
    """The standard published-vs-measured table, fitted to the width it gets.

    A four-column table when every column can be wide enough for its longest
    word, so that no identifier (``ChainedHashTable``,
    ``heapify_bottom_up(stats=)``) is split between two lines; otherwise, on
    a narrow terminal, one block per experiment with the three figures under
    its name.  The table chooses its column widths itself (see
    :meth:`widths`), so that it never runs past the width it is given.
    """

    def __init__(self, title: str, rows: Iterable[Figure], machine: Machine,
                 published: Machine = PUBLISHED, *, caption: str | None = None) -> None:
        self.title, self.rows, self.caption = title, list(rows), caption
        self.headers = ("experiment", f"published\n({short_name(published)})",
                        f"measured now\n({short_name(machine)})",
                        "the ratio that matters")

    def cells(self, row: Figure) -> tuple[str, str, str, str]:
        return (row.experiment, row.published, row.measured, row.ratio)

    def _column_texts(self) -> list[list[str]]:
        """Each column's header and cells."""
        return [[header] + [self.cells(row)[i] for row in self.rows]
                for i, header in enumerate(self.headers)]

    def needed_width(self) -> int:
        """Columns the table needs to keep every word whole."""
        words = [max(map(longest_word, texts)) for texts in self._column_texts()]
        return sum(words) + table_overhead(len(self.headers))

    def widths(self, width: int) -> list[int]:
        """Each column's width in a table ``width`` wide.

        Every column starts as wide as its longest line.  While the table is
        too wide, the widest column gives up a character, but never below
        its longest word: long descriptions wrap first, and short figures
        ("74.5 µs") stay on one line for as long as the room allows.  This
        is how rich shares out the room itself; the table does it here
        because rich, given a minimum width on every column, can end up
        wider than the terminal and cut off the last column.
        """
        texts = self._column_texts()
        shortest = [max(map(longest_word, column)) for column in texts]
        chosen = [max(map(longest_line, column)) for column in texts]
        excess = sum(chosen) + table_overhead(len(chosen)) - width
        while excess > 0:
            shrinkable = [i for i in range(len(chosen)) if chosen[i] > shortest[i]]
            if not shrinkable:
                break
            widest = max(shrinkable, key=lambda i: chosen[i])
            chosen[widest] -= 1
            excess -= 1
        return chosen

    def table(self, width: int) -> Table:
        table = Table(title=self.title, title_justify="left", title_style="bold",
                      box=box.SIMPLE_HEAVY, show_lines=False, expand=False)
        for header, column_width, (_, justify, style) in zip(
                self.headers, self.widths(width), COLUMNS):
            table.add_column(header, justify=justify, style=style,
                             width=column_width, overflow="fold")
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
            for name, value, (_, _, style) in zip(names[1:], figures, COLUMNS[1:]):
                if value and value != "—":
                    parts.append(Text.assemble("  ", (f"{name}: ", "dim"),
                                               Text.from_markup(value, style=style or "")))
        if self.caption:
            parts.append(Text(self.caption, style="dim italic"))
        return Group(*parts)

    def __rich_console__(self, console, options):
        if self.needed_width() <= options.max_width:
            yield self.table(options.max_width)
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
