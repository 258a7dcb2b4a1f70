"""What the command-line tests share: running ``python -m MODULE`` the way a
learner does, from the project folder, and reading rich's wrapped output."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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
