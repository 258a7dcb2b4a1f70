"""The practice problems, one module each.

Writing a problem
=================

A problem called ``word-word`` is five files, named after its module
``word_word``:

``problems/word_word.py``
    defines ``PROBLEM``, a :class:`dsa.practice.problem.Problem`: the
    statement, examples, constraints, hints, stub, the inputs and how to
    judge answers.  The module names them by convention (``STATEMENT``,
    ``EXAMPLES``, ``CONSTRAINTS``, ``HINTS``, ``STUB``, ``COMPLEXITY``,
    ``_CASES`` or ``_cases``, ``_run``, ``_judge``, ``_show``, ``_large``)
    and ends with ``PROBLEM = declare(globals(), Listing(title, structure,
    difficulty, order=...), entry=...)``, which gathers them (see
    :func:`dsa.practice.problem.declare`); ``entry=``, the name of the
    learner's function or class, is left out when it is ``word_word``.
``solutions/word_word.py``
    the reference solution; its module docstring is the explanation
    ``python -m dsa.practice solution`` shows.
``tests/wrong/word_word.py`` and ``tests/slow/word_word.py``
    a plausible wrong solution (caught with a small counterexample) and a
    correct one that is too slow (caught by growth).
``tests/corpus/word_word/``
    learner files of the kinds the problem invites, each named for the
    verdict it must get (see ``tests/test_practice_corpus.py``).

The grader never trusts the learner's process (see :mod:`dsa.practice.grader`
for the three processes and :mod:`dsa.practice.problem` for what runs
where), so a problem is written for that:

1. **Cases are plain data.**  ``cases``, ``explicit_cases``, ``large_cases``
   and every family's ``make_case`` give None, bools, ints, floats, strs and
   lists/tuples/dicts of them.  ``run(solution, case)`` turns a case into
   the real inputs (lists, :class:`~dsa.practice.nodes.ListNode` chains)
   inside the worker, calls ``solution`` and gives back a plain outcome;
   it raises ``TypeError`` with a sentence when the learner returned
   something of the wrong kind.
2. **Every rule in the statement is enforced, and every enforced rule is in
   the statement.**  ``forbidden`` (names in the source) with the same
   functions in ``Rules.tripwires`` (dotted, caught at run time), both
   given at once as ``declare(..., forbid=...)``;
   ``Rules.keep_input`` for "do not modify the input"; ``Rules.memory`` for
   "O(1) extra memory"; ``Rules.no_hashed_keys`` and
   ``Rules.forbidden_types`` for "build it yourself"; node identity checked
   in ``run`` (the helpers of :mod:`._chains`) where the statement says
   "relink".
3. **Growth inputs include the worst cases** of the wrong algorithms
   learners write: sorted and reverse-sorted input, the answer last, keys
   that collide, graphs that make a label-correcting search relax edges
   again and again.  Each is a :class:`~dsa.practice.problem.Family`; the
   grader judges the worst.  Sizes make the reference take about 0.5 ms at
   the smallest and at most about 30 ms at the largest, and span a factor
   of 16 or more.  Problems over comparable items add ``counted`` and
   ``min_ops``.
4. **Answers are checked at the sizes the constraints allow**: growth
   answers are judged, and ``large_cases`` adds a few cases at the
   constraints' limits (the largest ``n``, the widest value range).
5. **The judge accepts every valid answer** (any valid pair, groups in any
   order) and names what is wrong in one sentence.

The registry (:mod:`dsa.practice.registry`) finds a new module on its own.
"""
