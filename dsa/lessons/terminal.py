"""The learner's terminal while a lesson runs: single keys, no stray input.

A lesson pauses between steps and waits for the learner.  Three things make a
plain ``input()`` fight an impatient learner, and this module answers each:

* keys typed while an experiment runs would wait in the terminal's buffer
  and answer the next pause at once: they are discarded just before the
  pause's prompt is shown;
* those keys would also be echoed into the lesson's output: echo is off for
  the whole run (and restored afterwards, whatever happens);
* Enter would be needed after ``q``: the terminal is read one key at a time.

:class:`PagedOutput` sits between the lesson and the screen and counts rows,
so that a step taller than the screen stops before its start scrolls away.

Where there is no POSIX terminal (Windows, a pipe) nothing here is used and
the runner falls back to ``input()``.
"""

from __future__ import annotations

import io
import os
import shutil
from typing import Callable, Iterable, TextIO

try:                                    # POSIX only
    import termios
except ImportError:                     # pragma: no cover - Windows
    termios = None                      # type: ignore[assignment]

#: Keys that go on from a pause, and keys that end the lesson.
GO_ON = ("\r", "\n", " ")
QUIT = ("q", "Q", "\x04")               # \x04: Ctrl-D


class Terminal:
    """Raw-ish mode for one file descriptor: no echo, no line buffering.

    Signals stay on, so Ctrl-C still interrupts.  Use as a context manager;
    the terminal's own settings come back on exit.
    """

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self._saved: list | None = None

    @classmethod
    def open(cls, stream: TextIO) -> "Terminal | None":
        """A Terminal for ``stream`` if it is a POSIX terminal, else None."""
        if termios is None:
            return None
        try:
            fd = stream.fileno()
            if not os.isatty(fd):
                return None
            termios.tcgetattr(fd)
        except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
            return None
        return cls(fd)

    def __enter__(self) -> "Terminal":
        self._saved = termios.tcgetattr(self.fd)
        mode = termios.tcgetattr(self.fd)
        mode[3] &= ~(termios.ICANON | termios.ECHO)     # lflags
        mode[6][termios.VMIN] = 1
        mode[6][termios.VTIME] = 0
        termios.tcsetattr(self.fd, termios.TCSANOW, mode)
        return self

    def __exit__(self, *exc: object) -> None:
        self.restore()

    def restore(self) -> None:
        if self._saved is not None:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
            self._saved = None

    def discard_typed_ahead(self) -> None:
        """Forget keys pressed before now (while an experiment ran)."""
        termios.tcflush(self.fd, termios.TCIFLUSH)

    def key(self) -> str:
        """The next key pressed (call :meth:`discard_typed_ahead` first, before
        showing the prompt, so that a key pressed once the prompt is visible
        always counts)."""
        data = os.read(self.fd, 1)
        return data.decode("latin-1") if data else "\x04"   # end of input


def wait_for_key(read: Callable[[], str]) -> bool:
    """Read keys until one goes on (True) or quits (False); others are ignored."""
    return wait_for_one(read, GO_ON) is not None


def wait_for_one(read: Callable[[], str], keys: Iterable[str]) -> str | None:
    """Read keys until one of ``keys`` (returned) or a quitting key (None);
    others are ignored."""
    wanted = set(keys)
    while True:
        key = read()
        if key in QUIT:
            return None
        if key in wanted:
            return key


class PagedOutput(io.TextIOBase):
    """A text stream that counts the rows written since the last pause and,
    once a screenful has gone by, asks before writing more.

    ``ask()`` is called with no arguments when the screen is full; it shows
    its own prompt (on the raw stream) and raises to stop.  Counting stops
    while :attr:`counting` is False (a spinner redraws one row in place).
    """

    def __init__(self, stream: TextIO, ask: Callable[[], None],
                 rows: Callable[[], int] | None = None) -> None:
        super().__init__()
        self.stream = stream
        self.ask = ask
        self.rows = rows or (lambda: shutil.get_terminal_size().lines)
        self.written = 0
        self.counting = True
        #: While a list, every counted write is kept in it too (a step's
        #: output, to show again without running it); None: nothing kept.
        self.recording: list[str] | None = None

    def reset(self) -> None:
        """A pause just happened: the screen starts afresh."""
        self.written = 0

    def write(self, text: str) -> int:
        if not self.counting:
            return self.stream.write(text)
        if self.recording is not None:
            self.recording.append(text)
        start = 0
        while start < len(text):
            if self.written >= max(self.rows() - 2, 3):
                self.stream.flush()
                self.ask()
                self.written = 0
            end = text.find("\n", start)
            if end < 0:
                self.stream.write(text[start:])
                break
            self.stream.write(text[start:end + 1])
            self.written += 1
            start = end + 1
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    @property
    def encoding(self) -> str:             # type: ignore[override]
        return getattr(self.stream, "encoding", "utf-8")


__all__ = ["Terminal", "PagedOutput", "wait_for_key", "wait_for_one", "GO_ON", "QUIT"]
