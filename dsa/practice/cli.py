"""The practice command: ``python -m dsa.practice COMMAND ...``.

Each command is one small function taking the parsed arguments and a
:class:`Out` (two rich consoles, for results and for errors) and returning
the exit status: 0 for success, 1 for a failed check or a refused action,
3 for a check without a verdict (timings too noisy),
2 for a usage mistake (a wrong name, a missing file, a bad option).
"""

from __future__ import annotations

import argparse
import ast
import difflib
import importlib.util
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence

from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.panel import Panel
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text

from . import registry
from .capture import truncation_note
from .complexity import format_cost, format_exponent
from .report import STAGES, GradeReport
from .problem import DIFFICULTIES, STRUCTURES, Problem
from .progress import ENV_HOME, Progress, progress_path

PROG = "python -m dsa.practice"
#: Columns used when the output is not a terminal (rich would pick 80).
FILE_WIDTH = 100
#: Lines of the learner's output shown under a report.
OUTPUT_LINES = 40

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INCONCLUSIVE = 0, 1, 2, 3

COMMANDS = ("list", "show", "start", "check", "hint", "solution")

HOW_TO = f"""\
How to practise:
  {PROG} show NAME       read a problem
  {PROG} start NAME      write a stub to fill in: ./NAME.py with underscores
                                    (kth-largest gives ./kth_largest.py)
  {PROG} check NAME      grade that file: correctness, rules, then growth
  {PROG} hint NAME       reveal one hint at a time
  {PROG} solution NAME   the reference solution, explained
Run {PROG} --help for everything."""

DESCRIPTION = """\
Interview practice on heaps, hash tables, linked lists and deques: read a
problem, write a solution in a file of your own, and have it graded."""

EPILOG = f"""\
a session:
  {PROG} list                      the problems, grouped by structure
  {PROG} show kth-largest          the statement, examples and expected growth
  {PROG} start kth-largest         writes ./kth_largest.py, a stub to fill in
  {PROG} check kth-largest         grades ./kth_largest.py
  {PROG} hint kth-largest          one hint; run again for the next
  {PROG} solution kth-largest      the reference solution and why it works

how check grades:
  Your file runs in a process of its own, isolated from the grader: it
  cannot see the reference solutions or your progress record, start
  programs or write outside its scratch folder.  The grader draws the
  inputs, runs the reference beside your code, compares the answers (plain
  values: exact types) and keeps the clock itself.
  1. loads      your file is imported and must define the function or
                class the problem names.
  2. forbidden  some problems ask you to build a structure yourself; using
                what they forbid (dict, heapq.nlargest, ...) fails, whether
                written out or reached at run time.
  3. correct    your code runs on the problem's edge cases, on up to 150
                random inputs (60 with --quick) and on a few inputs as large
                as the constraints allow.  On a wrong answer or an
                exception the input is shrunk to a small one that still
                fails, and you see it, the expected result and yours (or
                the error and the line of your file).
  4. rules      what the statement asks besides the answer: extra memory,
                leaving the input unchanged (even for a moment), relinking
                nodes rather than moving values.
  5. growth     both solutions run on growing inputs of every kind the
                problem lists (random, sorted, worst cases); each run's time
                (and, for some problems, its exact count of comparisons) is
                fitted as n^e.  The worst kind decides.  When the timings
                are too noisy to tell, the verdict is "inconclusive" (exit
                status 3): run the check again on a quieter machine.

progress:
  Solved problems and revealed hints are kept in {progress_path()}
  (set {ENV_HOME}=DIR to keep them in DIR/progress.json instead).

grading your files with pytest:
  DSA_PRACTICE_DIR=path/to/your/files python -m pytest --pyargs dsa.practice -k mine
  grades every NAME.py (underscores for hyphens) found in that folder.

exit status: 0 success, 1 the check failed (or nothing was done), 2 a usage
mistake such as an unknown problem or a missing file, 3 no verdict
(inconclusive timings)."""


# --------------------------------------------------------------------------
# Output


@dataclass
class Out:
    """Where the command writes: ``out`` for results, ``err`` for problems."""

    out: Console
    err: Console

    @classmethod
    def create(cls) -> "Out":
        def console(stream) -> Console:
            terminal = stream.isatty()
            return Console(file=stream, highlight=False,
                           width=None if terminal else FILE_WIDTH)
        return cls(console(sys.stdout), console(sys.stderr))

    def error(self, message: str) -> None:
        self.err.print(Text("error: ", style="bold red") + Text(message))

    def warn(self, message: str) -> None:
        self.err.print(Text("warning: ", style="yellow") + Text(message))


def _command(text: str) -> Text:
    return Text(text, style="bold cyan")


def _display_path(path: Path) -> str:
    """``path`` relative to the current folder when it lies inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _save(progress: Progress, out: Out) -> None:
    progress.save()
    for warning in progress.warnings:
        out.warn(warning)
    progress.warnings.clear()


def _load_progress(out: Out) -> Progress:
    progress = Progress.load()
    for warning in progress.warnings:
        out.warn(warning)
    progress.warnings.clear()
    return progress


# --------------------------------------------------------------------------
# list


def listing(progress: Progress) -> RenderableType:
    """The problems grouped by structure, with solved ones ticked."""
    problems = registry.all_problems()
    name_width = max((len(p.name) for p in problems), default=0)
    difficulty_width = max(len(d) for d in DIFFICULTIES)
    lines: List[RenderableType] = [Text("Practice problems", style="bold")]
    for structure in STRUCTURES:
        group = [p for p in problems if p.structure == structure]
        if not group:
            continue
        lines.append(Text(""))
        lines.append(Text(structure[:1].upper() + structure[1:], style="bold underline"))
        for problem in group:
            solved = progress.is_solved(problem.name)
            lines.append(Text.assemble(
                "  ", ("✓" if solved else " ", "bold green"), " ",
                (f"{problem.difficulty:<{difficulty_width}}", _DIFFICULTY_STYLES[problem.difficulty]),
                "  ", (f"{problem.name:<{name_width}}", "bold"), "  ", problem.title))
    solved_count = sum(1 for p in problems if progress.is_solved(p.name))
    lines.append(Text(""))
    lines.append(Text(f"{solved_count} of {len(problems)} solved."))
    return Group(*lines)


_DIFFICULTY_STYLES = {"easy": "green", "medium": "yellow", "hard": "red"}


def cmd_list(args: argparse.Namespace, out: Out) -> int:
    out.out.print(listing(_load_progress(out)))
    out.out.print(Text("Read one: ") + _command(f"{PROG} show NAME"))
    return EXIT_OK


# --------------------------------------------------------------------------
# show


def statement_markdown(problem: Problem) -> str:
    """The whole problem as one Markdown text."""
    parts = [problem.statement.strip()]
    if problem.examples:
        parts.append("**Examples**\n\n" + "\n".join(f"- {e}" for e in problem.examples))
    if problem.constraints:
        parts.append("**Constraints**\n\n"
                     + "\n".join(f"- {_literal_stars(c)}" for c in problem.constraints))
    if problem.complexity is not None:
        line = problem.complexity.expected
        if problem.complexity.note:
            line += f" ({problem.complexity.note})"
        parts.append(f"**Expected complexity:** {_literal_stars(line)}")
    return "\n\n".join(parts)


def _literal_stars(text: str) -> str:
    """Escape ``*`` outside code spans, so ``10**9`` is not read as bold."""
    pieces = text.split("`")
    return "`".join(piece.replace("*", "\\*") if i % 2 == 0 else piece
                    for i, piece in enumerate(pieces))


def cmd_show(args: argparse.Namespace, out: Out) -> int:
    problem = args.problem
    progress = _load_progress(out)
    subtitle = f"{problem.name} · {problem.structure} · {problem.difficulty}"
    solved = progress.solved.get(problem.name)
    if solved:
        subtitle += " · solved ✓"
    out.out.print(Panel(Markdown(statement_markdown(problem)),
                        title=Text(problem.title, style="bold"), subtitle=subtitle,
                        title_align="left", subtitle_align="left", padding=(1, 2)))
    stub = target_path(problem, None)
    if solved:
        out.out.print(Text(f"✓ You solved this on {solved}. ", style="bold green")
                      + Text("Check your file again with: ")
                      + _command(f"{PROG} check {problem.name}"))
        return EXIT_OK
    out.out.print(Text("Start with: ") + _command(f"{PROG} start {problem.name}")
                  + Text(f"  (writes ./{stub})"))
    return EXIT_OK


# --------------------------------------------------------------------------
# start


def target_path(problem: Problem, given: Optional[str]) -> Path:
    """Where ``start`` writes and ``check`` reads: PATH, PATH/NAME.py for a
    folder, or ./NAME.py by default (NAME with underscores)."""
    filename = f"{problem.module_name}.py"
    if not given:
        return Path(filename)
    path = Path(given).expanduser()
    return path / filename if path.is_dir() else path


def write_stub(problem: Problem, path: Path) -> None:
    """Write the problem's stub to ``path``; FileExistsError if it exists."""
    with open(path, "x", encoding="utf-8") as handle:
        handle.write(problem.stub)


def _check_command(problem: Problem, path: Path) -> str:
    default = target_path(problem, None)
    suffix = "" if path == default else f" {_display_path(path)}"
    return f"{PROG} check {problem.name}{suffix}"


def cmd_start(args: argparse.Namespace, out: Out) -> int:
    problem = args.problem
    path = target_path(problem, args.path)
    shown = _display_path(path)
    if not path.parent.is_dir():
        out.error(f"the folder {path.parent} does not exist; create it first or "
                  "choose another path")
        return EXIT_USAGE
    try:
        write_stub(problem, path)
    except FileExistsError:
        out.error(f"{shown} already exists; it was left unchanged.")
        out.err.print(Text("Check it with:  ") + _command(_check_command(problem, path)))
        out.err.print(Text("or start afresh in another file:  ")
                      + _command(f"{PROG} start {problem.name} OTHER.py"))
        return EXIT_FAILED
    except OSError as exc:
        out.error(f"could not write {shown}: {exc.strerror or exc}")
        return EXIT_FAILED
    out.out.print(Text(f"Wrote {shown}: the stub for {problem.title!r}. Next:"))
    steps = [(_command(f"{PROG} show {problem.name}"), "read the problem"),
             (Text(f"edit {shown}"), "write your solution"),
             (_command(_check_command(problem, path)), "grade it"),
             (_command(f"{PROG} hint {problem.name}"), "if you are stuck")]
    width = max(len(step) for step, _ in steps)
    for step, why in steps:
        out.out.print(Text("  ") + step + Text(" " * (width - len(step) + 3) + why))
    return EXIT_OK


# --------------------------------------------------------------------------
# check


def _visible(text: str) -> str:
    """``text`` with control and format characters (escape sequences that
    would move the cursor or clear the screen) shown as escapes: the report
    carries what the learner's code printed and raised, and it must not be
    able to draw over the verdict."""
    return "".join(char if char in "\n\t" or unicodedata.category(char) not in ("Cc", "Cf")
                   else repr(char)[1:-1] for char in text)


def _tick(text: str) -> Text:
    return Text("✓ ", style="bold green") + Text(_visible(text))


def _cross(text: str) -> Text:
    return Text("✗ ", style="bold red") + Text(_visible(text))


def _passed_line(stage: str, problem: Problem, report: GradeReport) -> Optional[Text]:
    """The ✓ line of a stage that passed, or None for a stage not run."""
    if stage == "load":
        return _tick(f"loads: `{problem.entry}` found")
    if stage == "forbidden":
        if not problem.forbidden:
            return None
        return _tick("uses none of " + ", ".join(problem.forbidden))
    if stage == "correctness":
        return _tick(f"correct on {report.cases_run} inputs" if report.cases_run else "correct")
    if stage == "rules":
        rules = problem.rules
        kept = []
        if rules.keep_input:
            kept.append("the input left as it was")
        if rules.memory is not None:
            kept.append(f"extra memory within {rules.memory.expected}")
        if rules.scans:
            kept.append("nothing forbidden stored")
        return _tick("rules kept: " + ", ".join(kept)) if kept else None
    if stage == "complexity":
        if problem.complexity is None:
            return None
        family = f" on its worst input ({report.family})" if report.family else ""
        return _tick(f"growth {format_exponent(report.exponent)}{family}, within "
                     f"{problem.complexity.expected} (reference: "
                     f"{format_exponent(report.reference_exponent)})")
    return None


def _details(report: GradeReport) -> List[RenderableType]:
    """The panel under a failed stage: the input, results, error, table."""
    shown: List[RenderableType] = []
    rows = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    rows.add_column(style="bold", no_wrap=True)
    rows.add_column(overflow="fold")
    for label, value in (("input", report.counterexample), ("expected", report.expected),
                         ("got", report.actual)):
        if value is not None:
            rows.add_row(label, Text(_visible(value)))
    if report.error is not None:
        rows.add_row("found" if report.stage == "forbidden" else "error",
                     Text(_visible(report.error)))
    if report.learner_line is not None and report.stage != "forbidden":
        rows.add_row("line", Text(_visible(f"{report.learner_line}: "
                                           f"{report.learner_source or ''}")))
    if rows.row_count:
        title = "Counterexample" if report.counterexample is not None else "Details"
        shown.append(Panel(rows, title=title, title_align="left", expand=False))
    if report.sizes:
        measure = report.measure or "time"
        unit = {"ops": "comparisons", "bytes": "extra memory"}.get(measure, "best time")
        family = f", {report.family} input" if report.family else ""
        table = Table(title=f"cost ({unit}{family}) as n grows", title_justify="left")
        table.add_column("n", justify="right")
        table.add_column("yours", justify="right")
        table.add_column("reference", justify="right")
        for n, mine, ref in zip(report.sizes, report.costs, report.reference_costs):
            table.add_row(f"{n:,}", format_cost(mine, measure), format_cost(ref, measure))
        shown.append(table)
    return shown


def _output_panel(report: GradeReport) -> Optional[RenderableType]:
    if not report.output and not report.output_truncated:
        return None
    lines = report.output.splitlines()
    body = Text(_visible("\n".join(lines[:OUTPUT_LINES])))
    notes = []
    if len(lines) > OUTPUT_LINES:
        notes.append(f"{len(lines) - OUTPUT_LINES} more lines of it kept but not shown")
    if report.output_truncated:
        notes.append(truncation_note(report.output_truncated))
    if notes:
        body.append("\n(" + "; ".join(notes) + ")", style="italic")
    return Panel(body, title="Your code printed", title_align="left", expand=False)


def render_report(problem: Problem, report: GradeReport, out: Out) -> None:
    """Print a report stage by stage: ✓ for what passed, ✗ and details."""
    console = out.out
    if report.stage == "internal":
        console.print(_cross("the check could not run: " + report.message))
    else:
        reached = STAGES.index(report.stage) if report.stage in STAGES else len(STAGES)
        for stage in STAGES[:reached]:
            line = _passed_line(stage, problem, report)
            if line is not None:
                console.print(line)
        if report.inconclusive:
            console.print(Text("? ", style="bold yellow") + Text(_visible(report.message)))
            if report.advice:
                console.print(Text("  try: " + _visible(report.advice)))
            for renderable in _details(report):
                console.print(renderable)
        elif not report.passed:
            console.print(_cross(report.message))
            for renderable in _details(report):
                console.print(renderable)
    panel = _output_panel(report)
    if panel is not None:
        console.print(panel)
    for note in report.notes:
        console.print(Text("note: " + _visible(note), style="dim"))


def cmd_check(args: argparse.Namespace, out: Out) -> int:
    problem = args.problem
    path = target_path(problem, args.path)
    shown = _display_path(path)
    if not path.is_file():
        out.error(f"{shown} is not a file." if path.exists() else f"there is no file {shown}.")
        out.err.print(Text("Create it with:  ")
                      + _command(f"{PROG} start {problem.name}"
                                 + (f" {args.path}" if args.path else "")))
        return EXIT_USAGE
    from .sandbox import check_file  # only check needs it

    mode = " (quick)" if args.quick else ""
    out.out.print(Text(_visible(f"Checking {shown} against {problem.name}{mode}..."),
                       style="dim"))
    if out.out.is_terminal:
        with out.out.status("grading..."):
            report = check_file(problem.name, path, quick=args.quick,
                                time_limit=args.time_limit, shown_as=shown)
    else:
        report = check_file(problem.name, path, quick=args.quick,
                            time_limit=args.time_limit, shown_as=shown)
    render_report(problem, report, out)
    if report.inconclusive:
        out.out.print(Text("No verdict this time: nothing is recorded. ")
                      + _command(_check_command(problem, path)) + Text(" to try again."))
        return EXIT_INCONCLUSIVE
    if not report.passed:
        out.out.print(Text("Stuck? ") + _command(f"{PROG} hint {problem.name}"))
        return EXIT_FAILED

    progress = _load_progress(out)
    first = progress.mark_solved(problem.name)
    if first:
        _save(progress, out)
    total = len(registry.all_problems())
    solved = sum(1 for name in registry.names() if progress.is_solved(name))
    verdict = "Solved!" if first else "Passed again."
    out.out.print(Text(f"{verdict} {solved} of {total} solved ({report.elapsed:.1f} s).",
                       style="bold green"))
    return EXIT_OK


# --------------------------------------------------------------------------
# hint


def _hint_panel(problem: Problem, number: int) -> Panel:
    return Panel(Markdown(problem.hints[number - 1]),
                 title=f"hint {number} of {len(problem.hints)}", title_align="left")


def cmd_hint(args: argparse.Namespace, out: Out) -> int:
    problem = args.problem
    total = len(problem.hints)
    if total == 0:
        out.out.print(f"{problem.name} has no hints.")
        return EXIT_OK
    progress = _load_progress(out)
    seen = progress.hints_seen(problem.name)
    if args.all:
        progress.reveal_all(problem.name, total)
        _save(progress, out)
        for number in range(1, total + 1):
            out.out.print(_hint_panel(problem, number))
        return EXIT_OK
    if seen >= total:
        for number in range(1, total + 1):
            out.out.print(_hint_panel(problem, number))
        out.out.print(Text(f"There are no more hints for {problem.name} (you have seen "
                           f"all {total}). The reference solution, explained: ")
                      + _command(f"{PROG} solution {problem.name}"))
        return EXIT_OK
    number = progress.reveal_hint(problem.name, total)
    _save(progress, out)
    out.out.print(_hint_panel(problem, number))
    if number < total:
        out.out.print(Text(f"Hint {number} of {total}. Run the same command for the next."))
    else:
        out.out.print(Text(f"Hint {number} of {total}: that was the last. Still stuck? ")
                      + _command(f"{PROG} solution {problem.name}"))
    return EXIT_OK


# --------------------------------------------------------------------------
# solution


def reference_source(problem: Problem) -> tuple:
    """``(explanation, code)``: the reference module's docstring and the code
    without it."""
    spec = importlib.util.find_spec(problem.reference)
    if spec is None or not spec.origin:
        raise FileNotFoundError(f"no source for {problem.reference}")
    source = Path(spec.origin).read_text(encoding="utf-8")
    tree = ast.parse(source)
    explanation = ast.get_docstring(tree) or ""
    lines = source.splitlines()
    if explanation and tree.body:
        lines = lines[tree.body[0].end_lineno:]  # type: ignore[attr-defined]
    while lines and not lines[0].strip():
        lines.pop(0)
    return explanation, "\n".join(lines).rstrip() + "\n"


def _confirmed(problem: Problem, out: Out) -> bool:
    try:
        answer = out.out.input(Text(f"Show the reference solution for {problem.name}? [y/N] "))
    except EOFError:
        return False
    return answer.strip().lower() in ("y", "yes")


def cmd_solution(args: argparse.Namespace, out: Out) -> int:
    problem = args.problem
    if not args.yes:
        if not sys.stdin.isatty():
            out.error("not showing the solution without a confirmation, and there is no "
                      "terminal to ask on.")
            out.err.print(Text("Pass --yes to show it:  ")
                          + _command(f"{PROG} solution {problem.name} --yes"))
            return EXIT_USAGE
        if not _confirmed(problem, out):
            out.out.print("Not shown. Keep going!")
            return EXIT_FAILED
    try:
        explanation, code = reference_source(problem)
    except (OSError, SyntaxError) as exc:
        out.error(f"the reference solution could not be read: {exc}")
        return EXIT_FAILED
    if explanation:
        out.out.print(Panel(Markdown(explanation), title=f"How {problem.name} is solved",
                            title_align="left", padding=(1, 2)))
    out.out.print(Syntax(code, "python", theme="ansi_dark", background_color="default",
                         word_wrap=True))
    return EXIT_OK


# --------------------------------------------------------------------------
# Arguments


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors mention --help."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n"
                              f"Run {PROG} --help for the commands.\n")


def positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of seconds")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description=DESCRIPTION, epilog=EPILOG,
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def add(name: str, help_text: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help_text, description=help_text)

    add("list", "the problems, grouped by structure, with the ones you solved ticked")

    show = add("show", "a problem's statement, examples, constraints and expected growth")
    show.add_argument("name", help="the problem (as `list` shows it)")

    start = add("start", "write a problem's stub to a new file (never overwrites one)")
    start.add_argument("name", help="the problem")
    start.add_argument("path", nargs="?",
                       help="the file to write (default: ./NAME.py, with underscores); "
                            "a folder means FOLDER/NAME.py")

    check = add("check", "grade your solution: loads, forbidden names, correctness, growth")
    check.add_argument("name", help="the problem")
    check.add_argument("path", nargs="?",
                       help="your file (default: ./NAME.py, with underscores)")
    check.add_argument("--quick", action="store_true",
                       help="60 random inputs instead of 150 and a shorter growth "
                            "measurement")
    check.add_argument("--time-limit", type=positive_seconds, default=60.0, metavar="S",
                       help="stop the whole check after S seconds (default: 60)")

    hint = add("hint", "reveal the next hint (remembered between runs)")
    hint.add_argument("name", help="the problem")
    hint.add_argument("--all", action="store_true", help="reveal every hint at once")

    solution = add("solution", "show the reference solution with its explanation")
    solution.add_argument("name", help="the problem")
    solution.add_argument("--yes", action="store_true",
                          help="do not ask for confirmation (needed without a terminal)")
    return parser


HANDLERS: Dict[str, Callable[[argparse.Namespace, Out], int]] = {
    "list": cmd_list, "show": cmd_show, "start": cmd_start, "check": cmd_check,
    "hint": cmd_hint, "solution": cmd_solution,
}


def _unknown_command(word: str, out: Out) -> int:
    """A first word that is not a command: suggest one."""
    try:
        problem = registry.get(word)
    except registry.UnknownProblem:
        problem = None
    if problem is not None:
        out.error(f"{word!r} is a problem, not a command.")
        out.err.print(Text("Did you mean:  ") + _command(f"{PROG} show {problem.name}"))
        return EXIT_USAGE
    close = difflib.get_close_matches(word, COMMANDS, n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    out.error(f"there is no command {word!r}; {hint}the commands are "
              + ", ".join(COMMANDS) + ".")
    out.err.print(Text("See:  ") + _command(f"{PROG} --help"))
    return EXIT_USAGE


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command with ``argv`` (default: the process's); the exit status."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    out = Out.create()
    try:
        if arguments and not arguments[0].startswith("-") and arguments[0] not in COMMANDS:
            return _unknown_command(arguments[0], out)
        args = build_parser().parse_args(arguments)
        if args.command is None:
            out.out.print(listing(_load_progress(out)))
            out.out.print()
            out.out.print(Text(HOW_TO))
            return EXIT_OK
        if hasattr(args, "name"):
            try:
                args.problem = registry.get(args.name)
            except registry.UnknownProblem as exc:
                out.error(str(exc))
                out.err.print(Text("The problems:  ") + _command(f"{PROG} list"))
                return EXIT_USAGE
        return HANDLERS[args.command](args, out)
    except registry.ProblemDefinitionError as exc:
        out.error(f"the practice problems could not be loaded: {exc}")
        return EXIT_FAILED
    except KeyboardInterrupt:
        out.err.print("interrupted")
        return 130


if __name__ == "__main__":
    sys.exit(main())
