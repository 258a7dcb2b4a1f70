"""The linked-list lesson's canon: sentinels against None ends, and where
CPython places nodes."""

import random
import subprocess
import sys

import pytest

from dsa.lessons import linkedlist_canon as lc


@pytest.mark.parametrize("cls", [lc.NoneEnded, lc.Sentinel])
def test_both_lists_agree_with_a_python_list(cls):
    rng = random.Random(2)
    lst, ref, held = cls(), [], []
    for step in range(400):
        if held and rng.random() < 0.4:
            j = rng.randrange(len(held))
            node = held.pop(j)
            ref.remove(node.value)
            lst.unlink(node)
            assert node.prev is None and node.next is None
        else:
            held.append(lst.push_back(step))
            ref.append(step)
        assert list(lst) == ref


def test_none_ends_meet_special_cases_and_the_sentinel_none():
    a, b = lc.NoneEnded(), lc.Sentinel()
    for lst in (a, b):
        only = lst.push_back(1)      # into an empty list
        lst.unlink(only)             # the head and the tail at once
    assert a.special_cases == 3 and b.special_cases == 0
    assert list(a) == list(b) == []
    churned = lc.churn(lc.NoneEnded, 10, 500)
    assert churned.special_cases > 0
    assert lc.churn(lc.Sentinel, 10, 500).special_cases == 0
    assert list(churned) == list(lc.churn(lc.Sentinel, 10, 500))


def test_placement_of_a_made_up_walk():
    p = lc.placement("x", [0, 64, 128, 4096, 64], 56)
    assert p.nodes == 5 and p.median_gap == (64 + 3968) // 2
    assert p.near_line == pytest.approx(2 / 4)
    assert p.same_page == pytest.approx(2 / 4)
    assert p.forward == pytest.approx(3 / 4)


def test_link_and_walk():
    nodes = [lc.Node(i) for i in range(5)]
    head = lc.link(nodes[::-1])
    assert lc.walk_addresses(head) == [id(n) for n in nodes[::-1]]
    assert lc.link([]) is None


def test_nodes_born_in_order_sit_together_and_shuffling_scatters_them():
    # In a fresh interpreter, as a lesson runs: a long-lived test process has
    # freed blocks scattered through its pools, which are handed out first.
    code = ("from dsa.lessons import linkedlist_canon as lc\n"
            "for p in lc.node_placements(20_000):\n"
            "    print(p.median_gap, p.node_bytes, p.same_page, p.forward)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, check=True).stdout.split("\n")
    rows = [tuple(float(x) for x in line.split()) for line in out if line]
    (gap, size, page, forward), (s_gap, _, s_page, _), (i_gap, *_rest) = rows
    # pymalloc hands out one size class in address order while a pool is
    # fresh: nearly every hop of an allocation-order walk goes forward a
    # node's width, within a page.
    assert forward > 0.9 and page > 0.8 and gap <= 2 * size
    assert s_page < 0.1 and s_gap > 100 * gap
    assert i_gap > gap
