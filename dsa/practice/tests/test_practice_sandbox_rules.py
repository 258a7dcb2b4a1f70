"""Learner files that try to talk round the measured rules and the clock.

The rules measured inside the worker cannot be switched off, tripwires
cover every name of their function, forbidden types and hashed keys are
found however they are kept, and every timed input is new and every timed
answer judged.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from dsa.practice.registry import get
from dsa.practice.tests.fixtures.sandbox_problems import TOTAL
from dsa.practice.tests.fixtures.toy_problems import DISTINCT

from .sandbox_support import DISTINCT_BODY, STOPPED, grade_source, until_growth
from .support import FIXTURES

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the jail is Linux's")


# Rules measured inside the worker


@pytest.mark.parametrize("attack, says", [
    ("sys._getframe().f_trace = None\n    values.reverse()\n    values.reverse()",
     "switching off the grader's watch"),
    ("import sys\n    rules = sys._getframe(2).f_globals['TOTAL'].rules\n"
     "    object.__setattr__(rules, 'keep_input', False)\n    values.reverse()",
     "changed its input"),
    ("call = sys._getframe(2).f_locals['solution']\n"
     "    for name, cell in zip(call.__code__.co_freevars, call.__closure__ or ()):\n"
     "        if name == 'memory':\n"
     "            cell.cell_contents = None\n"
     "    copy = list(values) * 2",
     "extra memory grows"),
    ("cells = dict(zip(sys._getframe(2).f_locals['solution'].__code__.co_freevars,\n"
     "                 sys._getframe(2).f_locals['solution'].__closure__ or ()))\n"
     "    copy = list(values) * 2\n"
     "    del copy\n"
     "    if cells['memory'].cell_contents is not None:\n"
     "        cells['memory'].cell_contents[0]()",
     "extra memory grows"),
], ids=["f_trace", "rules", "closure", "peak reset"])
def test_measured_rules_cannot_be_switched_off(tmp_path: Path, attack: str, says: str) -> None:
    """keep_input was read from the problem's Rules at every trial, and the
    memory measurement from the wrapper's closure cells during the call,
    where tracemalloc's own reset_peak sat: all within the learner's reach.
    A frame whose trace is removed no longer reports its steps."""
    source = f"""\
import sys

def total(values):
    {attack}
    result = 0
    for value in values:
        result += value
    return result
"""
    report = grade_source(tmp_path, TOTAL, source)
    assert report.stage == "rules" and says in report.message, report.describe()


def test_the_rules_of_an_honest_file_hold(tmp_path: Path) -> None:
    """The input watch used to fail every file (the reference's too): it
    called the sys.gettrace its own tripwire had replaced, and compared the
    identity of a tuple made afresh after the call."""
    report = until_growth(TOTAL, FIXTURES / "total_reference.py")
    assert report.message == STOPPED, report.describe()
    assert any("extra memory" in note for note in report.notes), report.describe()


# Tripwires and stored types


def test_a_tripwire_covers_every_name_of_its_function(tmp_path: Path) -> None:
    """difflib keeps heapq.nlargest as difflib._nlargest."""
    source = """\
        import difflib

        def kth_largest(nums, k):
            return getattr(difflib, "_nlar" + "gest")(k, nums)[-1]
        """
    report = grade_source(tmp_path, get("kth-largest"), source)
    assert report.stage == "forbidden", report.describe()
    assert "heapq.nlargest" in report.message


def test_a_forbidden_type_kept_out_of_sight_is_found(tmp_path: Path) -> None:
    """The real deque (the tripwire's base class) kept in an attribute of
    the sys module, where no walk from the learner's objects goes."""
    source = """\
        import collections, itertools, sys

        REAL = getattr(collections, "de" + "que").__mro__[-2]  # the real one, under the stand-ins
        NUMBERS = itertools.count()

        class CircularDeque:
            def __init__(self, capacity):
                self.capacity = capacity
                self.key = "stash%d" % next(NUMBERS)
                setattr(sys, self.key, REAL())

            def _items(self):
                return getattr(sys, self.key)

            def push_front(self, value):
                if len(self._items()) == self.capacity:
                    return False
                self._items().appendleft(value)
                return True

            def push_back(self, value):
                if len(self._items()) == self.capacity:
                    return False
                self._items().append(value)
                return True

            def pop_front(self):
                if not self._items():
                    return False
                self._items().popleft()
                return True

            def pop_back(self):
                if not self._items():
                    return False
                self._items().pop()
                return True

            def front(self):
                return self._items()[0] if self._items() else -1

            def back(self):
                return self._items()[-1] if self._items() else -1

            def is_empty(self):
                return not self._items()

            def is_full(self):
                return len(self._items()) == self.capacity

            def __len__(self):
                return len(self._items())
        """
    report = grade_source(tmp_path, get("circular-deque"), source)
    assert report.stage == "rules", report.describe()
    assert "collections.deque" in report.message and "out of sight" in report.message


def test_keys_wrapped_in_tuples_are_still_keys(tmp_path: Path) -> None:
    """A dict built without naming it, keyed by (key,): the scan looked
    for the keys themselves only."""
    source = """\
        class MyHashMap:
            def __init__(self):
                self.table = type(globals())()

            def put(self, key, value):
                self.table[(key,)] = value

            def get(self, key):
                return self.table.get((key,), -1)

            def remove(self, key):
                self.table.pop((key,), None)

            def __len__(self):
                return len(self.table)
        """
    report = grade_source(tmp_path, get("design-hash-map"), source)
    assert report.stage == "rules" and "holding the key (" in report.message, report.describe()


# The clock


def test_every_timed_input_is_new_and_unforeseeable(tmp_path: Path) -> None:
    """Growth runs used to repeat the same inputs, drawn from seeds a file
    can compute: a slow file remembering (or working out beforehand) its
    answers was timed on its lookups and passed."""
    source = """\
        import random, sys

        toy = sys.modules["dsa.practice.tests.fixtures.toy_problems"]
        FORESEEN = [tuple(toy.distinct_case(n, random.Random(f"toy-distinct:random:{n}")))
                    for n in toy.DISTINCT.complexity.sizes]
        SEEN = []

        def count_distinct(values):
            if values and type(values[0]) is int and len(values) >= 400:
                key = tuple(values)
                if key in SEEN:
                    raise RuntimeError("an input seen before")
                if key in FORESEEN:
                    raise RuntimeError("an input foreseen")
                SEEN.append(key)
        """
    report = grade_source(tmp_path, DISTINCT, textwrap.dedent(source) + DISTINCT_BODY)
    assert report.stage in ("passed", "complexity"), report.describe()
    assert "raised" not in report.message, report.describe()


def test_every_timed_answer_is_judged(tmp_path: Path) -> None:
    """Only the first answer at each size was judged: a file right once per
    size and fast (and wrong) after that looked fast."""
    source = """\
        SIZES = []

        def count_distinct(values):
            if len(values) >= 400:
                if len(values) in SIZES:
                    return -1
                SIZES.append(len(values))
        """
    report = grade_source(tmp_path, DISTINCT, textwrap.dedent(source) + DISTINCT_BODY)
    assert report.stage == "correctness", report.describe()
    assert "wrong result on a longer input" in report.message


@pytest.mark.parametrize("body", [
    "import os, signal\n    os.kill(os.getpid(), signal.SIGSTOP)",
    "import re\n    re.match(r'(a+)+$', 'a' * 40 + 'b')",
], ids=["SIGSTOP", "regex"])
def test_stopping_itself_or_hanging_in_C_is_a_timeout(tmp_path: Path, body: str) -> None:
    report = grade_source(tmp_path, DISTINCT, f"def count_distinct(values):\n    {body}\n",
                          case_timeout=0.5)
    assert report.stage == "correctness" and "took longer than" in report.message, \
        report.describe()
