"""The heap lesson's steps: which experiments and animations its text asks
for (moved here from test_lessons.py as the lesson grew)."""

from __future__ import annotations

from dsa.lessons import runner


def test_heap_lesson_has_its_experiments_and_animations():
    parsed = runner.parse(runner.load_text("heap"))
    kinds = parsed.markers()
    assert {name for kind, name in kinds if kind == "experiment"} == {
        "drain_race", "build", "cost_model", "heapsort", "leaf_first_pop",
        "second_smallest", "dijkstra", "top_k", "cache_lines", "arity_sweep"}
    assert {name for kind, name in kinds if kind == "animation"} == {
        "push", "pop", "heapsort"}
