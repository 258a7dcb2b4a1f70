"""The cache simulation the lessons run under valgrind: where it switches
on, the process it runs, and the counts it gives for walks whose misses
are known (skipped where valgrind or the C twins are missing)."""

from __future__ import annotations

import pytest

import dsa.native
from dsa.lessons import cachegrind as cg

needs_valgrind = pytest.mark.skipif(
    cg.valgrind() is None or not dsa.native.available,
    reason="valgrind or the C twins are missing")

#: Walks of an array of int64: 16 KiB (inside the simulated 32 KiB L1)
#: and 1.6 MB (past its 1 MiB last level).  Each walk makes two passes
#: (the warm-up and one timed).
SMALL, BIG = 2_000, 200_000
WALKS = ("import dsa.native.linkedlist as m\n"
         f"m.walk({SMALL}, 'array', repeats=1)\n"
         f"m.walk({BIG}, 'array', repeats=1)\n")


def test_the_simulation_switches_on_after_the_leading_imports():
    started = cg.with_simulation_started(
        "import os\nfrom math import pi as p\nx = p  # é\nimport sys\nprint(x)\n")
    assert started.index("import os") < started.index("from math") < \
        started.index("dsa_sim_start") < started.index("x = p") < started.index("import sys")
    compile(started, "<simulated>", "exec")


def test_the_cut_falls_between_statements_on_one_line():
    started = cg.with_simulation_started("import os; x = 'é'; y = os.sep")
    head, _, rest = started.partition(cg._START)
    assert head.strip() == "import os;"
    assert rest.strip() == "x = 'é'; y = os.sep"
    namespace: dict = {}
    exec(compile(started.replace(cg._START, "pass"), "<simulated>", "exec"), namespace)
    assert namespace["x"] == "é"
    # code with nothing but imports starts the simulation at its end
    assert cg.with_simulation_started("import os").endswith(cg._START + "\n")


def test_the_simulated_process_does_not_follow_the_callers_environment(monkeypatch):
    monkeypatch.setenv("DSA_UNRELATED", "x" * 3000)
    monkeypatch.setenv("PYTHONPATH", "/elsewhere")
    monkeypatch.setenv("DSA_NATIVE_DIR", "/some/build")
    args, env = cg.child_program("import os\nos.getpid()")
    assert env == {"PYTHONHASHSEED": "0", "DSA_NATIVE_DIR": "/some/build"}
    assert args[1:3] == ["-S", "-c"]
    assert "/elsewhere" not in args[3]


@pytest.mark.skipif(not dsa.native.available, reason="C twins not built")
def test_the_switch_does_nothing_outside_valgrind():
    from dsa.native._loader import load

    for traced in (False, True):
        assert load(traced)[1].dsa_sim_start() in (0, 1)
    assert load(False)[1].dsa_sim_start() == cg.can_start_late()


@needs_valgrind
def test_a_walk_misses_once_per_new_line_past_the_caches_and_never_inside():
    small, big = cg.simulate_calls(WALKS, dump_after="dsa_mem_walk",
                                   function="walkable_sum", calls=2)
    assert (small.reads, small.d1_misses, small.ll_misses) == (2 * SMALL + 8, 0, 0)
    lines = 2 * BIG * 8 // 64                  # two passes, 8 values to a line
    assert big.reads == 2 * BIG + 8
    assert lines <= big.d1_misses <= lines + 16
    assert lines <= big.ll_misses <= big.d1_misses
    # and the same counts on every run
    again = cg.simulate_calls(WALKS, dump_after="dsa_mem_walk",
                              function="walkable_sum", calls=2)
    assert again == [small, big]


@needs_valgrind
def test_starting_late_counts_what_simulating_from_the_start_counts(monkeypatch):
    late = cg.simulate_calls(WALKS, dump_after="dsa_mem_walk",
                             function="walkable_sum", calls=2)
    monkeypatch.setattr(cg, "can_start_late", lambda: False)
    whole = cg.simulate_calls(WALKS, dump_after="dsa_mem_walk",
                              function="walkable_sum", calls=2)
    assert [(s.reads, s.d1_misses, s.ll_misses) for s in whole] == \
        [(s.reads, s.d1_misses, s.ll_misses) for s in late]


@needs_valgrind
def test_two_calls_differing_in_passes_subtract_to_the_passes():
    once, thrice = (f"m.walk({BIG}, 'array', repeats={r})" for r in (1, 3))
    [(d1, ll)] = cg.simulate_differences("dsa.native.linkedlist", "dsa_mem_walk",
                                         [(once, thrice)], [2 * BIG])
    # the build is the same in both: two more passes are one miss per line
    assert d1 == pytest.approx(1 / 8, abs=0.002)
    assert ll == pytest.approx(1 / 8, abs=0.002)
