"""Nodes as boxes and arrows, the way Python Tutor draws them, in the terminal.

Each node is a box of two fields, its value and its ``next`` pointer; a
pointer is an arrow from the dot in that field to the node it refers to,
and ``None`` is a cross.  Names the code holds (``head``, ``node``, ``new``)
point at their nodes from above (or from below, for the second row).  The
nodes of a scene sit in two rows of numbered slots: the list on the top row
and, on the bottom row, a node that is being linked in, cut out or spliced,
so that every arrow runs to the right, along a row or down or up into the
next slot.

The animation steps through three operations, one pointer write a frame,
with the write just made highlighted: an insert after a node held, the
removal of the node after one held, and the splice of a whole second list
into the first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Optional, Sequence

from rich.text import Text

from dsa.pictures.draw import MARKED

from .linkedlist_common import hooks
from .runner import Context

#: Columns between two slots, room for an arrow.
GAP = 5
#: The rows of the canvas: names and their arrows, the top row's boxes, the
#: lane between the rows, the bottom row's boxes, and its names.
TOP_BOX, LANE, LOW_BOX, HEIGHT = 2, 5, 6, 11
NONE_MARK = "╳"


@dataclass
class Scene:
    """Nodes (name -> value, row 0 or 1, slot), their ``next`` (name -> name
    or None), the names the code holds (label -> node) and the pointers just
    written (node names whose ``next`` changed)."""

    nodes: dict[str, tuple[object, int, int]]
    next: dict[str, Optional[str]]
    names: dict[str, str] = field(default_factory=dict)
    changed: tuple[str, ...] = ()


class Canvas:
    """A grid of characters with a style each."""

    def __init__(self, width: int, height: int) -> None:
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[str]] = [[""] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        for i, ch in enumerate(text):
            if 0 <= y < len(self.chars) and 0 <= x + i < len(self.chars[y]):
                self.chars[y][x + i] = ch
                self.styles[y][x + i] = style

    def text(self) -> Text:
        out = Text()
        rows = [i for i, row in enumerate(self.chars) if "".join(row).strip()]
        for y in range(rows[0], rows[-1] + 1) if rows else ():
            line = "".join(self.chars[y]).rstrip()
            for x, ch in enumerate(line):
                out.append(ch, self.styles[y][x] or None)
            out.append("\n")
        out.rstrip()
        return out


def draw(scene: Scene) -> Text:
    """The scene as boxes and arrows."""
    w = max(len(str(value)) for value, _, _ in scene.nodes.values())
    box = w + 8                                  # │ value │ ● │
    slots = max(slot for _, _, slot in scene.nodes.values()) + 1
    canvas = Canvas(slots * (box + GAP), HEIGHT)

    def left(name: str) -> int:
        return scene.nodes[name][2] * (box + GAP)

    def top(name: str) -> int:
        return TOP_BOX if scene.nodes[name][1] == 0 else LOW_BOX

    for name, (value, _, _) in scene.nodes.items():
        x, y = left(name), top(name)
        cell = "─" * (w + 2)
        canvas.put(x, y, f"┌{cell}┬───┐", "dim")
        canvas.put(x, y + 1, "│", "dim")
        canvas.put(x + 2, y + 1, f"{str(value):^{w}}", "bold")
        canvas.put(x + w + 3, y + 1, "│", "dim")
        canvas.put(x + w + 7, y + 1, "│", "dim")
        canvas.put(x, y + 2, f"└{cell}┴───┘", "dim")
    for name, target in scene.next.items():
        style = MARKED if name in scene.changed else "cyan"
        x, y = left(name) + w + 5, top(name) + 1
        if target is None:
            canvas.put(x, y, NONE_MARK, style)
            continue
        canvas.put(x, y, "●─", style)
        canvas.put(x + 2, y, "┼", style)
        _arrow(canvas, x + 3, y, left(target), top(target), box, style)
    for label, name in _labels(scene.names):
        centre = left(name) + box // 2
        start = max(0, centre - len(label) // 2)
        if scene.nodes[name][1] == 0:
            canvas.put(start, 0, label, "bold magenta")
            canvas.put(centre, 1, "▼", "magenta")
        else:
            canvas.put(centre, LOW_BOX + 3, "▲", "magenta")
            canvas.put(start, LOW_BOX + 4, label, "bold magenta")
    return canvas.text()


def _labels(names: dict[str, str]) -> Iterator[tuple[str, str]]:
    """One label per node: the names that point at it, joined."""
    by_node: dict[str, list[str]] = {}
    for label, node in names.items():
        by_node.setdefault(node, []).append(label)
    for node, labels in by_node.items():
        yield ", ".join(labels), node


def _arrow(canvas: Canvas, x: int, y: int, tx: int, ty: int, box: int, style: str) -> None:
    """From (x, y), the right edge of a pointer field, to the box whose top
    left corner is (tx, ty): along the row, or along it and then down or up
    into the box's middle."""
    if ty == y - 1:                              # the same row: straight on
        canvas.put(x, y, "─" * (tx - 1 - x) + "▶", style)
        return
    centre = tx + box // 2
    canvas.put(x, y, "─" * (centre - x), style)
    if ty > y:                                   # down into the bottom row
        canvas.put(centre, y, "┐", style)
        for row in range(y + 1, ty - 1):
            canvas.put(centre, row, "│", style)
        canvas.put(centre, ty - 1, "▼", style)
    else:                                        # up into the top row
        canvas.put(centre, y, "┘", style)
        for row in range(ty + 3, y):
            canvas.put(centre, row, "│", style)
        canvas.put(centre, ty + 3, "▲", style)


def chain(values: Sequence[object], prefix: str = "n") -> Scene:
    """A plain list on the top row, in slot order, ``head`` at the first."""
    names = [f"{prefix}{i}" for i in range(len(values))]
    following: list[Optional[str]] = [*names[1:], None]
    return Scene({n: (v, 0, i) for i, (n, v) in enumerate(zip(names, values))},
                 dict(zip(names, following)), {"head": names[0]})


# ===========================================================================
# The three operations, a frame per pointer write


Frame = tuple[str, str, Scene]          # (the line of code, what it did, the scene)


def insert_frames(values: Sequence[object] = (3, 5, 9), new: object = 7) -> list[Frame]:
    """``insert_after(node, new)`` with ``node`` the second of ``values``."""
    a, b, c = values
    nodes = {"a": (a, 0, 0), "b": (b, 0, 1), "c": (c, 0, 3)}
    names = {"head": "a", "node": "b"}
    links = {"a": "b", "b": "c", "c": None}
    with_new = {**nodes, "x": (new, 1, 2)}
    return [
        ("# the list, and node: a reference to the node we hold",
         "Room is left on the top row where the new node will go.",
         Scene(nodes, links, names)),
        (f"new = Node({new!r})", "A new node, linked to nothing yet.",
         Scene(with_new, {**links, "x": None}, {**names, "new": "x"}, ("x",))),
        ("new.next = node.next", "First the new node points at the rest of the list; "
         "nothing in the list has changed yet.",
         Scene(with_new, {**links, "x": "c"}, {**names, "new": "x"}, ("x",))),
        ("node.next = new", "Then the held node points at it: two pointer writes, "
         "whatever the length. In the other order the rest of the list would be lost.",
         Scene(with_new, {**links, "b": "x", "x": "c"}, {**names, "new": "x"}, ("b",))),
        ("# the same list, redrawn in order", "",
         chain((a, b, new, c))),
    ]


def remove_frames(values: Sequence[object] = (3, 5, 9)) -> list[Frame]:
    """``prev.next = prev.next.next`` with ``prev`` the first of ``values``."""
    a, b, c = values
    names = {"head": "a", "prev": "a"}
    return [
        ("# the list, and prev: the node before the one to remove", "",
         Scene({"a": (a, 0, 0), "b": (b, 0, 1), "c": (c, 0, 2)},
               {"a": "b", "b": "c", "c": None}, names)),
        ("prev.next = prev.next.next",
         f"One write steps over {b!r}. Nothing points at it now, so CPython frees "
         "it at once (its reference count drops to zero); its own next does not matter.",
         Scene({"a": (a, 0, 0), "b": (b, 1, 1), "c": (c, 0, 2)},
               {"a": "c", "b": "c", "c": None}, names, ("a",))),
        ("# the list, redrawn", "", chain((a, c))),
    ]


def splice_frames(first: Sequence[object] = (1, 2, 3),
                  second: Sequence[object] = (7, 8)) -> list[Frame]:
    """The whole of ``second`` spliced in after the head of ``first``."""
    a, b, c = first
    x, y = second
    nodes = {"a": (a, 0, 0), "b": (b, 0, 3), "c": (c, 0, 4),
             "x": (x, 1, 1), "y": (y, 1, 2)}
    names = {"head": "a", "node": "a", "other": "x", "last": "y"}
    links = {"a": "b", "b": "c", "c": None, "x": "y", "y": None}
    return [
        ("# two lists: node in the first, other and last at the ends of the second", "",
         Scene(nodes, links, names)),
        ("last.next = node.next", "The second list's last node points at the rest "
         "of the first.", Scene(nodes, {**links, "y": "b"}, names, ("y",))),
        ("node.next = other", "The held node points at the second list's first: two "
         "writes join two whole lists, however long either is. An array would copy one "
         "of them.", Scene(nodes, {**links, "y": "b", "a": "x"}, names, ("a",))),
        ("# one list, redrawn in order", "", chain((a, x, y, b, c))),
    ]


OPERATIONS = (("Insert after a node you hold", insert_frames),
              ("Remove the node after one you hold", remove_frames),
              ("Splice a whole list in after a node you hold", splice_frames))


@hooks.animation("boxes")
def boxes(ctx: Context) -> None:
    """The three operations, one pointer write a frame."""
    for title, frames in OPERATIONS:
        ctx.console.print(Text(title, style="bold underline"))
        for number, (code, said, scene) in enumerate(frames()):
            if number:
                ctx.pause("Enter for the next pointer write, q to quit")
            ctx.console.print(Text(code, style="bold green" if not code.startswith("#")
                                   else "dim"))
            ctx.console.print(draw(scene), highlight=False)
            if said:
                ctx.console.print(Text(said))
            ctx.console.print()
