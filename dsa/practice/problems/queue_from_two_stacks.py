"""A first-in, first-out queue made of two stacks (Python lists)."""

from __future__ import annotations

import ast
import random
from typing import Any, List, Optional, Tuple

from hypothesis import strategies as st

from dsa.practice.guard import RuleBroken
from dsa.practice.problem import Complexity, Listing, Rules, declare, doublings
from dsa.practice.stubs import class_stub

#: One operation: ``("push", value)``, ``("pop",)``, ``("peek",)`` or ``("empty",)``.
Operation = Tuple[Any, ...]
#: A speed case: the pattern of operations and how many there are.
SpeedCase = Tuple[str, int]

STATEMENT = """\
Write a class `MyQueue`: a first-in, first-out queue built from **two
stacks**.

```python
class MyQueue:
    def __init__(self) -> None
    def push(self, value: int) -> None   # add value at the back
    def pop(self) -> int                  # remove and return the front value
    def peek(self) -> int                 # return the front value, leave it there
    def empty(self) -> bool               # True when the queue holds nothing
```

* `pop` and `peek` are only called when the queue is not empty.
* **The stacks are two Python lists**, holding the values themselves, and
  they change only at their end: a value goes on with `append` and comes
  off with `pop()`.  The grader reads your file and refuses what changes a
  list anywhere else: `pop` with an index (`pop(0)`), `insert`, `remove`,
  `reverse`, `sort`, `del` of an item, assigning to an item, and slices.
  Reading a list (`stack[-1]`, `len(stack)`, a loop over it) is fine.
* After every operation the grader also looks at the lists your object
  holds (in its attributes, or in objects of your own it holds): together,
  at most two of them must hold exactly the values in the queue.  Keeping
  the values anywhere else, or values already taken out, breaks this rule.
* `collections.deque` and the `queue` module are not allowed.
* **Every operation must take O(1) time amortised**: any n operations
  together O(n).  The grader times long sequences of them.
"""

EXAMPLES = (
    "`q = MyQueue()`; after `q.push(1)` and `q.push(2)`, `q.peek()` returns `1` and "
    "`q.pop()` returns `1`.",
    "Continuing: `q.push(3)`, then `q.pop()` returns `2` (it came in before `3`) and "
    "`q.empty()` returns `False`; one more `q.pop()` returns `3` and `q.empty()` is `True`.",
    "A stack alone would give `2` back first: the second stack is what turns the order "
    "around.",
)

CONSTRAINTS = (
    "up to 100,000 operations",
    "0 <= value <= 10**9",
    "pop and peek are only called on a non-empty queue",
)

HINTS = (
    "Call the stacks `incoming` and `outgoing`.  `push` always appends to `incoming`.  "
    "Popping every value off `incoming` and appending it to `outgoing` reverses them: the "
    "oldest value ends up on top of `outgoing`.",
    "Do that move only when `outgoing` is empty.  While `outgoing` still holds values, its "
    "top *is* the front of the queue, and newer values wait in `incoming`.",
    "`pop` and `peek`: if `outgoing` is empty, move everything over first; then use "
    "`outgoing[-1]`.  Each value is moved at most once, so n operations do O(n) work in "
    "all, even though one `pop` can move many values.",
)

STUB = class_stub(
    '''\
A queue made of two stacks.

MyQueue keeps its values in two Python lists used as stacks (append to put
a value on, pop() to take the last one off): push(value) adds at the back,
pop() removes and returns the front value, peek() returns it without
removing it, empty() says whether the queue is empty.  pop and peek are only
called on a non-empty queue.  Every operation O(1) amortised; no
collections.deque, no queue module.

    q = MyQueue()
    q.push(1); q.push(2)
    q.peek()    ->  1
    q.pop()     ->  1
    q.push(3)
    q.pop()     ->  2
    q.empty()   ->  False
''',
    "MyQueue",
    "First in, first out, on two stacks.",
    [
        ("__init__(self) -> None", "An empty queue."),
        ("push(self, value: int) -> None", "Add ``value`` at the back."),
        ("pop(self) -> int", "Remove and return the front value (the queue is not empty)."),
        ("peek(self) -> int", "The front value, left in place (the queue is not empty)."),
        ("empty(self) -> bool", "True when the queue holds no values."),
    ],
)

#: How deep the search for the queue's lists goes, and how many objects it
#: looks at, at most.
_DEPTH = 4
_OBJECTS = 200


def _lists_held(queue: Any) -> List[list]:
    """The lists of values ``queue`` holds: in its attributes (and its
    class's), and inside dicts, tuples, lists of lists and objects of classes
    from its own module that it holds."""
    module = type(queue).__module__
    found: List[list] = []
    seen: set = set()
    todo: List[Tuple[Any, int]] = [(queue, 0)]
    while todo and len(seen) < _OBJECTS:
        obj, depth = todo.pop()
        if id(obj) in seen or depth > _DEPTH:
            continue
        seen.add(id(obj))
        inner: List[Any] = []
        if isinstance(obj, list):
            items = list(list.__iter__(obj))
            if any(isinstance(item, (list, tuple, dict)) or _own(item, module)
                   for item in items):
                inner = items  # a container of other things
            else:
                found.append(obj)
        elif isinstance(obj, tuple):
            inner = list(tuple.__iter__(obj))
        elif isinstance(obj, dict):
            inner = list(dict.values(obj))
        elif _own(obj, module):
            inner = list(getattr(obj, "__dict__", {}).values())
            inner += [getattr(obj, name) for klass in type(obj).__mro__
                      for name in _slot_names(klass) if hasattr(obj, name)]
            inner += [value for name, value in vars(type(obj)).items()
                      if isinstance(value, (list, dict)) and not name.startswith("__")]
        todo.extend((item, depth + 1) for item in inner)
    return found


def _own(obj: Any, module: str) -> bool:
    """An instance of a class defined in ``module`` (the learner's file)."""
    return not isinstance(obj, type) and getattr(type(obj), "__module__", None) == module


def _slot_names(klass: type) -> Tuple[str, ...]:
    slots = klass.__dict__.get("__slots__", ())
    return (slots,) if isinstance(slots, str) else tuple(slots)


def _check_stacks(queue: Any, values: List[int], number: int, operation: Operation) -> None:
    """Raise RuleBroken unless the lists ``queue`` holds, at most two, hold
    exactly ``values`` (in any order: the order shows in the results)."""
    stacks = [s for s in _lists_held(queue) if len(s)]
    held = [value for stack in stacks for value in list.__iter__(stack)]
    if (len(stacks) <= 2 and len(held) == len(values)
            and all(type(value) is int for value in held) and sorted(held) == sorted(values)):
        return
    shown = " and ".join(repr(list(list.__iter__(s))) for s in stacks) or "no list holding values"
    raise RuleBroken(
        f"after operation {number}, {_call(operation)}, the queue holds {values} from front to "
        f"back, but your object keeps {shown}; the values must sit in two lists used as "
        "stacks, and nowhere else")


#: What the source check says about each way of changing a list below its end.
_BELOW_THE_TOP = {
    "pop": "pop with an index takes a value from below the end of a list",
    "insert": "insert() puts a value below the end of a list",
    "remove": "remove() takes a value out from anywhere in a list",
    "reverse": "reverse() turns a whole list around in one step",
    "sort": "sort() reorders a whole list",
    "__setitem__": "__setitem__ changes a list without append() or pop()",
    "__delitem__": "__delitem__ takes a value out of a list without pop()",
}
_STACKS_ONLY = "; a stack changes only at its end, with append() and pop()"


def _source_rules(source: str) -> List[Tuple[int, str]]:
    """Every place in ``source`` that changes a list other than at its end
    (or could: the check reads names, not types), as ``(line, sentence)``."""
    found: List[Tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            name = node.func.attr
            arguments = len(node.args) + len(node.keywords)
            unbound = isinstance(node.func.value, ast.Name) and node.func.value.id == "list"
            if name == "pop" and arguments == 1 + int(unbound) and _minus_one(node.args[-1:]):
                continue  # pop(-1) is pop()
            if name in _BELOW_THE_TOP and (name != "pop" or arguments > int(unbound)):
                found.append((node.lineno, _BELOW_THE_TOP[name] + _STACKS_ONLY))
        elif isinstance(node, ast.Subscript):
            if isinstance(node.slice, ast.Slice):
                found.append((node.lineno, "a slice copies or changes part of a list at once"
                              + _STACKS_ONLY))
            elif isinstance(node.ctx, (ast.Store, ast.Del)) and not (
                    isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str)):
                what = ("del of an item takes a value out of a list without pop()"
                        if isinstance(node.ctx, ast.Del) else
                        "assigning to an item changes a list without append() or pop()")
                found.append((node.lineno, what + _STACKS_ONLY))
    return found


def _minus_one(arguments: List[ast.expr]) -> bool:
    """The one argument is the literal -1."""
    if len(arguments) != 1:
        return False
    argument = arguments[0]
    return (isinstance(argument, ast.UnaryOp) and isinstance(argument.op, ast.USub)
            and isinstance(argument.operand, ast.Constant) and argument.operand.value == 1)


def _run(cls: Any, case: Any) -> Any:
    """Replay the operations on a new queue; what each one returned.

    Speed cases (a pattern and a count) run without looking at the lists and
    give a checksum of what came out.  On the others, a model queue runs
    alongside, and while every result agrees with it the values in the lists
    the queue holds are compared with the model's after every operation.
    (Only which values: values in the wrong order are a mistake the results
    show, values kept elsewhere or kept after leaving break the rule.)
    """
    if isinstance(case, tuple):
        return _speed(cls, *case)
    queue = cls()
    model: List[int] = []
    front = 0  # the model's front is model[front]
    results: List[Any] = []
    agreed = True
    for number, operation in enumerate(case, start=1):
        name = operation[0]
        if name == "push":
            queue.push(operation[1])
            model.append(operation[1])
            result: Any = None
        else:
            result = getattr(queue, name)()
            if name == "empty":
                agreed = agreed and type(result) is bool and result == (front == len(model))
            else:
                agreed = agreed and type(result) is int and result == model[front]
                front += name == "pop"
        results.append(result)
        if agreed:
            _check_stacks(queue, model[front:], number, operation)
    return results


def _speed(cls: Any, pattern: str, n: int) -> int:
    """n operations in one of the speed patterns; a checksum of the results.

    ``alternating``: n/2 pushes, then rounds of push, peek, pop, push, pop,
    empty, which keep about n/2 values in the queue; moving every value
    between the stacks on each pop or peek costs O(n) there.
    ``fill then drain``: n/2 pushes, then n/2 pops; a list shifted at its
    front on every pop costs O(n) each.
    """
    queue = cls()
    push, pop, peek, empty = queue.push, queue.pop, queue.peek, queue.empty
    half = n // 2
    for value in range(half):
        push(value)
    total = 0
    if pattern == "alternating":
        for k in range(half // 6):
            push(half + 2 * k)
            total += peek()
            total += k * pop()
            push(half + 2 * k + 1)
            total += pop()
            total += empty()
    else:
        for k in range(half):
            total += k * pop()
    return total


def _call(operation: Operation) -> str:
    name = operation[0]
    return f"q.{name}({', '.join(repr(argument) for argument in operation[1:])})"


def _judge(case: Any, expected: Any, actual: Any) -> Optional[str]:
    """Point at the first operation whose result is wrong."""
    if actual == expected:
        return None
    if isinstance(case, tuple):
        return "the values came out in a different order than they went in"
    for number, (operation, want, got) in enumerate(zip(case, expected, actual), start=1):
        if type(want) is not type(got) or want != got:
            return f"operation {number}, {_call(operation)}, returned {got!r} instead of {want!r}"
    return "the results differ from the expected ones"


@st.composite
def _cases(draw: Any) -> List[Operation]:
    """Up to 25 operations; pop and peek only on a non-empty queue."""
    size = 0
    operations: List[Operation] = []
    for _ in range(draw(st.integers(0, 25))):
        name = draw(st.sampled_from(("push", "pop", "peek", "empty")))
        if name in ("pop", "peek") and size == 0:
            name = "push"
        if name == "push":
            operations.append(("push", draw(st.integers(0, 9))))
            size += 1
        else:
            operations.append((name,))
            size -= name == "pop"
    return operations


def _show(case: Any) -> str:
    if isinstance(case, tuple):
        return f"{case[1]:,} operations ({case[0]})"
    return "; ".join(["q = MyQueue()"] + [_call(operation) for operation in case])


def _alternating(n: int, rng: random.Random) -> SpeedCase:
    return ("alternating", n)


def _drain(n: int, rng: random.Random) -> SpeedCase:
    return ("fill then drain", n)


COMPLEXITY = Complexity(
    expected="O(1) amortised per operation",
    max_exponent=1.3,
    sizes=doublings(16384),
    # From 512 operations, so that pouring the whole queue back and forth
    # (n**2) still leaves five sizes under the time budget.
    families={"alternating": (_alternating, doublings(8192)),
              "fill then drain": _drain},
    repeats=9,
    note="n operations, about n / 2 values queued",
)


def _large(rng: random.Random) -> List[List[Operation]]:
    """Long runs of operations with values up to 10**9, the queue kept
    small so that comparing its lists after every step stays cheap."""
    cases = []
    for _ in range(2):
        size = 0
        operations: List[Operation] = []
        for _ in range(3_000):
            name = rng.choice(("push", "push", "pop", "peek", "empty") if size < 40
                              else ("pop", "peek"))
            if name in ("pop", "peek") and size == 0:
                name = "push"
            if name == "push":
                operations.append(("push", rng.randrange(10**9 + 1)))
                size += 1
            else:
                operations.append((name,))
                size -= name == "pop"
        cases.append(operations)
    return cases


PROBLEM = declare(
    globals(),
    Listing("A queue from two stacks", "deque", "easy", order=4),
    entry="MyQueue",
    forbidden=("collections.deque", "queue"),
    source_rules=_source_rules,
    rules=Rules(tripwires=("collections.deque", "queue.Queue", "queue.SimpleQueue",
                           "queue.LifoQueue"),
                forbidden_types=("collections.deque", "queue.Queue", "queue.SimpleQueue")),
    explicit_cases=(
        [("push", 1), ("push", 2), ("peek",), ("pop",), ("push", 3), ("pop",), ("empty",),
         ("pop",), ("empty",)],
        [("empty",), ("push", 5), ("empty",), ("peek",), ("peek",)],
        [("push", 1), ("push", 2), ("pop",), ("push", 3), ("push", 4), ("pop",), ("pop",),
         ("pop",)],
    ),
    lessons=("deque",),
)
