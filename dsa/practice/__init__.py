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
``check`` is a *supervisor* (:mod:`dsa.practice.grader`) that never runs your
code itself.  Your file runs in a worker process of its own, jailed
(:mod:`dsa.practice.jail`: on Linux, namespaces in which it cannot see the
reference solutions or your progress record, reach other processes or the
network) and watched (:mod:`dsa.practice.guard`); the reference solution
runs in a second worker.  The supervisor draws the inputs, compares plain
answers (:mod:`dsa.practice.wire`) and keeps the clock, so nothing your code
does can reach the reference, the judge or the timings.  The stages:

1. **load** – your file is imported and must define the function or class
   the problem names; a stub still raising ``NotImplementedError`` is
   reported as not written yet.
2. **forbidden** – problems that ask you to build a structure yourself
   reject what they forbid (``dict`` in "design a hash map"), written out or
   reached at run time.
3. **correctness**, by *property-based testing*: your solution and the
   reference run on the problem's edge cases, on inputs drawn at random by
   Hypothesis and on a few inputs as large as the constraints allow.  When
   yours is wrong, or raises, Hypothesis *shrinks* the input, so the
   counterexample you see is one you can follow by hand.
4. **rules** – what the statement asks besides the answer, measured: extra
   memory, the input left alone (even for a moment), nodes relinked.
5. **complexity** – both solutions run on inputs of growing size ``n`` of
   every kind the problem lists (random, sorted, its worst cases); the time
   of each run, and for some problems its exact count of comparisons, is
   fitted as ``cost = c * n**e`` (:mod:`dsa.practice.complexity`), and the
   worst kind decides.  Timings too noisy to place ``e`` on either side of
   the limit, twice, give no verdict: "inconclusive", exit status 3.

Grading your own files with pytest::

    DSA_PRACTICE_DIR=path/to/your/files python -m pytest --pyargs dsa.practice -k mine

Writing a problem
-----------------
See :mod:`dsa.practice.problems`: a problem module, its reference solution,
a wrong and a slow solution, and a corpus of learner files for the tests.

Importing this package imports nothing else; the command, the grader and
Hypothesis load only when used.
"""
