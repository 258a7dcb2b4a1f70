"""The linked-list lesson's canon steps: nodes drawn, sentinels, where
pymalloc puts nodes, and the TLB; each claim driven both ways with injected
figures (no timed assertion anywhere)."""

from __future__ import annotations

import re

import pytest

from dsa.lessons import linkedlist as ll
from dsa.lessons import linkedlist_boxes as boxes
from dsa.lessons import linkedlist_canon as lc
from dsa.lessons import linkedlist_nodes as nodes
from dsa.lessons import linkedlist_tlb as tlb
from dsa.lessons import questions, runner

from helpers import claim_texts, lesson_context as ctx

MIB = 1 << 20


def texts(claim: str) -> runner.ClaimText:
    return claim_texts("linkedlist", claim)


# ---------------------------------------------------------------------------
# Boxes and arrows


def follow(scene: boxes.Scene, start: str) -> list:
    """The values reached from ``start`` along ``next``."""
    out, name = [], start
    while name is not None:
        out.append(scene.nodes[name][0])
        name = scene.next[name]
    return out


@pytest.mark.parametrize("frames, before, after", [
    (boxes.insert_frames(), [3, 5, 9], [3, 5, 7, 9]),
    (boxes.insert_frames((10, 20, 30), 25), [10, 20, 30], [10, 20, 25, 30]),
    (boxes.remove_frames(), [3, 5, 9], [3, 9]),
    (boxes.splice_frames(), [1, 2, 3], [1, 7, 8, 2, 3]),
])
def test_each_operation_goes_from_its_list_to_the_result(frames, before, after):
    first, last = frames[0][2], frames[-1][2]
    assert follow(first, first.names["head"]) == before
    assert follow(last, last.names["head"]) == after
    # the frame before the redrawing already holds the result, pointer by pointer
    done = frames[-2][2]
    assert follow(done, done.names["head"]) == after


def test_each_pointer_write_is_one_changed_next():
    for _, frames in boxes.OPERATIONS:
        scenes = [scene for _, _, scene in frames()]
        for a, b in zip(scenes, scenes[1:-1]):
            changed = {n for n in b.next if a.next.get(n, "absent") != b.next[n]}
            assert changed <= set(b.changed) and len(b.changed) == 1


def test_the_drawing_shows_boxes_arrows_none_and_names():
    scene = boxes.chain((3, 5))
    plain = boxes.draw(scene).plain
    assert plain.splitlines() == [
        "  head",
        "    ▼",
        "┌───┬───┐     ┌───┬───┐",
        "│ 3 │ ●─┼────▶│ 5 │ ╳ │",
        "└───┴───┘     └───┴───┘",
    ]
    _, _, down = boxes.insert_frames()[3]          # node.next = new: down, then up
    lines = boxes.draw(down).plain.splitlines()
    assert any("┐" in line for line in lines) and any("▼" in line for line in lines[3:])
    assert any("┘" in line for line in lines) and lines[-1].strip() == "new"
    # every box of the scene is drawn once
    assert sum(line.count("┌") for line in lines) == len(down.nodes)


def test_the_write_just_made_is_highlighted():
    _, _, scene = boxes.insert_frames()[2]          # new.next = node.next
    text = boxes.draw(scene)
    marked = {text.plain[span.start:span.end] for span in text.spans
              if span.style == boxes.MARKED}
    assert marked and "▲" in "".join(marked)


def test_the_animation_pauses_between_writes():
    context = ctx()
    pauses: list[str] = []
    context.pause = lambda prompt="": pauses.append(prompt)     # type: ignore[method-assign]
    ll.boxes(context)
    frames = sum(len(f()) for _, f in boxes.OPERATIONS)
    assert len(pauses) == frames - len(boxes.OPERATIONS)
    out = context.console.file.getvalue()
    for code in ("new.next = node.next", "node.next = new", "prev.next = prev.next.next",
                 "last.next = node.next", "node.next = other"):
        assert code in out


# ---------------------------------------------------------------------------
# Sentinels


def test_the_sentinel_code_has_no_branch():
    assert nodes.branches(lc.Sentinel.unlink) == nodes.branches(lc.Sentinel.push_back) == 0
    assert nodes.branches(lc.NoneEnded.unlink) == 2
    assert nodes.branches(lc.NoneEnded.push_back) == 1
    context = ctx()
    ll.sentinel_code(context)
    out = context.console.file.getvalue()
    assert "NoneEnded: 3 if statements" in out and "Sentinel: 0 if statements" in out


def test_interleaved_timing_takes_turns():
    order: list[str] = []
    a, b = nodes.interleaved(lambda: order.append("a"), lambda: order.append("b"), 1, 3)
    assert order == ["a", "b"] * 4 and len(a) == len(b) == 3


def churned(cases=399, ring_cases=0, same=True, none=(1.0e-6,) * 3, ring=(1.0e-6,) * 3):
    return {"none": list(none), "ring": list(ring), "ops": 20_000, "cases": cases,
            "ring_cases": ring_cases, "same": same}


def test_sentinel_claims_both_ways():
    assert ll.sentinel_removes_cases(ctx(sentinel=churned())).holds is True
    verdict = ll.sentinel_removes_cases(ctx(sentinel=churned(ring_cases=2)))
    assert verdict.holds is False and "bug" in runner.claim_text(
        texts("sentinel_removes_cases"), verdict)
    assert ll.sentinel_removes_cases(ctx(sentinel=churned(same=False))).holds is False
    assert ll.sentinel_removes_cases(ctx(sentinel=churned(cases=0))).holds is None
    assert ll.sentinel_removes_cases(ctx()).holds is None
    assert ll.sentinel_costs_no_time(ctx(sentinel=churned())).holds is True
    slow = churned(ring=(2e-6, 2.1e-6, 1.9e-6))
    verdict = ll.sentinel_costs_no_time(ctx(sentinel=slow))
    assert verdict.holds is False and verdict.values["which"] == "slower"
    assert "slower" in runner.claim_text(texts("sentinel_costs_no_time"), verdict)
    assert ll.sentinel_costs_no_time(
        ctx(sentinel=churned(ring=(1.2e-6,) * 3))).holds is None
    fast = churned(ring=(0.5e-6, 0.55e-6, 0.6e-6))
    assert ll.sentinel_costs_no_time(ctx(sentinel=fast)).holds is False
    # The spread decides, not the median: a median ratio of 1.0 whose runs
    # range from 0.5x to 2x says nothing, nor does a 1.4x median whose
    # fastest sentinel run matches the slowest None-ended one.
    wide = churned(ring=(0.5e-6, 1.0e-6, 2.0e-6))
    assert ll.sentinel_costs_no_time(ctx(sentinel=wide)).holds is None
    straddles = churned(ring=(1.0e-6, 1.4e-6, 1.5e-6))
    assert ll.sentinel_costs_no_time(ctx(sentinel=straddles)).holds is None


def test_the_churn_experiment_counts_exactly():
    context = ctx()
    context.quick = True
    ll.sentinel_churn(context)
    s = context.shared["sentinel"]
    # the same seeded churn, counted here
    assert s["cases"] == lc.churn(lc.NoneEnded, nodes.CHURN_N, s["ops"]).special_cases
    assert s["ring_cases"] == 0 and s["same"] is True
    (_, rows), = context.tables
    assert rows[0].ratio.startswith(f"{s['cases']:,} special cases taken")
    assert context.closing == [line for line in context.closing
                               if line.startswith(f"sentinels: {s['cases']:,} special")]
    assert len(context.closing) == 1


# ---------------------------------------------------------------------------
# Where pymalloc puts nodes


def test_pymalloc_sizes_are_read_from_the_interpreter():
    sizes = nodes.pymalloc_sizes()
    if sizes is None:
        pytest.skip("this interpreter does not report pymalloc's sizes")
    arena, pool = sizes
    assert arena % pool == 0 and pool in (4096, 16384) and arena >= 256 * 1024
    assert nodes.block_size(56) == 64 and nodes.block_size(64) == 64


def placed(gap=64, page=0.98, forward=1.0, far_page=0.001, walks=((80e-9,) * 3,
                                                                  (200e-9,) * 3)):
    order = lc.Placement("allocation order", 1000, 56, gap, 0.99, page, forward)
    shuffled = lc.Placement("shuffled links", 1000, 56, 27_000_000, 0.0, far_page, 0.5)
    spaced = lc.Placement("allocated between others", 1000, 56, 256, 0.0, 0.9, 1.0)
    found = [order, shuffled, spaced]
    return found, {"allocation order": list(walks[0]), "shuffled links": list(walks[1]),
                   "allocated between others": list(walks[0])}


def test_placement_claims_both_ways():
    assert ll.nodes_born_together(ctx(placements=placed())).holds is True
    holes = ll.nodes_born_together(ctx(placements=placed(gap=4096, forward=0.5)))
    assert holes.holds is False
    assert "freed" in runner.claim_text(texts("nodes_born_together"), holes)
    assert ll.nodes_born_together(ctx(placements=placed(forward=0.8))).holds is None
    assert ll.shuffle_scatters_nodes(ctx(placements=placed())).holds is True
    same = ll.shuffle_scatters_nodes(
        ctx(placements=placed(walks=((80e-9,) * 3, (82e-9,) * 3))))
    assert same.holds is False
    assert "caches" in runner.claim_text(texts("shuffle_scatters_nodes"), same)
    assert ll.shuffle_scatters_nodes(ctx(placements=placed(far_page=0.5))).holds is False
    assert ll.nodes_born_together(ctx()).holds is None


def test_the_placement_step_reads_addresses_live():
    context = ctx()
    context.quick = True
    ll.placements(context)
    found, walks = context.shared["placements"]
    assert [p.order for p in found] == list(walks)
    assert all(p.nodes == 20_000 for p in found)
    out = " ".join(context.console.file.getvalue().split())
    assert "Six nodes in a row" in out and "median gap" in out
    assert context.closing[0].startswith("pymalloc: 20,000 nodes in allocation order")


# ---------------------------------------------------------------------------
# The TLB


def figures(small=(400.0, 410.0, 405.0), huge=(200.0, 205.0, 210.0), share=1.0):
    return tlb.TlbFigures((4 * MIB, 16 * MIB, 64 * MIB), (60.0, 150.0, 405.0),
                          (55.0, 120.0, 205.0), share, small, huge, "madvise")


def test_tlb_claims_both_ways():
    nested = ll.page_walks_explain_dram(ctx(tlb=figures()))
    assert nested.holds is True and ll.huge_pages_help(ctx(tlb=figures())).holds is True
    assert "24" in runner.claim_text(texts("page_walks_explain_dram"), nested)
    part = figures(huge=(330.0, 335.0, 340.0))           # huge pages take ~18% off
    assert ll.huge_pages_help(ctx(tlb=part)).holds is True
    verdict = ll.page_walks_explain_dram(ctx(tlb=part))
    assert verdict.holds is False
    assert "only part" in runner.claim_text(texts("page_walks_explain_dram"), verdict)
    desktop = figures(small=(120.0, 121.0, 122.0), huge=(60.0, 61.0, 62.0))
    assert ll.page_walks_explain_dram(ctx(tlb=desktop)).holds is False  # not hundreds
    none = figures(huge=(400.0, 405.0, 410.0))
    assert ll.huge_pages_help(ctx(tlb=none)).holds is False
    refused = figures(share=0.0)
    verdict = ll.huge_pages_help(ctx(tlb=refused))
    assert verdict.holds is None and "madvise" in runner.claim_text(
        texts("huge_pages_help"), verdict)
    noisy = figures(huge=(200.0, 300.0, 420.0))
    assert ll.page_walks_explain_dram(ctx(tlb=noisy)).holds is None
    assert ll.huge_pages_help(ctx()).holds is None


def test_tlb_question_reads_the_same_figures():
    asked = questions.questions_for("linkedlist")["tlb"]
    assert len(asked) == 1 and asked[0].claim == "page_walks_explain_dram"
    chosen, said = asked[0].measure({"tlb": figures()})
    assert asked[0].choices[chosen] == "1.5x to 3x" and "64 MiB" in said
    chosen, _ = asked[0].measure({"tlb": figures(huge=(400.0,) * 3)})
    assert asked[0].choices[chosen] == "under 1.1x"


def test_page_bars_and_model():
    lines = tlb.page_bars(figures(), 20)
    assert len(lines) == 6 and lines[0].lstrip().startswith("4 MiB")
    bars = [line.count("█") for line in lines]
    assert max(bars) == 20 and bars[4] == 20
    context = ctx(tlb=figures())
    text = tlb.walk_model(context, figures()).plain
    assert "200.00 ns per load" in text and "no model" in text
    ladder = ll.LadderFigures((16 << 10, 1 << 20), (1.0, 5.0), (1.0, 1.0, 1.0),
                              (100.0,) * 3, (0.5,) * 3)
    text = tlb.walk_model(ctx(ladder=ladder), figures()).plain
    assert f"{tlb.NESTED_WALK} costs 24.00 ns" in text


def test_thp_setting_reads_the_bracketed_mode(tmp_path, monkeypatch):
    setting = tmp_path / "enabled"
    setting.write_text("always [madvise] never\n")
    monkeypatch.setattr(tlb, "THP_SETTING", setting)
    assert tlb.thp_setting() == "madvise"
    monkeypatch.setattr(tlb, "THP_SETTING", tmp_path / "missing")
    assert tlb.thp_setting() == ""


def test_tlb_step_runs_and_leaves_its_figures():
    import dsa.native

    if not dsa.native.available:
        pytest.skip("C twins not built")
    context = ctx()
    context.quick = True
    ll.tlb(context)
    out = " ".join(context.console.file.getvalue().split())
    if "cannot ask the kernel" in out:
        pytest.skip("no madvise on this build")
    found = context.shared["tlb"]
    assert found.sizes == tlb.QUICK_TLB_SIZES and len(found.small_runs) == 2
    (_, rows), = context.tables
    assert re.match(r"4 KiB / 2 MiB pages: [\d.]+x", rows[1].ratio)
    assert "page walk cost about" in out and len(tlb.page_bars(found, 20)) == 4
    assert context.closing[0].startswith("TLB: a chase over 16 MiB")


def test_new_steps_are_in_the_text_with_their_markers():
    parsed = runner.parse(runner.load_text("linkedlist"))
    titles = [step.title for step in parsed.steps]
    for title in ("Why nodes born together sit together", "The TLB: a cache of addresses",
                  "Nodes and pointers, drawn", "Sentinels: a list with no ends"):
        assert title in titles
    assert titles.index("The TLB: a cache of addresses") == \
        titles.index("The latency ladder") + 1
    for marker in (("animation", "boxes"), ("show", "sentinel_code"),
                   ("experiment", "sentinel_churn"), ("experiment", "placements"),
                   ("experiment", "tlb")):
        assert marker in parsed.markers()
