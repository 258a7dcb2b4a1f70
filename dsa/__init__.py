"""dsa: data structures to learn from.

Every structure exists twice.  The pure-Python twin (``dsa.heap``,
``dsa.hashtable``, ``dsa.linkedlist``, ``dsa.deque``) is written to be read.
The C twin (``dsa.native``) keeps the same memory layout in C, so the lessons
(``python -m dsa.lessons``) can time what that layout costs on this machine
and count the 64-byte cache lines each operation touches.
"""

__version__ = "0.1.0"
