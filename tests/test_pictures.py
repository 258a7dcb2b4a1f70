"""Pictures of the structures: ``rich.print(structure)`` and a notebook's
``_repr_html_``, for every structure of both twins, empty, small and big."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from rich.console import Console

import dsa.native
from dsa.deque import BlockedDeque
from dsa.hashtable import ChainedHashTable, OpenAddressingHashTable, teaching_hash
from dsa.heap import BinaryHeap, IndexedPriorityQueue, PriorityQueue
from dsa.linkedlist import DoublyLinkedList, SinglyLinkedList
from dsa.lru import LRUCache
from dsa.pictures import PICTURE_WIDTH, Pictured
from dsa.pictures.draw import block_line, chain_picture, node_chain, tree_text

from helpers import ROOT, child_env

native = pytest.mark.skipif(not dsa.native.available,
                            reason="the C twins are not built")

BIG = 1_500


def shown(structure, width: int = 80) -> str:
    """What rich.print shows, in ``width`` columns, without colour."""
    console = Console(width=width, color_system=None, file=None)
    with console.capture() as seen:
        console.print(structure)
    return seen.get()


def _queue(cls, n):
    q = cls()
    for i in range(n):
        q.push(f"job{i}", i % 7)
    return q


def _lru(n):
    cache = LRUCache(max(1, n))
    for i in range(n):
        cache.put(f"k{i}", i)
    return cache


def _native(name, **options):
    def make(items):
        return getattr(dsa.native, name)(items, **options)
    return make


# name -> a function of a list of ints that builds the structure
MAKERS = {
    "BinaryHeap": BinaryHeap,
    "PriorityQueue": lambda items: _queue(PriorityQueue, len(items)),
    "IndexedPriorityQueue": lambda items: _queue(IndexedPriorityQueue, len(items)),
    "ChainedHashTable": lambda items: ChainedHashTable((i, -i) for i in items),
    "OpenAddressingHashTable":
        lambda items: OpenAddressingHashTable((i, -i) for i in items),
    "SinglyLinkedList": SinglyLinkedList,
    "DoublyLinkedList": DoublyLinkedList,
    "BlockedDeque": lambda items: BlockedDeque(items, block_size=8),
    "LRUCache": lambda items: _lru(len(items)),
}
NATIVE = {
    "native BinaryHeap": _native("BinaryHeap"),
    "native DaryHeap": _native("DaryHeap", arity=4),
    "native ChainedHashTable": lambda items: dsa.native.ChainedHashTable(
        (i, -i) for i in items),
    "native OpenAddressingHashTable": lambda items: dsa.native.OpenAddressingHashTable(
        (i, -i) for i in items),
    "native DoublyLinkedList": _native("DoublyLinkedList"),
    "native BlockedDeque": _native("BlockedDeque", block_size=8),
}
ALL = [pytest.param(make, id=name) for name, make in MAKERS.items()] + [
    pytest.param(make, id=name, marks=native) for name, make in NATIVE.items()]


@pytest.mark.parametrize("make", ALL)
@pytest.mark.parametrize("n", [0, 7, BIG])
def test_every_structure_has_a_bounded_picture(make, n):
    structure = make(list(range(n)))
    assert isinstance(structure, Pictured)
    for width in (100, 60, 30):
        text = shown(structure, width)
        lines = text.splitlines()
        assert lines[0].startswith(type(structure).__name__)
        assert all(len(line) <= width for line in lines)
        assert len(lines) <= 24, text            # a few lines, whatever the size
        assert "no picture" not in text
    if n == 0:
        text = shown(structure, 100)
        assert "(empty)" in text or " 0 keys " in text
    if n == 7:
        wide = shown(structure, 200)
        for i in range(7):                      # every item is drawn
            assert str(i) in wide
        assert "…" not in wide.replace(f"{type(structure).__name__} ·", "")
    if n == BIG:
        assert "…" in shown(structure, 100) or "more" in shown(structure, 100)


@pytest.mark.parametrize("make", ALL)
@pytest.mark.parametrize("n", [0, 7, BIG])
def test_the_notebook_shows_the_same_picture_as_html(make, n):
    structure = make(list(range(n)))
    page = structure._repr_html_()
    root = ET.fromstring(page)                  # one well-formed element
    assert root.tag == "pre"
    assert "".join(root.itertext()) == shown(structure, PICTURE_WIDTH)
    assert len(page) < 60_000


def test_a_heap_is_drawn_as_the_lesson_draws_it():
    heap = BinaryHeap([9, 4, 7, 1, 8, 2])
    text = shown(heap, 100)
    assert tree_text(heap.to_list()).plain in text
    assert "min-heap" in text
    assert "max-heap" in shown(BinaryHeap([1, 2], max_heap=True))


def test_a_big_heap_draws_its_first_levels():
    text = shown(BinaryHeap(range(BIG)), 80)
    assert "the first 5 levels of 11: 31 of 1,500 items drawn" in text
    assert " 30\n" in text and " 31 " not in text.split("┌")[0]
    assert "+1,484" in text                     # the array row says what follows


def test_a_queue_draws_its_entries_priority_first():
    q = PriorityQueue()
    q.push("write", 2)
    q.push("read", 1)
    assert q.to_list() == [("read", 1), ("write", 2)]
    text = shown(q, 80)
    assert "1:read" in text and "2:write" in text
    assert "smallest priority first" in text


def test_a_chained_table_draws_its_chains():
    table = ChainedHashTable(capacity=8, hash_function=teaching_hash,
                             max_load_factor=1.0)
    for name in ["grace", "alan", "frances", "margaret"]:
        table[name] = 1
    text = shown(table, 100)
    assert chain_picture(table.slots()).plain in text


def test_a_big_chained_table_draws_a_window_from_its_first_key():
    table = ChainedHashTable({i: i for i in range(64, 64 + BIG)})
    slots = table.slots()
    first = next(i for i, chain in enumerate(slots) if chain)
    text = shown(table, 100)
    assert f"slot {first}  " in text
    assert "more slots holding" in text


def test_an_open_table_draws_tombstones():
    table = OpenAddressingHashTable({k: 1 for k in "abcdef"})
    del table["c"]
    text = shown(table, 100)
    assert "✝" in text and "1 tombstone" in text
    assert all(k in text for k in "abdef")


def test_lists_draw_their_ends():
    text = shown(SinglyLinkedList(range(BIG)), 80)
    assert text.splitlines()[2].startswith("head ─▶ │ 0 │─▶│ 1 │")
    assert "│ 1499 │─▶ None" in text and "more" in text
    text = shown(DoublyLinkedList([1, 2]), 80)
    assert node_chain(["1", "2"], link="◀─▶", start="None ◀─").plain in text


def test_a_deque_draws_its_blocks_with_the_empty_slots():
    d = BlockedDeque(range(10), block_size=4)
    d.appendleft(-1)
    left, right = d.end_slots()
    assert (left, right) == (3, 1)
    slots = [["·"] * left + [str(v) for v in d.blocks()[0]]] + \
        [[str(v) for v in b] for b in d.blocks()[1:]]
    slots[-1] += ["·"] * (4 - len(slots[-1]))
    assert block_line(slots) in shown(d, 80)
    assert "fills 1/4 4/4 4/4 2/4" in shown(d, 80)


def test_a_long_deque_draws_its_first_and_last_blocks():
    text = shown(BlockedDeque(range(BIG), block_size=64), 100)
    assert "block   0 " in text and "block  23 " in text
    assert "full blocks" in text and "first and last 2 of 24 blocks" in text


def test_end_slots_describe_the_layout():
    d = BlockedDeque(block_size=4)
    left, right = d.end_slots()
    assert left == right + 1                    # empty
    d.extend(range(6))
    left, right = d.end_slots()
    assert d.blocks()[0] == list(range(4 - left)) and right == (left + 5) % 4


@native
def test_the_c_deque_end_slots_say_the_same():
    d = dsa.native.BlockedDeque(block_size=4)
    left, right = d.end_slots()
    assert left == right + 1
    d.extend(range(6))
    d.appendleft(-1)
    left, right = d.end_slots()
    assert (left + len(d) - 1) % 4 == right
    assert d.block_count == (left + len(d) - 1) // 4 + 1


def test_an_lru_cache_draws_least_recent_first():
    cache = LRUCache(3)
    for key in "abcd":
        cache.put(key, key.upper())
    cache.get("b")
    text = shown(cache, 100)
    assert text.index("c: C") < text.index("d: D") < text.index("b: B")
    assert "least recent" in text and "most recent" in text and "1 hit" in text


@native
@pytest.mark.parametrize("n", [0, 5, 40])
def test_twins_draw_the_same_heap_and_list(n):
    items = list(range(n, 0, -1))
    assert shown(BinaryHeap(items)) == shown(dsa.native.BinaryHeap(items))
    assert shown(DoublyLinkedList(items)) == shown(dsa.native.DoublyLinkedList(items))


@native
@pytest.mark.parametrize("name", ["BinaryHeap", "DaryHeap", "ChainedHashTable",
                                  "OpenAddressingHashTable", "DoublyLinkedList",
                                  "BlockedDeque"])
def test_c_twins_made_without_init_do_not_break_the_picture(name):
    cls = getattr(dsa.native, name)
    blank = cls.__new__(cls)
    text = shown(blank, 80)
    assert text.startswith(f"<{name}: no picture") or text.startswith(name)
    ET.fromstring(blank._repr_html_())


def test_a_subclass_keeps_its_picture():
    class Mine(BlockedDeque):
        pass
    assert shown(Mine([1, 2], block_size=4)).startswith("Mine · 2 items")


def test_a_picture_never_raises():
    class Broken(BinaryHeap):
        def __len__(self):
            raise RuntimeError("no length")
    text = shown(Broken([1]))
    assert "no picture, RuntimeError: no length" in text


def test_importing_dsa_does_not_import_rich():
    code = ("import sys, dsa, dsa.heap, dsa.hashtable, dsa.linkedlist, dsa.deque, "
            "dsa.lru, dsa.native; print('rich' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=child_env(),
                         capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
