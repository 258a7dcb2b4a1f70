"""Build hooks that pyproject.toml cannot express.

* The C twins: two optional cffi extensions (see native/build_cffi.py).  A
  machine without a C compiler still gets a working pure-Python install,
  with a warning at build time and a record of what failed.
* The lesson texts: ``lessons/*.md`` at the top of the project are copied into
  the package as ``dsa/lessons/texts/`` so that a wheel carries them.
"""

import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "native"))

import build_cffi  # noqa: E402  (lives in native/, found through sys.path)


class BuildPyWithLessons(build_py):
    """build_py that also ships the lesson texts inside the package."""

    def run(self):
        super().run()
        target = Path(self.build_lib) / "dsa" / "lessons" / "texts"
        target.mkdir(parents=True, exist_ok=True)
        for text in sorted((ROOT / "lessons").glob("*.md")):
            shutil.copy2(text, target / text.name)


setup(
    ext_modules=build_cffi.extensions(),
    cmdclass={"build_py": BuildPyWithLessons,
              "build_ext": build_cffi.build_ext_class()},
)
