"""The learner's worker watches the learner's code from the inside.

The jail (:mod:`dsa.practice.jail`) keeps the learner's process away from
the supervisor.  Inside that process the worker still has things to
protect: the channel back to the supervisor, its own code, and the evidence
it gathers (a forbidden function called, an input changed, memory used).
Python cannot fully sandbox Python, so this module does what can be done
cheaply and says what it does:

* An **audit hook** (:pep:`578`), which Python code cannot remove once it is
  added, sees every import, file opening, process start, signal, trace
  function and garbage-collector query.  While the learner's code runs
  (the *learner phase*) it refuses: importing the reference solutions, the
  grader's own modules, ``ctypes`` or ``cffi`` (raw memory would undo every
  other guard); opening a file for writing outside the scratch folder, or
  for reading inside a hidden folder; starting a process; signalling
  another process; ``sys.settrace``/``sys.setprofile``; listing every
  object or every thread's frame (``gc.get_objects``,
  ``sys._current_frames``).
* **Tripwires** replace forbidden functions (``heapq.nlargest``) in their
  modules with functions that record the use and raise
  :class:`RuleBroken`.  The record goes through the
  audit hook into state only the hook can see, so catching the exception
  hides nothing.
* An **integrity check** compares, after every trial, the namespaces of the
  grader's modules (and of ``builtins``, ``json``, ``tracemalloc``...) and
  the classes they define with a copy taken before the learner's file was
  loaded: replacing ``len`` or a grader helper is a broken rule, not a pass.

Everything the supervisor relies on is also checked outside this process
(answers, timing); what only this process can see (memory, an input changed
and restored) is as trustworthy as these guards, and the closing words of
:mod:`dsa.practice.grader` list the known ways around them.
"""

from __future__ import annotations

import importlib
import os
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

__all__ = ["Guard", "RuleBroken", "install", "EVENT"]

#: The audit event through which tripwires and watches report.
EVENT = "dsa.practice.evidence"

#: Imports refused in the learner phase (a module, or anything inside it).
BLOCKED_IMPORTS = ("ctypes", "_ctypes", "cffi", "_cffi_backend", "dsa._native",
                   "dsa.native", "_tracemalloc", "dsa.practice.solutions",
                   "dsa.practice.grader", "dsa.practice.worker", "dsa.practice.guard",
                   "dsa.practice.harness", "dsa.practice.channel", "dsa.practice.jail",
                   "dsa.practice.sandbox", "dsa.practice.tests", "_posixsubprocess",
                   "multiprocessing", "concurrent.futures.process")

#: Events refused outright in the learner phase, with the reason shown.
BLOCKED_EVENTS = {
    "os.fork": "starting a process",
    "os.forkpty": "starting a process",
    "os.posix_spawn": "starting a process",
    "os.spawn": "starting a process",
    "os.exec": "starting a program",
    "os.system": "starting a program",
    "subprocess.Popen": "starting a program",
    "pty.spawn": "starting a program",
    "sys.settrace": "installing a trace function",
    "sys.setprofile": "installing a profile function",
    "sys._current_frames": "reading other threads' frames",
    "sys._current_exceptions": "reading other threads' frames",
    "gc.get_objects": "listing every object in the process",
    "gc.get_referrers": "searching objects by what refers to them",
    "gc.get_referents": "walking the garbage collector's graph",
    "sys.monitoring.register_callback": "installing a monitoring callback",
    "socket.__new__": "opening a network socket",
    "mmap.__new__": "mapping memory",
}

#: Events that change a path: refused outside the scratch folder.
PATH_EVENTS = ("os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.chmod", "os.chown",
               "os.link", "os.symlink", "os.truncate", "os.utime", "os.chflags",
               "os.lchflags", "os.lchmod", "os.setxattr", "os.removexattr", "shutil.rmtree",
               "shutil.copyfile", "shutil.move", "shutil.copymode", "shutil.copystat")

#: Modules whose namespaces the integrity check keeps a copy of, besides
#: every ``dsa`` module loaded before the learner's file.
WATCHED_MODULES = ("builtins", "json", "json.encoder", "json.decoder", "os", "posix",
                   "tracemalloc", "threading", "_thread", "struct", "math", "types",
                   "traceback", "linecache", "operator", "functools", "itertools",
                   "heapq", "_heapq", "collections", "_collections", "bisect", "_bisect")

#: Write flags of ``os.open``.
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND


class Refused(PermissionError):
    """What the audit hook raises for a refused action."""


class RuleBroken(BaseException):
    """The learner's code broke a rule of the statement.

    A BaseException, so that ``except Exception`` in the learner's code does
    not swallow it; and the use is recorded as evidence anyway, so neither
    does ``except BaseException``.  A problem's ``run`` raises it too, when
    it sees a rule broken (values moved where nodes had to be relinked).
    """


@dataclass
class _State:
    """Everything the hook knows; reachable only through its closure."""

    scratch: str
    hidden: Tuple[str, ...]
    learner: bool = False
    busy: bool = False
    evidence: List[Tuple[str, Any]] = field(default_factory=list)


def _under(path: str, folders: Sequence[str]) -> bool:
    return any(path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)
               for folder in folders)


def _real(path: Any) -> Optional[str]:
    """An absolute, symlink-free path for an audit argument, or None (an fd)."""
    if isinstance(path, int):
        return None
    try:
        return os.path.realpath(os.fsdecode(path))
    except (TypeError, ValueError):
        return None


class Guard:
    """The worker's handle on the hook: switch phases, collect evidence.

    Only the worker's main thread holds it.
    """

    def __init__(self, state: _State, snapshot: Callable[[], List[str]]) -> None:
        self._state = state
        self._changes = snapshot

    def learner_phase(self, on: bool) -> None:
        """Enter (True) or leave (False) the phase in which the rules apply."""
        self._state.learner = on

    def take_evidence(self) -> List[Tuple[str, Any]]:
        """What was reported since the last call: ``(kind, detail)`` pairs."""
        found = list(self._state.evidence)
        self._state.evidence.clear()
        return found

    def changed(self) -> List[str]:
        """Names of grader objects changed since the learner's file loaded."""
        return self._changes()


def install(*, scratch: str, hidden: Sequence[str], tripwires: Sequence[str] = (),
            watched: Sequence[str] = (), trusted_code: Sequence[Any] = ()) -> Guard:
    """Add the audit hook, set the tripwires, copy the namespaces to watch.

    ``scratch`` is the one folder the learner's code may write in;
    ``hidden`` are folders it may not read; ``tripwires`` are dotted names
    (``"heapq.nlargest"``) to replace; ``watched`` are extra modules for the
    integrity check; ``trusted_code`` are code objects of the worker's own
    functions that may install a trace function during the learner phase
    (the watch of ``keep_input``).
    """
    state = _State(scratch=os.path.realpath(scratch),
                   hidden=tuple(os.path.realpath(h) for h in hidden))
    trapped_files = []
    swapped: List[Tuple[Any, Any]] = []
    for name in tripwires:
        trapped_files += _set_tripwire(name, swapped)
    _replace_aliases(swapped)
    refuse = _make_policy(state, tuple(trapped_files), frozenset(trusted_code))

    def hook(event: str, args: Tuple[Any, ...]) -> None:
        if event == EVENT:  # evidence, from a tripwire or a watch
            if len(args) == 2 and isinstance(args[0], str):
                state.evidence.append((args[0], args[1]))
            return
        if not state.learner or state.busy:
            return
        state.busy = True  # the policy itself may trigger events
        try:
            reason = refuse(event, args)
        finally:
            state.busy = False
        if reason is not None:
            state.evidence.append(("refused", reason))
            raise Refused(f"not allowed while your code is graded: {reason}")

    sys.addaudithook(hook)
    snapshot = _namespace_watch(tuple(watched))
    return Guard(state, snapshot)


def _make_policy(state: _State, trapped_files: Tuple[str, ...], trusted_code: Any
                 ) -> Callable[[str, Tuple[Any, ...]], Optional[str]]:
    """The function deciding, for one event, the reason to refuse it (or None).

    ``trapped_files`` are the source files of modules holding tripwires:
    running their code again (``importlib.reload``) would bring the
    forbidden functions back.
    """
    own_pid = os.getpid()
    getframe = sys._getframe

    def refuse(event: str, args: Tuple[Any, ...]) -> Optional[str]:
        if event == "sys.settrace" and trusted_code:
            # Frames: 0 this function, 1 the hook, 2 whoever called settrace.
            try:
                if getframe(2).f_code in trusted_code:
                    return None
            except ValueError:
                pass
        if event in BLOCKED_EVENTS:
            return BLOCKED_EVENTS[event]
        if event == "import":
            name = str(args[0]) if args else ""
            for blocked in BLOCKED_IMPORTS:
                if name == blocked or name.startswith(blocked + "."):
                    return f"importing {name}"
            return None
        if event == "open":
            path = _real(args[0]) if args else None
            if path is None:
                return None
            mode = args[1] if len(args) > 1 else "r"
            flags = args[2] if len(args) > 2 and isinstance(args[2], int) else 0
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or \
                bool(flags & _WRITE_FLAGS)
            if _under(path, state.hidden):
                return f"opening {path}"
            if writing and not _under(path, (state.scratch,)):
                return f"writing to {path} (only the current folder may be written)"
            return None
        if event in PATH_EVENTS:
            for argument in args[:2]:
                path = _real(argument)
                if path is not None and not _under(path, (state.scratch,)):
                    return f"changing {path}"
            return None
        if event in ("os.kill", "os.killpg", "signal.pthread_kill"):
            target = args[0] if args else None
            if event == "os.kill" and target == own_pid:
                return None
            return "signalling another process"
        if event == "exec" and args:
            code = args[0]
            filename = getattr(code, "co_filename", None)
            if isinstance(filename, str) and _real(filename) in trapped_files:
                return f"running {os.path.basename(filename)} again"
            return None
        if event == "object.__setattr__" and len(args) >= 2:
            target, name = args[0], args[1]
            if callable(target) and name in ("__code__", "__defaults__", "__kwdefaults__"):
                module = getattr(target, "__module__", "") or ""
                if module.startswith("dsa.") or module in sys.builtin_module_names:
                    return f"changing the code of {getattr(target, '__qualname__', name)}"
        return None

    return refuse


# --------------------------------------------------------------------------
# Tripwires


def _set_tripwire(dotted: str, swapped: List[Tuple[Any, Any]]) -> List[str]:
    """Replace ``module.attribute`` with a function refusing to run; the
    module's source file, in a list (empty when it has none).  The pair
    (original, replacement) is added to ``swapped``.

    The module is imported here if it was not yet.  A name that does not
    exist (an attribute this Python lacks) is skipped.
    """
    parts = dotted.split(".")
    module: Any = None
    for cut in range(len(parts) - 1, 0, -1):  # the longest importable prefix
        try:
            module = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        owner: Any = module
        for name in parts[cut:-1]:  # a class inside the module
            owner = getattr(owner, name, None)
        break
    else:
        return []
    attribute = parts[-1]
    original = getattr(owner, attribute, None) if owner is not None else None
    if original is None:
        return []
    source = getattr(module, "__file__", None)
    files = [os.path.realpath(source)] if isinstance(source, str) else []
    shown = dotted
    audit = sys.audit
    broken = RuleBroken

    def tripwire(*args: Any, **kwargs: Any) -> Any:
        audit(EVENT, "forbidden", shown)
        raise broken(f"your code used {shown}, which this problem does not allow")

    tripwire.__name__ = attribute
    tripwire.__qualname__ = attribute
    tripwire.__doc__ = f"{shown} is not allowed in this problem."
    if isinstance(original, type):
        # A class: make a subclass whose construction trips, so isinstance
        # checks elsewhere keep working.
        try:
            trap = type(original.__name__, (original,), {
                "__new__": lambda cls, *a, **k: tripwire(),
                "__init__": lambda self, *a, **k: None,
                "__module__": original.__module__,
            })
        except TypeError:  # a final class
            return files
        setattr(owner, attribute, trap)
        swapped.append((original, trap))
        return files
    try:
        setattr(owner, attribute, tripwire)
    except (TypeError, AttributeError):  # a built-in type's method cannot be replaced
        return []
    swapped.append((original, tripwire))
    return files


def _replace_aliases(swapped: List[Tuple[Any, Any]]) -> None:
    """Every other module-level name for an original replaced by a tripwire
    gets the tripwire too: a module loaded before the tripwires were set may
    hold one of its own (``difflib`` does ``from heapq import nlargest as
    _nlargest``), and ``difflib._nlargest`` must trip as well."""
    replacement = {id(original): new for original, new in swapped}
    if not replacement:
        return
    for module in list(sys.modules.values()):
        namespace = getattr(module, "__dict__", None)
        if not isinstance(namespace, dict):
            continue
        for name, value in list(namespace.items()):
            new = replacement.get(id(value))
            if new is not None and new is not value:
                try:
                    namespace[name] = new
                except TypeError:
                    pass


# --------------------------------------------------------------------------
# Integrity


def _namespace_watch(extra: Tuple[str, ...]) -> Callable[[], List[str]]:
    """A function listing what changed in the watched namespaces since now."""
    names = sorted({name for name in sys.modules if name == "dsa" or name.startswith("dsa.")}
                   | set(WATCHED_MODULES) | set(extra))
    copies: List[Tuple[str, Dict[str, Any], Dict[str, Any]]] = []
    for name in names:
        module = sys.modules.get(name)
        if module is None:
            continue
        namespace = vars(module)
        copies.append((name, namespace, dict(namespace)))
        if not name.startswith("dsa"):
            continue
        for attribute, value in list(namespace.items()):
            if isinstance(value, type) and getattr(value, "__module__", None) == name:
                class_namespace = value.__dict__
                copies.append((f"{name}.{attribute}", class_namespace, dict(class_namespace)))

    def changes() -> List[str]:
        found: List[str] = []
        for shown, live, copy in copies:
            if len(live) != len(copy):
                gone = set(copy) - set(live)
                added = [key for key in set(live) - set(copy)
                         if key != "__warningregistry__"
                         and not isinstance(live[key], type(sys))]  # a submodule
                if gone or added:
                    found.append(f"{shown}.{sorted(gone or added)[0]}")
                    continue
            for key, value in copy.items():
                if live.get(key, _MISSING) is not value:
                    found.append(f"{shown}.{key}")
                    break
        return found

    return changes


_MISSING = object()
