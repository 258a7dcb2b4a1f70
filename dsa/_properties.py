"""Read-only properties that only hand out an attribute.

Many classes here show a counter or a setting they keep in a private
attribute (``_capacity``, ``_hits``, ``_block_size``) as a public name that
cannot be assigned.  Written out, each is a four-line ``@property`` whose
body is ``return self._name``; :func:`read_only` builds the same property
from the attribute's name and the docstring, so the class body lists what
it shows, one line each::

    hits = read_only("_hits", "How many lookups found their key.")

The property behaves as the written one does: reading it returns the
attribute, assigning or deleting it raises AttributeError ("property 'hits'
of 'LRUCache' object has no setter"), and ``help()`` shows the docstring.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Optional

__all__ = ["read_only"]


def read_only(attribute: str, doc: Optional[str] = None) -> property:
    """A property that returns ``self.<attribute>`` and has no setter.

    The getter is :func:`operator.attrgetter`, which runs in C, so reading
    the property costs no more than the written-out one.
    """
    return property(attrgetter(attribute), doc=doc)
