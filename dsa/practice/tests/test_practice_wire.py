"""The wire between the grading processes carries plain data exactly."""

from __future__ import annotations

import math

import pytest

from dsa.practice import wire


def _round_trip(value):
    frame = wire.encode({"value": value})
    return wire.decode(frame[4:])["value"]


def _same(a, b) -> bool:
    """Equal, with exact types all the way down, and nan equal to nan."""
    if type(a) is not type(b):
        return False
    if type(a) is float:
        return (math.isnan(a) and math.isnan(b)) or a == b
    if type(a) in (list, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if type(a) is dict:
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    return a == b


@pytest.mark.parametrize("value", [
    None, True, 0, -2**80, 1.5, math.inf, -math.inf, math.nan, "", "é\u2028",
    [], (), {}, [1, 2.5, "x", None, False],
    [0.5, math.inf, -math.inf, math.nan],            # leaves only, some tagged
    (0.25, math.inf), [(1, 2), (3.0, math.nan)],
    {1: (2.0, math.inf), (1, "a"): [math.nan], "k": {}},
    [float(i) / 7 for i in range(1000)] + [math.inf],
])
def test_plain_data_comes_back_exactly(value):
    assert _same(_round_trip(value), value)


def test_a_float_list_is_not_aliased_to_tagged_objects():
    # A finite float list is sent as it is, a non-finite one item by item:
    # either way the reader builds floats, never dicts.
    back = _round_trip([1.0, math.inf, 2.0])
    assert [type(x) for x in back] == [float, float, float]


@pytest.mark.parametrize("body", [
    b'{"value":{"x":1}}', b'{"value":[{"f":"1e999"}]}', b'{"value":{"t":1}}',
    b'{"value":{"d":[[1]]}}', b'[1]', b'{"value":[1,2]',
])
def test_forged_bodies_are_refused(body):
    with pytest.raises(wire.WireError):
        wire.decode(body)


def test_plain_refuses_lying_subclasses_and_unwraps_honest_ones():
    class Liar(float):
        def __eq__(self, other):
            return True
        __hash__ = float.__hash__

    class Honest(float):
        pass

    with pytest.raises(wire.NotPlain, match="__eq__"):
        wire.plain([1.0, Liar(2.0)])
    back = wire.plain([Honest(2.0), 3.0])
    assert [type(x) for x in back] == [float, float]
