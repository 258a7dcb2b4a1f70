"""One picture per kind of structure, from the lessons' drawing pieces.

:func:`picture` returns what ``rich.print(structure)`` shows, fitted to a
width; :func:`html` the same picture as an HTML ``<pre>`` for notebooks.
Each kind has a function in :data:`PICTURES`, named by the ``picture=``
keyword of the structure's class (see :class:`dsa.pictures.Pictured`).
They read the structures through public API only, and draw a big one in
part: the first levels of a heap, a window of a table starting at its
first occupied slot, the first and last nodes of a list, the first and
last blocks of a deque, each with a note of what is not drawn.

>>> from dsa.heap import BinaryHeap
>>> from rich.console import Console
>>> console = Console(width=40, color_system=None)
>>> with console.capture() as seen:
...     console.print(BinaryHeap([5, 3, 7]))
>>> print(seen.get())
BinaryHeap · 3 items · min-heap
    3
   / \\
  5   7
┌───┬───┬───┐
│ 0 │ 1 │ 2 │
├───┼───┼───┤
│ 3 │ 5 │ 7 │
└───┴───┴───┘
<BLANKLINE>
"""

from __future__ import annotations

import io
import itertools
from collections import deque
from typing import Any, Callable, Iterable, Sequence

from rich.console import Console, Group, RenderableType
from rich.text import Text

from .draw import (array_table, block_line, chain_picture, lay_blocks, node_chain,
                   short, strip_picture, tree_text)

__all__ = ["picture", "html", "PICTURES"]

LABEL = 10          # characters of an item's label, at most
TREE_LEVELS = 5     # levels of a heap drawn, at most (31 nodes of a binary heap)
CHAIN_ROWS = 12     # slots of a chained table drawn when it has more than 16
STRIP_ROWS = 3      # rows of slots of an open-addressing table
END_BLOCKS = 2      # blocks drawn at each end of a long deque


def picture(structure: Any, width: int = 80) -> RenderableType:
    """The picture of ``structure`` in at most ``width`` columns (its repr
    for a class without one).  Never raises: a structure that cannot be
    read (say, made with ``cls.__new__(cls)`` and never set up) is drawn as
    a line saying why."""
    draw = PICTURES.get(getattr(type(structure), "_picture", None) or "")
    if draw is None:
        return Text(repr(structure))
    try:
        return draw(structure, max(20, width))
    except Exception as exc:                     # a picture must not fail a print
        return Text(f"<{type(structure).__name__}: no picture, "
                    f"{type(exc).__name__}: {exc}>", style="red")


_HTML = ("<pre style=\"font-family: Menlo, 'DejaVu Sans Mono', Consolas, "
         "monospace; line-height: 1.25\">{code}</pre>")


def html(structure: Any, width: int = 100) -> str:
    """The picture as one ``<pre>`` element with inline styles (what a
    notebook shows, through the structure's ``_repr_html_``)."""
    console = Console(record=True, width=width, file=io.StringIO(),
                      force_terminal=True, color_system="truecolor")
    console.print(picture(structure, width))
    return console.export_html(inline_styles=True, code_format=_HTML)


def _header(structure: Any, *facts: str) -> Text:
    return Text(" · ".join((type(structure).__name__, *facts)), style="bold",
                no_wrap=True, overflow="ellipsis")


def _many(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def _note(text: str) -> Text:
    return Text(text, style="dim italic")


def _ends(items: Iterable[Any], backwards: Iterable[Any] | None, n: int,
          front: int, back: int) -> tuple[list[Any], list[Any]]:
    """The first ``front`` and the last ``back`` of ``n`` items (all of them
    in ``front`` when that is fewer than front + back): from ``backwards``
    (an iterator from the end) if given, else by one pass over ``items``."""
    if n <= front + back:
        return list(items), []
    head = list(itertools.islice(iter(items), front))
    if backwards is not None:
        tail = list(itertools.islice(backwards, back))[::-1]
    else:
        tail = list(deque(items, maxlen=back))
    return head, tail


# ===========================================================================
# Heaps


def _tree(labels: Callable[[int], list[str]], n: int, arity: int,
          width: int) -> list[RenderableType]:
    """The first levels of a heap that fit ``width``, then its array."""
    if n == 0:
        return [Text("(empty)", style="dim")]
    shown = labels(min(n, sum(arity ** r for r in range(TREE_LEVELS))))
    rows, count = 0, 0
    while count < n and rows < TREE_LEVELS:
        more = arity ** rows
        cell = max(4, max(len(s) for s in shown[:count + more]) + 1)
        if rows and cell * arity ** rows > width:
            break
        count, rows = min(n, count + more), rows + 1
    cell = max(4, max(len(s) for s in shown[:count]) + 1)
    parts: list[RenderableType] = [tree_text(shown[:count], cell=cell, arity=arity)]
    cells, used = 0, 1                           # the array, as far as it fits
    tail = len(f"+{n:,}") + 3 if n > len(shown) else 0
    for i, label in enumerate(shown):
        column = max(len(label), len(str(i))) + 3
        rest = len(f"+{n - i - 1:,}") + 3 if i + 1 < n else 0
        if used + column + max(rest, tail) > width:
            break
        cells, used = cells + 1, used + column
    parts.append(array_table(shown[:cells], more=n - cells))
    if count < n:
        parts.append(_note(f"the first {rows} levels of {_levels(n, arity)}: "
                           f"{count:,} of {n:,} items drawn"))
    return parts


def _levels(n: int, arity: int) -> int:
    rows, size = 0, 0
    while size < n:
        size, rows = size + arity ** rows, rows + 1
    return rows


def heap_picture(heap: Any, width: int) -> RenderableType:
    """A heap (either twin, any arity): the tree over its array."""
    n, arity = len(heap), getattr(heap, "arity", 2)
    facts = [_many(n, "item"), "max-heap" if heap.max_heap else "min-heap"]
    if arity != 2:
        facts.append(f"arity {arity}")

    def labels(m: int) -> list[str]:
        return [short(v, LABEL) for v in itertools.islice(iter(heap), m)]
    return Group(_header(heap, *facts), *_tree(labels, n, arity, width))


def queue_picture(queue: Any, width: int) -> RenderableType:
    """A priority queue: the heap of its entries, each drawn priority:item."""
    entries, n = queue.to_list(), len(queue)
    order = "largest" if queue.max_heap else "smallest"

    def labels(m: int) -> list[str]:
        return [short(f"{p}:{item}", LABEL) for item, p in entries[:m]]
    return Group(_header(queue, _many(n, "item"), f"{order} priority first",
                         "nodes priority:item"), *_tree(labels, n, 2, width))


# ===========================================================================
# Hash tables


def chained_picture(table: Any, width: int) -> RenderableType:
    """A chained table (either twin): its slots, one chain per line."""
    slots, n = table.slots(), len(table)
    capacity = len(slots)
    longest = max(map(len, slots), default=0)
    head = _header(table, f"{_many(n, 'key')} in {capacity:,} slots",
                   f"load factor {n / capacity:.2f}", f"longest chain {longest}")
    start = 0
    if capacity > 16:
        start = next((i for i, chain in enumerate(slots) if chain), 0)
        start = min(start, capacity - CHAIN_ROWS)
    window = slots[start:start + (capacity if capacity <= 16 else CHAIN_ROWS)]
    room = width - len(f"slot {capacity - 1}  ")
    chains = [_fit_chain(chain, room) for chain in window]
    parts: list[RenderableType] = [head]
    if start:
        parts.append(_note(f"… slots 0 to {start - 1} are empty"))
    parts.append(chain_picture(chains, first=start))
    after = slots[start + len(window):]
    if after:
        parts.append(_note(f"… {len(after):,} more slots holding "
                           f"{sum(map(len, after)):,} keys"))
    return Group(*parts)


def _fit_chain(chain: Sequence[Any], room: int) -> list[str]:
    """The keys of a chain that fit ``room`` columns, and '+N' for the rest."""
    out: list[str] = []
    used = 0
    for i, key in enumerate(chain):
        label = short(key, LABEL)
        rest = len(chain) - i - 1
        need = len(label) + (3 if out else 0) + (len(f" → +{rest}") if rest else 0)
        if used + need > room and out:
            out.append(f"+{len(chain) - i}")
            break
        out.append(label)
        used += len(label) + (3 if len(out) > 1 else 0)
    return out


def open_picture(table: Any, width: int) -> RenderableType:
    """An open-addressing table (either twin): its slot array in rows."""
    from dsa.hashtable import TOMBSTONE

    slots, n = table.slots(), len(table)
    capacity = len(slots)
    tombstones = sum(1 for s in slots if s is TOMBSTONE)
    head = _header(table, f"{_many(n, 'key')} in {capacity:,} slots",
                   f"load factor {n / capacity:.2f}", _many(tombstones, "tombstone"))
    cell = max(4, len(str(capacity - 1)))
    across = max(1, (width - 1) // (cell + 1))
    start = 0
    if capacity > across * STRIP_ROWS:
        start = next((i for i, s in enumerate(slots) if s is not None), 0)
        start = max(0, min(start - 1, capacity - across * STRIP_ROWS))
    stop = min(capacity, start + across * STRIP_ROWS)
    rows = -(-(stop - start) // across)
    across = -(-(stop - start) // rows)          # rows of equal length
    parts: list[RenderableType] = [head]
    if start:
        parts.append(_note(f"… slots 0 to {start - 1} are empty"))
    for row in range(start, stop, across):
        parts.append(strip_picture(slots[row:min(stop, row + across)], cell=cell,
                                   first=row, tombstone=TOMBSTONE))
    if stop < capacity:
        keys = sum(1 for s in slots[stop:] if s is not None and s is not TOMBSTONE)
        parts.append(_note(f"… {capacity - stop:,} more slots holding {keys:,} keys"))
    return Group(*parts)


# ===========================================================================
# Linked lists


def _chain_of(labels_front: list[str], labels_back: list[str], hidden: int,
              width: int, link: str, start: str, end: str) -> Text:
    """As many boxes as fit ``width``, from both ends when not all do."""
    labels = labels_front + labels_back
    room = width - len(start) - 1 - len(end)

    def size(ls: Sequence[str]) -> int:
        return sum(len(s) + 4 for s in ls) + len(link) * max(0, len(ls) - 1)
    if not hidden and size(labels) <= room:
        return node_chain(labels, link=link, start=start, end=end)
    total = hidden + len(labels)
    gap = len(f" … {total:,} more … ") + len(link)
    front, back = list(labels_front), list(labels_back)
    if not back:                                 # all of them came in front
        half = (len(front) + 1) // 2
        front, back = front[:half], front[half:]
    while back and size(front) + size(back) + gap + len(link) > room:
        if len(front) > len(back):
            front.pop()
        else:
            back.pop(0)
    drawn = node_chain(front + back, link=link, start=start, end=end,
                       hidden=total - len(front) - len(back), split=len(front))
    drawn.no_wrap, drawn.overflow = True, "ellipsis"   # if one box is too wide
    return drawn


def _list_picture(lst: Any, width: int, doubly: bool) -> RenderableType:
    n = len(lst)
    most = max(2, width // 8)                    # boxes that could ever fit
    backwards = reversed(lst) if doubly else None
    front, back = _ends(lst, backwards, n, most, most)
    label = [short(v, LABEL) for v in front], [short(v, LABEL) for v in back]
    link, start = ("◀─▶", "None ◀─") if doubly else ("─▶", "head ─▶")
    drawn = _chain_of(*label, n - len(front) - len(back), width, link, start,
                      "─▶ None")
    return Group(_header(lst, _many(n, "node"), "doubly linked" if doubly
                         else "singly linked"), drawn)


def singly_picture(lst: Any, width: int) -> RenderableType:
    """A singly linked list: boxes joined by next links, head to None."""
    return _list_picture(lst, width, False)


def doubly_picture(lst: Any, width: int) -> RenderableType:
    """A doubly linked list (either twin): boxes linked both ways."""
    return _list_picture(lst, width, True)


def lru_picture(cache: Any, width: int) -> RenderableType:
    """An LRU cache: its entries as the nodes of its list, least recent first."""
    n = len(cache)
    front, back = _ends(cache.items(), None, n, width // 8, width // 8)
    labels = ([short(f"{k}: {v}", LABEL) for k, v in front],
              [short(f"{k}: {v}", LABEL) for k, v in back])
    drawn = _chain_of(*labels, n - len(front) - len(back), width, "◀─▶",
                      "least recent", " most recent")
    return Group(_header(cache, f"{n:,} of {cache.capacity:,} entries",
                         f"{cache.hits:,} hits", f"{cache.misses:,} misses"), drawn)


# ===========================================================================
# Deques


def deque_picture(d: Any, width: int) -> RenderableType:
    """A blocked deque (either twin): its blocks, with the empty slots."""
    n, size = len(d), d.block_size
    left = d.end_slots()[0]
    count = (left + n - 1) // size + 1 if n else 0     # blocks holding items
    facts = [_many(n, "item"), f"block_size {size}", _many(d.block_count, "block")]
    if d.maxlen is not None:
        facts.append(f"maxlen {d.maxlen:,}")
    if not n:
        return Group(_header(d, *facts), Text("(empty)", style="dim"))
    shown = count if count <= 2 * END_BLOCKS + 1 else END_BLOCKS
    front_items = min(n, shown * size - left)
    back_items = 0 if shown == count else (n + left) - (count - shown) * size
    head, tail = _ends(d, reversed(d), n, front_items, back_items)
    first = lay_blocks([short(v, 6) for v in head], left, size, "·")
    last = lay_blocks([short(v, 6) for v in tail], 0, size, "·") if tail else []
    slot_width = max(len(s) for block in first + last for s in block)
    parts: list[RenderableType] = [_header(d, *facts)]
    one_line = block_line(first + last, slot_width)
    if len(one_line) + (3 if last else 0) <= width:
        if last:
            one_line = block_line(first, slot_width) + " … " + \
                block_line(last, slot_width)
        parts.append(Text(one_line))
        parts.append(_note("fills " + " ".join(
            f"{sum(s != '·' for s in b)}/{size}" for b in first)
            + (" …  " + " ".join(f"{sum(s != '·' for s in b)}/{size}"
                                 for b in last) if last else "")))
    else:
        for number, block in zip(range(len(first)), first):
            parts.append(_block_row(number, block, slot_width, size, width))
        if last:
            parts.append(_note(f"… {count - 2 * shown:,} full blocks"))
            for number, block in zip(range(count - len(last), count), last):
                parts.append(_block_row(number, block, slot_width, size, width))
    if last:
        parts.append(_note(f"the first and last {shown} of {count:,} blocks "
                           f"drawn; {n - len(head) - len(tail):,} items between"))
    return Group(*parts)


def _block_row(number: int, block: list[str], slot_width: int, size: int,
               width: int) -> Text:
    """One block on a line of its own: its number, its slots (the middle ones
    left out if they do not fit) and its fill."""
    filled = sum(s != "·" for s in block)
    label = f"block {number:>3} "
    fill = f" {filled}/{size}"
    room = width - len(label) - len(fill) - 2
    keep = max(1, (room // (slot_width + 1) - 1) // 2)
    if len(block) * (slot_width + 1) > room:
        block = block[:keep] + ["…".rjust(slot_width)] + block[-keep:]
    return Text.assemble((label, "dim"), block_line([block], slot_width),
                         (fill, "dim"))


PICTURES: dict[str, Callable[[Any, int], RenderableType]] = {
    "heap": heap_picture,
    "queue": queue_picture,
    "chained": chained_picture,
    "open": open_picture,
    "singly": singly_picture,
    "doubly": doubly_picture,
    "lru": lru_picture,
    "deque": deque_picture,
}
