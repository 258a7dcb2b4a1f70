"""Shared test settings.

Hypothesis profiles:

``fast`` (the default)
    enough examples to catch ordinary mistakes while the whole suite stays
    well under the CI budget.
``deep``
    a soak run: ``python -m pytest --hypothesis-profile=deep``.
"""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "fast",
    max_examples=60,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "deep",
    max_examples=3000,
    stateful_step_count=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("fast")
