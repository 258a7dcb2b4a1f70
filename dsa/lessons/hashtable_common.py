"""What the parts of the hash-table lesson share: its :class:`Hooks`, the
worked example's names, the published figures as numbers, and two small
helpers for the tables and bit strings the steps print."""

from __future__ import annotations

from typing import Sequence

from rich import box
from rich.table import Table

from .figures import count
from .runner import Context, Hooks

hooks = Hooks()

# The worked example documented in dsa/hashtable.py (module docstring and
# teaching_hash): seven names in an 8-slot chained table.
NAMES = ["grace", "alan", "frances", "margaret", "kristen", "ada", "linus"]
# A name the published example has in slot 0 too; under teaching_hash it
# shows that a doubling does not move every key.
ASIDE = "edsger"
# Names tried, in order, for the open-addressing example's tombstone reuse:
# the first whose home slot is the deleted key's home or the slot after it.
LATECOMERS = ["tim", "vint", "katherine", "lovelace"]
EXAMPLE_CAPACITY = 8
OPEN_CAPACITY = 16

# The published figures (seed-figures.md, hash-table table), as numbers.
PUB_USERS = 200_000
PUB_SCAN = 4.419e-3
PUB_DICT = 71e-9
PUB_KEYS = 100_000
PUB_LOADS = (0.75, 1.0, 2.0, 8.0)
PUB_AVERAGE = {0.75: 1.4, 1.0: 1.6, 2.0: 2.3, 8.0: 8.0}
PUB_LONGEST = {0.75: 7, 1.0: 7, 2.0: 10, 8.0: 21}
PUB_FLOOD_N = 4_000
PUB_FLOOD_LONGEST = (4, 4_000)
PUB_FLOOD_LOOKUP = (0.4e-6, 74.5e-6)
PUB_MEMORY_N = 1_000


def bits(h: int, n: int = 5) -> str:
    """The low ``n`` bits of ``h`` in binary: 98615224 -> '11000'."""
    return format(h & ((1 << n) - 1), f"0{n}b")


def quick_count(ctx: Context, full: int, quick: int, what: str, why: str) -> int:
    """How many ``what`` to run (``full``, or ``quick`` in quick mode), saying
    in quick mode what the smaller count changes: ``why``."""
    n = ctx.size(full, quick)
    ctx.quick_note(f"{count(n)} {what} instead of {count(full)}{why}")
    return n


def columns_table(title: str, columns: Sequence[str], *, fold: bool = False,
                  caption: str | None = None) -> Table:
    """A plain table with right-justified ``columns``, titled on the left."""
    table = Table(box=box.SIMPLE, title=title, title_justify="left",
                  caption=caption, caption_justify="left")
    for col in columns:
        table.add_column(col, justify="right", overflow="fold" if fold else "ellipsis")
    return table
