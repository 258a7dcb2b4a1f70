"""What a practice problem is made of.

Every problem lives in its own module ``dsa/practice/problems/<module>.py``
that defines one module-level name, ``PROBLEM``, an instance of
:class:`Problem`, built by :func:`declare` from the module's conventional
names.  The registry (``dsa.practice.registry``) finds them by walking that
package, so adding a problem never means editing a shared list.

Where each part runs
--------------------
A check uses three processes (see :mod:`dsa.practice.grader`): the
*supervisor*, which draws the inputs, judges the answers and keeps the
clock; a *reference worker* running the reference solution; and a *learner
worker*, isolated, running the learner's file.  A problem's parts are split
between them:

* in the supervisor: ``cases`` (a Hypothesis strategy), ``explicit_cases``,
  ``large_cases``, every :class:`Family`'s ``make_case``, ``judge`` and
  ``show_case``.  Cases are *plain data* (None, bool, int, float, str and
  lists, tuples and dicts of them), because they travel to the workers
  through :mod:`dsa.practice.wire`.
* in both workers: ``run(solution, case)``, which builds fresh inputs from
  the case (lists, node chains), calls the solution and turns what it gives
  back into an *outcome* of plain data; and ``Complexity.counted``, which
  wraps a growth case's items in :class:`~dsa.practice.counting.Counted`.

So the judge only ever sees plain values: an answer cannot lie about
equality, and nothing the learner's code does can reach the reference, the
judge or the clock.

``judge(case, expected, actual)`` returns ``None`` when ``actual`` is an
acceptable outcome and otherwise a short sentence saying what is wrong.  The
default is exact equality of plain values (``1 == 1.0`` is not enough: the
types must match too).  Problems with several right answers (any valid pair
of indices, groups in any order) judge validity instead.

Exceptions raised by the learner's code inside ``run`` are not caught by the
problem: the worker catches them, reports the line in the learner's file and
the case fails, so Hypothesis shrinks it like any other failure.  A problem's
``run`` may raise :class:`~dsa.practice.harness.RuleBroken` when it sees a
statement rule broken (a value changed where nodes had to move).
"""

from __future__ import annotations

import ast
import random
import sys
from dataclasses import dataclass, field, replace
from typing import (Any, Callable, Dict, Literal, Mapping, NamedTuple, Optional, Sequence,
                    Tuple, Union, cast)

__all__ = ["Complexity", "Family", "Listing", "Memory", "Problem", "Rules", "STRUCTURES",
           "DIFFICULTIES", "declare", "doublings", "same_plain"]

#: The groups ``list`` shows, in this order.
STRUCTURES = ("heap", "hash table", "linked list", "deque")
DIFFICULTIES = ("easy", "medium", "hard")

Judge = Callable[[Any, Any, Any], Optional[str]]


def same_plain(a: Any, b: Any) -> bool:
    """Equality of plain values that also asks for equal types all the way
    down: ``1`` and ``True`` differ, so do ``2`` and ``2.0``."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same_plain(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return (len(a) == len(b)
                and all(k in b and same_plain(v, b[k]) for k, v in a.items()))
    if isinstance(a, float) and a != a:  # nan is nan
        return b != b
    return bool(a == b)


def equal_outcomes(case: Any, expected: Any, actual: Any) -> Optional[str]:
    """The default judge: the outcomes must be equal, types included."""
    if same_plain(expected, actual):
        return None
    return "the result differs from the expected one"


#: How a growth case of size ``n`` is made: ``make_case(n, rng)``.
CaseMaker = Callable[[int, random.Random], Any]


@dataclass(frozen=True)
class Family:
    """One kind of growth input, chosen for the wrong algorithms it exposes.

    ``make_case(n, rng)`` returns a case of size ``n`` as plain data.  A
    problem lists the families a learner's slow solution could hide behind:
    random input, but also sorted and reverse-sorted input, the answer last,
    a graph that makes a label-correcting search relax edges again and again.
    The grader measures every family and judges the *worst* one.
    """

    name: str
    make_case: CaseMaker
    #: Sizes for this family, when they differ from :attr:`Complexity.sizes`.
    sizes: Optional[Sequence[int]] = None


#: What a family's name maps to in :attr:`Complexity.families`: its case
#: maker, or ``(make_case, sizes)`` for a family with sizes of its own.
FamilySpec = Union[CaseMaker, Tuple[CaseMaker, Sequence[int]]]


def doublings(largest: int, count: int = 5) -> Tuple[int, ...]:
    """``count`` growth sizes up to ``largest``, each twice the one before:
    ``doublings(4096)`` is 256, 512, 1024, 2048, 4096 (a factor of 16).

    Each is ``largest // 2**k``, so a ``largest`` that is no power of two
    still ends the list exactly."""
    return tuple(largest // 2 ** k for k in range(count - 1, -1, -1))


@dataclass(frozen=True)
class Memory:
    """A limit on the extra memory a function solution may use.

    The grader measures, with :mod:`tracemalloc` in the learner's worker, the
    peak of memory allocated during the call above what was allocated when
    it began, at the sizes of the first growth family, and fits its growth
    exponent as it fits time (a floor of :data:`MEMORY_FLOOR` bytes keeps a
    few bytes of noise from looking like growth).  ``expected`` is what the
    statement says ("O(1)").
    """

    expected: str
    max_exponent: float = 0.3


#: Bytes added to every memory peak before fitting, so that an O(1) solution
#: whose peak wobbles between 50 and 300 bytes fits an exponent near 0.
MEMORY_FLOOR = 2048


@dataclass(frozen=True)
class Complexity:
    """The growth a problem demands and how the grader measures it.

    ``expected`` is what the learner reads ("O(n log k)").  ``max_exponent``
    is the largest growth exponent in ``n`` that passes.  For every
    :class:`Family` the grader builds a case at each size, times the
    learner's worker and the reference worker on it (runs of the two taking
    turns, the clock in the supervisor), fits ``time ~ n**e`` on a log-log
    scale and flags the solution when ``e`` exceeds ``max_exponent`` *and*
    the reference's exponent on the same family by more than a margin, so
    that a busy machine slowing both cannot fail a good solution (see
    :mod:`dsa.practice.growth`).  Typical limits: 1.3 for O(n) or O(n log n)
    (n log n fits an exponent of about 1.1 over the usual sizes), 0.35 for
    O(1) per operation when a fixed number of operations runs against a
    structure already holding ``n`` items, 2.5 when O(n**2) is allowed but
    O(n**3) is not.

    ``counted`` adds a second, exact measure: given a growth case it returns
    the case with its comparable items wrapped in
    :class:`~dsa.practice.counting.Counted`, and the worker reports how many
    comparisons the solution made.  Counts cannot be slowed by a busy
    machine, but a solution can dodge them (comparing ``int()`` copies), so
    they only ever add evidence: time decides too, and ``min_ops(n)``, the
    fewest comparisons any correct solution makes, tells a dodged count from
    a real one.

    ``sizes`` should make the reference take roughly 2 to 30 ms at the
    largest size, and span at least a factor of 16.
    """

    expected: str
    max_exponent: float
    sizes: Sequence[int]
    #: The growth families, in the order they are measured: :class:`Family`
    #: objects, or a mapping from each family's name to its case maker (or
    #: to ``(make_case, sizes)``), which :meth:`__post_init__` turns into
    #: Family objects.
    families: Union[Sequence[Family], Mapping[str, FamilySpec]] = ()
    #: A single family, for problems whose worst case is random input.
    make_case: Optional[CaseMaker] = None
    counted: Optional[Callable[[Any], Any]] = None
    min_ops: Optional[Callable[[int], float]] = None
    repeats: int = 5
    #: Extra words shown with the verdict, e.g. "O(1) per get and put".
    note: str = ""
    #: The share of the timed rounds' answers that are judged.  Every answer
    #: of the first pass up the sizes is judged; after it, a judge that costs
    #: far more than the solutions (one that replays the answer in a traced
    #: C twin, say) may judge a share of them, picked at random by the
    #: supervisor from a secret seed, so the learner's code cannot tell which.
    judged_share: float = 1.0

    def __post_init__(self) -> None:
        if isinstance(self.families, Mapping):
            # Frozen: the normalised families replace the mapping in place.
            object.__setattr__(self, "families", tuple(
                _family(name, spec) for name, spec in self.families.items()))
        if not self.families and self.make_case is None:
            raise ValueError("a Complexity needs families (or one make_case)")
        if not 0.0 < self.judged_share <= 1.0:
            raise ValueError("judged_share is a share of the answers: above 0, at most 1")
        if self.counted is not None and self.min_ops is None:
            raise ValueError("counted comparisons need min_ops, the fewest a correct "
                             "solution makes, to tell a dodged count from a real one")

    def all_families(self) -> Tuple[Family, ...]:
        """The families to measure, ``make_case`` as one called "random"."""
        # __post_init__ has turned a mapping into Family objects.
        families = tuple(cast(Sequence[Family], self.families))
        if self.make_case is not None:
            families = (Family("random", self.make_case),) + families
        return families

    def sizes_of(self, family: Family) -> Tuple[int, ...]:
        return tuple(sorted(family.sizes if family.sizes is not None else self.sizes))


def _family(name: str, spec: FamilySpec) -> Family:
    """The :class:`Family` that ``name: spec`` in a families mapping stands for."""
    if isinstance(spec, tuple):
        make_case, sizes = spec
        return Family(name, make_case, sizes=sizes)
    return Family(name, spec)


@dataclass(frozen=True)
class Rules:
    """Statement rules the grader enforces while the learner's code runs.

    ``keep_input``
        "Do not modify the input": every argument is compared with a copy
        taken before the call, after it returns, and on some small cases
        after every step of the learner's code, so a change undone before
        returning is caught as well.
    ``memory``
        a :class:`Memory` limit on the extra memory of a function solution.
    ``tripwires``
        dotted names (``"heapq.nlargest"``) replaced in the learner's worker
        by objects that refuse to run: the runtime side of ``forbidden``,
        which a syntax check alone cannot enforce (``getattr(heapq, "nlar" +
        "gest")``).
    ``no_hashed_keys``
        for "build the table yourself": a function from a case to the keys
        it hands the learner's structure.  After each run, none of them may
        sit in a dict, set or other hashed container reachable from the
        learner's objects or module, whatever route built it (``{}``,
        ``type({})()``, ``vars()``, attributes named after keys).
    ``forbidden_types``
        dotted names of types (``"collections.OrderedDict"``) no instance of
        which may be reachable from the learner's objects after the run.
    """

    keep_input: bool = False
    memory: Optional[Memory] = None
    tripwires: Sequence[str] = ()
    no_hashed_keys: Optional[Callable[[Any], Sequence[Any]]] = None
    forbidden_types: Sequence[str] = ()

    @property
    def scans(self) -> bool:
        """True when the learner's objects are looked through after a run."""
        return self.no_hashed_keys is not None or bool(self.forbidden_types)


@dataclass(frozen=True)
class Problem:
    """One practice problem: its statement, its grader and its stub."""

    #: Command-line name, lowercase words joined by hyphens: ``"kth-largest"``.
    name: str
    title: str
    #: One of :data:`STRUCTURES`.
    structure: str
    #: One of :data:`DIFFICULTIES`.
    difficulty: str
    #: Name of the function or class the learner's file must define.
    entry: str
    kind: Literal["function", "class"]
    #: Markdown.  The task in our own words, including the exact signature.
    statement: str
    #: Markdown lines: worked examples ("`kth_largest([3, 2, 1, 5], 2)` returns `3`").
    examples: Sequence[str]
    constraints: Sequence[str]
    #: Shown one at a time by ``hint``.
    hints: Sequence[str]
    #: The complete text of the stub file ``start`` writes.  It must import
    #: and define ``entry`` (a body that raises NotImplementedError).
    stub: str
    #: Dotted module name of the reference solution; its module docstring is
    #: the explanation ``solution`` prints above the code.
    reference: str
    cases: Any  # hypothesis.strategies.SearchStrategy
    run: Callable[[Any, Any], Any]
    judge: Judge = equal_outcomes
    complexity: Optional[Complexity] = None
    #: How a case is shown in a failure report; ``repr`` by default.
    show_case: Callable[[Any], str] = repr
    #: Names the learner's file must not use (e.g. ``("dict", "set")`` for
    #: "design a hash map"); the grader rejects a file whose code calls or
    #: builds them, with a message saying why.
    forbidden: Sequence[str] = ()
    #: Rules about the source that ``forbidden`` cannot express ("pop only
    #: from the end of a list"), checked with it in the supervisor: a
    #: function from the learner's source to ``(line, sentence)`` pairs, one
    #: for each place that breaks them, the sentence saying what and why.
    source_rules: Optional[Callable[[str], Sequence[Tuple[int, str]]]] = None
    rules: Rules = field(default_factory=Rules)
    #: Sort key inside its structure group in ``list``.
    order: int = 0
    #: Extra Hypothesis examples tried first (edge cases worth a name).
    explicit_cases: Sequence[Any] = field(default_factory=tuple)
    #: Cases at the sizes the constraints allow, judged after the random
    #: ones: a few, built from a seeded ``random.Random``.
    large_cases: Optional[Callable[[random.Random], Sequence[Any]]] = None
    #: Names of the lessons (``python -m dsa.lessons NAME``) this problem
    #: practises; each lesson ends by naming its problems.
    lessons: Sequence[str] = ()

    @property
    def module_name(self) -> str:
        """File/module name for the stub and the reference: ``kth_largest``."""
        return self.name.replace("-", "_")

    @property
    def home(self) -> str:
        """Where the workers find this problem: ``"module:ATTRIBUTE"``.

        The module is the one defining ``run``; the attribute is the name
        under which this problem (or one with the same name) sits there.
        """
        module = getattr(self.run, "__module__", None) or ""
        namespace = vars(sys.modules[module]) if module in sys.modules else {}
        for attribute, value in namespace.items():
            if isinstance(value, Problem) and value.name == self.name:
                return f"{module}:{attribute}"
        return f"{module}:PROBLEM"


class Listing(NamedTuple):
    """How ``list`` shows a problem: its title, under which structure, how
    hard, and where inside the structure's group."""

    title: str
    #: One of :data:`STRUCTURES`.
    structure: str
    #: One of :data:`DIFFICULTIES`.
    difficulty: str
    order: int = 0


#: The parts :func:`declare` takes from a problem module's names.
_CONSTANTS = {"statement": "STATEMENT", "examples": "EXAMPLES", "constraints": "CONSTRAINTS",
          "hints": "HINTS", "stub": "STUB", "complexity": "COMPLEXITY"}
_FUNCTIONS = {"run": "_run", "judge": "_judge", "show_case": "_show", "large_cases": "_large"}


def _entry_kind(stub: str, entry: str) -> Literal["function", "class"]:
    """Whether the stub defines ``entry`` as a function or as a class."""
    for node in ast.parse(stub).body:
        if isinstance(node, ast.ClassDef) and node.name == entry:
            return "class"
        if isinstance(node, ast.FunctionDef) and node.name == entry:
            return "function"
    raise ValueError(f"the stub does not define {entry!r}")


def declare(namespace: Dict[str, Any], listing: Listing, *, entry: Optional[str] = None,
            forbid: Sequence[str] = (), **fields: Any) -> Problem:
    """The :class:`Problem` a module ``problems/word_word.py`` defines, from
    the names the module uses by convention.

    Called as ``PROBLEM = declare(globals(), Listing(...), entry=...)`` at the
    end of the module.  The name is the module's (``word-word``), the
    reference solution ``solutions/word_word.py``; the learner's texts are
    the module's ``STATEMENT``, ``EXAMPLES``, ``CONSTRAINTS``, ``HINTS`` and
    ``STUB``, its growth check ``COMPLEXITY`` (when it has one); the inputs
    are ``_CASES`` (a Hypothesis strategy) or ``_cases()`` (an
    ``@st.composite``), and ``run``, ``judge``, ``show_case`` and
    ``large_cases`` are the module's ``_run``, ``_judge``, ``_show`` and
    ``_large`` where it defines them.  ``entry``, the function or class the
    learner writes, is the module's own name (``word_word``) unless given;
    whether it is a function or a class is read from how the stub defines
    it.  ``fields`` give the other parts of a :class:`Problem`
    (``explicit_cases``, ``forbidden``, ``rules``, ``lessons``...).

    ``forbid`` names dotted functions that are off limits both ways, so
    that the two lists cannot drift apart: they are added to the end of
    ``forbidden`` (the grader rejects a file that names them) and to the
    end of ``rules.tripwires`` (they refuse to run in the learner's worker).
    """
    module = namespace["__name__"].rpartition(".")[2]
    if entry is None:
        entry = module
    if forbid:
        rules = fields.get("rules", Rules())
        fields["forbidden"] = tuple(fields.get("forbidden", ())) + tuple(forbid)
        fields["rules"] = replace(rules, tripwires=tuple(rules.tripwires) + tuple(forbid))
    found = {part: namespace[name] for table in (_CONSTANTS, _FUNCTIONS)
             for part, name in table.items() if name in namespace}
    if "cases" not in fields:
        found["cases"] = namespace["_CASES"] if "_CASES" in namespace else namespace["_cases"]()
    found.update(fields)
    return Problem(name=module.replace("_", "-"), entry=entry,
                   kind=_entry_kind(found["stub"], entry),
                   reference=f"dsa.practice.solutions.{module}", **listing._asdict(), **found)
