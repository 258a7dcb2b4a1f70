"""The stub builder's examples hold.

Doctest collection skips everything in ``dsa/practice`` but its tests (see
the project's conftest.py), so the examples in :mod:`dsa.practice.stubs`
are run from here.
"""

from __future__ import annotations

import doctest

from dsa.practice import stubs


def test_the_examples_of_the_stub_builder_hold() -> None:
    results = doctest.testmod(stubs)
    assert results.attempted > 0
    assert results.failed == 0
