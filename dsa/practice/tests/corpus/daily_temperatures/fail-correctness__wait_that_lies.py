"""Returns waits that are an int subclass equal to anything: the grader takes back only plain ints and compares them itself, so correctness fails at once.

No answer can decide its own equality.
"""

from __future__ import annotations


class Wait(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


def daily_temperatures(temps: list[int]) -> list[int]:
    return [Wait(0) for _ in temps]
