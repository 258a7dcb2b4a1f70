"""Collection rules for the whole project (tests/conftest.py holds the
Hypothesis profiles).

``--doctest-modules`` imports every module under ``dsa/``.  The modules of
``dsa/native`` load the compiled C twins when imported, so on a machine where
they were not built (no C compiler) they are left out; ``tests/`` then skips
the twins' own tests and says why.
"""

import dsa.native

collect_ignore_glob = [] if dsa.native.available else ["dsa/native/*.py"]
