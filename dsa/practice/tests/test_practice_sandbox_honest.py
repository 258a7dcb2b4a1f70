"""Honest but unusual learner files, which the guards must not refuse."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from dsa.practice.tests.fixtures.toy_problems import DISTINCT, MIN_STACK

from .sandbox_support import STOPPED, until_growth, write

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the jail is Linux's")


# Honest code


def test_honest_unusual_code_is_not_refused(tmp_path: Path) -> None:
    (tmp_path / "data.txt").write_text("3 1 4\n", encoding="utf-8")
    source = f"""\
        import functools, logging, os, random, sys, threading, time, traceback, warnings
        from collections import namedtuple
        from dataclasses import dataclass, field
        from typing import Generic, List, NamedTuple, TypeVar

        sys.setrecursionlimit(20000)
        T = TypeVar("T")
        Pair = namedtuple("Pair", "a b")
        LOCK = threading.Lock()
        LOG = logging.getLogger("mine")
        with open(os.path.join(os.path.dirname(__file__), "data.txt")) as handle:
            DATA = handle.read().split()


        class Point(NamedTuple):
            x: int


        @dataclass
        class Box(Generic[T]):
            items: List[int] = field(default_factory=list)


        class Tidy:
            def __del__(self):
                self.gone = True


        @functools.lru_cache(maxsize=None)
        def depth(n):
            return 0 if n == 0 else 1 + depth(n - 1)


        def steps(ordered):
            for i, value in enumerate(ordered):
                LOG.debug("at %d", i)
                yield i, value


        def count_distinct(values):
            assert DATA == ["3", "1", "4"] and depth(5000) == 5000
            with LOCK:
                started = time.perf_counter()
            random.random()
            Tidy()
            Box().items.append(Pair(1, 2).a + Point(3).x)
            try:
                raise KeyError("shown, then caught")
            except KeyError:
                traceback.print_exc()
            warnings.warn("a warning")
            with open("scratch.txt", "w") as handle:
                handle.write(str(started))
            ordered = sorted(values)
            return sum(1 for i, v in steps(ordered) if i == 0 or v != ordered[i - 1])
        """
    report = until_growth(DISTINCT, write(tmp_path, source))
    assert report.message == STOPPED, report.describe()


def test_honest_class_with_a_dataclass_is_not_refused(tmp_path: Path) -> None:
    source = """\
        from dataclasses import dataclass


        @dataclass
        class Entry:
            value: int
            low: int


        class MinStack:
            def __init__(self):
                self.items = []

            def push(self, x):
                low = x if not self.items else min(x, self.items[-1].low)
                self.items.append(Entry(x, low))

            def pop(self):
                if not self.items:
                    raise IndexError("pop from an empty stack")
                return self.items.pop().value

            def min(self):
                if not self.items:
                    raise IndexError("min of an empty stack")
                return self.items[-1].low
        """
    report = until_growth(MIN_STACK, write(tmp_path, source))
    assert report.message == STOPPED, report.describe()
