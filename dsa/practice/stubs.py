r'''The stub file a learner receives for a class problem, built from a table.

Every class problem hands out the same frame: a module docstring that
restates the task with a worked example, ``from __future__ import
annotations`` (and the modules a solution usually needs), then the class
with its docstring and one method per operation, each method's body
``raise NotImplementedError("write your solution here")``.  Writing that
frame out by hand in every problem module repeats the framing lines dozens
of times and lets one stub drift from the others (a body that forgets the
message, a missing blank line); here it is written once, and a problem
gives only what is its own: the texts, the class name and the methods'
signatures and docstrings.

The grader finds the unwritten methods by that very body (see
:mod:`dsa.practice.statics`), so every method a stub declares is reported
as "not written yet" until the learner replaces it.

    >>> print(class_stub("A counter.\n", "Counter", "Counts up.",
    ...                  [("__init__(self) -> None", None),
    ...                   ("add(self) -> int", "One more; return the count.")]), end="")
    """A counter.
    """
    <BLANKLINE>
    from __future__ import annotations
    <BLANKLINE>
    <BLANKLINE>
    class Counter:
        """Counts up."""
    <BLANKLINE>
        def __init__(self) -> None:
            raise NotImplementedError("write your solution here")
    <BLANKLINE>
        def add(self) -> int:
            """One more; return the count."""
            raise NotImplementedError("write your solution here")
'''

from __future__ import annotations

from typing import Optional, Sequence, Tuple

__all__ = ["Method", "UNWRITTEN", "cache_methods", "class_outline", "class_stub"]

#: The body of every method the learner has still to write.
UNWRITTEN = 'raise NotImplementedError("write your solution here")'

#: One method of a stub: its signature as it stands after ``def`` (without
#: the colon), and its docstring, or None for a method that needs none
#: (an ``__init__`` whose class docstring already says what it builds).
Method = Tuple[str, Optional[str]]


def cache_methods(get: str, put: str) -> list[Method]:
    """The methods of a bounded key-value cache, with these docstrings.

    Every cache problem (``lru-cache``, ``lfu-cache``) asks for the same
    interface, ``Cache(capacity)`` with ``get(key)`` and ``put(key,
    value)``; what differs is the eviction rule, so only the docstrings
    that say what a use is.
    """
    return [
        ("__init__(self, capacity: int) -> None", None),
        ("get(self, key: int) -> int", get),
        ("put(self, key: int, value: int) -> None", put),
    ]


def class_stub(doc: str, name: str, summary: str, methods: Sequence[Method], *,
               imports: Sequence[str] = ()) -> str:
    """The text of a stub file defining class ``name``.

    ``doc`` is the module docstring's text, without its quotes, ending with
    a newline; ``summary`` is the class docstring; ``methods`` come in the
    order the learner reads them; ``imports`` name modules imported after
    ``from __future__ import annotations`` (``heapq`` for a heap problem).
    """
    parts = [f'"""{doc}"""\n\nfrom __future__ import annotations\n']
    if imports:
        parts.append("\n" + "".join(f"import {module}\n" for module in imports))
    parts.append(f'\n\nclass {name}:\n    """{summary}"""\n')
    for signature, method_doc in methods:
        parts.append(f"\n    def {signature}:\n")
        if method_doc is not None:
            parts.append(f'        """{method_doc}"""\n')
        parts.append(f"        {UNWRITTEN}\n")
    return "".join(parts)


def class_outline(name: str, methods: Sequence[Method]) -> str:
    """The class as a statement shows it: a fenced Python block of the
    signatures alone, each ``def`` ending in ``: ...``.

    Built from the same table as the stub, so the statement and the file
    the learner fills in cannot disagree about a method.

    >>> print(class_outline("Counter", [("add(self) -> int", "One more.")]))
    ```python
    class Counter:
        def add(self) -> int: ...
    ```
    """
    lines = ["```python", f"class {name}:"]
    lines += [f"    def {signature}: ..." for signature, _ in methods]
    lines.append("```")
    return "\n".join(lines)
