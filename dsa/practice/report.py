"""What a check found: the :class:`GradeReport`.

A report has one of three verdicts:

``passed``
    every stage passed;
``failed``
    a stage failed; ``stage`` says which, ``message`` why in one sentence,
    and the other fields hold the evidence (the input, both results, the
    error and the line, the table of costs);
``inconclusive``
    the evidence was not clear enough for either verdict, most often
    timings too noisy to place a growth exponent on either side of its
    limit twice running; ``advice`` says what to try.  Never a guess.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Dict, List, Optional

from .capture import truncation_note
from .complexity import format_cost, format_exponent

__all__ = ["GradeReport", "STAGES", "VERDICTS"]

#: The stages in the order they run; a report's ``stage`` is one of these,
#: "passed", or "internal" when the grader or the problem itself failed.
STAGES = ("load", "forbidden", "correctness", "rules", "complexity")
VERDICTS = ("passed", "failed", "inconclusive")


@dataclass
class GradeReport:
    """What a check found, ready to print or to store as JSON."""

    problem: str
    path: str
    passed: bool = False
    #: "passed", "failed" or "inconclusive".
    verdict: str = "failed"
    #: The stage that failed (one of :data:`STAGES`), "passed", or "internal".
    stage: str = "load"
    #: One or two plain sentences saying what happened.
    message: str = ""
    #: For an inconclusive verdict: what to try.
    advice: Optional[str] = None
    #: The failing input, as the problem shows it (``show_case``).
    counterexample: Optional[str] = None
    expected: Optional[str] = None
    actual: Optional[str] = None
    #: "IndexError: list index out of range", when the learner's code raised.
    error: Optional[str] = None
    #: Where in the learner's file: the line number and its source text.
    learner_line: Optional[int] = None
    learner_source: Optional[str] = None
    #: Growth exponents fitted in the complexity stage (of the family shown).
    exponent: Optional[float] = None
    reference_exponent: Optional[float] = None
    #: The 95 % interval of ``exponent``: ``[low, high]``.
    interval: Optional[List[float]] = None
    max_exponent: Optional[float] = None
    #: "O(n log k)": what the problem asks for.
    expected_complexity: Optional[str] = None
    #: "time" (seconds), "ops" (comparisons) or "bytes" (memory): the unit of
    #: the costs in the table.
    measure: Optional[str] = None
    #: The growth family the table shows ("sorted", "answer last").
    family: Optional[str] = None
    sizes: List[int] = field(default_factory=list)
    #: The learner's cost at each size; None where it was not measured.
    costs: List[Optional[float]] = field(default_factory=list)
    reference_costs: List[Optional[float]] = field(default_factory=list)
    #: One line per growth family measured: name, exponents and interval.
    families: List[Dict[str, Any]] = field(default_factory=list)
    #: Inputs tried in the correctness stage (shrinking included).
    cases_run: int = 0
    #: What the learner's code printed (the first few kilobytes).
    output: str = ""
    #: How many printed characters were left out of ``output``.
    output_truncated: int = 0
    #: Seconds the whole grading took.
    elapsed: float = 0.0
    #: How the learner's code was isolated ("namespaces", "process group").
    isolation: str = ""
    #: Remarks that do not change the verdict.
    notes: List[str] = field(default_factory=list)

    @property
    def inconclusive(self) -> bool:
        return self.verdict == "inconclusive"

    def to_json(self) -> str:
        """The report as a JSON object."""
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> "GradeReport":
        """Read a report written by :meth:`to_json`; unknown keys are ignored."""
        data = json.loads(text)
        known = {f.name for f in fields(cls)}
        return cls(**{key: value for key, value in data.items() if key in known})

    def describe(self) -> str:
        """The report as plain text, for logs and test failures."""
        head = ("passed" if self.passed else
                f"inconclusive at {self.stage}" if self.inconclusive else
                f"failed at {self.stage}")
        lines = [f"{self.problem}: {head}"]
        if self.message:
            lines.append(self.message)
        if self.advice:
            lines.append(f"  try:     {self.advice}")
        for label, value in (("input", self.counterexample), ("expected", self.expected),
                             ("got", self.actual), ("error", self.error)):
            if value is not None:
                lines.append(f"  {label + ':':<9} {value}")
        if self.learner_line is not None:
            lines.append(f"  {'line:':<9} {self.learner_line}: {self.learner_source or ''}")
        for row in self.families:
            lines.append(f"  family {row.get('name')!r}: yours "
                         f"{format_exponent(row.get('exponent'))} "
                         f"[{_bound(row.get('low'))}, {_bound(row.get('high'))}], reference "
                         f"{format_exponent(row.get('reference'))}")
        if self.sizes:
            measure = self.measure or "time"
            lines.append(f"  {'n':>9}  {'yours':>12}  {'reference':>12}"
                         + (f"   ({self.family})" if self.family else ""))
            for n, mine, ref in itertools.zip_longest(self.sizes, self.costs,
                                                      self.reference_costs):
                lines.append(f"  {n:>9,}  {format_cost(mine, measure):>12}"
                             f"  {format_cost(ref, measure):>12}")
        if self.output:
            lines.append("  your code printed:")
            lines.extend("    " + line for line in self.output.splitlines()[:20])
        if self.output_truncated:
            lines.append("  (" + truncation_note(self.output_truncated) + ")")
        lines.extend("  note: " + note for note in self.notes)
        return "\n".join(lines)


def _bound(value: Optional[float]) -> str:
    return "?" if value is None else f"{value:.2f}"
