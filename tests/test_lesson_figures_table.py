"""The published-vs-measured table fits the width it is given.

Every experiment of every lesson prints through ``figures_table``; a table
wider than the terminal loses the end of its last column (the ratio that
matters), so these tests render rows like the lessons' at many widths and
read the whole of every cell back.
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.text import Text

from dsa.lessons.figures import Figure, FiguresTable, figures_table, table_overhead
from dsa.machine import PUBLISHED, Machine

HERE = Machine(cpu="AMD EPYC 7B13 64-Core Processor", cpus=2,
               python="CPython 3.11.7")

ROWS = (
    Figure("collections.deque.appendleft(x)", "53.3 ns", "74.7 ns",
           "O(1): one slot of the left block"),
    Figure("dsa.deque.BlockedDeque.appendleft(x), N = 100,000", "—", "335 ns",
           "4.48x collections.deque (built the same way, in Python)"),
    Figure("list.insert(0, x), N = 100,000", "25,434 ns (said: N = 1,000,000)",
           "32.6 µs", "list / deque: 477x published · 1,037x now; 25 GB/s of shifting"),
    Figure("[bold]heapify_bottom_up(stats=)[/bold]", "—", "1.2 ms", "11.9x"),
)


def render(table: FiguresTable, width: int) -> str:
    console = Console(width=width, file=io.StringIO(), record=True,
                      color_system=None, legacy_windows=False)
    console.print(table)
    return console.export_text()


def words_of(figure: Figure) -> list[str]:
    return [word for cell in (figure.experiment, figure.published, figure.measured,
                              figure.ratio)
            for word in Text.from_markup(cell).plain.split()
            if word != "—"]             # the blocks leave out a missing figure


@pytest.mark.parametrize("width", [60, 80, 100, 110, 120, 140, 200])
def test_no_line_is_wider_than_the_terminal(width):
    out = render(figures_table("Experiment 1", ROWS, HERE), width)
    assert max(len(line) for line in out.splitlines()) <= width


@pytest.mark.parametrize("width", [60, 80, 100, 110, 120, 140, 200])
def test_every_word_of_every_cell_is_shown_whole(width):
    out = render(figures_table("Experiment 1", ROWS, HERE), width)
    shown = set(out.split())
    for figure in ROWS:
        for word in words_of(figure):
            assert word in shown, (width, word)


def test_four_columns_when_the_words_fit_and_blocks_when_not():
    table = figures_table("Experiment 1", ROWS, HERE)
    wide = render(table, table.needed_width())
    assert "━━━" in wide and "the ratio that matters: " not in wide
    narrow = render(table, table.needed_width() - 1)
    assert "━━━" not in narrow and "the ratio that matters: " in narrow


def test_widths_fit_and_the_widest_column_wraps_first():
    table = FiguresTable("Experiment 1", ROWS, HERE, PUBLISHED)
    for width in range(table.needed_width(), 220):
        widths = table.widths(width)
        assert sum(widths) + table_overhead(4) <= width
        # The widest columns wrap first: once a column is narrower than its
        # longest line, any column more than a character wider than it is
        # already down to its longest word.
        roomy, shortest = table.widths(400), table.widths(0)
        for i, chosen in enumerate(widths):
            if chosen < roomy[i]:
                assert all(other <= chosen + 1 or other == shortest[j]
                           for j, other in enumerate(widths)), (width, widths)
    # With room for every line, each column is as wide as its longest line
    # and no wider.
    roomy = table.widths(400)
    assert roomy[3] == len(ROWS[2].ratio)
    assert roomy[0] == len("dsa.deque.BlockedDeque.appendleft(x), N = 100,000")


def test_markup_takes_no_room():
    table = FiguresTable("t", [Figure("[bold]ab[/bold]", "1", "2", "3")], HERE)
    assert table.widths(400)[0] == len("experiment")
