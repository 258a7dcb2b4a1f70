"""Moving about a lesson in a terminal: back, replay, jump, and the keys.

At the end of every step the lesson waits for one key.  A step runs (and
measures) once: what it printed is kept, and going back to it shows that
record again, so the figures a learner returns to are the ones the claims
were checked against.  ``r`` runs the step's animations again (they measure
nothing).  The rules are stated once, in :data:`KEYS`, for the ``?`` screen
and the README alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

#: The keys at the end of a step and what each does.
KEYS: tuple[tuple[str, str], ...] = (
    ("Enter", "the next step (one seen already is shown as recorded)"),
    ("b", "back a step: shown as it was recorded, not measured again"),
    ("r", "replay this step's animation (no measurement runs again)"),
    ("g N Enter", "go to step N; forward, only step N runs: the steps jumped "
                  "over are not measured, and a claim that needs their figures "
                  "says so (b or g runs a skipped step when you reach it)"),
    ("?", "these keys and the steps"),
    ("q", "quit (Ctrl-C too)"),
)

STEP_PROMPT = "Enter for the next step, b back, r replay, g go to, ? keys, q quit"
LAST_PROMPT = "Enter for the recap, b back, r replay, g go to, ? keys, q quit"
#: The keys the end of a step answers (besides q, which always quits).
STEP_KEYS = ("\r", "\n", " ", "b", "r", "g", "?")


@dataclass
class Walk:
    """Where the learner is: the steps this run walks, the current one, and
    the output of each step that has run."""

    order: Sequence[int]
    position: int = 0
    recorded: dict[int, str] = field(default_factory=dict)

    @property
    def current(self) -> int:
        return self.order[self.position]

    @property
    def done(self) -> bool:
        return self.position >= len(self.order)

    @property
    def last(self) -> bool:
        return self.position == len(self.order) - 1

    def forward(self) -> None:
        self.position += 1

    def back(self) -> bool:
        """One step back; False at the first step."""
        if self.position == 0:
            return False
        self.position -= 1
        return True

    def go_to(self, step: int) -> bool:
        """To step number ``step``; False if this run does not walk it."""
        if step not in self.order:
            return False
        self.position = list(self.order).index(step)
        return True


def help_screen(titles: Sequence[str], walk: Walk) -> Group:
    """The keys, then the steps with their titles (this one marked, the ones
    recorded ticked)."""
    keys = Table(box=None, show_header=False, pad_edge=False, padding=(0, 1))
    keys.add_column(style="bold cyan", no_wrap=True)
    keys.add_column(overflow="fold")
    for key, what in KEYS:
        keys.add_row(key, what)
    steps = Table(box=box.SIMPLE, show_header=False, pad_edge=False, padding=(0, 1))
    steps.add_column(no_wrap=True)
    steps.add_column(justify="right", no_wrap=True)
    steps.add_column(overflow="ellipsis", no_wrap=True)
    for number in walk.order:
        mark = ("▶" if number == walk.current else
                "✓" if number in walk.recorded else " ")
        steps.add_row(mark, str(number), titles[number - 1],
                      style="bold" if number == walk.current else None)
    return Group(Text("Keys at the end of a step", style="bold"), keys,
                 Text("Steps (▶ this one, ✓ run already)", style="bold"), steps)


def jump_refused(step: int, walk: Walk, total: int) -> str:
    """Why ``g`` cannot go to ``step``."""
    if 1 <= step <= total:
        return f"step {step} is not in this run (--steps)"
    return f"no step {step}: this lesson has steps 1 to {total}"


__all__ = ["KEYS", "STEP_PROMPT", "LAST_PROMPT", "STEP_KEYS", "Walk", "help_screen",
           "jump_refused"]
