"""Remembering what a learner has solved and which hints they have seen.

The record is a small JSON file in the user's data directory, never inside
the installed package:

1. ``$DSA_PRACTICE_HOME/progress.json`` when ``DSA_PRACTICE_HOME`` is set;
2. otherwise ``$XDG_DATA_HOME/dsa/practice.json`` when ``XDG_DATA_HOME`` is;
3. otherwise ``~/.local/share/dsa/practice.json``.

It looks like this::

    {"format": 1,
     "solved": {"kth-largest": "2025-03-14"},
     "hints": {"kth-largest": 2, "lru-cache": 1}}

Losing it loses nothing but the record, so a file that cannot be read or
written is a warning, never an error: :attr:`Progress.warnings` collects the
sentences for the command to print.  Writes go to a temporary file that then
replaces the old one, so an interrupted write never leaves half a file.
"""

from __future__ import annotations

import datetime
import json
import os
import tempfile
from pathlib import Path
from typing import Dict, List, Optional

__all__ = ["Progress", "progress_path", "ENV_HOME"]

#: Set this to a directory to keep the progress file there (``progress.json``).
ENV_HOME = "DSA_PRACTICE_HOME"
FORMAT = 1


def progress_path() -> Path:
    """Where the progress file lives (it may not exist yet)."""
    home = os.environ.get(ENV_HOME)
    if home:
        return Path(home).expanduser() / "progress.json"
    data = os.environ.get("XDG_DATA_HOME")
    base = Path(data).expanduser() if data else Path.home() / ".local" / "share"
    return base / "dsa" / "practice.json"


class Progress:
    """The solved problems and revealed hints, loaded from and saved to a file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        #: Problem name -> the date it was first solved ("2025-03-14").
        self.solved: Dict[str, str] = {}
        #: Problem name -> how many of its hints have been revealed.
        self.hints: Dict[str, int] = {}
        #: Problems met while reading or writing the file, as sentences.
        self.warnings: List[str] = []

    @classmethod
    def load(cls, path: Optional[Path] = None) -> "Progress":
        """Read the progress file; a missing one is an empty record."""
        progress = cls(path if path is not None else progress_path())
        try:
            text = progress.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return progress
        except OSError as exc:
            progress.warnings.append(f"could not read {progress.path} ({exc.strerror}); "
                                     "starting with an empty record")
            return progress
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except ValueError:
            progress.warnings.append(f"{progress.path} is not a valid progress file; "
                                     "ignoring it (it will be replaced on the next save)")
            return progress
        solved = data.get("solved", {})
        hints = data.get("hints", {})
        if isinstance(solved, dict):
            progress.solved = {str(k): str(v) for k, v in solved.items()}
        if isinstance(hints, dict):
            progress.hints = {str(k): v for k, v in hints.items()
                              if isinstance(v, int) and not isinstance(v, bool) and v > 0}
        return progress

    # -- queries and changes ------------------------------------------------

    def is_solved(self, name: str) -> bool:
        return name in self.solved

    def mark_solved(self, name: str, today: Optional[datetime.date] = None) -> bool:
        """Record ``name`` as solved (keeping the first date); True if new."""
        if name in self.solved:
            return False
        self.solved[name] = (today or datetime.date.today()).isoformat()
        return True

    def hints_seen(self, name: str) -> int:
        return self.hints.get(name, 0)

    def reveal_hint(self, name: str, total: int) -> int:
        """Reveal one more hint of ``name`` (at most ``total``); the new count."""
        seen = min(self.hints_seen(name) + 1, total)
        self.hints[name] = seen
        return seen

    def reveal_all(self, name: str, total: int) -> None:
        self.hints[name] = total

    # -- writing ------------------------------------------------------------

    def save(self) -> bool:
        """Write the record atomically; False (and a warning) when it fails."""
        data = {"format": FORMAT, "solved": self.solved, "hints": self.hints}
        text = json.dumps(data, indent=2, sort_keys=True) + "\n"
        temporary: Optional[str] = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(prefix=".progress-", suffix=".tmp",
                                                 dir=self.path.parent)
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                stream.write(text)
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(temporary, self.path)
            temporary = None
            return True
        except OSError as exc:
            parent = self.path.parent
            reason = (f"{parent} is not a folder" if parent.exists() and not parent.is_dir()
                      else exc.strerror or str(exc))
            self.warnings.append(f"could not save your progress to {self.path} ({reason})")
            return False
        finally:
            if temporary is not None:
                try:
                    os.unlink(temporary)
                except OSError:
                    pass
