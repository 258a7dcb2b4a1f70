"""The lessons: ``python -m dsa.lessons [NAME]``.

A lesson is three things with one name:

* an entry in :data:`LESSONS` below (name, one-line description, module);
* its text, ``lessons/NAME.md`` at the top of the project (shipped inside the
  wheel as ``dsa/lessons/texts/NAME.md``), split into steps at ``## `` headings;
* its live part, the module ``dsa.lessons.NAME``, which defines
  ``hooks = Hooks()`` and registers one function for every marker the text
  holds: ``<!-- experiment: NAME -->``, ``<!-- animation: NAME -->`` or
  ``<!-- show: NAME -->``.

This module stays small (no rich, no timing) so that listing the lessons is
instant; :mod:`dsa.lessons.runner` does the work.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LessonInfo:
    """One lesson in the registry."""

    name: str          # what the learner types: python -m dsa.lessons NAME
    summary: str       # one line for the listing
    module: str        # the module holding the lesson's hooks

    @property
    def text_name(self) -> str:
        """The file name of the lesson's text (lessons/NAME.md)."""
        return f"{self.name}.md"


# One entry per lesson, in the order a learner meets them.
LESSONS: tuple[LessonInfo, ...] = (
    LessonInfo(
        "heap",
        "Binary heaps and priority queues: the heap rule, sift-up and "
        "sift-down animated, O(n) heapify, live races against a sorted list "
        "and a cost model of why they move, heapsort, heapq's leaf-first pop, "
        "Dijkstra, and arities 2 to 8 in C, cache line by cache line.",
        "dsa.lessons.heap",
    ),
    LessonInfo(
        "hashtable",
        "Hash tables: from a key to a slot, the price of a resize, chains and "
        "load factors, open addressing and tombstones, four probe sequences, "
        "patterned keys, C twins and their tags counted in cache lines, hash "
        "flooding, and what Python's dict really does.",
        "dsa.lessons.hashtable",
    ),
    LessonInfo(
        "linkedlist",
        "Arrays vs linked lists: walks in Python and C, where pymalloc puts "
        "nodes, the latency ladder and the TLB, cache lines counted, nodes "
        "and pointers drawn, sentinels, inserts and removals measured, and "
        "when a linked structure wins (a position held: an LRU cache).",
        "dsa.lessons.linkedlist",
    ),
    LessonInfo(
        "deque",
        "Deques: why a fast double-ended queue is made of blocks: appendleft "
        "vs list.insert(0, x), the blocks drawn, spare blocks, maxlen and "
        "rotate, block sizes 1 to 4096 and the ring buffer of Rust and Java "
        "swept in C, queues raced, and where the shape shows up.",
        "dsa.lessons.deque",
    ),
)


def find(name: str) -> LessonInfo | None:
    """The lesson called ``name``, or None."""
    for lesson in LESSONS:
        if lesson.name == name:
            return lesson
    return None


def names() -> list[str]:
    """Names of every lesson, in order."""
    return [lesson.name for lesson in LESSONS]


__all__ = ["LessonInfo", "LESSONS", "find", "names"]
