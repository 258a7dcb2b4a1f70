"""Reference solutions, one module per problem.

Each module's docstring explains the idea; ``python -m dsa.practice solution
NAME`` prints it above the code.
"""
