"""Wrong solutions, one per problem: each module docstring names its mistake.

The tests check that the grader catches every one with a small, shrunk
counterexample.
"""
