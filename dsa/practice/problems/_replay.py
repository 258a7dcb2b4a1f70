"""What the class problems share: a case is a list of method calls.

A case replays calls like ``("add", 5)`` or ``("get", 3)`` on one fresh
instance; ``run`` records what each call returned, and the judge names the
first call whose result is wrong.  These helpers write the calls the way a
learner would type them and do that naming.
"""

from __future__ import annotations

from typing import Any, Callable, List, Optional, Sequence

#: A call: the method's name, then its arguments.
Call = Sequence[Any]


def call_text(call: Call, name: str) -> str:
    """``s.add(5)`` for ``("add", 5)`` on an instance called ``s``."""
    return f"{name}.{call[0]}({', '.join(repr(argument) for argument in call[1:])})"


def session_text(opening: str, calls: Sequence[Call], name: str, limit: int = 60,
                 describe: Optional[Callable[[Call], str]] = None) -> str:
    """``s = Thing(2); s.add(1); ...``; past ``limit`` calls, the count of the
    rest.  ``describe(call)``, when given, writes a call instead of
    :func:`call_text`."""
    write = describe or (lambda call: call_text(call, name))
    shown = [opening] + [write(call) for call in calls[:limit]]
    if len(calls) > limit:
        shown.append(f"... {len(calls) - limit:,} more calls")
    return "; ".join(shown)


def first_wrong(calls: Sequence[Call], expected: Sequence[Any], actual: Sequence[Any],
                name: str, same: Optional[Callable[[Any, Any], bool]] = None) -> Optional[str]:
    """The first call whose result differs, in a sentence; None when all agree.

    ``same(want, got)`` decides equality (plain ``==`` with equal types by
    default).
    """
    agree = same or (lambda want, got: type(want) is type(got) and want == got)
    for step, (call, want, got) in enumerate(zip(calls, expected, actual), 1):
        if not agree(want, got):
            return f"call {step}, {call_text(call, name)}, returned {got!r} instead of {want!r}"
    if len(expected) != len(actual):
        return "the number of results differs from the number of calls"
    return None


def replay(instance: Any, calls: Sequence[Call],
           check: Callable[[str, Any], Any]) -> List[Any]:
    """Make each call on ``instance``; ``check(method, result)`` turns each
    result into plain data (or raises TypeError)."""
    results: List[Any] = []
    for call in calls:
        method = getattr(instance, call[0])
        results.append(check(call[0], method(*call[1:])))
    return results


def packed(calls: Sequence[Call], names: Sequence[str], width: int) -> List[int]:
    """Calls as one flat list of ints, ``width`` per call: the index of the
    method in ``names``, then its int arguments, padded with zeros.

    A flat list of ints travels to the workers many times faster than a list
    of tuples, and growth cases of tens of thousands of calls are sent once
    per timed run.
    """
    flat: List[int] = []
    for call in calls:
        arguments = list(call[1:]) + [0] * (width - len(call))
        flat.append(names.index(call[0]))
        flat.extend(arguments)
    return flat


def unpacked(flat: Sequence[int], names: Sequence[str], width: int,
             arity: Sequence[int]) -> List[tuple]:
    """The calls of :func:`packed` back as tuples; ``arity[i]`` is how many
    arguments the method ``names[i]`` takes."""
    calls = []
    for start in range(0, len(flat), width):
        code = flat[start]
        calls.append((names[code],) + tuple(flat[start + 1:start + 1 + arity[code]]))
    return calls
