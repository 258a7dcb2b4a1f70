"""Collection rules for the whole project (tests/conftest.py holds the
Hypothesis profiles).

``--doctest-modules`` (see pyproject.toml) imports every module it is shown
to look for examples, so two kinds of module are kept from it:

* ``dsa/native``, whose modules load the compiled C twins when imported: on
  a machine where they were not built (no C compiler) they are left out, and
  ``tests/`` then skips the twins' own tests and says why;
* everything in ``dsa/practice`` but its tests: learners' stubs, reference
  solutions and the graders' corpus of submissions (some of which change
  the interpreter on import, raising the recursion limit for one) are run
  by the graders in processes of their own, never imported here.
"""

from __future__ import annotations

from pathlib import Path

import dsa.native

ROOT = Path(__file__).resolve().parent
PRACTICE = ROOT / "dsa" / "practice"

collect_ignore_glob = [] if dsa.native.available else ["dsa/native/*.py"]


def pytest_ignore_collect(collection_path: Path, config) -> bool | None:
    if collection_path.suffix != ".py" or PRACTICE not in collection_path.parents:
        return None
    name = collection_path.name
    if name == "conftest.py" or name.startswith("test_") or name.endswith("_test.py"):
        return None
    return True
