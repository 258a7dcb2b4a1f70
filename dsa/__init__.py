"""dsa: data structures to learn from.

Every structure exists twice.  The pure-Python twin (``dsa.heap``,
``dsa.hashtable``, ``dsa.linkedlist``, ``dsa.deque``) is written to be read.
The C twin (``dsa.native``) builds the same structure in C memory, so the
lessons (``python -m dsa.lessons``) can time what its layout costs on this
machine and count the 64-byte cache lines each operation touches; where its
bookkeeping differs from the Python twin's is listed in ``docs/twins.md``.
"""

__version__ = "0.1.0"
