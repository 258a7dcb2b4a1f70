"""What the grader reads in the learner's file without running it.

Which parts of a stub are still ``raise NotImplementedError`` (the report
says "not written yet" instead of showing a failure), and the small
wording helpers the reports share.
"""

from __future__ import annotations

import ast
from typing import Any, List, Sequence

__all__ = ["unwritten_parts", "either", "plural"]


def _is_unwritten(body: Sequence[ast.stmt]) -> bool:
    """True for a body that is (a docstring and) ``raise NotImplementedError``."""
    statements = list(body)
    if (statements and isinstance(statements[0], ast.Expr)
            and isinstance(statements[0].value, ast.Constant)
            and isinstance(statements[0].value.value, str)):
        statements = statements[1:]
    if len(statements) != 1 or not isinstance(statements[0], ast.Raise):
        return False
    raised = statements[0].exc
    if isinstance(raised, ast.Call):
        raised = raised.func
    return isinstance(raised, ast.Name) and raised.id == "NotImplementedError"


def unwritten_parts(source: str, entry: str) -> List[str]:
    """The parts of ``entry`` still left as ``raise NotImplementedError``.

    ``["kth_largest"]`` for an untouched function stub, ``["MinStack.push",
    "MinStack.pop"]`` for the methods of a class stub, ``[]`` once written.
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    parts: List[str] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == entry:
            parts = [entry] if _is_unwritten(node.body) else []
        elif isinstance(node, ast.ClassDef) and node.name == entry:
            parts = [f"{entry}.{item.name}" for item in node.body
                     if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                     and _is_unwritten(item.body)]
    return parts


def either(items: Sequence[Any], word: str = "or", *, quote: bool = True) -> str:
    """```a`, `b` or `c``` (or with ``and``; without backticks for numbers)."""
    shown = [f"`{item}`" if quote else str(item) for item in items]
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + f" {word} " + shown[-1]


def plural(count: int, word: str) -> str:
    return word if count == 1 else word + "s"
