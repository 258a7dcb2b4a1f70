"""The heap lesson's steps: which experiments and animations its text asks
for (moved here from the runner tests as the lesson grew), and code in its
claim texts that a run may not print."""

from __future__ import annotations

import re

from dsa.lessons import runner

from helpers import marker_names


def test_heap_lesson_has_its_experiments_and_animations():
    assert marker_names("heap", "experiment") == {
        "drain_race", "build", "cost_model", "heapsort", "leaf_first_pop",
        "second_smallest", "dijkstra", "top_k", "cache_lines", "arity_sweep"}
    assert marker_names("heap", "animation") == {
        "push", "pop", "heapsort"}


def test_code_in_a_claim_text_is_also_in_the_steps_always_printed():
    # A name set as code only in one of a claim's texts is missing from the
    # run whenever the other text is chosen.
    text = runner.load_text("heap")
    lesson = runner.parse(text)
    always = "\n".join(v for step in lesson.steps for kind, v in step.parts
                       if kind == "markdown")
    only_in_claims = {
        (name, span) for name, texts in lesson.claims.items()
        for part in (texts.agrees, texts.differs, texts.unsure)
        for span in re.findall(r"`([^`\n]+)`", part)
        if " " not in span and span not in always}
    # heappush is printed by the build's table whatever the verdict
    assert only_in_claims <= {("heapify_faster_in_time", "heappush")}, only_in_claims
