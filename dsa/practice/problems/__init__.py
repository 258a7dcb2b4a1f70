"""The practice problems, one module each; see :mod:`dsa.practice.problem`."""
