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
into the first.  Given the learner's values, it draws them instead, at
places that hold for a list of any length (:func:`yours`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Optional, Sequence

from rich.text import Text

from dsa.pictures.draw import MARKED

from .linkedlist_common import hooks
from .runner import Context
from .values import shown

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
    """The scene as boxes and arrows (``head`` and a cross for no node)."""
    if not scene.nodes:                          # the empty list
        return Text.assemble(("head ", "bold magenta"), (NONE_MARK, "cyan"),
                             " (None: the list is empty)")
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
    """A plain list on the top row, in slot order, ``head`` at the first
    (no node and no ``head`` for no values: the empty list)."""
    names = [f"{prefix}{i}" for i in range(len(values))]
    following: list[Optional[str]] = [*names[1:], None]
    return Scene({n: (v, 0, i) for i, (n, v) in enumerate(zip(names, values))},
                 dict(zip(names, following)), {"head": names[0]} if names else {})


# ===========================================================================
# The three operations, a frame per pointer write


Frame = tuple[str, str, Scene]          # (the line of code, what it did, the scene)


def insert_frames(values: Sequence[object] = (3, 5, 9), new: object = 7,
                  after: int = 1) -> list[Frame]:
    """``insert_after(node, new)`` with ``node`` the node at index ``after``
    of ``values`` (the second, in the published example)."""
    ids = [f"n{i}" for i in range(len(values))]
    # the nodes past the one held move one slot right: room for the new one
    nodes = {n: (v, 0, i + (i > after)) for i, (n, v) in enumerate(zip(ids, values))}
    links: dict[str, Optional[str]] = dict(zip(ids, [*ids[1:], None]))
    node = ids[after]
    names = {"head": ids[0], "node": node}
    with_new = {**nodes, "x": (new, 1, after + 1)}
    last = links[node] is None                  # nothing follows the node held
    first_write = ("First the new node points at the rest of the list; nothing in "
                   "the list has changed yet." if not last else
                   "First the new node points at what follows node: None, as node is "
                   "the last; nothing in the list has changed yet.")
    second_write = ("Then the held node points at it: two pointer writes, whatever the "
                    "length. In the other order the rest of the list would be lost."
                    if not last else
                    "Then the held node points at it: two pointer writes, whatever the "
                    "length. Here nothing followed node; in the middle of a list, the "
                    "other order would lose the rest of it.")
    return [
        ("# the list, and node: a reference to the node we hold",
         "Room is left on the top row where the new node will go.",
         Scene(nodes, links, names)),
        (f"new = Node({new!r})", "A new node, linked to nothing yet.",
         Scene(with_new, {**links, "x": None}, {**names, "new": "x"}, ("x",))),
        ("new.next = node.next", first_write,
         Scene(with_new, {**links, "x": links[node]}, {**names, "new": "x"}, ("x",))),
        ("node.next = new", second_write,
         Scene(with_new, {**links, node: "x", "x": links[node]}, {**names, "new": "x"},
               (node,))),
        ("# the same list, redrawn in order", "",
         chain((*values[:after + 1], new, *values[after + 1:]))),
    ]


FREED = ("Nothing points at it now, so CPython frees it at once (its reference count "
         "drops to zero)")


def remove_frames(values: Sequence[object] = (3, 5, 9)) -> list[Frame]:
    """``prev.next = prev.next.next`` with ``prev`` the first of ``values``
    (two or more; with one, the head itself goes: :func:`remove_head_frames`)."""
    if len(values) == 1:
        return remove_head_frames(values[0])
    ids = [f"n{i}" for i in range(len(values))]
    links: dict[str, Optional[str]] = dict(zip(ids, [*ids[1:], None]))
    nodes = {n: (v, 0, i) for i, (n, v) in enumerate(zip(ids, values))}
    gone, after = ids[1], links[ids[1]]
    names = {"head": ids[0], "prev": ids[0]}
    steps = (f"One write steps over {values[1]!r}." if after is not None else
             f"One write steps over {values[1]!r}: prev.next is None now, and prev "
             "is the last node.")
    return [
        ("# the list, and prev: the node before the one to remove", "",
         Scene(nodes, links, names)),
        ("prev.next = prev.next.next",
         f"{steps} {FREED}; its own next does not matter.",
         Scene({**nodes, gone: (values[1], 1, 1)}, {**links, ids[0]: after}, names,
               (ids[0],))),
        ("# the list, redrawn", "", chain((values[0], *values[2:]))),
    ]


def remove_head_frames(value: object) -> list[Frame]:
    """The one node of a list of one removed: the write is to ``head``."""
    return [
        ("# the list: head holds its only node, the one to remove", "",
         chain((value,))),
        ("head = head.next",
         f"One write, to head: it takes the node's next, None, and the list is "
         f"empty. {FREED}.", Scene({"n0": (value, 1, 0)}, {"n0": None})),
        ("# the list, redrawn", "", chain(())),
    ]


def splice_frames(first: Sequence[object] = (1, 2, 3),
                  second: Sequence[object] = (7, 8)) -> list[Frame]:
    """The whole of ``second`` spliced in after the head of ``first``."""
    ids = [f"a{i}" for i in range(len(first))]
    others = [f"b{i}" for i in range(len(second))]
    # the second list on the bottom row, right after the head: room for it
    nodes = {n: (v, 0, i + (i > 0) * len(second)) for i, (n, v) in enumerate(zip(ids, first))}
    nodes.update((n, (v, 1, 1 + i)) for i, (n, v) in enumerate(zip(others, second)))
    links: dict[str, Optional[str]] = dict(zip(ids, [*ids[1:], None]))
    links.update(zip(others, [*others[1:], None]))
    head, last = ids[0], others[-1]
    names = {"head": head, "node": head, "other": others[0], "last": last}
    rest = links[head]
    joined = ("The second list's last node points at the rest of the first." if rest else
              "The second list's last node points at what follows node: None, as node "
              "is the first list's only node (its next was None already).")
    return [
        ("# two lists: node in the first, other and last at the ends of the second", "",
         Scene(nodes, links, names)),
        ("last.next = node.next", joined,
         Scene(nodes, {**links, last: rest}, names, (last,))),
        ("node.next = other", "The held node points at the second list's first: two "
         "writes join two whole lists, however long either is. An array would copy one "
         "of them.", Scene(nodes, {**links, last: rest, head: others[0]}, names, (head,))),
        ("# one list, redrawn in order", "", chain((first[0], *second, *first[1:]))),
    ]


OPERATIONS = (("Insert after a node you hold", insert_frames),
              ("Remove the node after one you hold", remove_frames),
              ("Splice a whole list in after a node you hold", splice_frames))


#: The list the prompt offers as the example (the insert's and the remove's).
EXAMPLE = (3, 5, 9)


def yours(values: Sequence[int]) -> list[tuple[str, list[Frame]]]:
    """The three operations on the learner's ``values``, at places that hold
    for any length: insert after the second node (the only one, for one
    value), remove the second node (the only one, for one value), and splice
    the last half of the values, as a second list, in after the head.  Each
    ends with the list it made, and the Python list operation that makes the
    same list."""
    count = len(values)
    new = min(set(range(count + 1)) - set(values))       # a value not in the list
    after = min(1, count - 1)
    which = "the second node" if count > 1 else "the only node"
    insert = insert_frames(values, new, after)
    operations = [
        (f"Insert {new} (a value not in your list) after {which}, {values[after]}, "
         "which you hold", _ending(insert, f"lst.insert({after + 1}, {new})", values)),
        (f"Remove the second node, {values[1]}, after the head you hold" if count > 1
         else f"Remove the only node, {values[0]}: head moves",
         _ending(remove_frames(values), f"del lst[{after}]", values)),
    ]
    if count == 1:
        operations.append(("Splice: one value leaves no second list", [
            ("# your one value: a list of one node", "Splicing needs a second list, and "
             "one value leaves none; with two values or more, the last half of them is "
             "spliced in after the head.", chain(values))]))
        return operations
    first, second = values[:count - count // 2], values[count - count // 2:]
    splice = splice_frames(first, second)
    code, _, scene = splice[0]
    splice[0] = (code, f"Your values split in two lists: {shown(first)} and "
                 f"{shown(second)}.", scene)
    operations.append((
        f"Splice your last {f'{len(second)} values' if len(second) > 1 else 'value'}, "
        "as a second list, in after the head",
        _ending(splice, f"lst[1:1] = {shown(second)}", first)))
    return operations


def _ending(frames: list[Frame], python: str, before: Sequence[int]) -> list[Frame]:
    """``frames`` with the list the last one draws said, and the Python list
    operation that makes it from ``before``."""
    code, _, scene = frames[-1]
    drawn = [value for value, _, _ in sorted(scene.nodes.values(), key=lambda n: n[2])]
    said = (f"Now {shown(drawn)}. A Python list does the same with {python}, "
            f"on lst = {shown(before)}.")
    return [*frames[:-1], (code, said, scene)]


@hooks.animation("boxes")
def boxes(ctx: Context) -> None:
    """The three operations, one pointer write a frame, on the learner's
    values when given (:func:`yours`), else on the published examples."""
    values = ctx.values(EXAMPLE)
    operations = (yours(values) if ctx.custom_values()
                  else [(title, frames()) for title, frames in OPERATIONS])
    for title, frames in operations:
        ctx.console.print(Text(title, style="bold underline"))
        for number, (code, said, scene) in enumerate(frames):
            if number:
                ctx.pause("Enter for the next pointer write, q to quit")
            ctx.console.print(Text(code, style="bold green" if not code.startswith("#")
                                   else "dim"))
            ctx.console.print(draw(scene), highlight=False)
            if said:
                ctx.console.print(Text(said))
            ctx.console.print()
