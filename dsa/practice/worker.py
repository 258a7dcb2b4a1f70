"""A worker process: one solution, run on the cases the supervisor sends.

Usage (the supervisor starts it; see :mod:`dsa.practice.channel`)::

    python -c "from dsa.practice.worker import main; main()" ROLE PROBLEM FILE \\
        --fds IN,OUT --scratch DIR [--hide DIR ...]

``ROLE`` is ``learner`` (``FILE`` is the learner's file, run under the
guards of :mod:`dsa.practice.guard`, inside the jail) or ``reference``
(``FILE`` is ignored; the problem's reference solution is imported).
``PROBLEM`` is ``module:ATTRIBUTE``.  Both roles run the same code, so the
supervisor's clock treats them alike.

The conversation, one length-framed JSON message each way
(:mod:`dsa.practice.wire`); every request carries a fresh ``nonce`` that
the answer must repeat, so bytes the learner's code writes to the channel
itself are recognised as forged:

``{"op": "load"}``
    import the learner's file (its top-level code runs in the learner
    phase); answer ``ok``, or a ``failure``.
``{"op": "case", "case": ...}``
    keep a case for the next ``run`` without one, so that a timed run does
    not include reading the case;
``{"op": "run", "case": ..., "count": bool, "memory": bool, "watch": bool, "timed": bool}``
    run one trial: ``problem.run(wrapped solution, case)`` in a fresh
    thread (with ``"null": true``, everything but the call itself: the
    supervisor times that to know what a trial costs around the solution;
    with ``"timed": true``, no copy of the input is compared for
    ``keep_input``); answer the ``outcome`` as plain data, the comparisons counted,
    the memory peak, the ``evidence`` the guards collected, what the code
    printed, or a ``failure``.
``{"op": "scan", "keys": [...], "stray": bool}``
    look through the objects the last trial's instances hold (see
    :func:`dsa.practice.harness.storage_problems`); with ``"stray"``, also
    for instances of the forbidden types kept anywhere
    (:meth:`dsa.practice.guard.Guard.stray`).

Trials run in a thread of their own, so the frames the learner's code can
walk up to are the trial's, never this loop's: the nonce and the guard
stay out of reach.  The learner's code also runs in this loop's thread
(a ``__del__`` when an answer is dropped, a ``__str__`` or ``__getattr__``
the worker calls); the guard refuses it every frame there, an exception
it raises there becomes the answer's ``failure``, and what it did is in
the evidence of the answer being made.  (A generator's frame is the one
known way round: see "What these guards cannot stop" in
:mod:`dsa.practice.guard`.)
"""

from __future__ import annotations

import argparse
import functools
import gc
import importlib
import importlib.util
import linecache
import os
import secrets
import sys
import threading
import types
from typing import Any, Dict, List, Optional, Sequence, Tuple

#: The address space a worker may use, so that a runaway allocation ends in
#: a MemoryError the report can name instead of a machine that swaps.
MEMORY_LIMIT = 2 * 1024 ** 3
#: Bytes a worker may write to one file (it may only write in its scratch
#: folder anyway).
FILE_LIMIT = 64 * 1024 ** 2
#: C stack of a trial thread: deep recursion in the learner's code ends in a
#: RecursionError, not a crash.
THREAD_STACK = 256 * 1024 ** 2

#: Modules imported before the learner's file, so that their import-time
#: code never runs in the learner phase (and is never refused there).
PRELOAD = ("heapq", "bisect", "collections", "collections.abc", "functools", "itertools",
           "math", "random", "operator", "typing", "dataclasses", "enum", "re", "string",
           "statistics", "array", "copy", "decimal", "fractions", "numbers", "abc",
           "contextlib", "queue", "weakref", "types", "warnings", "inspect", "traceback",
           "linecache", "tokenize", "textwrap", "pprint", "json", "time", "datetime",
           "tracemalloc", "gc", "sys", "os", "signal", "io", "struct")

#: Functions that raise no audit event, refused in the learner phase: what
#: they would let the learner's code do.
REFUSALS = {
    "_thread.start_new_thread": "starting a thread",
    "_thread.start_joinable_thread": "starting a thread",
    "threading._start_new_thread": "starting a thread",
    "threading._start_joinable_thread": "starting a thread",
    "_posixsubprocess.fork_exec": "starting a program",
    "os.pidfd_open": "signalling another process",
    "signal.pidfd_send_signal": "signalling another process",
    "os.mkfifo": "making a special file",
    "os.mknod": "making a special file",
    "sys.gettrace": "reading the grader's trace function",
    "sys.getprofile": "reading the grader's trace function",
    "threading.gettrace": "reading the grader's trace function",
    "threading.getprofile": "reading the grader's trace function",
    "tracemalloc.start": "switching the memory measurement",
    "tracemalloc.stop": "switching the memory measurement",
    "tracemalloc.reset_peak": "switching the memory measurement",
    "tracemalloc.clear_traces": "switching the memory measurement",
    "signal.getsignal": "handling signals",
    "signal.signal": "handling signals",
    "_signal.signal": "handling signals",
    "signal.setitimer": "handling signals",
    "signal.alarm": "handling signals",
    "signal.pthread_sigmask": "handling signals",
    "gc.enable": "switching the garbage collector on (it runs between trials)",
    "gc.set_threshold": "changing when the garbage collector runs",
}

#: Grader modules dropped from ``sys.modules`` before the learner's file
#: loads: a fresh import gets a copy that shares nothing with this worker.
HIDDEN_MODULES = ("dsa.practice.worker", "dsa.practice.guard", "dsa.practice.harness",
                  "dsa.practice.wire", "dsa.practice.problem", "dsa.practice.capture",
                  "dsa.practice.registry", "dsa.practice.problems", "_tracemalloc")


def _limit_resources() -> None:
    try:
        import resource
    except ImportError:  # not Unix
        return
    for which, wanted in ((resource.RLIMIT_AS, MEMORY_LIMIT),
                          (resource.RLIMIT_FSIZE, FILE_LIMIT),
                          (resource.RLIMIT_CORE, 0)):
        try:
            soft, hard = resource.getrlimit(which)
            if soft == resource.RLIM_INFINITY or soft > wanted:
                cap = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
                # The hard limit too, so that the learner's code cannot lift it.
                resource.setrlimit(which, (cap, cap))
        except (ValueError, OSError):
            pass


def _import_problem(home: str) -> Any:
    """The problem object, imported with Hypothesis stood in for.

    A problem module builds its ``cases`` with Hypothesis, but inputs are
    drawn only in the supervisor: a worker never uses a strategy.  Importing
    Hypothesis would be most of a worker's start-up (about 0.2 s of 0.3), so
    while the problem module loads, ``hypothesis`` and
    ``hypothesis.strategies`` are inert stand-ins whose every attribute and
    call give the same inert object.  They are taken out of ``sys.modules``
    again before anything else runs: a file that imports Hypothesis itself
    gets the real one.
    """
    module, _, attribute = home.partition(":")
    stand_ins = {name: _inert_module(name) for name in _STOOD_IN if name not in sys.modules}
    sys.modules.update(stand_ins)
    try:
        return getattr(importlib.import_module(module), attribute or "PROBLEM")
    finally:
        for name, stand_in in stand_ins.items():
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]


#: Modules a problem module imports for its supervisor-side parts only.
_STOOD_IN = ("hypothesis", "hypothesis.strategies")


class _Inert:
    """Whatever a problem module builds from Hypothesis: every attribute,
    call, decorator use and ``|`` of it is itself."""

    def __call__(self, *args: Any, **kwargs: Any) -> "_Inert":
        return self

    def __getattr__(self, name: str) -> "_Inert":
        if name.startswith("__"):
            raise AttributeError(name)
        return self

    def __or__(self, other: Any) -> "_Inert":
        return self

    __ror__ = __or__

    def __repr__(self) -> str:
        return "<a Hypothesis strategy, not built in a worker>"


_INERT = _Inert()


def _inert_module(name: str) -> types.ModuleType:
    module = types.ModuleType(name, "Stands in for Hypothesis while a problem loads.")
    module.__getattr__ = _INERT.__getattr__  # type: ignore[attr-defined]
    if name == "hypothesis":
        module.__path__ = []  # a package, so that ``hypothesis.strategies`` resolves
    return module


# --------------------------------------------------------------------------
# Failures as plain data


def _learner_frame(exc: BaseException, learner_file: str) -> Tuple[Optional[int], Optional[str]]:
    """The deepest line of the learner's file in ``exc``'s traceback.

    Walks the traceback itself (the guard trusts this function, and only it,
    to read frames in the worker's own thread), in time linear in its length.
    """
    found: Tuple[Optional[int], Optional[str]] = (None, None)
    entry = exc.__traceback__
    while entry is not None:
        filename = entry.tb_frame.f_code.co_filename
        if os.path.normcase(os.path.abspath(filename)) == learner_file:
            line = linecache.getline(filename, entry.tb_lineno).strip()
            found = (entry.tb_lineno, line or None)
        entry = entry.tb_next
    return found


def _text(exc: BaseException, limit: int = 300) -> str:
    name = type(exc).__name__
    if isinstance(exc, SystemExit):
        code = exc.code
        shown = "" if code is None else (repr(code) if isinstance(code, (int, str)) else "...")
        return f"SystemExit: your code called sys.exit({shown})"
    try:
        detail = str(exc)
    except BaseException:
        detail = ""
    text = f"{name}: {detail}" if detail else name
    return text if len(text) <= limit else text[:limit] + "…"


def _exception_failure(exc: BaseException, learner_file: str) -> Dict[str, Any]:
    line, source = _learner_frame(exc, learner_file)
    return {"kind": "exception", "type": type(exc).__name__, "error": _text(exc),
            "line": line, "source": source, "mine": line is not None,
            "recursion": isinstance(exc, RecursionError),
            "exit": isinstance(exc, SystemExit),
            "not_written": isinstance(exc, NotImplementedError) and line is not None,
            "import_error": isinstance(exc, ImportError),
            "memory": isinstance(exc, MemoryError)}


def _safe_failure(exc: BaseException, learner_file: str) -> Dict[str, Any]:
    """:func:`_exception_failure`, which itself runs the learner's code
    (``__str__``), or a plain one when that fails too."""
    try:
        return _exception_failure(exc, learner_file)
    except BaseException:
        return {"kind": "exception", "type": "an exception", "error": "", "line": None,
                "source": None, "mine": True}


# --------------------------------------------------------------------------
# The worker


class _Worker:
    """The loop's state.  Lives in the main thread's frames only."""

    def __init__(self, args: argparse.Namespace) -> None:
        from . import capture, counting, harness, wire
        from .guard import RuleBroken

        self.capture, self.counting, self.harness, self.wire = capture, counting, harness, wire
        self.RuleBroken = RuleBroken
        self.role = args.role
        self.fd_in, self.fd_out = (int(x) for x in args.fds.split(","))
        self.learner_file = os.path.normcase(os.path.abspath(args.file)) if args.file else ""
        self.problem = _import_problem(args.problem)
        self.run = self.problem.run
        complexity = self.problem.complexity
        self.counted = complexity.counted if complexity is not None else None
        self.rules = self.problem.rules
        #: Read once: the learner's code can reach the problem's objects.
        self.keep_input = bool(self.rules.keep_input)
        self.kind = self.problem.kind
        self.entry: Any = None
        self.module: Optional[types.ModuleType] = None
        self.instances: List[Any] = []
        self.guard: Any = None
        self.scratch = args.scratch
        self.hide = list(args.hide or [])
        self.mode = os.environ.get("DSA_PRACTICE_JAIL", "none")
        import _thread
        import time
        self.start_thread = _thread.start_new_thread  # before any tripwire
        self.thread_clock = time.thread_time_ns
        self.forbidden_types: List[type] = []
        self.tracemalloc = None
        self.modules_before: set = set()
        #: Trials run so far (every 64th collects all generations).
        self.trials = 0
        #: The case sent ahead of a timed run (``{"op": "case"}``).
        self.pending: Any = None

    # -- set-up -------------------------------------------------------------

    def prepare(self) -> None:
        """Everything done before any of the learner's code runs."""
        _limit_resources()
        try:
            threading.stack_size(THREAD_STACK)
        except (ValueError, RuntimeError):
            pass
        for name in PRELOAD:
            try:
                importlib.import_module(name)
            except ImportError:
                pass
        import _tracemalloc
        self.tracemalloc = (_tracemalloc.reset_peak, _tracemalloc.get_traced_memory,
                            _tracemalloc.start, _tracemalloc.stop, _tracemalloc.is_tracing)
        for dotted in self.rules.forbidden_types:
            module_name, _, attribute = dotted.rpartition(".")
            try:
                found = getattr(importlib.import_module(module_name), attribute)
            except (ImportError, AttributeError):
                continue
            if isinstance(found, type):
                self.forbidden_types.append(found)
        # Collections happen only at the start of trial threads (_in_thread).
        gc.collect()
        gc.disable()
        if self.role == "reference":
            module = importlib.import_module(self.problem.reference)
            self.entry = getattr(module, self.problem.entry)
            return
        from .guard import install
        reset_peak, traced = self.tracemalloc[:2]
        self.guard = install(scratch=self.scratch, hidden=self.hide,
                             tripwires=list(self.rules.tripwires), refusals=REFUSALS,
                             trusted=((_call_code(self.harness), vars(self.harness)),
                                      (_learner_frame.__code__, _learner_frame.__globals__)),
                             protected=(_Worker.serve.__code__, globals()["main"].__code__),
                             forbidden_types=self.forbidden_types, memory=(reset_peak, traced))
        for name in list(sys.modules):
            if any(name == hidden or name.startswith(hidden + ".")
                   for hidden in HIDDEN_MODULES):
                del sys.modules[name]
        self.modules_before = set(sys.modules)
        main = types.ModuleType("__main__")
        sys.modules["__main__"] = main

    # -- the loop -------------------------------------------------------------

    def serve(self) -> None:
        wire = self.wire
        while True:
            try:
                message = wire.receive(self.fd_in)
            except wire.WireError:
                return
            if message is None:
                return
            nonce = message.get("nonce")
            op = message.get("op")
            if op == "quit":
                return
            try:
                if op == "load":
                    answer = self.load()
                elif op == "case":
                    self.pending = message.get("case")
                    answer = {"ok": True}
                elif op == "run":
                    answer = self.trial(message)
                elif op == "scan":
                    answer = self.scan(message)
                elif op == "hello":
                    answer = {"ok": True, "mode": self.mode}
                else:
                    answer = {"ok": False, "failure": {"kind": "internal",
                                                       "error": f"unknown op {op!r}"}}
            except MemoryError:
                answer = {"ok": False, "failure": {"kind": "exception", "type": "MemoryError",
                                                   "error": "MemoryError", "memory": True}}
            except BaseException as exc:  # the learner's code, run by the worker's own calls
                answer = {"ok": False, "failure": _safe_failure(exc, self.learner_file)}
            if op in ("load", "run", "scan"):
                # Last, so that what the learner's code did while the answer
                # was being made (a __del__, a __getattr__) is in it too.
                answer["evidence"] = (list(answer.get("evidence") or [])
                                      + self._evidence(integrity=False))
            answer.pop("nonce", None)
            answer["nonce"] = nonce  # last: the supervisor checks it first
            try:
                wire.send(self.fd_out, answer, limit=wire.ANSWER_LIMIT)
            except wire.NotPlain as exc:
                wire.send(self.fd_out, {"ok": False, "failure": {
                    "kind": "notplain", "error": str(exc)}, "nonce": nonce})

    # -- running the learner's code in a thread of its own -------------------

    def _in_thread(self, body: Any, *, timed: bool = False,
                   on_error: Any = None) -> Tuple[Any, str, int]:
        """Run ``body()`` in a fresh thread with output captured;
        ``(result, output, dropped)``.

        Everything that touches the learner's objects happens in that
        thread: ``body`` returns plain data, an exception is turned into
        plain data there by ``on_error(exc)``, and the objects die there,
        so no method of the learner's (``__del__``, ``__str__``, a property
        named ``__class__``) ever runs in this thread, whose frames hold the
        channel.  For the same reason the garbage collector runs only at the
        start of a trial thread (it is off otherwise): a collection in this
        thread would run the learner's finalizers here.

        A ``timed`` run does not collect, so that no collection is timed.
        """
        capture = self.capture
        writer = capture.CappedWriter()
        box: List[Any] = [None]
        finished = threading.Lock()
        finished.acquire()
        guard = self.guard
        self.trials += 1
        collect = 2 if self.trials % 64 == 0 else 0

        def trial() -> None:
            try:
                if not timed:
                    gc.collect(collect)
                box[0] = body()
            except BaseException as exc:  # everything, SystemExit included
                try:
                    box[0] = on_error(exc) if on_error is not None else None
                except BaseException:  # a __str__ that raises, say
                    box[0] = {"ok": False, "failure": {"kind": "exception",
                                                       "type": type(exc).__name__,
                                                       "error": type(exc).__name__}}
                del exc
            finally:
                finished.release()

        saved = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = writer
        if guard is not None:
            # From the first run of the learner's code on, and for good: the
            # learner's code could also run later in ways this worker does not
            # foresee.
            guard.begin()
        try:
            self.start_thread(trial, ())
            finished.acquire()
        finally:
            sys.stdout, sys.stderr = saved
        result = box[0]
        box.clear()
        return result, writer.getvalue(), writer.dropped

    def _evidence(self, integrity: bool = True) -> List[Any]:
        """What the guards saw since last asked; with ``integrity``, the
        first grader object changed (a change stays, so it is found later
        when not looked for now)."""
        if self.guard is None:
            return []
        found = [list(item) for item in self.guard.take_evidence()]
        changed = self.guard.changed() if integrity else []
        if changed:
            found.append(["integrity", changed[0]])
        return found

    def load(self) -> Dict[str, Any]:
        if self.role == "reference":
            return {"ok": True}
        name = "dsa_practice_learner"
        spec = importlib.util.spec_from_file_location(name, self.learner_file)
        if spec is None or spec.loader is None:
            return {"ok": False, "failure": {"kind": "unloadable"}}
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses and pickle look here
        sys.dont_write_bytecode = True
        loader = spec.loader
        wanted = self.problem.entry
        rule_broken = self.RuleBroken
        learner_file = self.learner_file
        worker = self

        def body() -> Dict[str, Any]:
            loader.exec_module(module)
            entry = getattr(module, wanted, None)  # a module __getattr__ runs here
            worker.entry = entry
            kind = ("missing" if entry is None else
                    "class" if isinstance(entry, type) else
                    "function" if callable(entry) else type(entry).__name__)
            return {"ok": True, "entry": kind}

        def failed(error: BaseException) -> Dict[str, Any]:
            if isinstance(error, SyntaxError):
                return {"ok": False, "failure": {
                    "kind": "syntax", "line": error.lineno,
                    "source": str(error.text or "").strip() or None,
                    "error": f"{type(error).__name__}: {error.msg}"}}
            if isinstance(error, rule_broken):
                return {"ok": False, "failure": {"kind": "rule", "error": _text(error)}}
            return {"ok": False, "failure": _exception_failure(error, learner_file)}

        answer, output, dropped = self._in_thread(body, on_error=failed)
        answer = dict(answer or {"ok": False, "failure": {"kind": "exception"}})
        answer.update(output=output, dropped=dropped, evidence=self._evidence())
        if answer.get("ok"):
            self.module = module
        return answer

    def trial(self, message: Dict[str, Any]) -> Dict[str, Any]:
        case = message["case"] if "case" in message else self.pending
        count = bool(message.get("count")) and self.counted is not None
        memory = bool(message.get("memory"))
        timed = bool(message.get("timed"))
        start, stop = self.tracemalloc[2:4]  # type: ignore[index]
        keep = self.keep_input and not timed
        trial = self.harness.Trial(keep_input=keep,
                                   watch=bool(message.get("watch")),
                                   memory=self._measurement() if memory else None,
                                   learner_file=self.learner_file)
        wrap, entry, kind = self.harness.wrap, self.entry, self.kind
        run = self.run if not message.get("null") else (lambda solution, case: None)
        counted = self.counted if count else None
        clock, plain, unwrap = self.thread_clock, self.wire.plain, {self.counting.Counted: "value"}
        not_plain, rule_broken, learner_file = self.wire.NotPlain, self.RuleBroken, self.learner_file
        worker = self

        def body() -> Dict[str, Any]:
            worker.instances = trial.instances  # the last trial's die here
            solution = wrap(entry, kind, trial)  # reads the entry's __name__
            given = counted(case) if counted is not None else case
            started = clock()
            raw = run(solution, given)
            cpu = (clock() - started) / 1e9
            try:
                return {"ok": True, "outcome": plain(raw, unwrap=unwrap), "cpu": cpu}
            except not_plain as exc:
                return {"ok": False, "failure": {"kind": "notplain", "error": str(exc)},
                        "cpu": cpu}

        def failed(error: BaseException) -> Dict[str, Any]:
            if isinstance(error, rule_broken):
                return {"ok": False, "failure": {"kind": "rule", "error": _text(error)}}
            return {"ok": False, "failure": _exception_failure(error, learner_file)}

        counting = self.counting
        counted_before = counting.count()
        if memory:
            start()
        try:
            answer, output, dropped = self._in_thread(body, timed=timed, on_error=failed)
        finally:
            if memory:
                stop()
        counted_after = counting.count()
        answer = dict(answer or {"ok": False, "failure": {"kind": "exception"}})
        answer.setdefault("cpu", 0.0)
        evidence = self._evidence()
        if counted_after < counted_before:
            evidence.append(["counter", "the comparison counter went backwards"])
        answer.update(output=output, dropped=dropped, evidence=evidence,
                      ops=counted_after - counted_before if count else None)
        return answer

    def _measurement(self) -> Tuple[Any, Any]:
        """``(begin, read)`` for one trial's memory measurement.  The
        learner's code can reach them (through the wrapper): in its worker
        they only ask the guard, and hold nothing of this worker's."""
        if self.guard is not None:
            self.guard.measure("trial")
            return (functools.partial(self.guard.measure, "begin"),
                    functools.partial(self.guard.measure, "read"))
        reset_peak, traced = self.tracemalloc[:2]  # type: ignore[index]
        started = [0]

        def begin() -> None:
            reset_peak()
            started[0] = traced()[0]

        def read() -> int:
            return int(traced()[1] - started[0])

        return begin, read

    def scan(self, message: Dict[str, Any]) -> Dict[str, Any]:
        keys = list(message.get("keys") or [])
        stray = bool(message.get("stray")) and self.guard is not None
        worker = self

        def body() -> Dict[str, Any]:
            roots: List[Any] = list(worker.instances)
            if worker.module is not None:
                roots.append(worker.module)
                roots.extend(vars(worker.module).values())
            for name in set(sys.modules) - worker.modules_before:
                module = sys.modules.get(name)
                if module is not None and module is not worker.module:
                    roots.append(module)
            found = worker.harness.storage_problems(
                roots, worker.learner_file, keys=keys, forbidden_types=worker.forbidden_types)
            return {"ok": True, "found": [str(item) for item in found]}

        answer, _, _ = self._in_thread(body, on_error=lambda exc: {"ok": True, "found": []})
        found = list((answer or {}).get("found") or [])
        if stray and not found:
            found = self.guard.stray()
        return {"ok": True, "found": found}


def _call_code(harness: Any) -> Any:
    """The code object of the function :func:`harness.wrap` builds for a
    function solution: the one that may install the watch's trace."""
    for constant in harness._wrap_function.__code__.co_consts:
        if isinstance(constant, types.CodeType) and constant.co_name == "call":
            return constant
    return None


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(prog="dsa.practice.worker")
    parser.add_argument("role", choices=("learner", "reference"))
    parser.add_argument("problem")
    parser.add_argument("file")
    parser.add_argument("--fds", required=True)
    parser.add_argument("--scratch", required=True)
    parser.add_argument("--hide", action="append")
    args = parser.parse_args(argv)
    sys.modules["__main__"].__dict__.pop("main", None)
    worker = _Worker(args)
    worker.prepare()
    del args
    worker.serve()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            pass
    # Leave at once: threads or atexit handlers the learner's file started
    # must not keep this process alive or print after the last answer.
    os._exit(0)
