"""The learner's own values in the lessons' animations: --values parsed
once with clear errors, each animation drawing from the values it was
given (checked against heapq, teaching_hash, collections.deque and
Python lists worked out here), and, in a pseudo-terminal, values typed at the prompt and kept
for a replay."""

from __future__ import annotations

import heapq
import io
import re
import subprocess
import sys
from collections import deque

import pytest
from rich.console import Console

import dsa.heap as dh
from dsa.hashtable import teaching_hash
from dsa.lessons import __main__ as cli
from dsa.lessons import deque as deque_lesson
from dsa.lessons import hashtable_pictures, heap_pictures, heap_sorting
from dsa.lessons import linkedlist_boxes
from dsa.lessons.context import Context
from dsa.lessons.values import (HIGH, INTEGERS, LOW, NODE_INTEGERS, WORDS, kind_for,
                                parse_values)

from helpers import ROOT

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def flat(text: str) -> str:
    """Plain, with every run of white space one space (lines wrap)."""
    return " ".join(ANSI.sub("", text).split())


# --------------------------------------------------------------------------
# Parsing and errors


def test_values_parse_as_the_lesson_reads_them():
    assert parse_values("9,4,7,1", INTEGERS) == (9, 4, 7, 1)
    assert parse_values(" 9, 4 7 ,1 ", INTEGERS) == (9, 4, 7, 1)
    assert parse_values(f"{LOW},{HIGH},3,3", INTEGERS) == (LOW, HIGH, 3, 3)
    assert parse_values("ada,alan grace", WORDS) == ("ada", "alan", "grace")
    assert kind_for("heap") is INTEGERS and kind_for("deque") is INTEGERS
    assert kind_for("hashtable") is WORDS and kind_for("linkedlist") is NODE_INTEGERS
    # the linked list reads integers as the heap does, fewer of them (boxes are wide)
    assert NODE_INTEGERS.parse is INTEGERS.parse and NODE_INTEGERS.what == INTEGERS.what
    assert parse_values("9,4 7", NODE_INTEGERS) == (9, 4, 7)


@pytest.mark.parametrize("text, kind, says", [
    ("9,x", INTEGERS, "'x' is not an integer"),
    ("1.5", INTEGERS, "'1.5' is not an integer"),
    (f"{LOW - 1}", INTEGERS, f"{LOW - 1} is outside {LOW} to {HIGH}"),
    (f"{HIGH + 1}", INTEGERS, f"{HIGH + 1} is outside {LOW} to {HIGH}"),
    (",".join(["1"] * (INTEGERS.limit + 1)), INTEGERS,
     f"{INTEGERS.limit + 1} values given"),
    ("", INTEGERS, "no values given"),
    ("1,,2", INTEGERS, "an empty value between commas"),
    ("1, ,2", INTEGERS, "an empty value between commas"),
    (",1", INTEGERS, "an empty value between commas"),
    ("1,2,", INTEGERS, "an empty value between commas"),
    ("ada,,alan", WORDS, "an empty value between commas"),
    ("ada,ada", WORDS, "'ada' is given twice"),
    ("ada,9lives", WORDS, "'9lives' is not a word"),
    ("a,b,c,d,e,f,g,h,i", WORDS, "9 values given"),
    (",".join(["1"] * (NODE_INTEGERS.limit + 1)), NODE_INTEGERS,
     f"{NODE_INTEGERS.limit + 1} values given"),
    ("4,x", NODE_INTEGERS, "'x' is not an integer"),
])
def test_bad_values_say_what_is_wrong_and_the_limits(text, kind, says):
    with pytest.raises(ValueError) as caught:
        parse_values(text, kind)
    message = str(caught.value)
    assert says in message and "\n" not in message
    assert f"1 to {kind.limit}" in message


def test_bad_values_on_the_command_line_exit_2_with_one_line(capsys):
    with pytest.raises(SystemExit) as caught:
        cli.main(["heap", "--values", "9,x,7"])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    errors = [line for line in err.splitlines() if "error:" in line]
    assert errors == [f"python -m dsa.lessons: error: --values for heap: 'x' is not "
                      f"an integer: give {INTEGERS.describe()}"]
    with pytest.raises(SystemExit) as caught:
        cli.main(["hashtable", "--values", "ada,ada"])
    assert caught.value.code == 2
    assert "'ada' is given twice" in capsys.readouterr().err
    with pytest.raises(SystemExit) as caught:
        cli.main(["heap", "--values", "1,,2"])
    assert caught.value.code == 2
    errors = [line for line in capsys.readouterr().err.splitlines() if "error:" in line]
    assert errors == [f"python -m dsa.lessons: error: --values for heap: an empty "
                      f"value between commas: give {INTEGERS.describe()}"]


def test_help_says_what_each_lesson_reads():
    text = " ".join(cli.parser().format_help().split())
    assert "--values LIST" in text
    assert INTEGERS.describe() in text and WORDS.describe() in text
    assert f"for linkedlist, {NODE_INTEGERS.describe()}" in text


# --------------------------------------------------------------------------
# Each animation draws the values it was given (no terminal)


def context(values: tuple | None, lesson: str,
            width: int = 100) -> tuple[Context, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None)
    return (Context(console=console, given_values=values, value_kind=kind_for(lesson)),
            out)


HEAP_VALUES = (9, 4, 7, 1, 12, 3, 3, 20, 0, 999, 5, 64)


def test_push_and_pop_use_the_values_given():
    ctx, out = context(HEAP_VALUES, "heap")
    heap_pictures.push_animation(ctx)
    expected = list(HEAP_VALUES)
    heapq.heapify(expected)
    start = list(expected)
    pushed = min(HEAP_VALUES) - 1
    heapq.heappush(expected, pushed)
    assert ctx.shared["push_result"] == expected
    assert dh.is_heap(ctx.shared["push_result"])
    assert sorted(ctx.shared["push_result"]) == sorted(HEAP_VALUES + (pushed,))
    text = flat(out.getvalue())
    assert f"before: {start}" in text
    assert f"after push({pushed}): {expected}" in text
    assert "your values: [9, 4, 7, 1, 12, 3, 3, 20, 0, 999, 5, 64]" in text

    heap_pictures.pop_animation(ctx)
    top = heapq.heappop(expected)
    text = flat(out.getvalue())
    assert f"pop() → {top}; the heap is now {expected}" in text
    gives_back = "yes, as with the example" if expected == start else "no: it started"
    assert gives_back in text


def test_pop_on_its_own_starts_from_the_values_pushed():
    ctx, out = context((5, 2, 8), "heap")
    heap_pictures.pop_animation(ctx)
    heap = [2, 5, 8]
    heapq.heappush(heap, 1)
    assert f"before: {heap}" in flat(out.getvalue())


def test_heapsort_sorts_the_values_given():
    ctx, out = context(HEAP_VALUES, "heap")
    heap_sorting.heapsort_animation(ctx)
    text = flat(out.getvalue())
    assert f"before: {list(HEAP_VALUES)}" in text
    assert re.search(r"sorted in place after \d+ swaps: "
                     + re.escape(str(sorted(HEAP_VALUES))), text)


def test_the_default_run_keeps_the_published_example():
    ctx, out = context(None, "heap")
    heap_pictures.push_animation(ctx)
    assert ctx.shared["push_result"] == [2, 3, 7, 5, 12, 8, 14, 9]
    assert "your values" not in out.getvalue()


WORDS_GIVEN = ("ada", "bob", "cy", "dee", "eve", "zed")


def test_the_chained_table_holds_exactly_the_keys_given():
    ctx, out = context(WORDS_GIVEN, "hashtable")
    hashtable_pictures.build_table(ctx)
    table = ctx.shared["your_table"]
    assert set(table) == set(WORDS_GIVEN) and len(table) == len(WORDS_GIVEN)
    chains: dict[int, list[str]] = {}
    for key in WORDS_GIVEN:                     # worked out here, key by key
        chains.setdefault(teaching_hash(key) % 8, []).append(key)
    lines = [line.split() for line in out.getvalue().splitlines()]
    last = {int(words[1]): words[2:] for words in lines
            if len(words) >= 3 and words[0] == "slot" and words[1].isdigit()}
    for slot in range(8):
        assert [w for w in last[slot] if w not in ("→", "·")] == chains.get(slot, [])

    hashtable_pictures.resize(ctx)
    assert table.capacity == 16 and set(table) == set(WORDS_GIVEN)
    moved = sum(1 for key in WORDS_GIVEN if teaching_hash(key) & 8)
    text = flat(out.getvalue())
    assert f"{moved} of {len(WORDS_GIVEN)} of your keys moved" in text
    assert "keys_moved=7, keys_total=7" in text        # the published example still


def test_probing_inserts_and_deletes_the_keys_given():
    ctx, out = context(WORDS_GIVEN, "hashtable")
    hashtable_pictures.probing(ctx)
    text = flat(out.getvalue())
    for key in WORDS_GIVEN:
        assert f"insert {key!r}: home slot {teaching_hash(key) % 16};" in text
    assert "insert 'grace'" not in text
    assert f"del table[{WORDS_GIVEN[1]!r}]" in text


def test_deque_blocks_append_the_values_given():
    values = (5, 6, 7, 8, 9, 10)
    ctx, out = context(values, "deque")
    deque_lesson.blocks(ctx)
    text = flat(out.getvalue())
    ref: deque = deque()
    for v in values:
        ref.append(v)
        assert f"append({v})" in text
    assert f"popleft() -> {values[0]}" in text
    assert f"After {2 * len(values)} operations the deque holds []" in text


def test_values_from_the_command_line_without_a_terminal():
    out = subprocess.run(
        [sys.executable, "-m", "dsa.lessons", "heap", "--steps", "4",
         "--values", "9,4,7,1"], cwd=ROOT, stdin=subprocess.DEVNULL,
        capture_output=True, text=True, timeout=120,
        env={"PYTHONPATH": str(ROOT), "COLUMNS": "100", "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    heap = [9, 4, 7, 1]
    heapq.heapify(heap)
    heapq.heappush(heap, 0)
    text = flat(out.stdout)
    assert f"after push(0): {heap}" in text
    assert "or type your own" not in text


def follow(scene: linkedlist_boxes.Scene) -> list:
    """The values reached from ``head`` along ``next`` ([] for no head)."""
    out, name = [], scene.names.get("head")
    while name is not None:
        out.append(scene.nodes[name][0])
        name = scene.next[name]
    return out


def list_operations(values: tuple) -> list[list]:
    """What Python lists make of ``values`` with the operations the lesson
    draws: insert a value not in them after the second (or only) element,
    delete the second (or only) one, and put the last half of them, as a
    second list, in after the first."""
    new = next(v for v in range(LOW, HIGH + 1) if v not in values)
    inserted = list(values)
    inserted.insert(min(2, len(values)), new)
    removed = list(values)
    del removed[min(1, len(values) - 1)]
    results = [inserted, removed]
    if len(values) > 1:
        first = list(values[:len(values) - len(values) // 2])
        first[1:1] = values[len(values) - len(values) // 2:]
        results.append(first)
    return results


@pytest.mark.parametrize("values", [
    (4,), (4, 7), (9, 4, 7), (9, 4, 7, 1), tuple(range(HIGH, HIGH - NODE_INTEGERS.limit, -1)),
])
def test_the_linked_list_boxes_draw_the_values_given(values):
    expected = list_operations(values)
    operations = linkedlist_boxes.yours(values)
    assert len(operations) == 3
    for (title, frames), result in zip(operations, expected):
        # each list drawn first is the learner's (the splice's, split in two)
        start = frames[0][2]
        assert follow(start) == list(values[:len(follow(start))])
        # the last write leaves the list a Python list makes; so does the redrawing
        assert follow(frames[-2][2]) == result, title
        assert follow(frames[-1][2]) == result, title
    if len(values) == 1:
        _, [(_, said, scene)] = operations[2]
        assert follow(scene) == [4] and "one value leaves none" in said

    ctx, out = context(values, "linkedlist")
    linkedlist_boxes.boxes(ctx)
    lines = out.getvalue().splitlines()
    text = flat(out.getvalue())
    assert f"your values: {list(values)}" in text
    nows = [i for i, line in enumerate(lines) if line.startswith("Now [")]
    assert [lines[i].split(". ")[0] for i in nows] == [f"Now {r}" for r in expected]
    for i, result in zip(nows, expected):      # the redrawn boxes hold those values
        drawn = lines[i - 2] if result else lines[i - 1]
        assert ([int(v) for v in re.findall(r"\d+", drawn)] == result if result
                else drawn.startswith("head ╳"))


def test_the_linked_list_boxes_captions_follow_the_places_acted_on():
    one = flat("".join(said for _, frames in linkedlist_boxes.yours((4,))
                       for _, said, _ in frames))
    assert "as node is the last" in one and "the list is empty" in one
    assert "rest of the list would be lost" not in one
    two = flat("".join(said for _, frames in linkedlist_boxes.yours((4, 7))
                       for _, said, _ in frames))
    assert "prev.next is None now" in two and "first list's only node" in two
    assert "rest of the list would be lost" not in two
    three = flat("".join(said for _, frames in linkedlist_boxes.yours((4, 7, 1))
                         for _, said, _ in frames))
    assert "rest of the list would be lost" in three and "None now" not in three
    titles = [title for title, _ in linkedlist_boxes.yours((4, 7, 1))]
    assert titles == ["Insert 0 (a value not in your list) after the second node, 7, "
                      "which you hold", "Remove the second node, 7, after the head you hold",
                      "Splice your last value, as a second list, in after the head"]


def test_the_most_linked_list_values_draw_whole_in_80_columns():
    widest = tuple(range(HIGH, HIGH - NODE_INTEGERS.limit, -1))
    ctx, out = context(widest, "linkedlist", width=80)
    linkedlist_boxes.boxes(ctx)
    printed = out.getvalue()
    assert "…" not in printed and all(len(line) <= 80 for line in printed.splitlines())
    words = set(printed.split())
    for _, frames in linkedlist_boxes.yours(widest):     # no word cut by a wrap
        for code, said, _ in frames:
            assert set(said.split()) <= words and code in printed
    # the widest picture: the insert's, every value and the one inserted
    assert any(line.count("┌") == NODE_INTEGERS.limit + 1 for line in printed.splitlines())


def boxes_step() -> int:
    """The linked-list lesson's step (from 1) that draws the boxes."""
    from dsa.lessons import runner

    steps = runner.parse(runner.load_text("linkedlist")).steps
    return next(i for i, step in enumerate(steps, 1) if ("animation", "boxes") in step.parts)


def test_linked_list_values_are_used_not_said_unused():
    from dsa.lessons import find, runner

    out = io.StringIO()
    runner.run(find("linkedlist"), pause=False, steps=[boxes_step()], values=(5, 3),
               console=Console(file=out, width=100, color_system=None))
    text = flat(out.getvalue())
    assert "Now [5, 3, 0]." in text and "Now [5]." in text
    assert "no animation in the steps run takes values" not in text


# --------------------------------------------------------------------------
# In a terminal: typed at the prompt, and kept for a replay

CHILD = "import sys; from dsa.lessons.__main__ import main; sys.exit(main(sys.argv[1:]))"
PROMPT = "or type your own:"
LAST = "Enter for the recap"


def terminal(*args: str):
    pytest.importorskip("pty")
    pytest.importorskip("termios")
    from test_lesson_terminal import Pty

    return Pty(*args, rows=200, child=CHILD)


def push_through(term, swaps: int) -> None:
    """Answer the push animation's pauses: the append, then each swap."""
    term.read_until("Enter to append")
    term.send("\r")
    for _ in range(swaps):
        term.read_until("Enter for the next swap")
        term.send("\r")
    term.read_until(LAST)


def test_values_typed_at_the_prompt_are_used_and_kept_for_a_replay():
    term = terminal("heap", "--steps", "4")
    term.read_until(PROMPT)
    term.send("9,x\r")                              # a bad entry asks again
    term.read_until("not used: 'x' is not an integer")
    term.read_until(PROMPT)
    term.send("9,4,7,1\r")
    push_through(term, 2)
    term.send("r")                                  # replay: not asked again
    push_through(term, 2)
    term.send("q")
    assert term.finish() == 0
    out = flat(term.out)
    assert out.count("after push(0): [0, 1, 7, 9, 4]") == 2
    assert out.count(PROMPT) == 2                   # the first try and the retry
    assert "after push(2)" not in out


def test_enter_at_the_prompt_keeps_the_example():
    term = terminal("heap", "--steps", "4")
    term.read_until(PROMPT)
    term.send("\r")
    push_through(term, 3)
    term.send("q")
    assert term.finish() == 0
    assert "after push(2): [2, 3, 7, 5, 12, 8, 14, 9]" in flat(term.out)


def test_values_on_the_command_line_work_with_replay_and_ask_nothing():
    term = terminal("heap", "--steps", "4", "--values", "5,3,8")
    push_through(term, 2)
    term.send("r")
    push_through(term, 2)
    term.send("q")
    assert term.finish() == 0
    out = flat(term.out)
    assert out.count("after push(2): [2, 3, 8, 5]") == 2
    assert PROMPT not in out


def test_no_questions_offers_no_prompt():
    term = terminal("heap", "--steps", "4", "--no-questions")
    push_through(term, 3)
    term.send("q")
    assert term.finish() == 0
    out = flat(term.out)
    assert PROMPT not in out and "after push(2)" in out


def test_the_most_values_allowed_still_draw_whole_in_80_columns():
    widest = tuple(range(HIGH, HIGH - INTEGERS.limit, -1))
    ctx, out = context(widest, "heap", width=80)
    heap_pictures.push_animation(ctx)
    heap_pictures.pop_animation(ctx)
    heap_sorting.heapsort_animation(ctx)
    deque_lesson.blocks(ctx)
    assert "…" not in out.getvalue()
    assert all(len(line) <= 80 for line in out.getvalue().splitlines())


def test_back_shows_the_typed_values_as_recorded_and_the_pop_follows_them():
    term = terminal("heap", "--steps", "4,5")
    term.read_until(PROMPT)
    term.send("9,4,7,1\r")
    term.read_until("Enter to append")
    term.send("\r")
    for _ in range(2):
        term.read_until("Enter for the next swap")
        term.send("\r")
    term.read_until("Enter for the next step")
    term.send("\r")
    term.read_until("Enter to take the root")
    term.send("\r")
    term.read_until("Enter for the next swap")
    term.send("\r")
    term.read_until(LAST)
    term.send("b")
    term.read_until("step 4 again, as recorded")
    term.read_until("Enter for the next step")
    term.send("q")
    assert term.finish() == 0
    out = flat(term.out)
    assert "pop() → 0; the heap is now [1, 4, 7, 9]" in out
    assert out.count("after push(0): [0, 1, 7, 9, 4]") == 2    # ran, then recorded
    assert out.count(PROMPT) == 1


def test_values_no_animation_took_are_said_to_be_unused():
    from dsa.lessons import find, runner

    def walk(steps: list[int]) -> str:
        out = io.StringIO()
        runner.run(find("heap"), pause=False, steps=steps, values=(5, 3, 8),
                   console=Console(file=out, width=100, color_system=None))
        return flat(out.getvalue())

    assert "no animation in the steps run takes values" in walk([1])
    shown = walk([4])
    assert "after push(2): [2, 3, 8, 5]" in shown
    assert "no animation in the steps run takes values" not in shown


def test_values_typed_for_the_linked_list_boxes():
    term = terminal("linkedlist", "--steps", str(boxes_step()))
    term.read_until(PROMPT)
    term.send("4,7\r")
    for _ in range(4 + 2 + 3):          # the writes: insert 4, remove 2, splice 3
        term.read_until("Enter for the next pointer write")
        term.send("\r")
    term.read_until(LAST)
    term.send("q")
    assert term.finish() == 0
    out = flat(term.out)
    assert "your values: [4, 7]" in out
    assert "Now [4, 7, 0]." in out and "Now [4]." in out
    assert "Your values split in two lists: [4] and [7]." in out
    assert "new = Node(7)" not in out and out.count(PROMPT) == 1
