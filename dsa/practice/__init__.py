"""Interview practice: problems on heaps, hash tables, linked lists and deques.

The command
-----------
::

    python -m dsa.practice                     the problems, and how to start
    python -m dsa.practice list                grouped by structure, solved ones ticked
    python -m dsa.practice show NAME           statement, examples, expected growth
    python -m dsa.practice start NAME [PATH]   write a stub to fill in (never overwrites)
    python -m dsa.practice check NAME [PATH]   grade your file (--quick, --time-limit S)
    python -m dsa.practice hint NAME           one hint at a time (--all for every one)
    python -m dsa.practice solution NAME       the reference solution, explained

Solved problems and revealed hints are remembered in a small file in your
data folder (:mod:`dsa.practice.progress`).

How a solution is graded
------------------------
``check`` runs :func:`dsa.practice.grader.grade` in a separate process
(:mod:`dsa.practice.sandbox`), so an endless loop or a crash ends only that
process.  The grading has four stages:

1. **load** – your file is imported on its own and must define the function
   or class the problem names; a stub still raising ``NotImplementedError``
   is reported as not written yet.
2. **forbidden** – problems that ask you to build a structure yourself
   reject files using what they forbid (``dict`` in "design a hash map").
3. **correctness**, by *property-based testing*: your solution and a
   reference solution both run on the problem's edge cases and then on many
   inputs drawn at random by Hypothesis, and their results are compared.
   When yours is wrong, or raises, Hypothesis *shrinks* the input: it tries
   smaller and simpler inputs while the failure persists, so the
   counterexample you see is one you can follow by hand.
4. **complexity** – both solutions run on inputs of growing size ``n``; the
   cost is either the number of comparisons (exact, counted by
   :class:`dsa.practice.counting.Counted` items) or the best of a few
   timings.  Fitting ``cost = c * n**e`` on a log-log scale gives the
   growth exponent ``e`` (:mod:`dsa.practice.complexity`); an ``e`` above
   the problem's limit fails, with both growths and the measurements shown.

Grading your own files with pytest::

    DSA_PRACTICE_DIR=path/to/your/files python -m pytest --pyargs dsa.practice -k mine

Writing a problem
-----------------
A problem is one module in :mod:`dsa.practice.problems` defining ``PROBLEM``
(a :class:`dsa.practice.problem.Problem`), its reference solution in
:mod:`dsa.practice.solutions`, and, for the tests, a plausible wrong solution
in ``tests/wrong/`` and a correct but slow one in ``tests/slow/``.  The
registry (:mod:`dsa.practice.registry`) finds it on its own.

Importing this package imports nothing else; the command, the grader and
Hypothesis load only when used.
"""
