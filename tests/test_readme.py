"""The README's examples are run as doctests, so they stay true."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_run_as_written():
    result = doctest.testfile(str(README), module_relative=False,
                              optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 8
    assert result.failed == 0


def test_readme_quickstart_is_the_two_commands_ci_runs():
    text = README.read_text()
    ci = (README.parent / ".ci" / "run").read_text()
    install = 'pip install -e ".[test]" && python -m dsa.lessons heap'
    assert install in text and install in ci
    assert "\npython -m pytest\n" in text and "\npython -m pytest\n" in ci
