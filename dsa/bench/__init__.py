"""Benchmarks: the speed targets of dsa, measured honestly on this machine.

``python -m dsa.bench`` lists the benchmarks; ``python -m dsa.bench NAME``
runs one and prints a table (``--json`` for machine-readable output,
``--quick`` for small sizes, ``--repeat N`` for the number of timed runs).

Speed targets are checked here and never by timed assertions in the tests:
machines are shared and noisy, so a benchmark is a report, not a gate.  Each
benchmark warms up, repeats, reports medians, computes its ratios from the
medians of one run, and prints the machine it ran on.  The rows of a group
are timed round-robin (one run of each per round, after a warm-up round),
so that their ratios compare runs made side by side.

Adding a benchmark takes two steps:

1. write a module ``dsa/bench/NAME.py`` with a function
   ``run(options: Options) -> Report`` (see :mod:`dsa.bench.heap` for one
   built from :mod:`dsa.bench.report`'s pieces);
2. add one :class:`Benchmark` line to :data:`REGISTRY` below.

The module is imported only when its benchmark runs, so listing the
benchmarks stays instant and one broken benchmark cannot break the others.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class Benchmark:
    """One entry of the registry: a name, the module that runs it, a summary."""

    name: str
    module: str        # dotted name of a module defining run(options) -> Report
    summary: str

    def load(self) -> ModuleType:
        return importlib.import_module(self.module)


REGISTRY: dict[str, Benchmark] = {b.name: b for b in (
    Benchmark(
        "heap", "dsa.bench.heap",
        "drain (push n, pop n): Python twin vs CPython's pure-Python heapq; "
        "C twin's kernel vs C++ std::priority_queue"),
    Benchmark(
        "hashtable", "dsa.bench.hashtable",
        "insert / find / miss: Python twins vs dict, C twins per call and "
        "in C vs C++ std::unordered_map, absl::flat_hash_map and "
        "boost::unordered_flat_map (where installed)"),
    Benchmark(
        "linkedlist", "dsa.bench.linkedlist",
        "dsa.linkedlist vs list/deque (append, front, iterate, index, remove "
        "held); C walks, inserts, latency ladder, read bandwidth"),
    Benchmark(
        "deque", "dsa.bench.deque",
        "FIFO (append n, pop n from the front): BlockedDeque vs "
        "collections.deque vs list; C twin per call and in C (block sizes, "
        "ring) vs C++ std::deque"),
)}


__all__ = ["Benchmark", "REGISTRY"]
