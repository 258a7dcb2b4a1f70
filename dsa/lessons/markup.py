"""The lesson text format: Markdown steps, hook markers, claim blocks.

A lesson's text is Markdown.  ``# `` gives its title; every ``## `` heading
starts a step.  Inside a step, a line holding only a marker hands the
terminal to the lesson's Python module:

``<!-- experiment: NAME -->``
    a live measurement; it prints a published-vs-measured table.
``<!-- animation: NAME -->``
    something that moves; in a terminal it advances on Enter
    (:meth:`Context.pause` between frames), otherwise it prints every frame.
``<!-- show: NAME -->``
    a small live illustration (a tree drawn, a check run).
``<!-- reveal -->``
    in a terminal, wait for Enter before printing the rest of the step (an
    interview answer stays hidden until asked for); otherwise nothing.
``<!-- claim: NAME -->`` text ``<!-- else -->`` text ``<!-- end claim -->``
    a sentence that states a measured relation, bound to its measurement.
    The lesson's function for the claim reads this run's figures and returns
    a :class:`Verdict`: when they agree the first text is printed, when they
    disagree the second (why this machine differs), and when the run cannot
    tell (too noisy, not measured) an optional third part,
    ``<!-- unsure -->`` text, or else the first text under a warning.  Either
    text may use ``{name}`` fields the verdict fills in.

The lesson module registers its functions on a :class:`Hooks` object called
``hooks`` (:mod:`dsa.lessons.context`); each is called with a :class:`Context`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: Kinds of marker a lesson text may hold that call a registered function.
HOOK_KINDS = ("experiment", "animation", "show", "claim")

MARKER = re.compile(
    r"^\s*<!--\s*(?P<kind>experiment|animation|show|reveal)"
    r"\s*(?::\s*(?P<name>[A-Za-z0-9_\-]+))?\s*-->\s*$")
FENCE = re.compile(r"^\s*(```|~~~)")
CLAIM = re.compile(r"^\s*<!--\s*claim\s*:\s*(?P<name>[A-Za-z0-9_\-]+)\s*-->\s*$")
CLAIM_PART = re.compile(r"^\s*<!--\s*(?P<part>else|unsure|end claim)\s*-->\s*$")


# --------------------------------------------------------------------------
# Parsing


@dataclass
class Step:
    """One step of a lesson: its heading and its parts in order.

    Each part is ``("markdown", text)``, ``(kind, name)`` for a hook, or
    ``("reveal", "")``.
    """

    title: str
    parts: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class ClaimText:
    """The texts of one claim: when this run agrees, when it disagrees, and
    (optional) when it cannot tell."""

    agrees: str
    differs: str
    unsure: str = ""


@dataclass
class Lesson:
    title: str
    steps: list[Step]
    claims: dict[str, ClaimText] = field(default_factory=dict)

    def markers(self) -> set[tuple[str, str]]:
        """Every (kind, name) hook the text asks for."""
        return {(kind, name) for step in self.steps for kind, name in step.parts
                if kind in HOOK_KINDS}


def parse(text: str) -> Lesson:
    """Split Markdown into a title and steps (``## `` headings, not in code)."""
    title = ""
    steps: list[Step] = []
    claims: dict[str, ClaimText] = {}
    current = Step("")
    buffer: list[str] = []
    in_fence = False
    claim: str | None = None             # the claim being read, if any
    claim_parts: dict[str, list[str]] = {}
    claim_part = "agrees"

    def flush() -> None:
        chunk = "\n".join(buffer).strip("\n")
        if chunk.strip():
            current.parts.append(("markdown", chunk))
        buffer.clear()

    for line in text.splitlines():
        if claim is not None:
            part = CLAIM_PART.match(line)
            if part is None:
                if CLAIM.match(line) or line.startswith("## "):
                    raise ValueError(f"claim {claim!r} has no <!-- end claim -->")
                claim_parts[claim_part].append(line)
                continue
            claim_part = {"else": "differs", "unsure": "unsure"}.get(part.group("part"), "")
            if claim_part in claim_parts:
                raise ValueError(f"claim {claim!r} has two <!-- {part.group('part')} -->")
            if claim_part:
                claim_parts[claim_part] = []
                continue
            texts = {k: "\n".join(v).strip("\n") for k, v in claim_parts.items()}
            if not texts.get("differs", "").strip():
                raise ValueError(f"claim {claim!r} needs an <!-- else --> text: "
                                 "what to say when this machine disagrees")
            claims[claim] = ClaimText(texts["agrees"], texts["differs"],
                                      texts.get("unsure", ""))
            current.parts.append(("claim", claim))
            claim = None
            continue
        if FENCE.match(line):
            in_fence = not in_fence
            buffer.append(line)
            continue
        if not in_fence:
            opened = CLAIM.match(line)
            if opened:
                flush()
                claim = opened.group("name")
                if claim in claims:
                    raise ValueError(f"claim {claim!r} appears twice")
                claim_parts, claim_part = {"agrees": []}, "agrees"
                continue
            if line.startswith("# ") and not title:
                title = line[2:].strip()
                continue
            if line.startswith("## "):
                flush()
                if current.parts:
                    steps.append(current)
                current = Step(line[3:].strip())
                buffer.append(line)
                continue
            marker = MARKER.match(line)
            if marker:
                flush()
                kind, name = marker.group("kind"), marker.group("name") or ""
                if kind in HOOK_KINDS and not name:
                    raise ValueError(f"marker {line.strip()!r} needs a name")
                current.parts.append((kind, name))
                continue
        buffer.append(line)
    if claim is not None:
        raise ValueError(f"claim {claim!r} has no <!-- end claim -->")
    flush()
    if current.parts:
        steps.append(current)
    for step in steps:
        if not step.title:
            step.title = title
    return Lesson(title or "lesson", steps, claims)
