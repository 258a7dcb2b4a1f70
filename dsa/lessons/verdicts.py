"""Claims: what a run's figures say about a sentence of the text.

A lesson's function for a claim reads the run's figures and returns a
:class:`Verdict`; the verdict picks which of the claim's texts is printed
and fills its ``{name}`` fields.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rich.markdown import Markdown
from rich.text import Text

from .markup import ClaimText

FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


@dataclass(frozen=True)
class Verdict:
    """What this run's figures say about one claim.

    ``holds``: True (they agree), False (they disagree) or None (this run
    cannot tell: too noisy, or the figure was not measured).  ``evidence``:
    the figures the verdict was read from, in one line.  ``values`` fill the
    ``{name}`` fields of the claim's texts.
    """

    holds: bool | None
    evidence: str
    values: dict = field(default_factory=dict)

    @property
    def label(self) -> str:
        return {True: "agrees", False: "differs", None: "cannot tell"}[self.holds]


def agrees(evidence: str, **values: object) -> Verdict:
    return Verdict(True, evidence, values)


def differs(evidence: str, **values: object) -> Verdict:
    return Verdict(False, evidence, values)


def unsure(evidence: str, **values: object) -> Verdict:
    return Verdict(None, evidence, values)


def not_measured(what: str) -> Verdict:
    return Verdict(None, f"not measured in this run ({what})")


def threshold(value: float, holds_from: float, fails_below: float) -> bool | None:
    """A verdict for "value is at least holds_from": True from there up, False
    below ``fails_below``, and None in between (too close to call from one
    median).  For "at most", pass reciprocals."""
    if value >= holds_from:
        return True
    if value < fails_below:
        return False
    return None


def fill(text: str, values: dict) -> str:
    """``{name}`` fields replaced by ``values``; other braces left alone."""
    return FIELD.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values
                     else m.group(0), text)


def claim_text(texts: ClaimText, verdict: Verdict) -> str:
    """The text a verdict chooses, its fields filled."""
    if verdict.holds is True:
        chosen = texts.agrees
    elif verdict.holds is False:
        chosen = texts.differs
    else:
        chosen = texts.unsure or texts.agrees
    return fill(chosen, verdict.values)


def claim_renderables(texts: ClaimText, verdict: Verdict) -> list:
    """What the lesson prints for a claim: a verdict line, then its text."""
    style, head = {True: ("green", "checked on this machine: "),
                   False: ("bold yellow", "this machine differs: "),
                   None: ("yellow", "this run cannot tell: ")}[verdict.holds]
    line = Text.assemble((head, style), (verdict.evidence, "dim" if verdict.holds else ""))
    text = Markdown(claim_text(texts, verdict))
    return [text, line] if verdict.holds else [line, text]
