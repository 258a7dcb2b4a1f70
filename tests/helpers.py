"""What the tests share: running ``python -m MODULE`` the way a learner does,
from the project folder; reading rich's wrapped output; and :func:`outcome`,
the one way a test compares what two implementations did."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any, Callable, Optional, Tuple, Type, Union

# The practice tests' environment for a child (the package first on its
# path) is the one every test gives a child.
from dsa.practice.tests.support import child_env

ROOT = Path(__file__).resolve().parents[1]


def run_module(module: str, *args: str, env: dict | None = None,
               cwd: Path = ROOT, timeout: float = 180
               ) -> subprocess.CompletedProcess:
    """Run ``python -m module args...`` with no terminal; capture its output."""
    return subprocess.run([sys.executable, "-m", module, *args], cwd=cwd,
                          env=env or child_env(), stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=timeout)


def run_bench(*args: str, env: dict | None = None
              ) -> subprocess.CompletedProcess:
    """``python -m dsa.bench args...``, with ``env`` added to this
    environment."""
    return run_module("dsa.bench", *args, env=child_env(**(env or {})),
                      timeout=120)


def quick_bench_json(name: str, cache_dir: Optional[Path] = None) -> dict:
    """The JSON report of ``python -m dsa.bench NAME --quick --repeat 2``
    (its C++ programs compiled into ``cache_dir`` when given), which says
    what it ran."""
    import json

    env = {} if cache_dir is None else {"DSA_BENCH_CACHE_DIR": str(cache_dir)}
    result = run_bench(name, "--quick", "--json", "--repeat", "2", env=env)
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout)
    assert report["benchmark"] == name and report["quick"] is True
    assert report["repeat"] == 2
    return report


def quick_bench_table(name: str, cache_dir: Path, targets: int) -> str:
    """The table ``python -m dsa.bench NAME --quick --repeat 1`` prints, 120
    columns wide, which says it is quick and shows its ``targets`` targets,
    none checked."""
    result = run_bench(name, "--quick", "--repeat", "1",
                       env={"DSA_BENCH_CACHE_DIR": str(cache_dir),
                            "COLUMNS": "120"})
    assert result.returncode == 0, result.stderr
    assert "--quick" in result.stdout
    assert "targets" in result.stdout
    # Small sizes check nothing: every target is "not checked" (or N/A
    # when a row is missing), never PASS or FAIL.
    out = result.stdout
    assert "PASS" not in out and "FAIL" not in out
    verdicts = [line.split()[0] for line in out.splitlines()
                if line.startswith(("  not checked ", "  N/A "))]
    assert len(verdicts) == targets
    return out


def cpp_program(source: str, cache_dir: Path) -> Path:
    """The benchmark's C++ program ``source``, compiled into ``cache_dir``;
    the test is skipped where there is no g++."""
    import shutil

    import pytest

    from dsa.bench import cpp

    if shutil.which("g++") is None:
        pytest.skip("g++ not found")
    compiled = cpp.compile_program(source, cache=cache_dir)
    assert compiled.ok, compiled.error
    assert compiled.executable is not None
    return compiled.executable


def check_rows_measured(rows: dict, runs: int) -> None:
    """Every row of a report (``{key: row}`` from its JSON) is either
    skipped with a reason and no figures, or measured ``runs`` times with
    positive times."""
    for key, row in rows.items():
        if row["skipped"] is not None:
            assert isinstance(row["skipped"], str) and row["skipped"]
            assert row["median_s"] is None
            continue
        assert row["median_s"] > 0, key
        assert row["per_op_ns"] > 0, key
        assert len(row["runs_s"]) == runs, key
        assert all(t > 0 for t in row["runs_s"]), key
        assert row["ratio"] is None or row["ratio"] > 0, key
        assert row["n"] > 0


def flat(text: str) -> str:
    """The output with every run of whitespace made one space (rich wraps lines)."""
    return " ".join(text.split())


def column_text(out: str, header: str) -> str:
    """The text of a table's last column, ``header``, read down the table
    and made one line with :func:`flat`: what its cells say however the
    column wrapped them."""
    lines = out.splitlines()
    top = next(i for i, line in enumerate(lines) if header in line)
    start = lines[top].index(header)
    column = []
    for line in lines[top + 2:]:                # past the header and its rule
        if not line.strip():
            break
        column.append(line[start:])
    return flat("\n".join(column))


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



def check_iterator_pickles_like(it: Any, rit: Any) -> None:
    """An iterator part-way through pickles to the items its reference
    iterator ``rit`` has left, pickling moves neither, and both run out
    together."""
    import pickle
    from operator import length_hint

    assert (list(pickle.loads(pickle.dumps(it)))
            == list(pickle.loads(pickle.dumps(rit))))
    assert list(it) == list(rit)                 # pickling did not move it
    assert length_hint(it) == length_hint(rit) == 0


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


def hammer(step: Callable[[int, Any, list, list], None], *,
           seconds: float = 1.0, seeds: range = range(4)
           ) -> tuple[list[BaseException], list]:
    """Call ``step(seed, rng, added, removed)`` over and over for
    ``seconds``, in a thread per seed, all at once (:func:`run_threads`):
    each thread with its own ``random.Random(seed)`` and its own lists of
    the items it added and removed.  What the threads raised, and their
    ``(added, removed)`` logs for :func:`net_counts`."""
    import random
    import time

    deadline = time.monotonic() + seconds
    logs: list = []

    def worker(seed: int) -> None:
        rng = random.Random(seed)
        added: list = []
        removed: list = []
        logs.append((added, removed))
        while time.monotonic() < deadline:
            step(seed, rng, added, removed)

    return run_threads(worker, seeds), logs


def numbered_step(ops: int, step: Callable[[Any, int, int, list, list], None]
                  ) -> Callable[[int, Any, list, list], None]:
    """A step for :func:`hammer` that draws an operation number below
    ``ops`` and a value in [-1000, 1000), then calls
    ``step(rng, op, value, added, removed)``: the draw the thread tests of
    the deque and the heap share, written once."""
    def drawn(seed: int, rng: Any, added: list, removed: list) -> None:
        op = rng.randrange(ops)
        value = rng.randrange(-1000, 1000)
        step(rng, op, value, added, removed)
    return drawn


def check_hammered(structure: Any, initial: Any,
                   step: Callable[[int, Any, list, list], None],
                   **options: Any) -> None:
    """Hammer ``structure`` with ``step`` (:func:`hammer`, which takes the
    ``options``), then check that no thread raised, that the structure's
    invariants hold, and that it holds the ``initial`` items changed by
    what the threads logged (:func:`net_counts`), in any order."""
    import collections

    errors, logs = hammer(step, **options)
    assert not errors, errors
    structure.check_invariants()
    assert net_counts(initial, logs) == collections.Counter(structure.to_list())


# -- the lessons' tests ---------------------------------------------------------

def check_lesson_listed(name: str) -> None:
    """The lesson ``name`` is found, and ``python -m dsa.lessons`` lists it."""
    import dsa.lessons as lessons

    info = lessons.find(name)
    assert info is not None and info.module == f"dsa.lessons.{name}"
    result = run_module("dsa.lessons")
    assert result.returncode == 0, result.stderr
    assert name in result.stdout and info.summary[:30] in result.stdout


def quick_lesson(name: str) -> str:
    """What ``python -m dsa.lessons NAME --quick`` prints, 120 columns wide."""
    result = run_module("dsa.lessons", name, "--quick", "--no-pause",
                        "--width", "120")
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def check_quick_run(out: str, figures: tuple[str, ...],
                    titles: tuple[str, ...]) -> None:
    """A quick lesson's output shows the published machine and ``figures``
    beside what it measured now, every title of ``titles``, and its closing
    summary."""
    assert "quick mode" in out and "measured now" in out and "published" in out
    assert "i5-9400F" in out
    for figure in figures:
        assert figure in out, figure
    for title in titles:
        assert title in out, title
    assert "What this run checked" in out
    assert "This run took" in out


def check_suspect_figure(out: str) -> None:
    """The lesson works out the bandwidth the published 25,434 ns would need
    (8 MB of pointers, 1,000,000 of 8 bytes) and says to handle it with care."""
    out = flat(out)
    needed = 8 * 1_000_000 / 25_434e-9 / 1e9         # computed here
    assert round(needed) == 315
    assert f"about {needed:.0f} GB/s" in out
    assert "Handle with care" in out


def lesson_context(*, width: int = 100, quick: bool = False, **shared: Any) -> Any:
    """A lesson's context that prints into a string, ``width`` columns wide,
    with ``shared`` already holding the figures a claim reads."""
    import io

    from rich.console import Console

    from dsa.lessons import runner

    context = runner.Context(console=Console(file=io.StringIO(), width=width),
                             quick=quick)
    context.shared.update(shared)
    return context


def marker_names(lesson: str, kind: str) -> set:
    """The names of lesson ``lesson``'s markers of one ``kind`` ("experiment",
    "animation", "claim", ...), as its text asks for them."""
    from dsa.lessons import runner

    parsed = runner.parse(runner.load_text(lesson))
    return {name for marker_kind, name in parsed.markers() if marker_kind == kind}


def claim_texts(lesson: str, claim: str) -> Any:
    """What lesson ``lesson`` says for claim ``claim``, one text a verdict."""
    from dsa.lessons import runner

    return runner.parse(runner.load_text(lesson)).claims[claim]


def lesson_without_c(monkeypatch: Any, name: str,
                     steps: Optional[list[int]] = None) -> str:
    """Run ``steps`` of lesson ``name`` (all of them by default), quick,
    with the C twins forced off; its output, flattened, once it said
    plainly what it skipped."""
    import io

    from rich.console import Console

    import dsa.lessons as lessons
    import dsa.native
    from dsa.lessons import runner

    monkeypatch.setattr(dsa.native, "available", False)
    monkeypatch.setattr(dsa.native, "why_unavailable",
                        "forced off by the test", raising=False)
    console = Console(file=io.StringIO(), width=120, record=True)
    info = lessons.find(name)
    status = runner.run(info, quick=True, pause=False, console=console,
                        steps=steps)
    out = flat(console.export_text())
    assert status == 0
    assert "C twins missing" in out and "forced off by the test" in out
    assert "Skipped" in out
    return out


def check_bench_listed(name: str) -> None:
    """The benchmark ``name`` is registered, and ``python -m dsa.bench``
    lists it."""
    from dsa.bench import REGISTRY

    assert name in REGISTRY and REGISTRY[name].module == f"dsa.bench.{name}"
    result = run_module("dsa.bench")
    assert result.returncode == 0, result.stderr
    assert name in result.stdout.split()
