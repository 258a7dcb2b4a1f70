"""A learner drives the lesson: b, r, g, ? at the end of a step, and a
prediction asked before a race, in a real (pseudo-)terminal; without a
terminal, straight through as before.

The child runs a three-step lesson of its own: an animation, a race (an
experiment that counts how often it ran, with a claim and a question) and a
step of words only.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap

import pytest

from dsa.lessons import navigation, questions, runner

from helpers import ROOT

pytest.importorskip("pty")
pytest.importorskip("termios")
from test_lesson_terminal import Pty  # noqa: E402  (POSIX only, like pty)

CHILD = textwrap.dedent('''
    import sys, types
    from dsa.lessons import LessonInfo, questions, runner

    hooks = runner.Hooks()
    runs = []

    @hooks.animation("frames")
    def frames(ctx):
        ctx.console.print("frame one")
        ctx.pause("Enter for the next frame, q to quit")
        ctx.console.print("frame two")

    @hooks.experiment("race")
    def race(ctx):
        runs.append(1)
        ctx.console.print(f"race measured, run {len(runs)}", highlight=False)
        ctx.shared["race"] = {"fast": float(sys.argv[1]), "slow": 3.0}

    @hooks.claim("race_claim")
    def race_claim(ctx):
        return runner.agrees("fast / slow, from the race")

    QUESTIONS = {"race": (questions.Question(
        "Which one wins the race?", questions.versus("fast", "slow"),
        lambda shared: questions.race(shared["race"]), "race_claim"),)}
    module = types.ModuleType("nav_lesson")
    module.hooks = hooks
    sys.modules["nav_lesson"] = module
    TEXT = """# Navigation

    ## One: an animation

    first step text

    <!-- animation: frames -->

    ## Two: a race

    second step text

    <!-- experiment: race -->

    <!-- claim: race_claim -->
    the claim text
    <!-- else -->
    the claim differs
    <!-- end claim -->

    ## Three: words only

    third step text
    """
    runner.load_text = lambda name, **kwargs: TEXT.replace("\\n    ", "\\n")
    runner.practice_panel = lambda name: None
    runner.questions_for = lambda name: QUESTIONS
    sys.exit(runner.run(LessonInfo("nav", "navigation", "nav_lesson"),
                        questions="--no-questions" not in sys.argv))
''')

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
NEXT = "Enter for the next step"


def plain(text: str) -> str:
    return ANSI.sub("", text)


def flat(text: str) -> str:
    """Plain, with every run of white space one space (lines wrap)."""
    return " ".join(plain(text).split())


def lesson(*args: str, rows: int = 40) -> Pty:
    """The child lesson on a pty; its race's fast time is 1.0 unless told."""
    return Pty(*(args or ("1.0",)), rows=rows, child=CHILD)


def press(term: Pty, keys: str, *then: str) -> None:
    """Type ``keys``, then wait for each text of ``then`` in turn."""
    term.send(keys)
    for text in then:
        term.read_until(text)


def through_step_one(term: Pty) -> None:
    term.read_until("Enter for the next frame")
    press(term, "\r", NEXT)


def test_back_shows_the_recorded_step_and_measures_nothing_again():
    term = lesson()
    through_step_one(term)
    press(term, "\r", "Your prediction")
    press(term, "2", NEXT)                             # slow
    press(term, "b", "step 1 again, as recorded", NEXT)
    press(term, "\r", "step 2 again, as recorded", NEXT)
    term.send("q")
    assert term.finish() == 0
    out = plain(term.out)
    assert out.count("frame two") == 2                   # step 1 shown twice ...
    assert out.count("Enter for the next frame") == 1    # ... its pause not again
    assert out.count("race measured, run 1") == 2 and "run 2" not in out
    assert out.count("Which one wins the race?") == 2   # recorded, asked once
    assert out.count("Your prediction") == 1
    assert out.count("you predicted slow; measured fast") == 2


def test_replay_runs_the_animation_again_and_a_jump_runs_only_its_step():
    term = lesson()
    through_step_one(term)
    press(term, "r", "the animation again", "Enter for the next frame")  # it paces as before
    press(term, "\r", NEXT)
    press(term, "g3\r", "third step text", "Enter for the recap")  # typed at once
    press(term, "r", "Step 3 has no animation to replay", "Enter for the recap")  # asks again
    out = plain(term.out)
    assert out.count("frame two") == 2
    assert "race measured" not in out                   # step 2 was jumped over
    press(term, "b", "Your prediction")                # a step never run: runs now
    press(term, "\r", NEXT)                            # no prediction
    term.send("q")
    assert term.finish() == 0
    out = plain(term.out)
    assert "race measured, run 1" in out and "step 2 again" not in out
    assert "No prediction" in out and "you predicted" not in out


def test_question_mark_lists_the_keys_and_steps_in_80x24():
    term = lesson(rows=24)
    through_step_one(term)
    press(term, "?", "Steps (", NEXT)
    press(term, "g9\r", "no step 9: this lesson has steps 1 to 3", NEXT)
    term.send("q")
    assert term.finish() == 0
    out = plain(term.out)
    keys = out[out.index("Keys at the end of a step"):out.index("Steps (")]
    for key, _ in navigation.KEYS:
        assert re.search(rf"^{re.escape(key)}\s", keys, re.M), key
    assert "only step N runs" in keys
    assert re.search(r"▶\s+1\s+One: an animation", out)
    assert re.search(r"2\s+Two: a race", out) and re.search(r"3\s+Three: words only", out)
    assert all(len(line) <= 80 for line in out.splitlines() if "Enter" not in line)


def test_a_prediction_is_shown_beside_the_result_and_counted_in_the_recap():
    term = lesson()
    through_step_one(term)
    press(term, "\r", "Which one wins the race?", "Your prediction")
    out = plain(term.out)
    assert "race measured" not in out                    # asked before it runs
    assert re.search(r"1\s+fast\s+2\s+slow\s+3\s+about the same", out)
    press(term, "1", NEXT)
    out = plain(term.out)
    claim = out.index("the claim text")
    assert out.index("You predicted: fast") < out.index("race measured") < claim
    assert re.search(r"you predicted fast; measured fast \(fast 1\.00 s, slow 3\.00 s\)"
                     r" · as you predicted", flat(out[claim:]))
    press(term, "\r", "Enter for the recap")
    term.send("\r")
    assert term.finish() == 0
    assert "Your predictions: 1 of 1 as measured" in flat(term.out)


def test_a_wrong_prediction_says_so():
    term = lesson("5.0")                                 # "fast" is now the slower
    through_step_one(term)
    press(term, "\r", "Your prediction")
    press(term, "1", NEXT)
    term.send("q")
    assert term.finish() == 0
    assert "you predicted fast; measured slow" in flat(term.out)
    assert "· not what you predicted" in flat(term.out)


def test_no_questions_asks_nothing():
    term = lesson("1.0", "--no-questions")
    through_step_one(term)
    press(term, "\r", "race measured, run 1", NEXT)
    term.send("q")
    assert term.finish() == 0
    out = plain(term.out)
    assert "Predict" not in out and "predicted" not in out


def test_without_a_terminal_the_lesson_runs_straight_through_as_before():
    result = subprocess.run([sys.executable, "-c", CHILD, "1.0"], cwd=ROOT,
                            stdin=subprocess.DEVNULL, capture_output=True, text=True,
                            timeout=60, env={"PYTHONPATH": str(ROOT), "COLUMNS": "80",
                                             "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "\x1b" not in out
    order = ["Navigation", "step 1 of 3", "first step text", "frame one", "frame two",
             "step 2 of 3", "second step text", "race measured, run 1", "the claim text",
             "checked on this machine", "step 3 of 3", "third step text",
             "What this run checked", "This run took"]
    at = [out.find(text) for text in order]
    assert -1 not in at and at == sorted(at), list(zip(order, at))
    for word in ("Enter", "Predict", "predicted", "again", "b back", "? for keys"):
        assert word not in out, word


# ---------------------------------------------------------------------------
# The lessons' questions, read without running anything


@pytest.mark.parametrize("name", sorted(questions.QUESTIONS))
def test_every_question_sits_before_its_experiment_and_answers_after_its_claim(name):
    lesson_text = runner.parse(runner.load_text(name))
    asked = questions.questions_for(name)
    assert asked
    for experiment, found in asked.items():
        steps = [step for step in lesson_text.steps if ("experiment", experiment) in step.parts]
        assert len(steps) == 1, experiment
        parts = steps[0].parts
        for question in found:
            assert 2 <= len(question.choices) <= 9
            assert len(set(question.choices)) == len(question.choices)
            if question.claim is not None:      # the claim follows, in the same step
                assert parts.index(("claim", question.claim)) > parts.index(
                    ("experiment", experiment)), question.claim


def test_race_and_bucket_read_the_figures():
    assert questions.race({"a": [1.0, 2.0], "b": 3.0}) == (0, "a 1.50 s, b 3.00 s")
    assert questions.race({"a": 3.0, "b": 1.0})[0] == 1
    assert questions.race({"a": 1.0, "b": 1.1}, tie=1.2)[0] == 2       # about the same
    assert questions.race({"a": 1.0, "b": 2.0}, longest=True)[0] == 1
    assert questions.race({"a": float("nan"), "b": 1.0})[0] is None
    assert [questions.bucket(v, (2, 5), "")[0] for v in (1, 2, 4.9, 5, 99)] == [0, 1, 1, 2, 2]
    assert questions.ranges((2, 5)) == ("under 2x", "2x to 5x", "5x or more")
