"""Read-only properties that only hand out an attribute.

Many classes here show a counter or a setting they keep in a private
attribute (``_capacity``, ``_hits``, ``_block_size``) as a public name that
cannot be assigned.  Written out, each is a four-line ``@property`` whose
body is ``return self._name``; :func:`read_only` builds the same property
from the attribute's name and the docstring, so the class body lists what
it shows, one line each::

    hits = read_only("_hits", "How many lookups found their key.")

Reading one returns the attribute and ``help()`` shows the docstring.
Assigning or deleting one raises AttributeError in the words CPython uses
for a read-only attribute of a C type (``deque().maxlen = 3``: "attribute
'maxlen' of 'collections.deque' objects is not writable"), since the
classes here stand in for C types; :class:`ReadOnly` is that property, and
also decorates a getter written out in full.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Callable, NoReturn, Optional

__all__ = ["ReadOnly", "read_only"]


class ReadOnly(property):
    """A property with no setter that refuses assignment and deletion as a C
    type's read-only attribute does.

    >>> class Box:
    ...     size = read_only("_size", "How big the box is.")
    ...     def __init__(self): self._size = 3
    >>> Box().size
    3
    >>> Box().size = 4
    Traceback (most recent call last):
      ...
    AttributeError: attribute 'size' of 'Box' objects is not writable
    """

    _public = "?"

    def __init__(self, fget: Callable[[Any], Any], doc: Optional[str] = None) -> None:
        super().__init__(fget, doc=doc)
        # Python 3.11 gives a subclass of property no docstring of its own
        # (3.12 does), so it is set here: ``doc``, or else the getter's.
        self.__doc__ = doc if doc is not None else fget.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self._public = name

    def _refuse(self, obj: Any) -> NoReturn:
        raise AttributeError(f"attribute '{self._public}' of "
                             f"'{type(obj).__name__}' objects is not writable")

    def __set__(self, obj: Any, value: Any) -> NoReturn:
        self._refuse(obj)

    def __delete__(self, obj: Any) -> NoReturn:
        self._refuse(obj)


def read_only(attribute: str, doc: str) -> ReadOnly:
    """A :class:`ReadOnly` property that returns ``self.<attribute>``.

    The getter is :func:`operator.attrgetter`, which runs in C, so reading
    the property costs no more than the written-out one.
    """
    return ReadOnly(attrgetter(attribute), doc=doc)
