"""The lesson runner in a real (pseudo-)terminal: keys typed ahead, single
keys, Ctrl-C, paging; and every lesson rendered at 80 columns, its
predict-then-see questions answered from the figures of that run.

The terminal tests run a small lesson of their own in a child process on a
pty, with an experiment that takes a known while (a sleep), so that keys can
be typed while it runs without racing the clock.
"""

from __future__ import annotations

import io
import os
import re
import select
import subprocess
import sys
import textwrap
import time

import pytest
from rich.console import Console

import dsa.lessons as lessons
from dsa.lessons import questions, runner

from helpers import ROOT

pty = pytest.importorskip("pty")
termios = pytest.importorskip("termios")
import fcntl  # noqa: E402  (POSIX, like pty)
import struct  # noqa: E402

CHILD = textwrap.dedent('''
    import sys, time, types
    from dsa.lessons import LessonInfo, runner

    hooks = runner.Hooks()

    @hooks.experiment("slow")
    def slow(ctx):
        ctx.console.print("experiment running")
        time.sleep(float(sys.argv[1]))
        ctx.console.print("experiment done")

    module = types.ModuleType("pty_lesson")
    module.hooks = hooks
    sys.modules["pty_lesson"] = module
    TALL = "\\n\\n".join(f"paragraph {i} of the tall step." for i in range(40))
    TEXT = ("# A lesson in a terminal\\n\\n## One\\n\\nfirst step text\\n\\n"
            "<!-- experiment: slow -->\\n\\n## Two\\n\\nsecond step text\\n\\n"
            "## Three\\n\\n" + TALL + "\\n\\nend of the tall step\\n")
    runner.load_text = lambda name, **kwargs: TEXT
    runner.practice_panel = lambda name: None
    sys.exit(runner.run(LessonInfo("pty", "a lesson in a terminal", "pty_lesson")))
''')


def _controlling_terminal() -> None:
    """In the child, after setsid: make the pty its terminal, so that Ctrl-C
    typed into it sends SIGINT as a real terminal does."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Pty:
    """A child process (the script ``child``) on a pseudo-terminal of
    ``rows`` x 80."""

    def __init__(self, *args: str, rows: int = 200, child: str = CHILD) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, 80, 0, 0))
        env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="80", LINES=str(rows),
                   TERM="xterm")
        self.proc = subprocess.Popen([sys.executable, "-c", child, *args], cwd=ROOT,
                                     stdin=slave, stdout=slave, stderr=slave, env=env,
                                     start_new_session=True,
                                     preexec_fn=_controlling_terminal)
        os.close(slave)
        self.master = master
        self.out = ""
        self.seen = 0            # output before this was matched already

    def read_until(self, text: str, timeout: float = 60) -> str:
        """Read until ``text`` appears after the last match."""
        end = time.monotonic() + timeout
        while text not in self.out[self.seen:]:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{text!r} never came; got:\n{self.out[-2000:]}")
            self._read(left)
        self.seen = self.out.index(text, self.seen) + len(text)
        return self.out

    def settle(self, seconds: float) -> str:
        """Read whatever comes in the next ``seconds``."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            self._read(left)
        return self.out

    def _read(self, timeout: float) -> None:
        ready, _, _ = select.select([self.master], [], [], min(timeout, 0.2))
        if ready:
            try:
                self.out += os.read(self.master, 65536).decode("utf-8", "replace")
            except OSError:          # the child closed the terminal
                time.sleep(0.05)

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def finish(self, timeout: float = 60) -> int:
        try:
            status = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise
        finally:
            self.settle(0.3)
            os.close(self.master)
        return status


def test_keys_typed_during_an_experiment_do_not_skip_the_next_pause():
    term = Pty("2.0")
    term.read_until("Enter for the next step")          # step 1 and its experiment ran
    term.send("\r")
    term.read_until("second step text")
    term.read_until("Enter for the next step")
    term.send("q")                                       # q without Enter
    assert term.finish() == 0
    assert "Stopped. Run the lesson again" in term.out
    assert "paragraph 1 " not in term.out                # step 3 never began


def test_typed_ahead_keys_are_discarded():
    term = Pty("2.0")
    term.read_until("experiment running")
    term.send("\r\r\r   ")                               # impatient while it runs
    term.read_until("experiment done")
    out = term.settle(1.5)                               # the pause must wait
    assert "second step text" not in out, out[-1500:]
    term.send("\r")
    term.read_until("second step text")
    out = term.settle(1.0)
    assert "first step text" in out and "paragraph 1 " not in out
    term.send("q")
    assert term.finish() == 0


def test_ctrl_c_during_an_experiment_stops_cleanly():
    term = Pty("30")
    term.read_until("experiment running")
    term.send("\x03")                                    # the terminal's Ctrl-C
    status = term.finish(timeout=30)
    assert status == 130
    assert "Stopped." in term.out
    assert "Traceback" not in term.out and "KeyboardInterrupt" not in term.out


def test_a_step_taller_than_the_screen_pauses_before_it_scrolls():
    term = Pty("0.1", rows=24)
    term.read_until("Enter for the next step")
    term.send("\r")
    term.read_until("Enter for the next step")
    term.send("\r")
    term.read_until("more below")
    out = term.settle(0.8)
    assert "end of the tall step" not in out             # it waits
    while "end of the tall step" not in term.out:
        term.send("\r")
        term.settle(0.5)
    term.read_until("Enter for the recap")               # the last step waits too
    term.send("\r")
    assert term.finish() == 0
    assert "This run took" in term.out


# ---------------------------------------------------------------------------
# Every lesson at 80 columns


IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*(?:\([^()\s]*\))?")


def identifiers(text: str) -> set[str]:
    """Names a reader must see whole: with an underscore, a dot or an inner
    capital, eight characters or more."""
    return {word for word in IDENTIFIER.findall(text)
            if len(word) >= 8 and ("_" in word or "." in word
                                   or re.search(r"[a-z][A-Z]", word))}


def check_questions(name: str, ctx: runner.Context) -> None:
    """Every predict-then-see question of lesson ``name`` reads this run's
    figures and names one of its choices (what the learner would be shown)."""
    for experiment, asked in questions.questions_for(name).items():
        for question in asked:
            prediction = questions.Prediction(question, 0)
            questions.settle(prediction, ctx.shared)
            if "not measured" in prediction.figures and not ctx.native_available():
                continue                       # a C experiment without the C twins
            assert prediction.measured in range(len(question.choices)), (
                experiment, question.ask, prediction.figures)
            assert prediction.figures and "not measured" not in prediction.figures
            line = questions.answer_line(prediction).plain
            assert question.choices[0] in line and prediction.figures in line


@pytest.mark.parametrize("lesson", lessons.LESSONS, ids=lambda l: l.name)
def test_every_lesson_fits_80_columns_and_keeps_identifiers_whole(lesson, monkeypatch):
    cells: list[str] = []
    table = runner.Context.table

    def keep(self, title, rows, **kwargs):
        rows = list(rows)
        cells.extend(f"{r.experiment} {r.published} {r.measured} {r.ratio}" for r in rows)
        return table(self, title, rows, **kwargs)
    monkeypatch.setattr(runner.Context, "table", keep)
    ran: list[runner.Context] = []
    recap = runner.Context.recap
    monkeypatch.setattr(runner.Context, "recap", lambda self: ran.append(self) or recap(self))
    buffer = io.StringIO()
    console = Console(file=buffer, width=80, color_system=None)
    assert runner.run(lesson, quick=True, pause=False, console=console) == 0
    check_questions(lesson.name, ran[0])
    out = buffer.getvalue()
    wide = [line for line in out.splitlines() if len(line) > 80]
    assert not wide, wide[:5]
    text = runner.load_text(lesson.name)
    code = {span for span in re.findall(r"`([^`\n]+)`", text) if " " not in span}
    wanted = identifiers(" ".join(cells)) | {c for c in code if len(c) <= 60}
    lines = out.splitlines()
    split = [word for word in wanted if not any(word in line for line in lines)]
    assert not split, split
