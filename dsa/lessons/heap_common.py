"""What every part of the heap lesson shares: its hooks, the worked
example, the published figures as numbers (seed figures, heap table) and
how its claims read their figures."""

from __future__ import annotations

from .context import Hooks
from .figures import Ratio

hooks = Hooks()


#: Register a claim whose check reads one experiment's figures (see
#: :meth:`Hooks.claim_on`): ``@claim_on(name, key, what)``.
claim_on = hooks.claim_on


def surely_faster(ratio: Ratio, by: float) -> bool | None:
    """A verdict for "the first took at least ``by`` times the second": True
    when the whole range of the ratio says so, False when the whole range
    says the first was not slower at all, None in between."""
    return True if ratio.at_least(by) else False if ratio.at_most(1.0) else None

EXAMPLE = [3, 5, 7, 9, 12, 8, 14]
PUSHED = 2

# The published figures (seed-figures.md, heap table), as numbers.
PUB_DRAIN_N = 100_000
PUB_DRAIN_PLAIN = 72.0
PUB_DRAIN_INSORT = 1.39
PUB_DRAIN_HEAP = 54.8e-3
PUB_BUILD_N = 1_000_000
PUB_BUILD_HEAPIFY_SWAPS = 999_988
PUB_BUILD_PUSH_SWAPS = 17_951_445
PUB_BUILD_HEAPIFY_S = 21.0e-3
PUB_BUILD_PUSH_S = 322.7e-3
PUB_LEVELS = {1_000_000: 19, 1_000_000_000: 29}
PUB_SECOND_TRIALS = 20_000
PUB_SECOND_AT_2 = 8_074
PUB_TOPK_N = 5_000_000
PUB_TOPK_K = 10
PUB_TOPK_SORTED = 2.018
PUB_TOPK_HEAP = 1.078
