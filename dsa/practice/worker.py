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
``{"op": "scan", "keys": [...], "types": [...]}``
    look through the objects the last trial's instances hold (see
    :func:`dsa.practice.harness.storage_problems`).

Trials run in a thread of their own, so the frames the learner's code can
walk up to are the trial's, never this loop's: the nonce and the guard
stay out of reach.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import secrets
import sys
import threading
import traceback
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
                resource.setrlimit(which, (cap, hard))
        except (ValueError, OSError):
            pass


def _import_problem(home: str) -> Any:
    module, _, attribute = home.partition(":")
    return getattr(importlib.import_module(module), attribute or "PROBLEM")


# --------------------------------------------------------------------------
# Failures as plain data


def _learner_frame(exc: BaseException, learner_file: str) -> Tuple[Optional[int], Optional[str]]:
    """The deepest line of the learner's file in ``exc``'s traceback."""
    found: Tuple[Optional[int], Optional[str]] = (None, None)
    try:
        frames = traceback.extract_tb(exc.__traceback__)
    except Exception:
        return found
    for frame in frames:
        if os.path.normcase(os.path.abspath(frame.filename)) == learner_file:
            found = (frame.lineno, (frame.line or "").strip() or None)
    return found


def _text(exc: BaseException, limit: int = 300) -> str:
    name = type(exc).__name__
    if isinstance(exc, SystemExit):
        code = exc.code
        shown = "" if code is None else (repr(code) if isinstance(code, (int, str)) else "...")
        return f"SystemExit: your code called sys.exit({shown})"
    try:
        detail = str(exc)
    except Exception:
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
        self.kind = self.problem.kind
        self.entry: Any = None
        self.module: Optional[types.ModuleType] = None
        self.instances: List[Any] = []
        self.guard: Any = None
        self.scratch = args.scratch
        self.hide = list(args.hide or [])
        self.mode = os.environ.get("DSA_PRACTICE_JAIL", "none")
        import _thread
        import gc
        self.start_thread = _thread.start_new_thread  # before any tripwire
        self.gc_disable, self.gc_enable = gc.disable, gc.enable
        self.forbidden_types: List[type] = []
        self.tracemalloc = None
        self.modules_before: set = set()
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
        if self.role == "reference":
            module = importlib.import_module(self.problem.reference)
            self.entry = getattr(module, self.problem.entry)
            return
        from .guard import install
        tripwires = list(self.rules.tripwires) + [
            "tracemalloc.start", "tracemalloc.stop", "tracemalloc.reset_peak",
            "tracemalloc.clear_traces", "_thread.start_new_thread",
            "_thread.start_joinable_thread", "threading._start_new_thread",
            "threading._start_joinable_thread", "sys.gettrace", "sys.getprofile",
            "threading.gettrace", "threading.getprofile", "signal.getsignal",
            "signal.signal", "signal.setitimer", "signal.alarm", "signal.pthread_sigmask"]
        self.guard = install(scratch=self.scratch, hidden=self.hide, tripwires=tripwires,
                             trusted_code=(_call_code(self.harness),))
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
            # No collection of the whole heap while a timed run is measured,
            # up to its answer sent: with the problem's modules loaded it takes
            # 15-25 ms, and since every round allocates alike it would land in
            # the same run each round.  It happens with the next request.
            timed = op == "run" and bool(message.get("timed"))
            if timed:
                self.gc_disable()
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
            answer["nonce"] = nonce
            try:
                wire.send(self.fd_out, answer)
            except wire.NotPlain as exc:
                wire.send(self.fd_out, {"nonce": nonce, "ok": False, "failure": {
                    "kind": "notplain", "error": str(exc)}})
            if timed:
                self.gc_enable()

    # -- running the learner's code in a thread of its own -------------------

    def _in_thread(self, body: Any) -> Tuple[Any, Optional[BaseException], str, int]:
        """Run ``body()`` in a fresh thread with output captured and the
        learner phase on; ``(result, exception, output, dropped)``."""
        capture = self.capture
        writer = capture.CappedWriter()
        box: List[Any] = [None, None]
        finished = threading.Lock()
        finished.acquire()
        guard = self.guard

        def trial() -> None:
            try:
                box[0] = body()
            except BaseException as exc:  # everything, SystemExit included
                box[1] = exc
            finally:
                finished.release()

        saved = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = writer
        if guard is not None:
            guard.learner_phase(True)
        try:
            self.start_thread(trial, ())
            finished.acquire()
        finally:
            if guard is not None:
                guard.learner_phase(False)
            sys.stdout, sys.stderr = saved
        return box[0], box[1], writer.getvalue(), writer.dropped

    def _evidence(self) -> List[Any]:
        if self.guard is None:
            return []
        found = [list(item) for item in self.guard.take_evidence()]
        changed = self.guard.changed()
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
        _, error, output, dropped = self._in_thread(lambda: loader.exec_module(module))
        answer: Dict[str, Any] = {"ok": error is None, "output": output, "dropped": dropped,
                                  "evidence": self._evidence()}
        if error is not None:
            if isinstance(error, SyntaxError):
                answer["failure"] = {"kind": "syntax", "line": error.lineno,
                                     "source": (error.text or "").strip() or None,
                                     "error": f"{type(error).__name__}: {error.msg}"}
            elif isinstance(error, self.RuleBroken):
                answer["failure"] = {"kind": "rule", "error": _text(error)}
            else:
                answer["failure"] = _exception_failure(error, self.learner_file)
            return answer
        self.module = module
        entry = getattr(module, self.problem.entry, None)
        answer["entry"] = ("missing" if entry is None else
                           "class" if isinstance(entry, type) else
                           "function" if callable(entry) else type(entry).__name__)
        self.entry = entry
        return answer

    def trial(self, message: Dict[str, Any]) -> Dict[str, Any]:
        case = message["case"] if "case" in message else self.pending
        count = bool(message.get("count")) and self.counted is not None
        memory = bool(message.get("memory"))
        if count:
            case = self.counted(case)  # type: ignore[misc]
        tracer = self.tracemalloc
        reset_peak, traced, start, stop, is_tracing = tracer  # type: ignore[misc]
        keep = self.rules.keep_input and not message.get("timed")
        trial = self.harness.Trial(keep_input=keep,
                                   watch=bool(message.get("watch")),
                                   memory=(reset_peak, traced) if memory else None,
                                   learner_file=self.learner_file)
        solution = self.harness.wrap(self.entry, self.kind, trial)
        run = self.run if not message.get("null") else (lambda solution, case: None)
        counting = self.counting
        counted_before = counting.count()
        if memory:
            start()
        try:
            outcome, error, output, dropped = self._in_thread(lambda: run(solution, case))
        finally:
            if memory:
                stop()
        counted_after = counting.count()
        self.instances = trial.instances
        evidence = self._evidence()
        if counted_after < counted_before:
            evidence.append(["counter", "the comparison counter went backwards"])
        answer: Dict[str, Any] = {"output": output, "dropped": dropped, "evidence": evidence,
                                  "ops": counted_after - counted_before if count else None}
        if error is not None:
            answer["ok"] = False
            if isinstance(error, self.RuleBroken):
                answer["failure"] = {"kind": "rule", "error": _text(error)}
            else:
                answer["failure"] = _exception_failure(error, self.learner_file)
            return answer
        try:
            answer["outcome"] = self.wire.plain(outcome, unwrap={self.counting.Counted: "value"})
            answer["ok"] = True
        except self.wire.NotPlain as exc:
            answer["ok"] = False
            answer["failure"] = {"kind": "notplain", "error": str(exc)}
        return answer

    def scan(self, message: Dict[str, Any]) -> Dict[str, Any]:
        roots: List[Any] = list(self.instances)
        if self.module is not None:
            roots.append(self.module)
            for value in vars(self.module).values():
                roots.append(value)
        for name in set(sys.modules) - self.modules_before:
            module = sys.modules.get(name)
            if module is not None and module is not self.module:
                roots.append(module)
        keys = list(message.get("keys") or [])
        found = self.harness.storage_problems(roots, self.learner_file, keys=keys,
                                              forbidden_types=self.forbidden_types)
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
