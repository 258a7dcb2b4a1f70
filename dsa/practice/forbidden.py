"""Finding the names a problem forbids in a learner's source code.

Some problems ask the learner to build a structure Python already has
("design a hash map" without ``dict``), or to solve a problem without the
library function that solves it outright (``heapq.nlargest``).
:func:`find_forbidden` reads the file's syntax tree, without running it, and
reports every place that uses a forbidden name.  A problem lists three kinds
of name:

``"dict"``, ``"sorted"``
    a built-in: the bare name (``dict()``, ``x = set``), ``builtins.dict``,
    and for ``dict`` and ``set`` the displays and comprehensions that build
    one without naming it (``{}``, ``{1: 2}``, ``{k: v for ...}``,
    ``{1, 2}``, ``{x for ...}``);
``"heapq.nlargest"``, ``"collections.deque"``
    a name inside a module: found through the imports, so ``from heapq
    import nlargest``, ``import heapq as h; h.nlargest(...)`` and ``from
    collections import deque as dq; dq()`` are uses, while an attribute of
    the learner's own object that happens to share the name
    (``self.deque``, ``self.cache``) is not;
``".sort"``, ``".most_common"``
    a method, on whatever object: any attribute of that name.

A name without a dot that is a module (``"heapq"``) forbids the whole
module.

Type annotations are left alone: ``def f(counts: dict[str, int])`` states a
type and builds nothing.  What a syntax tree cannot see (``getattr(heapq,
"nlar" + "gest")``) the problem's tripwires catch at run time
(:mod:`dsa.practice.guard`).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Dict, Iterable, List, Optional, Sequence

__all__ = ["ForbiddenUse", "find_forbidden", "describe_uses"]


@dataclass(frozen=True)
class ForbiddenUse:
    """One place in the source that uses a forbidden name."""

    #: The forbidden name as the problem lists it (``"dict"``, ``"heapq.nlargest"``).
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


def _dotted(name: str) -> str:
    """The full dotted name an entry stands for: ``dict`` is ``builtins.dict``."""
    return name if "." in name else f"builtins.{name}"


class _Finder(ast.NodeVisitor):
    """Walks a module, skipping annotations, collecting forbidden uses."""

    def __init__(self, forbidden: Sequence[str]) -> None:
        self.forbidden = tuple(forbidden)
        self.methods = {name[1:]: name for name in self.forbidden if name.startswith(".")}
        #: Full dotted name -> the entry as the problem lists it.  A name
        #: without a dot is a built-in or a whole module ("heapq").
        self.dotted: Dict[str, str] = {}
        for name in self.forbidden:
            if not name.startswith("."):
                self.dotted[_dotted(name)] = name
                self.dotted[name] = name
        #: Local name -> the dotted name it was bound to by an import.
        self.aliases: Dict[str, str] = {"builtins": "builtins"}
        self.uses: List[ForbiddenUse] = []

    def add(self, name: str, node: ast.AST, what: str) -> None:
        self.uses.append(ForbiddenUse(name, getattr(node, "lineno", 0), what))

    def _entry(self, dotted: str) -> Optional[str]:
        """The forbidden entry ``dotted`` is, or lies inside, if any."""
        for full, entry in self.dotted.items():
            if dotted == full or dotted.startswith(full + "."):
                return entry
        return None

    # -- imports ------------------------------------------------------------

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            entry = self._entry(alias.name)
            if entry is not None:
                self.add(entry, node, f"imports {alias.name}")
            local = alias.asname or alias.name.split(".", 1)[0]
            self.aliases[local] = alias.name if alias.asname else local

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        module = node.module or ""
        entry = self._entry(module) if module else None
        if entry is not None:
            self.add(entry, node, f"imports from {module}")
            return
        for alias in node.names:
            if alias.name == "*":
                inside = [e for full, e in self.dotted.items()
                          if full.rpartition(".")[0] == module]
                for found in inside:
                    self.add(found, node, f"from {module} import * brings {found}")
                continue
            full = f"{module}.{alias.name}" if module else alias.name
            entry = self._entry(full)
            if entry is not None:
                self.add(entry, node, f"imports {alias.name}")
            self.aliases[alias.asname or alias.name] = full

    # -- names and attributes -------------------------------------------------

    def visit_Name(self, node: ast.Name) -> None:
        full = self.aliases.get(node.id, f"builtins.{node.id}")
        entry = self._entry(full)
        if entry is not None and not isinstance(node.ctx, ast.Store):
            self.add(entry, node, f"uses {node.id}")

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if node.attr in self.methods:
            self.add(self.methods[node.attr], node, f"uses .{node.attr}")
        chain: List[str] = [node.attr]
        base: ast.AST = node.value
        while isinstance(base, ast.Attribute):
            chain.append(base.attr)
            base = base.value
        if isinstance(base, ast.Name) and base.id in self.aliases:
            full = ".".join([self.aliases[base.id], *reversed(chain)])
            entry = self._entry(full)
            if entry is not None:
                self.add(entry, node, f"uses {full}")
                return  # the inner attributes are the same use
        self.generic_visit(node)

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
