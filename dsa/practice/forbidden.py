"""Finding the names a problem forbids in a learner's source code.

Some problems ask the learner to build a structure Python already has
("design a hash map" without ``dict``), or to solve a problem without the
library that solves it outright (``heapq``).  :func:`find_forbidden` reads
the file's syntax tree, without running it, and reports every place that
uses a forbidden name:

* the bare name, as in ``dict()`` or ``x = set``;
* an attribute of that name, as in ``collections.OrderedDict``;
* an import of it, as in ``import heapq``, ``from heapq import heappush``
  or ``from collections import OrderedDict``;
* for ``dict`` and ``set``, the displays and comprehensions that build one
  without naming it: ``{}``, ``{1: 2}``, ``{k: v for ...}``, ``{1, 2}``,
  ``{x for ...}``.

Type annotations are left alone: ``def f(counts: dict[str, int])`` states a
type and builds nothing.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Iterable, List, Sequence

__all__ = ["ForbiddenUse", "find_forbidden", "describe_uses"]


@dataclass(frozen=True)
class ForbiddenUse:
    """One place in the source that uses a forbidden name."""

    #: The forbidden name as the problem lists it (``"dict"``, ``"heapq"``).
    name: str
    line: int
    #: What was found there, in words: ``"{} builds a dict"``.
    what: str


# Syntax that builds a dict or a set without naming it.
_DISPLAYS = {
    ast.Dict: ("dict", "{...} builds a dict"),
    ast.DictComp: ("dict", "a dict comprehension builds a dict"),
    ast.Set: ("set", "{...} builds a set"),
    ast.SetComp: ("set", "a set comprehension builds a set"),
}


class _Finder(ast.NodeVisitor):
    """Walks a module, skipping annotations, collecting forbidden uses."""

    def __init__(self, forbidden: Sequence[str]) -> None:
        self.forbidden = tuple(forbidden)
        # "collections.OrderedDict" is matched as a dotted import and by its
        # last part wherever a name or attribute appears.
        self.short = {name.rsplit(".", 1)[-1]: name for name in self.forbidden}
        self.uses: List[ForbiddenUse] = []

    def add(self, name: str, node: ast.AST, what: str) -> None:
        self.uses.append(ForbiddenUse(name, getattr(node, "lineno", 0), what))

    # -- names, attributes, imports -------------------------------------

    def visit_Name(self, node: ast.Name) -> None:
        if node.id in self.short:
            self.add(self.short[node.id], node, f"uses {node.id}")

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if node.attr in self.short:
            self.add(self.short[node.attr], node, f"uses .{node.attr}")
        self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._check_import(alias.name, node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        module = node.module or ""
        if not self._check_import(module, node):
            for alias in node.names:
                full = f"{module}.{alias.name}" if module else alias.name
                if not self._check_import(full, node) and alias.name in self.short:
                    self.add(self.short[alias.name], node, f"imports {alias.name}")

    def _check_import(self, dotted: str, node: ast.AST) -> bool:
        """Report ``dotted`` if it is, or lies inside, a forbidden module."""
        for name in self.forbidden:
            if dotted == name or dotted.startswith(name + "."):
                self.add(name, node, f"imports {dotted}")
                return True
        return False

    # -- displays and comprehensions --------------------------------------

    def generic_visit(self, node: ast.AST) -> None:
        display = _DISPLAYS.get(type(node))
        if display is not None and display[0] in self.forbidden:
            self.add(display[0], node, display[1])
        super().generic_visit(node)

    # -- annotations are skipped ----------------------------------------

    def visit_arg(self, node: ast.arg) -> None:
        pass  # only its annotation could hold a name

    def _visit_function(self, node: ast.AST) -> None:
        for decorator in node.decorator_list:  # type: ignore[attr-defined]
            self.visit(decorator)
        self.visit(node.args)  # type: ignore[attr-defined]
        for statement in node.body:  # type: ignore[attr-defined]
            self.visit(statement)

    visit_FunctionDef = _visit_function
    visit_AsyncFunctionDef = _visit_function

    def visit_arguments(self, node: ast.arguments) -> None:
        for default in [*node.defaults, *node.kw_defaults]:
            if default is not None:
                self.visit(default)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self.visit(node.target)
        if node.value is not None:
            self.visit(node.value)


def find_forbidden(source: str, forbidden: Iterable[str]) -> List[ForbiddenUse]:
    """Every use of a ``forbidden`` name in ``source``, in line order.

    Raises SyntaxError when ``source`` does not parse.
    """
    names = tuple(forbidden)
    if not names:
        return []
    finder = _Finder(names)
    finder.visit(ast.parse(source))
    return sorted(set(finder.uses), key=lambda use: (use.line, use.name, use.what))


def describe_uses(uses: Sequence[ForbiddenUse], source_lines: Sequence[str]) -> List[str]:
    """One line per use: ``line 4: {...} builds a dict    counts = {}``."""
    lines = []
    for use in uses:
        text = ""
        if 1 <= use.line <= len(source_lines):
            text = source_lines[use.line - 1].strip()
        lines.append(f"line {use.line}: {use.what}" + (f"    {text}" if text else ""))
    return lines
