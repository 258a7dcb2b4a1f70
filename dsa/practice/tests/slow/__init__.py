"""Correct but too slow solutions, one per problem.

The tests check that the grader passes their answers and flags their growth.
"""
