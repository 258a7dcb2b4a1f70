"""Shared test settings.

Hypothesis profiles:

``fast`` (the default)
    enough examples to catch ordinary mistakes while the whole suite stays
    well under the CI budget.
``deep``
    a soak run: ``python -m pytest --hypothesis-profile=deep``.
"""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

for name, examples, steps in (("fast", 60, 40), ("deep", 3000, 200)):
    settings.register_profile(
        name,
        max_examples=examples,
        stateful_step_count=steps,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
settings.load_profile("fast")


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory) -> Path:
    """A folder for the C++ programs a benchmark test compiles, shared by
    the tests of one module."""
    return tmp_path_factory.mktemp("bench-cache")
