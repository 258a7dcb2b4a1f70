"""What a Python user expects of the package itself: type information
shipped, and the examples in the docstrings run by the test suite."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_py_typed_marker_exists_and_is_package_data():
    assert (ROOT / "dsa" / "py.typed").is_file()
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert '"dsa" = ["py.typed"]' in pyproject


def test_module_doctests_are_collected_by_the_default_run():
    # The project's pytest configuration alone (no extra options) must turn
    # the docstring examples of dsa/heap.py into test items.
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q",
         "-p", "no:cacheprovider", "dsa/heap.py"],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    import doctest
    import dsa.heap
    with_examples = [t.name for t in doctest.DocTestFinder().find(dsa.heap) if t.examples]
    assert with_examples
    for name in with_examples:
        assert f"dsa/heap.py::{name}" in out.stdout, name


def test_doctest_collection_imports_no_practice_submission():
    # The graders' corpus holds submissions that change the interpreter when
    # imported (one raises the recursion limit); collecting must not run them.
    code = ("import sys, pytest\n"
            "before = sys.getrecursionlimit()\n"
            "pytest.main(['--collect-only', '-q', '-p', 'no:cacheprovider', "
            "'dsa/practice'])\n"
            "print('limit', before, sys.getrecursionlimit())\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    items = [line for line in out.stdout.splitlines() if "::" in line]
    assert items
    assert all(line.startswith("dsa/practice/tests/test_") for line in items)
    before, after = out.stdout.split("limit ")[-1].split()
    assert before == after
