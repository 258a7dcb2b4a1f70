"""The drawing pieces: trees, slot rows, chains, node chains and blocks.

The lessons draw with these, step by step, and so do the structures'
own pictures (:mod:`dsa.pictures.structures`), so a heap printed in a
notebook looks like the heap in the lesson.  Each function takes plain
values (labels, slot lists, block contents) rather than a structure, and
returns a rich renderable: a :class:`~rich.text.Text` or a
:class:`~rich.table.Table`.

>>> print(tree_text([3, 5, 7]).plain)
    3
   / \\
  5   7
>>> print(tree_text([1, 2, 3, 4, 5], cell=2, arity=4).plain)
    1
 / / \\ \\
 2 3 4 5
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from rich import box
from rich.table import Table
from rich.text import Text

__all__ = ["MARKED", "short", "tree_text", "array_table", "chain_picture",
           "strip_picture", "TOMBSTONE_MARK", "block_line", "lay_blocks",
           "block_state", "fills", "draw_blocks", "node_chain"]

#: The style of the cells a step has just changed.
MARKED = "bold black on yellow"
#: How a tombstone (a deleted key's slot) is drawn.
TOMBSTONE_MARK = "✝"


def short(value: object, width: int) -> str:
    """``str(value)``, cut to ``width`` characters with an ellipsis."""
    text = str(value)
    return text if len(text) <= width else text[:width - 1] + "…"


# ===========================================================================
# A heap: the tree and the list


def tree_text(values: Sequence[object], marked: Sequence[int] = (),
              *, cell: int = 4, faded: Sequence[int] = (), arity: int = 2) -> Text:
    """A complete tree with ``arity`` children per node, drawn level by level
    (links: / to the left, \\ to the right, │ straight down).

    ``marked`` positions are highlighted (the pair just swapped);
    ``faded`` positions are dimmed (not part of the heap any more).  Each
    node of the bottom level gets ``cell`` columns.
    """
    n = len(values)
    if n == 0:
        return Text("(empty)", style="dim")
    rows, size = 0, 0                        # levels, root included
    while size < n:
        size += arity ** rows
        rows += 1
    width = cell * arity ** (rows - 1)
    out = Text()
    first = 0                                # index of the level's first node
    for depth in range(rows):
        across = arity ** depth
        line = [" "] * width
        spans: list[tuple[int, int, str]] = []
        links = [" "] * width
        # a link sits halfway from a node to its child
        quarter = max(1, width // (across * arity) // 4)
        for k in range(across):
            i = first + k
            if i >= n:
                break
            x = (2 * k + 1) * width // (2 * across)
            label = str(values[i])
            start = max(0, min(width - len(label), x - len(label) // 2))
            line[start:start + len(label)] = label
            style = MARKED if i in marked else "dim" if i in faded else "bold"
            spans.append((start, start + len(label), style))
            for c in range(arity):
                if arity * i + 1 + c >= n:
                    break
                offset = (2 * c - (arity - 1)) * quarter
                mark = "/" if offset < 0 else "\\" if offset > 0 else "│"
                links[max(0, min(width - 1, x + offset))] = mark
        text = Text("".join(line).rstrip())
        for start, end, style in spans:
            text.stylize(style, start, end)
        out.append_text(text)
        if depth < rows - 1:
            # Style each link on its own (not the whole line): an SVG export
            # then places every character by its column, whatever the font.
            link_line = Text("".join(links).rstrip())
            for col, ch in enumerate(link_line.plain):
                if ch != " ":
                    link_line.stylize("dim", col, col + 1)
            out.append("\n")
            out.append_text(link_line)
            out.append("\n")
        first += across
    return out


def array_table(values: Sequence[object], marked: Sequence[int] = (),
                faded: Sequence[int] = (), *, more: int = 0) -> Table:
    """The same heap as the list it really is: one column per index, and a
    last column saying how many more items follow when ``more`` is set."""
    table = Table(box=box.SQUARE, show_header=True, header_style="dim",
                  padding=(0, 1))
    for i in range(len(values)):
        table.add_column(str(i), justify="center")
    cells = []
    for i, v in enumerate(values):
        style = MARKED if i in marked else "dim" if i in faded else ""
        cells.append(Text(str(v), style=style))
    if more:
        table.add_column("…", justify="center")
        cells.append(Text(f"+{more:,}", style="dim"))
    table.add_row(*cells)
    return table


# ===========================================================================
# Hash tables: chains, and a row of slots


def chain_picture(slots: Sequence[Sequence[object]], *, marked: Iterable[int] = (),
                  title: str = "", first: int = 0) -> Text:
    """A chained table drawn slot by slot: 'slot  0  grace → alan'.

    ``slots`` may be a window of the table: ``first`` is the number of its
    first slot.
    """
    marked = set(marked)
    width = len(str(first + len(slots) - 1))
    out = Text()
    if title:
        out.append(title + "\n", style="dim")
    for i, chain in enumerate(slots):
        number = first + i
        out.append(f"slot {number:>{width}}  ",
                   style="bold" if number in marked else "dim")
        if chain:
            out.append(" → ".join(str(k) for k in chain),
                       style=MARKED if number in marked else "")
        else:
            out.append("·", style="dim")
        if i < len(slots) - 1:
            out.append("\n")
    return out


def strip_picture(slots: Sequence[object], *, probed: Sequence[int] = (),
                  stored: int | None = None, width: int = 100, first: int = 0,
                  cell: int | None = None, tombstone: object = None) -> Table:
    """An open-addressing slot array as one row of cells (· empty, ✝ tombstone).

    Cells are ``cell`` characters wide; by default 4, fewer if ``width``
    columns cannot hold them.  ``slots`` may be a window of the table:
    ``first`` is the number of its first slot (``probed`` and ``stored``
    count from 0 within the window).  A slot that is ``tombstone`` (by
    default :data:`dsa.hashtable.TOMBSTONE`) is drawn as ✝.
    """
    if tombstone is None:
        from dsa.hashtable import TOMBSTONE as tombstone
    if cell is None:
        cell = max(2, min(4, (width - 1) // max(1, len(slots)) - 1))
    table = Table(box=box.SQUARE, show_header=True, header_style="dim",
                  padding=(0, 0), pad_edge=False)
    for i in range(len(slots)):
        table.add_column(str(first + i), justify="center", min_width=cell,
                         max_width=cell, no_wrap=True)
    cells = []
    for i, key in enumerate(slots):
        if key is None:
            label, style = "·", "dim"
        elif key is tombstone:
            label, style = TOMBSTONE_MARK, "bold red"
        else:
            label, style = short(key, cell), ""
        if i == stored:
            style = "bold black on green"
        elif i in probed:
            style = "black on yellow"
        cells.append(Text(label, style=style))
    table.add_row(*cells)
    return table


# ===========================================================================
# Blocks of a deque


def block_line(blocks: Sequence[Sequence[str]], width: int = 2) -> str:
    """Blocks side by side, each as │slot slot ...│, every slot right-aligned
    in ``width`` columns: ``block_line([['.', '1'], ['2', '.']])`` is
    '│ .  1│ 2  .│'."""
    return "".join("│" + " ".join(s.rjust(width) for s in block)
                   for block in blocks) + "│"


def lay_blocks(labels: Sequence[str], offset: int, size: int,
               empty: str = ".") -> list[list[str]]:
    """``labels`` laid into blocks of ``size`` slots, from slot ``offset`` of
    the first block; ``empty`` in every slot left over.

    >>> lay_blocks(["a", "b", "c"], 3, 2)
    [['.', '.'], ['.', 'a'], ['b', 'c']]
    """
    slots = [empty] * offset + list(labels)
    slots += [empty] * (-len(slots) % size)
    return [slots[i:i + size] for i in range(0, len(slots), size)]


def block_state(d: Any) -> tuple[list[list[Any]], int, int]:
    """The blocks of the deque ``d`` (items only: ``d.blocks()``), and the
    slots of its two end items (``d.end_slots()``)."""
    left, right = d.end_slots()
    return d.blocks(), left, right


def fills(d: Any) -> str:
    """'2/4 4/4 1/4': items per block over slots per block, left to right."""
    return " ".join(f"{len(b)}/{d.block_size}" for b in d.blocks())


def draw_blocks(d: Any, width: int = 2) -> str:
    """One line: every block of ``d`` as │slot slot ...│, '.' for an empty slot.

    >>> from dsa.deque import BlockedDeque
    >>> draw_blocks(BlockedDeque(range(6), block_size=4))
    '│ 0  1  2  3│ 4  5  .  .│'
    """
    blocks, left, _ = block_state(d)
    items = [str(item) for block in blocks for item in block]
    return block_line(lay_blocks(items, left, d.block_size), width)


# ===========================================================================
# Linked nodes


def node_chain(labels: Sequence[str], *, link: str = "─▶", start: str = "head ─▶",
               end: str = "─▶ None", hidden: int = 0, split: int = 0) -> Text:
    """Nodes as boxes in a row, joined by ``link``, between ``start`` and
    ``end``.  With ``hidden`` set, a gap after the first ``split`` boxes
    says how many nodes are not drawn.

    >>> print(node_chain(["3", "5"]).plain)
            ┌───┐  ┌───┐
    head ─▶ │ 3 │─▶│ 5 │─▶ None
            └───┘  └───┘
    """
    parts: list[tuple[str, str]] = [("box", label) for label in labels]
    if hidden:
        parts.insert(split, ("gap", f" … {hidden:,} more … "))
    if not parts:
        return Text("(empty)", style="dim")
    pad = " " * (len(start) + 1)
    top, middle, bottom = [pad], [start + " "], [pad]
    for n, (kind, label) in enumerate(parts):
        if n:
            middle.append(link)
            top.append(" " * len(link))
            bottom.append(" " * len(link))
        if kind == "gap":
            middle.append(label)
            top.append(" " * len(label))
            bottom.append(" " * len(label))
            continue
        bar = "─" * (len(label) + 2)
        top.append(f"┌{bar}┐")
        middle.append(f"│ {label} │")
        bottom.append(f"└{bar}┘")
    middle.append(end)
    out = Text()
    out.append("".join(top).rstrip() + "\n", style="dim")
    text = Text("".join(middle).rstrip())
    text.highlight_regex(r"[│┌┐└┘]", "dim")
    out.append_text(text)
    out.append("\n" + "".join(bottom).rstrip(), style="dim")
    return out
