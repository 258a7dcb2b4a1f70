"""The supervisor's end of a worker: start it, ask it, time it, end it.

A :class:`Worker` is one worker process (:mod:`dsa.practice.worker`) seen
from the supervisor.  :meth:`Worker.ask` sends one request and waits for
its answer with a deadline; the time it reports is measured here, in the
supervisor, from the request written to the answer read, so nothing the
learner's code does can make its solution look faster.  Every request
carries a fresh random nonce that the answer must repeat: bytes the
learner's code writes to the channel itself do not pass as an answer.  The
nonce is the answer's last key, checked before the answer is read, and a
learner's answer is at most :data:`~dsa.practice.wire.ANSWER_LIMIT` bytes
long, so that a forged frame costs the supervisor neither minutes nor
gigabytes.

When a worker misses its deadline, dies, or answers something that is not
an answer, :meth:`ask` raises :class:`WorkerLost` saying which, and the
worker (with everything it started) is ended.
"""

from __future__ import annotations

import os
import secrets
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Dict, IO, List, Optional, Sequence, Tuple

import dsa

from . import wire
from .jail import JailConfig, spawn

__all__ = ["Worker", "WorkerLost", "DRAIN_LIMIT"]

#: Bytes of a worker's raw output (written past ``sys.stdout``) kept.
DRAIN_LIMIT = 8192


class WorkerLost(Exception):
    """The worker did not answer: ``why`` is "timeout", "died" or "forged"."""

    def __init__(self, why: str, detail: str = "", returncode: Optional[int] = None) -> None:
        super().__init__(f"{why}: {detail}" if detail else why)
        self.why = why
        self.detail = detail
        self.returncode = returncode


class _Drain(threading.Thread):
    """Reads a pipe to its end, keeping the first ``limit`` bytes."""

    def __init__(self, stream: IO[bytes], limit: int = DRAIN_LIMIT) -> None:
        super().__init__(daemon=True, name="dsa-practice-drain")
        self.stream = stream
        self.limit = limit
        self.kept = bytearray()
        self.dropped = 0

    def run(self) -> None:
        fd = self.stream.fileno()
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            room = self.limit - len(self.kept)
            if room > 0:
                self.kept += chunk[:room]
            self.dropped += max(0, len(chunk) - max(room, 0))

    def take(self) -> Tuple[str, int]:
        """The output kept so far (cleared) and how much was dropped."""
        text = bytes(self.kept).decode("utf-8", errors="replace")
        dropped = self.dropped
        self.kept.clear()
        self.dropped = 0
        return text, dropped


def package_root() -> str:
    """The folder holding the ``dsa`` package the supervisor runs."""
    return str(Path(dsa.__file__).resolve().parents[1])


def worker_env(home: str, scratch: str) -> Dict[str, str]:
    """The environment of a worker: this one, with the package first on the
    path, and a home and temporary folder of its own under ``scratch``."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("DSA_PRACTICE_", "PYTEST_", "COV_"))}
    rest = env.get("PYTHONPATH")
    env["PYTHONPATH"] = package_root() + (os.pathsep + rest if rest else "")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["PYTHONIOENCODING"] = "utf-8"
    env["PYTHONHASHSEED"] = env.get("PYTHONHASHSEED", "0")
    env["HOME"] = home
    env["TMPDIR"] = scratch
    env["XDG_DATA_HOME"] = os.path.join(home, ".local", "share")
    env["XDG_CONFIG_HOME"] = os.path.join(home, ".config")
    env["XDG_CACHE_HOME"] = os.path.join(home, ".cache")
    return env


class Worker:
    """One worker process and its channel."""

    def __init__(self, role: str, problem_home: str, file: str, *, scratch: str,
                 hide: Sequence[str] = (), jail: bool = True,
                 answer_limit: int = wire.MAX_FRAME) -> None:
        self.role = role
        self.scratch = scratch
        #: The longest answer read; a longer frame is forged.
        self.answer_limit = answer_limit
        home = os.path.join(scratch, "home")
        os.makedirs(home, exist_ok=True)
        to_worker_r, to_worker_w = os.pipe()
        from_worker_r, from_worker_w = os.pipe()
        command = [sys.executable, "-c", "from dsa.practice.worker import main; main()",
                   role, problem_home, file, "--fds", f"{to_worker_r},{from_worker_w}",
                   "--scratch", scratch]
        for folder in hide:
            command += ["--hide", folder]
        env = worker_env(home, scratch)
        try:
            if jail:
                self.process = spawn(command, JailConfig(hide=list(hide), writable=[scratch]),
                                     cwd=scratch,
                                     env=env, pass_fds=(to_worker_r, from_worker_w))
            else:
                env["DSA_PRACTICE_JAIL"] = "none"
                self.process = subprocess.Popen(
                    command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                    stderr=subprocess.STDOUT, cwd=scratch, env=env,
                    pass_fds=(to_worker_r, from_worker_w), start_new_session=True)
        finally:
            os.close(to_worker_r)
            os.close(from_worker_w)
        self._out = to_worker_w
        self._in = from_worker_r
        self._buffer = bytearray()
        assert self.process.stdout is not None
        self.drain = _Drain(self.process.stdout)
        self.drain.start()
        self.closed = False
        #: The jail mode the worker reported ("namespaces", "process group").
        self.mode = "unknown"

    # -- asking ---------------------------------------------------------------

    def ask(self, message: Dict[str, Any], timeout: float) -> Tuple[Dict[str, Any], float]:
        """Send ``message``; its answer and the seconds it took.

        Raises :class:`WorkerLost` (and ends the worker) when no valid answer
        comes within ``timeout`` seconds.
        """
        if self.closed:
            raise WorkerLost("died", "the worker has already ended")
        nonce = secrets.token_hex(16)
        frame = wire.encode({**message, "nonce": nonce})
        started = time.perf_counter()
        try:
            view = memoryview(frame)
            while view:
                view = view[os.write(self._out, view):]
        except (BrokenPipeError, OSError):
            self.end()
            raise WorkerLost("died", returncode=self.process.returncode) from None
        try:
            answer = self._receive(started + timeout, nonce)
        except WorkerLost:
            self.end()
            raise
        seconds = time.perf_counter() - started
        if answer.get("nonce") != nonce:
            self.end()
            raise WorkerLost("forged", "an answer without the request's nonce")
        return answer, seconds

    def _receive(self, deadline: float, nonce: str) -> Dict[str, Any]:
        header = self._read(4, deadline)
        length = int.from_bytes(header, "big")
        if length > self.answer_limit:
            raise WorkerLost("forged", f"a frame of {length:,} bytes")
        body = self._read(length, deadline)
        if not body.endswith(wire.nonce_suffix(nonce)):
            raise WorkerLost("forged", "an answer without the request's nonce")
        try:
            return wire.decode(body)
        except wire.WireError as exc:
            raise WorkerLost("forged", str(exc)) from None

    def _read(self, count: int, deadline: float) -> bytes:
        while len(self._buffer) < count:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise WorkerLost("timeout")
            ready, _, _ = select.select([self._in], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(self._in, 1 << 20)
            except OSError:
                chunk = b""
            if not chunk:
                code = self._wait_briefly()
                raise WorkerLost("died", returncode=code)
            self._buffer += chunk
        data = bytes(self._buffer[:count])
        del self._buffer[:count]
        return data

    def _wait_briefly(self) -> Optional[int]:
        try:
            return self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return None

    # -- ending ---------------------------------------------------------------

    def output(self) -> Tuple[str, int]:
        """Raw output the worker wrote past ``sys.stdout`` since last asked."""
        return self.drain.take()

    def end(self) -> None:
        """End the worker and everything it started; idempotent."""
        if self.closed:
            return
        self.closed = True
        for fd in (self._out, self._in):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError, OSError):
            pass
        try:
            self.process.kill()
        except OSError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        self.drain.join(timeout=2)
        if self.process.stdout is not None:
            self.process.stdout.close()

    def quit(self) -> None:
        """Ask the worker to leave, then end it."""
        if not self.closed:
            try:
                wire.send(self._out, {"op": "quit", "nonce": ""})
            except OSError:
                pass
        self.end()

    def __enter__(self) -> "Worker":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.quit()
