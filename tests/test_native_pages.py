"""The page-walk kernel: a chase on 4 KiB and on 2 MiB pages."""

import pytest

pages = pytest.importorskip("dsa.native.pages")

MIB = 1 << 20


@pytest.mark.parametrize("huge", [False, True])
def test_a_chase_visits_every_line_and_says_what_it_got(huge):
    r = pages.page_chase(4 * MIB, huge=huge, hops=20_000, rounds=3)
    assert r.ok and r.ns_per_hop > 0 and r.hops == 20_000
    assert r.bytes == 4 * MIB and r.huge_asked is huge
    assert 0 <= r.huge_bytes <= r.bytes
    if not huge:
        assert r.huge_bytes == 0               # MADV_NOHUGEPAGE was taken
    if huge and r.advice_ok and r.huge_bytes:
        assert r.huge_share > 0


@pytest.mark.parametrize("bytes_, hops, rounds, error", [
    (0, 10, 1, ValueError), (MIB, 10, 1, ValueError), (3 * MIB, 10, 1, ValueError),
    (2 * MIB, 0, 1, ValueError), (2 * MIB, 10, 0, ValueError),
    (2 * MIB, 10, 65, ValueError), (-2 * MIB, 10, 1, ValueError),
    ("2", 10, 1, TypeError)])
def test_bad_requests_are_refused(bytes_, hops, rounds, error):
    with pytest.raises(error):
        pages.page_chase(bytes_, huge=False, hops=hops, rounds=rounds)


def test_an_impossible_mapping_is_a_memory_error():
    with pytest.raises(MemoryError):
        pages.page_chase(1 << 62, huge=False, hops=10, rounds=1)
    with pytest.raises(MemoryError):             # past half the memory
        pages.page_chase(1 << 46, huge=False, hops=10, rounds=1)


def test_supported_is_a_bool():
    assert isinstance(pages.huge_pages_supported(), bool)
