"""The README's examples are run as doctests, so they stay true."""

import doctest
import re
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


def test_distribution_name_is_our_own_and_the_readme_names_it():
    pyproject = (README.parent / "pyproject.toml").read_text()
    match = re.search(r'^name = "([^"]+)"$', pyproject, re.M)
    assert match is not None
    name = match.group(1)
    # "dsa" on PyPI is another project: ours must not be installed by it.
    assert name != "dsa"
    assert f"pip install {name}" in README.read_text()
