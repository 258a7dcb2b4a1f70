"""What the tests share: running ``python -m MODULE`` the way a learner does,
from the project folder; reading rich's wrapped output; and :func:`outcome`,
the one way a test compares what two implementations did."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable, Optional, Tuple, Type, Union

ROOT = Path(__file__).resolve().parents[1]


def child_env(**extra: str) -> dict:
    """This environment with the project first on PYTHONPATH, plus ``extra``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    env.update(extra)
    return env


def run_module(module: str, *args: str, env: dict | None = None,
               cwd: Path = ROOT, timeout: float = 180
               ) -> subprocess.CompletedProcess:
    """Run ``python -m module args...`` with no terminal; capture its output."""
    return subprocess.run([sys.executable, "-m", module, *args], cwd=cwd,
                          env=env or child_env(), stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=timeout)


def flat(text: str) -> str:
    """The output with every run of whitespace made one space (rich wraps lines)."""
    return " ".join(text.split())


def outcome(call: Callable[..., Any], *args: Any,
            shape: Optional[Callable[[Any], Any]] = None,
            words: Callable[[BaseException], Any] = str,
            catch: Union[Type[BaseException], Tuple[Type[BaseException], ...]] = Exception,
            ) -> tuple:
    """What ``call(*args)`` did, in a form two implementations can share.

    ``("ok", result)`` or ``("raised", exception type, words(exception))``:
    two outcomes are equal when both returned equal results, or both raised
    the same type with the same words.  ``shape`` turns a result into what
    can be compared (a deque into its items, say); ``words`` says what of an
    exception counts (its message by default; ``lambda e: None`` for the
    type alone); exceptions other than ``catch`` propagate.
    """
    try:
        result = call(*args)
    except catch as error:              # noqa: BLE001 - compared by the caller
        return ("raised", type(error), words(error))
    return ("ok", result if shape is None else shape(result))


class Reflects:
    """A right operand written in Python that takes up ``+`` and ``*``:
    a sequence must offer them to it before it says what is wrong."""

    def __radd__(self, other: Any) -> str:
        return "radd"

    def __rmul__(self, other: Any) -> str:
        return "rmul"


def in_place_times(seq: Any, n: Any) -> Any:
    """``seq *= n`` as an expression."""
    seq *= n
    return seq


# -- the C twins' tests -------------------------------------------------------

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1


def native_or_skip() -> Any:
    """``dsa.native``; or, when the C twins were not built, skip the whole
    test module that asks (call it at import time, before importing them)."""
    import pytest

    native = pytest.importorskip("dsa.native")
    if not native.available:
        pytest.skip(f"C twins not built: {native.why_unavailable}",
                    allow_module_level=True)
    return native


def run_threads(worker: Callable[[int], None], seeds: range = range(4)
                ) -> list[BaseException]:
    """Run ``worker(seed)`` for each seed, each in a thread of its own, all
    at once; what they raised (an empty list when nothing went wrong)."""
    import threading

    errors: list[BaseException] = []

    def guarded(seed: int) -> None:
        try:
            worker(seed)
        except BaseException as exc:      # reported by the calling thread
            errors.append(exc)

    threads = [threading.Thread(target=guarded, args=(seed,))
               for seed in seeds]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


def net_counts(initial: Any, logs: list) -> Any:
    """What a structure must hold once threads have changed it: the
    ``initial`` items, plus what each ``(added, removed)`` log added, less
    what it removed, as a Counter.  AssertionError if an item was removed
    more often than it was there."""
    import collections

    expected = collections.Counter(initial)
    for added, removed in logs:
        expected.update(added)
        expected.subtract(removed)
    assert all(count >= 0 for count in expected.values()), expected
    return +expected
