"""Pictures of the structures, for the terminal and for notebooks.

Every structure of dsa, Python twin and C twin, draws itself the way the
lessons draw it: a heap as a tree over its array, a chained table as its
chains, an open-addressing table as its row of slots, a linked list as its
chain of nodes, a deque as its blocks.  ``rich.print(structure)`` prints
the picture; in Jupyter the same picture is shown as HTML.  Big structures
are drawn in part (the first levels of a heap, the occupied neighbourhood
of a table, the first and last blocks or nodes) with a note of what was
left out, so a picture stays a few lines long whatever the size.

The drawing code lives in :mod:`dsa.pictures.draw` (the pieces the lessons
use) and :mod:`dsa.pictures.structures` (one picture per kind of
structure).  Both import rich; this module does not, so ``import dsa``
stays light: a structure loads them the first time it is drawn.

A structure takes part by one base class and the name of its picture::

    class BinaryHeap(Pictured, Generic[T], picture="heap"): ...

The picture reads the structure through its public API only (``len``,
iteration, ``slots()``, ``head_node``, ``end_slots()`` and so on).
"""

from __future__ import annotations

from typing import Any, ClassVar, Iterator, Optional

__all__ = ["Pictured", "PICTURE_WIDTH"]

#: Columns of a picture shown in a notebook (a terminal uses its own width).
PICTURE_WIDTH = 100


class Pictured:
    """A mixin giving a structure ``__rich_console__`` and ``_repr_html_``.

    Both call the drawing function named by the class keyword ``picture``
    (see :data:`dsa.pictures.structures.PICTURES`); subclasses inherit it.
    """

    __slots__ = ()

    _picture: ClassVar[Optional[str]] = None

    def __init_subclass__(cls, /, picture: Optional[str] = None,
                          **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if picture is not None:
            cls._picture = picture

    def __rich_console__(self, console: Any, options: Any) -> Iterator[Any]:
        from dsa.pictures.structures import picture

        yield picture(self, options.max_width)

    def _repr_html_(self) -> str:
        from dsa.pictures.structures import html

        return html(self, PICTURE_WIDTH)
