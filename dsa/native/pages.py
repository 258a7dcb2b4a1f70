"""A pointer chase on ordinary 4 KiB pages and on 2 MiB huge pages.

The C kernel is ``native/pages.c``; its header says why a page walk can
cost as much as the memory access it precedes, and more so in a virtual
machine.  :func:`page_chase` runs one chase and reports the nanoseconds per
hop and how much of the buffer the kernel really backed with huge pages
(a request can be refused: ``transparent_hugepage`` set to ``never``, or
memory too fragmented to find 2 MiB runs).
"""

from __future__ import annotations

from dataclasses import dataclass

from dsa.timing import per_unit_of

from ._common import as_positive, as_seed, check
from ._loader import load

__all__ = ["HUGE_PAGE", "PageChaseResult", "page_chase", "huge_pages_supported"]

_ffi, _lib = load(False)

HUGE_PAGE = 2 << 20
MAX_ROUNDS = 64


@dataclass(frozen=True)
class PageChaseResult:
    """One chase: ``ns_per_hop`` the median of its rounds; ``huge_bytes`` of
    ``bytes`` were on huge pages; ``advice_ok`` madvise took the request."""

    bytes: int
    huge_asked: bool
    ns_per_hop: float
    hops: int
    huge_bytes: int
    advice_ok: bool
    ok: bool

    huge_share = per_unit_of("huge_bytes", "bytes",
                             "Share of the buffer the kernel backed with huge pages.")


def huge_pages_supported() -> bool:
    """Could this build ask for huge pages at all (Linux's madvise)?"""
    return bool(_lib.dsa_page_huge_supported())


def page_chase(bytes: int, *, huge: bool, hops: int = 200_000, rounds: int = 5,
               seed: int = 1) -> PageChaseResult:
    """Chase a random cycle of one pointer per 64-byte line over ``bytes``
    (a multiple of 2 MiB), on huge pages if ``huge`` else on 4 KiB pages."""
    size = as_positive(bytes, "bytes")
    if size % HUGE_PAGE:
        raise ValueError(f"bytes must be a multiple of 2 MiB, got {size}")
    hops = as_positive(hops, "hops")
    rounds = as_positive(rounds, "rounds")
    if rounds > MAX_ROUNDS:
        raise ValueError(f"rounds must be at most {MAX_ROUNDS}, got {rounds}")
    out = _ffi.new("struct dsa_page_chase_result *")
    check(_lib, _lib.dsa_page_chase(size, bool(huge), hops, rounds, as_seed(seed), out))
    return PageChaseResult(size, bool(out.huge_asked), float(out.ns_per_hop),
                           int(out.hops), int(out.huge_bytes), bool(out.advice_ok),
                           bool(out.ok))
