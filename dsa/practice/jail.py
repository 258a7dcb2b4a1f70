"""Starting the learner's worker where it cannot reach the grader.

The learner's file runs in a process of its own (the *worker*), and the
worker is started through a small launcher, ``python -m dsa.practice.jail``,
that puts it in a jail before it runs a line of the learner's code.  What
the jail gives depends on what the operating system allows:

**namespaces** (Linux with user namespaces, the common case)
    The launcher makes a new user, mount, PID and network namespace.  Inside
    it, the worker sees only its own processes: it cannot signal or trace
    the supervisor (``os.getppid()`` is 0 there), every process it starts
    dies with it, because ending the namespace's first process ends them
    all, and it has no network.  Folders the learner's code must not read
    or write (the reference solutions, the progress record) are covered by
    empty read-only file systems, every other mount but ``/proc`` and
    ``/sys`` is made read-only except the worker's scratch folder, and
    those mounts are locked: a second user namespace, in which the worker
    runs as an ordinary user, cannot unmount or remount them.  So even code
    that got round the worker's guards writes nowhere but its scratch
    folder.

**process group** (elsewhere, or where namespaces are switched off)
    The worker gets a session of its own and dies when the launcher dies,
    and the worker's own guards (:mod:`dsa.practice.guard`) refuse file
    writes outside its scratch folder, reading the reference solutions and
    starting processes.  The supervisor also restores the progress record
    if it changed.  A determined file can still find and signal the
    supervisor in this mode; the report says which mode ran.

Either way the supervisor holds the launcher's process and the two ends of
the channel: killing the launcher ends everything the learner's code
started, and a killed worker is a report, never a hang.

The layout, in namespace mode::

    supervisor ── launcher ──(fork)── init (PID 1) ──(fork)── worker (PID 2)
       │  pipes, length-framed JSON ─────────────────────────────┘

``init`` only waits: as PID 1 it ignores signals sent from inside the
namespace, so the learner's code can neither kill it nor escape its end.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

__all__ = ["JailConfig", "spawn", "MODE_NAMESPACES", "MODE_GROUP", "MODE_VARIABLE", "main"]

MODE_NAMESPACES = "namespaces"
MODE_GROUP = "process group"

#: The environment variable telling the worker which jail it is in.
MODE_VARIABLE = "DSA_PRACTICE_JAIL"

_CLONE_NEWNS = 0x00020000
_CLONE_NEWUSER = 0x10000000
_CLONE_NEWPID = 0x20000000
_CLONE_NEWNET = 0x40000000
_MS_RDONLY = 1
_MS_NOSUID = 2
_MS_NODEV = 4
_MS_NOEXEC = 8
_MS_REMOUNT = 32
_MS_BIND = 4096
_MS_REC = 0x4000
_MS_PRIVATE = 1 << 18
#: Mount options a remount must keep (the kernel locks them in a user
#: namespace), as they read in /proc/self/mountinfo.
_KEPT_OPTIONS = {"nosuid": 2, "nodev": 4, "noexec": 8, "noatime": 1024,
                 "nodiratime": 2048, "relatime": 1 << 21}
#: File systems left as they are: the kernel guards them by permission, and
#: the launcher still writes the namespace's id maps under /proc.
_LEFT_ALONE = ("/proc", "/sys")
_PR_SET_PDEATHSIG = 1


@dataclass
class JailConfig:
    """What the launcher needs to know: passed to it as JSON."""

    #: Folders to cover with an empty read-only file system.
    hide: List[str] = field(default_factory=list)
    #: The folders left writable; everything else is made read-only.
    writable: List[str] = field(default_factory=list)
    #: False to skip namespaces altogether (tests of the fallback).
    namespaces: bool = True

    def to_json(self) -> str:
        return json.dumps({"hide": self.hide, "writable": self.writable,
                           "namespaces": self.namespaces})

    @classmethod
    def from_json(cls, text: str) -> "JailConfig":
        data = json.loads(text)
        return cls(hide=[str(p) for p in data.get("hide", [])],
                   writable=[str(p) for p in data.get("writable", [])],
                   namespaces=bool(data.get("namespaces", True)))


def spawn(command: Sequence[str], config: JailConfig, *, cwd: str, env: Dict[str, str],
          pass_fds: Sequence[int]) -> "subprocess.Popen[bytes]":
    """Start ``command`` jailed; the launcher's Popen.

    The worker finds the mode it runs in in the environment variable
    :data:`MODE_VARIABLE`.  Standard output and error of everything inside
    come back on the Popen's ``stdout`` pipe.
    """
    launcher = [sys.executable, "-m", "dsa.practice.jail", config.to_json(), "--", *command]
    return subprocess.Popen(launcher, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, cwd=cwd, env=env,
                            pass_fds=tuple(pass_fds), start_new_session=True)


# --------------------------------------------------------------------------
# The launcher (runs in its own process)


def _libc():  # type: ignore[no-untyped-def]
    import ctypes
    import ctypes.util
    return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)


def _write(path: str, text: str) -> None:
    with open(path, "w", encoding="ascii") as handle:
        handle.write(text)


def _map_ids(inside_uid: int, outside_uid: int, inside_gid: int, outside_gid: int) -> None:
    """Map one user and one group into the namespace just made."""
    try:
        _write("/proc/self/setgroups", "deny")
    except OSError:
        pass  # kernels before 3.19 have no such file
    _write("/proc/self/uid_map", f"{inside_uid} {outside_uid} 1")
    _write("/proc/self/gid_map", f"{inside_gid} {outside_gid} 1")


def _mounts() -> List[Tuple[str, int]]:
    """Every mount point of this namespace, with the options a remount keeps."""
    found = []
    with open("/proc/self/mountinfo", encoding="utf-8", errors="replace") as handle:
        for line in handle:
            fields = line.split()
            if len(fields) < 6:
                continue
            point = re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), fields[4])
            flags = sum(_KEPT_OPTIONS.get(option, 0) for option in fields[5].split(","))
            found.append((point, flags))
    return found


def _read_only_but(writable: Sequence[str]) -> None:
    """Make every mount read-only except ``writable`` (bound onto themselves
    first, so that each is a mount of its own); best effort, mount by mount."""
    libc = _libc()
    here = os.getcwd()
    for folder in writable:
        if os.path.isdir(folder):
            libc.mount(os.fsencode(folder), os.fsencode(folder), None, _MS_BIND | _MS_REC, None)
    kept = {os.path.realpath(folder) for folder in writable}
    for point, flags in _mounts():
        if point in kept or any(point == top or point.startswith(top + "/")
                                for top in _LEFT_ALONE):
            continue
        libc.mount(None, os.fsencode(point), None,
                   _MS_REMOUNT | _MS_BIND | _MS_RDONLY | flags, None)
    os.chdir(here)  # through the new mount: the old one is read-only now


def _enter_namespaces(hide: Sequence[str], writable: Sequence[str] = ()) -> None:
    """Unshare, cover ``hide``, make all but ``writable`` read-only, lock the
    covers; raise OSError when refused."""
    libc = _libc()
    import ctypes

    def check(result: int, what: str) -> None:
        if result != 0:
            errno = ctypes.get_errno()
            raise OSError(errno, f"{what}: {os.strerror(errno)}")

    uid, gid = os.geteuid(), os.getegid()
    # 1. A namespace in which this process is root, to mount the covers.
    check(libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNS), "unshare")
    _map_ids(0, uid, 0, gid)
    check(libc.mount(None, b"/", None, _MS_REC | _MS_PRIVATE, None), "mount --make-rprivate")
    for folder in hide:
        if os.path.isdir(folder):
            check(libc.mount(b"tmpfs", os.fsencode(folder), b"tmpfs",
                             _MS_RDONLY | _MS_NOSUID | _MS_NODEV | _MS_NOEXEC, b"size=4k"),
                  f"covering {folder}")
    _read_only_but(writable)
    # 2. A namespace below it, as the ordinary user again: the covers came
    # from a more privileged namespace, so here they are locked in place.
    check(libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNS | _CLONE_NEWPID | _CLONE_NEWNET),
          "unshare")
    _map_ids(uid, 0, gid, 0)


def _die_with_parent() -> None:
    try:
        _libc().prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def _wait_for(pid: int) -> int:
    """Wait for ``pid``, reaping any orphan on the way; its exit code."""
    while True:
        try:
            done, status = os.waitpid(-1, 0)
        except ChildProcessError:
            return 1
        except InterruptedError:
            continue
        if done == pid:
            return os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") \
                else (status >> 8)


def _exec(command: Sequence[str], mode: str) -> None:
    try:
        os.environ[MODE_VARIABLE] = mode
        os.execv(command[0], list(command))
    finally:
        os._exit(127)


def _as_exit(code: int) -> int:
    """A child's exit code as our own: a signal N becomes 128 + N."""
    return 128 - code if code < 0 else code


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 3 or args[1] != "--":
        sys.stderr.write("usage: python -m dsa.practice.jail CONFIG -- COMMAND...\n")
        return 2
    config = JailConfig.from_json(args[0])
    command = args[2:]
    mode = MODE_GROUP
    if config.namespaces and sys.platform.startswith("linux"):
        try:
            _enter_namespaces(config.hide, config.writable)
            mode = MODE_NAMESPACES
        except (OSError, AttributeError):
            mode = MODE_GROUP
    if mode == MODE_NAMESPACES:
        init = os.fork()
        if init == 0:  # PID 1 of the new namespace
            _die_with_parent()
            try:
                libc = _libc()
                libc.mount(b"proc", b"/proc", b"proc", _MS_NOSUID | _MS_NODEV | _MS_NOEXEC, None)
            except OSError:
                pass
            worker = os.fork()
            if worker == 0:
                os.setsid()
                _die_with_parent()
                _exec(command, mode)
            os._exit(_as_exit(_wait_for(worker)))
        return _as_exit(_wait_for(init))
    worker = os.fork()
    if worker == 0:
        os.setsid()
        _die_with_parent()
        _exec(command, mode)
    return _as_exit(_wait_for(worker))


if __name__ == "__main__":
    sys.exit(main())
