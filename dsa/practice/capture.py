"""Keeping what a learner's code prints, without letting it flood anything.

A solution under test may print a debugging line per call, or ten megabytes
in a loop.  While the grader runs the learner's code it points ``sys.stdout``
and ``sys.stderr`` at a :class:`CappedWriter`, which keeps the first few
kilobytes and only *counts* the rest, so memory stays small and the terminal
stays readable.  The report then says how much was left out.

Output written straight to file descriptor 1 or 2 (``os.write``, a C
extension) bypasses ``sys.stdout``; the command runs the grader in a child
process whose output pipe is drained with its own cap for that reason
(see :mod:`dsa.practice.sandbox`).
"""

from __future__ import annotations

import io
import sys
from contextlib import contextmanager
from typing import Iterator

__all__ = ["OUTPUT_LIMIT", "CappedWriter", "captured", "truncation_note"]

#: Characters of the learner's output a report keeps.
OUTPUT_LIMIT = 4096


class CappedWriter(io.TextIOBase):
    """A text stream keeping the first ``limit`` characters written to it.

    Everything past the limit is counted in :attr:`dropped` and discarded.
    """

    def __init__(self, limit: int = OUTPUT_LIMIT) -> None:
        super().__init__()
        self.limit = limit
        self._parts: list[str] = []
        self._kept = 0
        #: How many characters arrived after the limit was reached.
        self.dropped = 0

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    @property
    def encoding(self) -> str:  # print() and some libraries look for it
        return "utf-8"

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        room = self.limit - self._kept
        if room > 0:
            piece = text[:room]
            self._parts.append(piece)
            self._kept += len(piece)
        self.dropped += max(0, len(text) - max(room, 0))
        return len(text)

    def flush(self) -> None:
        pass

    def getvalue(self) -> str:
        """The characters kept (at most ``limit`` of them)."""
        return "".join(self._parts)


@contextmanager
def captured(writer: CappedWriter) -> Iterator[CappedWriter]:
    """Send ``sys.stdout`` and ``sys.stderr`` to ``writer`` for the block.

    The previous streams come back afterwards even if the learner's code
    replaced ``sys.stdout`` itself.
    """
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = writer
    try:
        yield writer
    finally:
        sys.stdout, sys.stderr = saved


def truncation_note(dropped: int) -> str:
    """The sentence a report shows when output was cut."""
    return f"your code printed {dropped:,} more characters (not shown)"
