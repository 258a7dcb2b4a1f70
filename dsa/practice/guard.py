"""The learner's worker watches the learner's code from the inside.

The jail (:mod:`dsa.practice.jail`) keeps the learner's process away from
the supervisor.  Inside that process the worker still has things to
protect: the channel back to the supervisor, its own code, and the evidence
it gathers (a forbidden function called, an input changed, memory used).
Python cannot fully sandbox Python, so this module does what can be done
cheaply and says what it does:

* An **audit hook** (:pep:`578`), which Python code cannot remove once it is
  added, sees every import, file opening, process start, signal, trace
  function and garbage-collector query.  From the moment the learner's code
  first runs (the *learner phase*) it refuses, in every thread and for as
  long as the worker lives (the learner's code also runs in the worker's
  own thread, later: a ``__del__``, a ``__str__`` or ``__getattr__`` the
  worker calls, a weakref callback): importing the reference solutions, the
  grader's own modules, ``ctypes`` or ``cffi`` (raw memory would undo every
  other guard), subinterpreters and the C test modules (a subinterpreter
  has no audit hook), ``readline``; opening a file for writing outside the
  scratch folder, for reading inside a hidden folder, or another process's
  files under ``/proc``; a folder's descriptor outside the scratch folder
  (a ``dir_fd``); starting a process; signalling another process;
  ``sys.settrace``/``sys.setprofile``; another audit hook; a database
  (``sqlite3`` writes where it is told); listing every object or every
  thread's frame (``gc.get_objects``, ``sys._current_frames``); in the
  worker's own thread any frame at all, and elsewhere a frame from which
  the worker's loop can be reached.  Its switch lives in its own closure:
  nothing turns the phase off.
* **Refusals** replace the functions that raise no audit event
  (``_thread.start_new_thread``, ``_posixsubprocess.fork_exec``,
  ``os.mkfifo``, ``signal.signal``, tracemalloc's switches...) with ones
  that refuse, under every name any loaded module gives them; and a second
  copy of a built-in module (``importlib.util.module_from_spec``), which
  would hold the originals, is refused too.
* **Tripwires** replace forbidden functions (``heapq.nlargest``) under every
  name a loaded module gives them (``difflib._nlargest``) with functions
  that record the use and raise :class:`RuleBroken`.  The record goes
  through the audit hook, so catching the exception hides nothing.
* The **memory measurement** is kept by the hook too (:meth:`Guard.measure`):
  tracemalloc's functions are out of the learner's reach, and starting the
  measurement again from inside a call cannot hide what the call used.
* An **integrity check** compares, after every trial, the namespaces of the
  grader's modules (and of ``builtins``, ``json``, ``tracemalloc``...) and
  the classes they define with a copy taken before the learner's file was
  loaded: replacing ``len`` or a grader helper is a broken rule, not a pass.

Everything the supervisor relies on is also checked outside this process
(answers, timing); what only this process can see (memory, an input changed
and restored, what the learner's objects store) is as trustworthy as these
guards.

What these guards cannot stop
-----------------------------
Python gives code in a process the same powers as any other code in it;
these guards make the learner's code find a way round, they do not make
one impossible.  Known ways round, and what they can reach:

* **The standard library's source run again under another name.**
  ``exec(compile(open(heapq.__file__).read(), "mine.py", "exec"))`` brings
  ``nlargest`` back.  It is the same as copying the function into the file
  (which the syntax check cannot tell from the learner's own code when the
  names are built at run time), so tripwires only stop the library's own
  copy.
* **The watch's own objects.**  The trace function of ``keep_input`` is
  readable (``frame.f_trace``) and so is its closure; a frame's
  ``f_trace_lines`` and ``f_trace_opcodes`` can be switched off and on
  again between two of its events.  A file doing so can change its input
  and put it back unseen; a change still there when the call returns is
  always caught (the copy it is compared with is out of reach).
* **Stored keys out of sight.**  ``no_hashed_keys`` walks the learner's
  objects; keys kept in an attribute of the ``sys`` module or in a
  container of the standard library are not found, and nor are keys
  stored changed (``key + 1``, ``f"k{key}"``; a key inside a tuple is
  found).  (Instances of ``forbidden_types`` are found wherever they are
  kept, but a forbidden object that existed before the file loaded is not
  the file's.)
* **The worker's loop, through a generator.**  A frame taken with
  ``sys._getframe()`` inside a generator, in the trial's thread, is linked
  to the worker's own frames when the generator is finished in the
  worker's thread (its ``finally`` runs there when the worker drops it).
  Refusing frames of generators would refuse logging, ``traceback`` and
  ``namedtuple`` inside generators, so this stays open: from there a file
  can clear the evidence and answer the supervisor itself (memory, input
  and storage rules, comparison counts).  The policy stays on (its switch
  is not there), and correctness and time are judged outside.
* **Raw memory.**  Any extension module the policy does not know that hands
  out pointers (numpy's stride tricks, a compiled module of the learner's
  own) can rewrite the hook's state, and then everything above.
* **Other copies of the reference solutions.**  Only the package's own
  solutions folder is hidden; a copy elsewhere (another checkout, a git
  history, an installed wheel) can be read, which is copying, not an
  escape.
* **Time shaped by the file.**  A file that knows the sizes can wait so
  that every size takes the same time; timing alone cannot tell.
  Comparison counts, where a problem has them, are not fooled this way
  (unless dodged with copies, which sets them aside).

In namespace mode the kernel still holds whatever gets round these guards:
no other process (the supervisor, the reference) can be seen or signalled,
every process started dies with the worker, there is no network, the
hidden folders are empty, and nothing but the scratch folder can be
written.  In process-group mode only these guards stand in the way (see
:mod:`dsa.practice.jail`).

Honest code that is refused: threads, processes, sockets, databases and
raw memory; reading frames in code the worker itself runs (a ``__del__``
using ``logging`` at an enabled level, or ``traceback``); packages that
import ``ctypes`` when loaded.
"""

from __future__ import annotations

import importlib
import os
import pathlib
import sys
from dataclasses import dataclass, field
from types import CodeType, FunctionType
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

__all__ = ["Guard", "RuleBroken", "install", "EVENT"]

#: The audit event through which tripwires and watches report.
EVENT = "dsa.practice.evidence"
#: The audit event that starts the learner phase, for good.
_BEGIN = "dsa.practice.begin"
#: The audit event through which a built-in module is created.
_BUILTIN = "dsa.practice.builtin"
#: The audit event asking for instances of the forbidden types made since
#: the guard was installed.
_STRAY = "dsa.practice.stray"
#: The audit event of the memory measurement (see :meth:`Guard.measure`).
_MEMORY = "dsa.practice.memory"

#: Imports refused in the learner phase (a module, or anything inside it).
BLOCKED_IMPORTS = ("ctypes", "_ctypes", "cffi", "_cffi_backend", "dsa._native",
                   "dsa.native", "_tracemalloc", "dsa.practice.solutions",
                   "dsa.practice.grader", "dsa.practice.worker", "dsa.practice.guard",
                   "dsa.practice.harness", "dsa.practice.channel", "dsa.practice.jail",
                   "dsa.practice.sandbox", "dsa.practice.tests", "_posixsubprocess",
                   "multiprocessing", "concurrent.futures.process", "_posixshmem",
                   # subinterpreters run without this process's audit hooks
                   "_xxsubinterpreters", "_xxinterpchannels", "_xxinterpqueues",
                   "_interpreters", "_interpchannels", "_interpqueues",
                   "concurrent.interpreters", "_testcapi", "_testinternalcapi",
                   "_testmultiphase", "_testsinglephase", "_testbuffer", "_testclinic",
                   "_testimportmultiple",
                   # writes a history file anywhere, unaudited
                   "readline")

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
    "sys.addaudithook": "adding an audit hook",
    "cpython.PyInterpreterState_New": "starting a subinterpreter",
    "sqlite3.connect": "opening a database (it can write files anywhere)",
    "sqlite3.enable_load_extension": "loading a database extension",
    "sqlite3.load_extension": "loading a database extension",
    "ctypes.dlopen": "loading a native library",
    "resource.prlimit": "changing a process's limits",
}

#: Types of evidence details kept (anything else the learner's code could
#: make run code when it is looked at).
_DETAILS = (str, int)

#: Attributes whose audited reading hands out a frame.
_FRAME_ATTRIBUTES = ("tb_frame", "gi_frame", "cr_frame", "ag_frame")

#: The grader's own modules: they keep the originals of what the tripwires
#: replace, on purpose.
_OWN_MODULES = ("dsa.practice.guard", "dsa.practice.harness", "dsa.practice.worker")

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
                   "heapq", "_heapq", "collections", "_collections", "bisect", "_bisect",
                   "_imp", "signal", "_signal", "_tracemalloc", "subprocess",
                   "_posixsubprocess")

#: Path objects of the standard library, read with their own ``__fspath__``.
_PATH_TYPES = (pathlib.PurePosixPath, pathlib.PosixPath, pathlib.PureWindowsPath,
               pathlib.WindowsPath)
#: Arguments of path events that are not paths (modes, times, descriptors).
_NOT_PATHS = (int, float, tuple, type(None), bool)

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
    """What the policy and the worker share.  The switch of the learner
    phase is not here: it lives in the hook's closure, out of reach."""

    scratch: str
    hidden: Tuple[str, ...]
    evidence: List[Tuple[str, Any]] = field(default_factory=list)


def _under(path: str, folders: Sequence[str]) -> bool:
    return any(path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)
               for folder in folders)


def _real(path: Any) -> Optional[str]:
    """An absolute, symlink-free path for an audit argument, or None (an fd,
    or an object whose ``__fspath__`` would be the learner's code)."""
    if type(path) in _PATH_TYPES:
        path = os.fspath(path)
    if type(path) not in (str, bytes):
        return None
    try:
        return os.path.realpath(os.fsdecode(path))
    except (TypeError, ValueError):
        return None


def _text(value: Any) -> str:
    """``value`` as a plain str, without running any ``__str__`` of its own."""
    if type(value) is str:
        return value
    return str.__str__(value) if issubclass(type(value), str) else ""


class Guard:
    """The worker's handle on the hook: start the learner phase, collect
    evidence.

    Only the worker's main thread holds it.
    """

    def __init__(self, state: _State, snapshot: Callable[[], List[str]]) -> None:
        self._state = state
        self._changes = snapshot

    @staticmethod
    def begin() -> None:
        """Start the learner phase; nothing ends it (see the module's words)."""
        sys.audit(_BEGIN)

    @staticmethod
    def measure(what: str) -> int:
        """The memory measurement, whose functions only the hook holds.

        ``"trial"`` (from the worker's own thread only) starts a trial;
        ``"begin"`` starts the measurement of one call; ``"read"`` is the
        largest extra memory of any call of the trial so far.  A ``"begin"``
        from inside a call (the learner's code calling this) first banks
        what the call had used: the peak cannot be hidden by starting again.
        """
        box: List[int] = []
        sys.audit(_MEMORY, what, box)
        return box[0] if box else 0

    @staticmethod
    def stray() -> List[str]:
        """Sentences on instances of the forbidden types made since the guard
        was installed and still alive, wherever they are kept."""
        found: List[str] = []
        sys.audit(_STRAY, found)
        return found

    def take_evidence(self) -> List[Tuple[str, Any]]:
        """What was reported since the last call: ``(kind, detail)`` pairs."""
        found = list(self._state.evidence)
        self._state.evidence.clear()
        return found

    def changed(self) -> List[str]:
        """Names of grader objects changed since the learner's file loaded."""
        return self._changes()


def install(*, scratch: str, hidden: Sequence[str], tripwires: Sequence[str] = (),
            refusals: Optional[Dict[str, str]] = None, watched: Sequence[str] = (),
            trusted: Sequence[Tuple[Any, Dict[str, Any]]] = (),
            protected: Sequence[Any] = (), forbidden_types: Sequence[type] = (),
            memory: Optional[Tuple[Callable[[], None], Callable[[], Tuple[int, int]]]] = None
            ) -> Guard:
    """Add the audit hook, set the tripwires, copy the namespaces to watch.

    ``scratch`` is the one folder the learner's code may write in;
    ``hidden`` are folders it may not read; ``tripwires`` are dotted names
    (``"heapq.nlargest"``) to replace, for the problem's rules;
    ``refusals`` maps dotted names of functions that raise no audit event
    (``"_thread.start_new_thread"``) to the reason they are refused;
    ``watched`` are extra modules for the integrity check.  ``trusted`` are
    ``(code, globals)`` of the worker's own functions that may install a
    trace function (the watch of ``keep_input``) or read frames in the
    worker's own thread; ``protected`` are code objects of the worker's own
    loop, whose frames the learner's code may not get hold of; instances of
    ``forbidden_types`` made from now on are what :meth:`Guard.stray` finds;
    ``memory`` is ``(reset_peak, get_traced_memory)`` of :mod:`tracemalloc`
    for :meth:`Guard.measure`.

    Nothing the hook does runs the learner's code (no ``str()``,
    ``__fspath__`` or ``==`` on what an event carries): the hook ignores the
    events its own work raises, and code run from inside it would be
    ignored too.
    """
    state = _State(scratch=os.path.realpath(scratch),
                   hidden=tuple(os.path.realpath(h) for h in hidden))
    trapped_files = []
    swapped: List[Tuple[Any, Any]] = []
    for name in tripwires:
        trapped_files += _set_tripwire(name)
    for name, reason in (refusals or {}).items():
        trapped_files += _set_tripwire(name, refusal=reason)
    refuse = _make_policy(state, tuple(trapped_files), tuple(trusted), tuple(protected))
    create_builtin = _guard_builtins()
    created = {name for name in sys.builtin_module_names if name in sys.modules}
    get_ident = _thread_ident()
    active = [False]  # the learner phase: once on, on for good
    busy: set = set()  # threads inside the hook's own work (which raises events)
    wanted = tuple(forbidden_types)
    import gc
    get_objects = gc.get_objects
    before = {id(item) for item in get_objects() if issubclass(type(item), wanted)} \
        if wanted else set()

    main_thread = get_ident()
    account: Dict[str, Any] = {"open": None, "best": 0}

    def _measure(what: Any, box: List[int]) -> None:
        assert memory is not None
        reset_peak, traced = memory
        if what == "trial":
            if get_ident() == main_thread:
                account["open"], account["best"] = None, 0
            return
        if account["open"] is not None:  # bank what the open call used
            account["best"] = max(account["best"], traced()[1] - account["open"])
        if what == "begin":
            reset_peak()
            account["open"] = traced()[0]
        elif what == "read":
            box.append(account["best"])

    relevant = frozenset(BLOCKED_EVENTS) | frozenset(PATH_EVENTS) | {
        "import", "open", "exec", "object.__setattr__", "os.kill", "os.killpg",
        "signal.pthread_kill"}

    def hook(event: str, args: Tuple[Any, ...]) -> None:
        if event == "builtins.id":  # by far the most frequent, and no rule's concern
            return
        if event == _MEMORY:
            if memory is not None and len(args) == 2 and type(args[0]) is str \
                    and type(args[1]) is list:
                _measure(args[0], args[1])
            return
        if event == EVENT:  # evidence, from a tripwire or a watch
            if len(args) == 2 and type(args[0]) is str and type(args[1]) in _DETAILS:
                state.evidence.append((args[0], args[1]))
            return
        if event == _BEGIN:
            active[0] = True
            return
        if event == _BUILTIN:
            _create(args)
            return
        thread = get_ident()
        if thread in busy:
            return
        if event == _STRAY:
            if len(args) == 1 and type(args[0]) is list:
                busy.add(thread)
                try:
                    args[0].extend(_stray())
                finally:
                    busy.discard(thread)
            return
        if not active[0]:
            return
        busy.add(thread)
        try:
            reason = refuse(event, args)
        finally:
            busy.discard(thread)
        if reason is not None:
            state.evidence.append(("refused", reason))
            raise Refused(f"not allowed while your code is graded: {reason}")

    def _create(args: Tuple[Any, ...]) -> None:
        """Make a built-in module, at most once per name in the learner
        phase: a second copy would hold the originals of the tripwires."""
        if len(args) != 2 or type(args[1]) is not list:
            return
        spec, box = args
        name = getattr(spec, "name", None)
        if type(name) is not str:
            raise ImportError("a built-in module's name must be a str")
        if active[0] and name in created:
            reason = f"making a second copy of the built-in module {name}"
            state.evidence.append(("refused", reason))
            raise Refused(f"not allowed while your code is graded: {reason}")
        # A spec of our own: the given one could answer another name later.
        import importlib.machinery
        box.append(create_builtin(importlib.machinery.ModuleSpec(
            name, importlib.machinery.BuiltinImporter, origin="built-in")))
        created.add(name)

    def _stray() -> List[str]:
        for item in get_objects():
            kind = type(item)
            if issubclass(kind, wanted) and id(item) not in before:
                found = next(k for k in wanted if issubclass(kind, k))
                return [f"a {found.__module__}.{found.__qualname__} made while your code "
                        "ran is still alive, out of sight of your objects"]
        return []

    sys.addaudithook(hook)
    snapshot = _namespace_watch(tuple(watched))
    return Guard(state, snapshot)


def _thread_ident() -> Callable[[], int]:
    import _thread
    return _thread.get_ident


def _guard_builtins() -> Callable[[Any], Any]:
    """Route the creation of built-in modules through the hook; the original
    function, which from now on only the hook holds.

    ``importlib.util.module_from_spec`` raises no audit event for a built-in
    module, and a fresh copy of ``_thread`` or ``_tracemalloc`` has none of
    the tripwires.
    """
    import _imp
    original = _imp.create_builtin
    audit = sys.audit
    event = _BUILTIN

    def create_builtin(spec: Any) -> Any:
        box: List[Any] = []
        audit(event, spec, box)
        if not box:
            raise ImportError(f"no built-in module {getattr(spec, 'name', spec)!r}")
        return box[0]

    create_builtin.__name__ = create_builtin.__qualname__ = "create_builtin"
    _imp.create_builtin = create_builtin
    return original


def _reaches(frame: Any, protected: Tuple[Any, ...]) -> bool:
    """True when ``frame`` or a frame below it runs one of ``protected``."""
    steps = 0
    while frame is not None and steps < 100_000:
        if frame.f_code in protected:
            return True
        frame = frame.f_back
        steps += 1
    return False


def _make_policy(state: _State, trapped_files: Tuple[str, ...],
                 trusted: Tuple[Tuple[Any, Dict[str, Any]], ...], protected: Tuple[Any, ...]
                 ) -> Callable[[str, Tuple[Any, ...]], Optional[str]]:
    """The function deciding, for one event, the reason to refuse it (or None).

    ``trapped_files`` are the source files of modules holding tripwires:
    running their code again (``importlib.reload``) would bring the
    forbidden functions back.
    """
    own_pid = os.getpid()
    getframe = sys._getframe
    get_ident = _thread_ident()
    main_thread = get_ident()  # the worker's loop runs here

    def refuse(event: str, args: Tuple[Any, ...]) -> Optional[str]:
        frames = event == "sys._getframe" or (
            event == "object.__getattr__" and len(args) >= 2 and args[1] in _FRAME_ATTRIBUTES)
        if trusted and (frames or event == "sys.settrace"):
            # Frames: 0 this function, 1 the hook, 2 whoever raised the event.
            # The globals too, so that a function made from the worker's code
            # object with globals of the learner's is not trusted.
            try:
                caller = getframe(2)
                if any(caller.f_code is code and caller.f_globals is names
                       for code, names in trusted):
                    return None
            except ValueError:
                pass
        if frames and protected:
            # The learner's code runs in the worker's own thread too (a
            # __del__, a __str__ the worker calls): no frame there.  In other
            # threads, no frame from which the worker's loop can be reached.
            if get_ident() == main_thread:
                return "reading the grader's own frames"
            frame = args[0] if event == "sys._getframe" else getattr(args[0], args[1], None)
            if frame is not None and _reaches(frame, protected):
                return "reading the grader's own frames"
        if event in BLOCKED_EVENTS:
            return BLOCKED_EVENTS[event]
        if event == "import":
            name = _text(args[0]) if args else ""
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
            if path.startswith("/proc/"):
                parts = path.split(os.sep)
                if parts[-1] == "mem" or (parts[2].isdigit() and int(parts[2]) != own_pid):
                    return f"opening {path} (another process, or raw memory)"
            if writing and not _under(path, (state.scratch,)):
                return f"writing to {path} (only the current folder may be written)"
            if not _under(path, (state.scratch,)) and os.path.isdir(path):
                # A folder's descriptor is a dir_fd: paths relative to it
                # would change files this check takes for the current folder's.
                return f"opening the folder {path}"
            return None
        if event in PATH_EVENTS:
            for argument in args[:2]:
                if type(argument) in _NOT_PATHS:
                    continue
                path = _real(argument)
                if path is None:
                    return "changing a path given as an object the grader does not read"
                if not _under(path, (state.scratch,)):
                    return f"changing {path}"
            return None
        if event in ("os.kill", "os.killpg", "signal.pthread_kill"):
            target = args[0] if args else None
            if event == "os.kill" and target == own_pid:
                return None
            return "signalling another process"
        if event == "exec" and args:
            code = args[0]
            filename = code.co_filename if type(code) is CodeType else None
            if type(filename) is str and _real(filename) in trapped_files:
                return f"running {os.path.basename(filename)} again"
            return None
        if event == "object.__setattr__" and len(args) >= 2:
            target, name = args[0], args[1]
            if type(target) is FunctionType and type(name) is str \
                    and name in ("__code__", "__defaults__", "__kwdefaults__"):
                module = target.__module__
                if type(module) is str and module.startswith("dsa."):
                    return f"changing the code of {_text(target.__qualname__)}"
        return None

    return refuse


# --------------------------------------------------------------------------
# Tripwires


def _set_tripwire(dotted: str, refusal: Optional[str] = None) -> List[str]:
    """Replace ``module.attribute`` with a function refusing to run; the
    module's source file, in a list (empty when it has none).  The pair
    (original, replacement) is added to ``swapped``.

    Every loaded module holding the same object under any name gets the
    replacement too (``difflib._nlargest`` is ``heapq.nlargest``, the C
    module ``_collections`` holds ``collections.deque``), except the
    grader's own.  Without ``refusal`` the use breaks the problem's rules
    (:class:`RuleBroken`); with it, it is refused like an audited action,
    for that reason.  The module is imported here if it was not yet.  A name
    that does not exist (an attribute this Python lacks) is skipped.
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
    refused = Refused

    if refusal is None:
        def tripwire(*args: Any, **kwargs: Any) -> Any:
            audit(EVENT, "forbidden", shown)
            raise broken(f"your code used {shown}, which this problem does not allow")
    else:
        def tripwire(*args: Any, **kwargs: Any) -> Any:
            audit(EVENT, "refused", refusal)
            raise refused(f"not allowed while your code is graded: {refusal}")

    tripwire.__name__ = attribute
    tripwire.__qualname__ = attribute
    tripwire.__doc__ = f"{shown} is not allowed here."
    replacement: Any = tripwire
    if isinstance(original, type):
        # A class: make a subclass whose construction trips, so isinstance
        # checks elsewhere keep working.
        try:
            replacement = type(original.__name__, (original,), {
                "__new__": lambda cls, *a, **k: tripwire(),
                "__init__": lambda self, *a, **k: None,
                "__module__": original.__module__,
            })
        except TypeError:  # a final class
            return files
    try:
        setattr(owner, attribute, replacement)
    except (TypeError, AttributeError):  # a built-in type's method cannot be replaced
        return []
    for name, other in list(sys.modules.items()):
        namespace = getattr(other, "__dict__", None)
        if name in _OWN_MODULES or not isinstance(namespace, dict):
            continue
        for key, value in list(namespace.items()):
            if value is original:
                namespace[key] = replacement
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
