"""How the worker calls the learner's code, and what it watches meanwhile.

A problem's ``run(solution, case)`` never receives the learner's function
or class itself but a *wrapped* one from :func:`wrap`, which watches the
call the way the problem's :class:`~dsa.practice.problem.Rules` ask:

``keep_input``
    Before the call, every argument is described (lists item by item, node
    chains node by node, with identities); after it, the description must
    be the same.  On the small cases the supervisor marks *watched*, a
    trace function compares after every step of the learner's code too, so
    sorting the input and sorting it back is caught.
``memory``
    The call runs with :mod:`tracemalloc` tracing; the peak above what was
    allocated when the call began is the extra memory used.  The trial's
    ``memory`` is a pair of functions, ``begin()`` and ``read()``: in the
    learner's worker they ask the guard, which alone holds tracemalloc's
    functions (:meth:`dsa.practice.guard.Guard.measure`).
class problems
    Every instance made is remembered, so that after the run
    :func:`storage_problems` can look through what it holds.

Findings travel as audit events to :mod:`dsa.practice.guard`, where the
learner's code cannot take them back.
"""

from __future__ import annotations

import sys
import types
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Set, Tuple

from .guard import EVENT, RuleBroken
from .nodes import ListNode

__all__ = ["RuleBroken", "wrap", "describe", "storage_problems", "Trial"]

#: Longest chain or list described for ``keep_input``.
DESCRIBE_LIMIT = 2_000_000
#: Objects visited at most by one storage scan.
SCAN_LIMIT = 200_000

_audit = sys.audit
#: Taken before the worker's tripwire replaces ``sys.gettrace`` for the learner.
_gettrace = sys.gettrace


class Trial:
    """What one trial asks the wrapper to do."""

    def __init__(self, *, keep_input: bool = False, watch: bool = False,
                 memory: Optional[Tuple[Callable[[], Any], Callable[[], int]]] = None,
                 learner_file: str = "") -> None:
        self.keep_input = keep_input
        self.watch = watch
        self.memory = memory
        self.learner_file = learner_file
        self.instances: List[Any] = []


# --------------------------------------------------------------------------
# Describing inputs


def describe(value: Any) -> List[Tuple[Any, ...]]:
    """A flat description of ``value`` that changes when any part of it does.

    Lists, tuples and dicts are described item by item with their
    identities; a :class:`ListNode` by its identity, its value and the
    identity of each node it points to; other objects by type and value.
    Walks iteratively, so a chain of a million nodes is fine, and visits a
    node once, so a cycle is fine.

    Identities come from :data:`_identity`, not ``id()``: in the learner's
    worker every ``id()`` is an audited event costing about a microsecond,
    which made describing a chain far slower than the solution it watched.
    A chain of exact ListNodes is walked along ``next`` in a loop of its own
    for the same reason.
    """
    out: List[Tuple[Any, ...]] = []
    seen: Set[int] = set()
    stack: List[Any] = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind in _LEAVES:
            out.append(("v", kind.__name__, item))
            continue
        key = _identity(item)
        if key in seen:
            out.append(("again", key))
            continue
        seen.add(key)
        if len(out) > DESCRIBE_LIMIT:
            out.append(("cut",))
            break
        if kind is ListNode:
            while True:  # along the chain, as long as it is made of ListNodes
                val, successor = item.val, item.next
                out.append(("node", key, _identity(val), _identity(successor)))
                if type(val) in _LEAVES:
                    out.append(("v", type(val).__name__, val))
                else:
                    stack.append(val)
                if type(successor) is not ListNode:
                    stack.append(successor)
                    break
                item, key = successor, _identity(successor)
                if key in seen:
                    out.append(("again", key))
                    break
                seen.add(key)
                if len(out) > DESCRIBE_LIMIT:
                    break
        elif isinstance(item, (list, tuple)):
            out.append((kind.__name__, key, len(item), tuple(map(_identity, item))))
            stack.extend(reversed(item))
        elif isinstance(item, dict):
            pairs = list(item.items())
            out.append(("dict", key, tuple((_identity(k), _identity(v)) for k, v in pairs)))
            for k, v in reversed(pairs):
                stack.append(v)
                stack.append(k)
        elif isinstance(item, ListNode) or hasattr(type(item), "__slots__"):
            slots = _slots(type(item))
            values = [getattr(item, name, _ABSENT) for name in slots]
            out.append(("obj", kind.__name__, key, tuple(map(_identity, values))))
            stack.extend(reversed([v for v in values if v is not _ABSENT]))
        else:
            out.append(("other", kind.__name__, key, repr(item)[:200]))
    return out


#: What :func:`describe` reports by value rather than by identity.
_LEAVES = (int, float, str, bool, type(None))
#: An identity for :func:`describe`: ``object.__hash__`` hashes an object by
#: its address, so among live objects it is as unique as ``id()`` (whatever
#: ``__hash__`` a class defines, this one is object's), but it is not an
#: audited event.
_identity = object.__hash__


_ABSENT = object()


def _slots(kind: type) -> Tuple[str, ...]:
    names: List[str] = []
    for klass in kind.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else list(slots)
    return tuple(names)


# --------------------------------------------------------------------------
# The wrapper


def wrap(entry: Any, kind: str, trial: Trial) -> Any:
    """``entry`` (the learner's function or class) watched as ``trial`` asks."""
    if kind == "class":
        return _wrap_class(entry, trial)
    return _wrap_function(entry, trial)


def _wrap_class(cls: Any, trial: Trial) -> Callable[..., Any]:
    def construct(*args: Any, **kwargs: Any) -> Any:
        instance = cls(*args, **kwargs)
        trial.instances.append(instance)
        return instance

    construct.__name__ = getattr(cls, "__name__", "solution")
    return construct


def _wrap_function(function: Any, trial: Trial) -> Callable[..., Any]:
    memory = trial.memory
    keep = trial.keep_input
    watch = trial.watch and keep
    learner_file = trial.learner_file

    def call(*args: Any, **kwargs: Any) -> Any:
        # Read once into locals: the closure's cells can be rewritten by the
        # learner's code while it runs, the frame's locals cannot.
        checking, measuring, watching, arguments = keep, memory, watch, (args, kwargs)
        before = describe(arguments) if checking else None
        previous_trace = _gettrace() if watching else None
        waiting: Dict[int, Any] = {}
        if watching:
            trace, waiting = _watcher(arguments, before, learner_file)
            sys.settrace(trace)
        if measuring is not None:
            if not watching:  # each frame becomes an object tracemalloc sees
                sys.settrace(_materialise_frames)
            begin, read = measuring
            begin()
        try:
            return function(*args, **kwargs)
        finally:
            if measuring is not None:
                _audit(EVENT, "memory", max(0, read()))
                if not watching:
                    sys.settrace(None)
            if watching:
                sys.settrace(previous_trace)
                if waiting:
                    _audit(EVENT, "refused", SWITCHED_OFF)
            if checking and describe(arguments) != before:
                _audit(EVENT, "changed", "after the call")

    call.__name__ = getattr(function, "__name__", "solution")
    return call


def _materialise_frames(frame: Any, event: str, arg: Any) -> None:
    """A trace function that does nothing: while one is set, every call's
    frame is a Python object, so :mod:`tracemalloc` counts recursion (which
    Python 3.11+ otherwise keeps in memory it does not trace)."""
    return None


def _watcher(arguments: Any, before: Any, learner_file: str
             ) -> Tuple[Callable[..., Any], Dict[int, Any]]:
    """A trace function comparing the inputs after every step in the
    learner's file, the first difference reported once; and the frames it
    watches that have not returned yet.

    A frame of the learner's file that ends without its ``return`` reaching
    the watch had the watch switched off (``frame.f_trace = None``), and so
    has one whose line or opcode events were turned off while the watch saw
    it: both are reported.
    """
    reported = [False]
    waiting: Dict[int, Any] = {}

    def local(frame: Any, event: str, arg: Any) -> Any:
        if not reported[0]:
            if describe(arguments) != before:
                reported[0] = True
                _audit(EVENT, "changed", f"while your code ran (seen at line {frame.f_lineno})")
            elif not (frame.f_trace_lines and frame.f_trace_opcodes):
                reported[0] = True
                _audit(EVENT, "refused", SWITCHED_OFF)
        if event == "return":
            waiting.pop(id(frame), None)
        return local

    def global_trace(frame: Any, event: str, arg: Any) -> Any:
        if frame.f_code.co_filename != learner_file:
            return None
        frame.f_trace_opcodes = True
        waiting[id(frame)] = frame
        return local

    return global_trace, waiting


#: What switching off the watch of ``keep_input`` is called in a report.
SWITCHED_OFF = "switching off the grader's watch of the input"


# --------------------------------------------------------------------------
# Looking through what the learner's objects hold


def storage_problems(roots: Iterable[Any], learner_file: str, *,
                     keys: Sequence[Any] = (),
                     forbidden_types: Sequence[type] = (),
                     check: Optional[Callable[[Any], Optional[str]]] = None) -> List[str]:
    """What the learner's objects hold that the rules forbid, in sentences.

    Walks, from ``roots``, the built-in containers, the attributes of
    instances of classes defined in ``learner_file`` (and of other modules'
    instances, such as a ``UserDict`` or a ``SimpleNamespace``, which keep a
    dict inside), and the closures, defaults and attributes of functions
    defined there.  Reports a dict, set or frozenset holding any of ``keys``
    (or its ``str``) as a key or element, and any instance of
    ``forbidden_types``.  A namespace (a module's ``globals()``) may hold
    names only, so a key there is reported too, and so is one in the
    namespace of any loaded module or in ``sys.modules``.  ``check``, when
    given, sees every object met and returns what is wrong with it, if
    anything (a problem's ``run`` uses it for rules of its own, such as "no
    dict kept in the order of use").
    """
    wanted: Set[Any] = set()
    for key in keys:
        try:
            wanted.add(key)
            wanted.add(str(key))
        except TypeError:
            pass
    found: List[str] = []
    seen: Set[int] = set()
    stack: List[Tuple[Any, str]] = [(root, "your object") for root in roots]

    def mine(obj: Any) -> bool:
        code = getattr(obj, "__code__", None)
        if code is not None:
            return getattr(code, "co_filename", None) == learner_file
        module = sys.modules.get(getattr(type(obj), "__module__", ""), None)
        return getattr(module, "__file__", None) == learner_file

    while stack and len(seen) < SCAN_LIMIT:
        obj, where = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        for forbidden in forbidden_types:
            if isinstance(obj, forbidden):
                found.append(f"{where} is a {forbidden.__module__}.{forbidden.__qualname__}")
                break
        if check is not None:
            said = check(obj)
            if said:
                found.append(f"{where} {said}")
        if isinstance(obj, (dict, types.MappingProxyType)):
            if wanted:
                names_only = isinstance(obj, dict) and _is_namespace(obj)
                hits = [k for k in list(obj.keys())[:100000] if _hashable_in(k, wanted)
                        and not (names_only and _is_name(k))]
                if hits:
                    found.append(f"{where} is a {type(obj).__name__} holding the key "
                                 f"{hits[0]!r}")
            for k, v in list(obj.items()):
                stack.append((v, f"{where}[{k!r}]"[:120]))
        elif isinstance(obj, (set, frozenset)):
            hits = [k for k in obj if _hashable_in(k, wanted)]
            if hits:
                found.append(f"{where} is a {type(obj).__name__} holding {hits[0]!r}")
            stack.extend((item, where) for item in obj)
        elif isinstance(obj, (list, tuple)):
            stack.extend((item, f"{where}[{i}]"[:120]) for i, item in enumerate(obj))
        elif isinstance(obj, types.ModuleType):
            if getattr(obj, "__file__", None) == learner_file or where.startswith("module "):
                stack.extend((v, f"{k}"[:120]) for k, v in vars(obj).items())
                found += _keys_in_namespace(vars(obj), "your module's globals()", wanted)
        elif isinstance(obj, types.FunctionType) and mine(obj):
            for cell in obj.__closure__ or ():
                try:
                    stack.append((cell.cell_contents, f"{obj.__name__}'s closure"))
                except ValueError:
                    pass
            stack.extend((d, f"{obj.__name__}'s default") for d in obj.__defaults__ or ())
            stack.extend((d, f"{obj.__name__}'s default")
                         for d in (obj.__kwdefaults__ or {}).values())
            stack.append((vars(obj), f"{obj.__name__}.__dict__"))
        elif isinstance(obj, types.MethodType):
            stack.append((obj.__func__, where))
            stack.append((obj.__self__, where))
        elif isinstance(obj, type):
            if getattr(sys.modules.get(obj.__module__), "__file__", None) == learner_file:
                stack.extend((v, f"{obj.__name__}.{k}") for k, v in vars(obj).items())
        else:
            if not mine(obj) and not isinstance(obj, tuple(forbidden_types) or ()):
                # A container of the standard library (deque, array...) is
                # walked through iteration; anything else is left alone.
                if type(obj).__module__ in ("collections", "array", "_collections"):
                    try:
                        stack.extend((item, where) for item in list(obj)[:SCAN_LIMIT])
                    except TypeError:
                        pass
                    if isinstance(obj, dict):
                        stack.append((dict(obj), where))
                # Its attributes may be a dict in disguise (a UserDict's data,
                # a SimpleNamespace's attributes named after the keys).
                if not isinstance(obj, (types.BuiltinFunctionType, types.FunctionType,
                                        types.ModuleType, type)):
                    _push_attributes(obj, where, wanted, found, stack)
                continue
            _push_attributes(obj, where, wanted, found, stack)
        if len(found) >= 3:
            break
    if wanted and len(found) < 3:
        for name, module in list(sys.modules.items()):
            if not isinstance(name, str) and _hashable_in(name, wanted):
                found.append(f"sys.modules holds the key {name!r}")
            namespace = getattr(module, "__dict__", None)
            if isinstance(namespace, dict):
                found += _keys_in_namespace(namespace, f"module {name}", wanted)
    return found[:3]


def _push_attributes(obj: Any, where: str, wanted: Set[Any], found: List[str],
                     stack: List[Tuple[Any, str]]) -> None:
    """Look at ``obj``'s attributes: names that are keys, and every value."""
    namespace = getattr(obj, "__dict__", None)
    if isinstance(namespace, dict):
        if wanted:
            hits = [k for k in namespace if _hashable_in(k, wanted)]
            if hits:
                found.append(f"{where} has an attribute named after the key "
                             f"{hits[0]!r}")
        stack.extend((v, f"{where}.{k}"[:120]) for k, v in namespace.items())
    for name in _slots(type(obj)):
        value = getattr(obj, name, _ABSENT)
        if value is not _ABSENT:
            stack.append((value, f"{where}.{name}"[:120]))


def _keys_in_namespace(namespace: Dict[Any, Any], shown: str, wanted: Set[Any]) -> List[str]:
    """A sentence for a key, not a name, that sits in a module's namespace."""
    if not wanted:
        return []
    try:
        hits = wanted.intersection(namespace)
    except Exception:  # a key whose == or hash raises
        hits = {key for key in list(namespace) if _hashable_in(key, wanted)}
    for key in hits:
        if not _is_name(key):
            return [f"the namespace of {shown} holds the key {key!r}"]
    return []


def _is_name(key: Any) -> bool:
    return isinstance(key, str) and key.isidentifier()


def _is_namespace(mapping: Dict[Any, Any]) -> bool:
    """A module's namespace: its keys are names, never the learner's keys
    (a name that happens to equal a key is found through ``str`` below)."""
    return "__name__" in mapping and "__builtins__" in mapping


def _hashable_in(key: Any, wanted: Set[Any], depth: int = 0) -> bool:
    """True when ``key`` is one of ``wanted``, or a tuple or frozenset
    holding one (a table keyed by ``(key,)`` holds the keys all the same)."""
    try:
        if key in wanted:
            return True
    except TypeError:
        return False
    if depth < 3 and type(key) in (tuple, frozenset):
        return any(_hashable_in(item, wanted, depth + 1) for item in key)
    return False
