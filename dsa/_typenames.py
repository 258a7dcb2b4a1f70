"""How CPython names a type in its own error messages.

The pure twins raise the same errors, word for word, as the built-ins they
stand in for, and those messages name types by their C-level ``tp_name``:
just ``int`` or ``Mine`` for built-ins and classes written in Python, but
``collections.deque`` or ``array.array`` for types written in C elsewhere.
Python code cannot read ``tp_name`` directly, so :func:`type_name` rebuilds
it from the type's flags.
"""

from __future__ import annotations

_HEAPTYPE = 1 << 9          # Py_TPFLAGS_HEAPTYPE: allocated at run time
_IMMUTABLETYPE = 1 << 8     # Py_TPFLAGS_IMMUTABLETYPE: attributes cannot be set


def is_python_class(cls: type) -> bool:
    """True for a class made by a ``class`` statement (or ``type()``).

    Such classes are heap types whose attributes can be changed.  Since
    Python 3.12 many C types of the standard library (``collections.deque``
    among them) are heap types too, but those are immutable.
    """
    flags = cls.__flags__
    return bool(flags & _HEAPTYPE) and not flags & _IMMUTABLETYPE


def type_name(cls: type) -> str:
    """``cls``'s ``tp_name``, the name CPython's own error messages print."""
    if is_python_class(cls) or cls.__module__ == "builtins":
        return cls.__name__
    return f"{cls.__module__}.{cls.__qualname__}"
