"""Valid anagram: count the characters of one string up and of the other down.

The idea
--------
``t`` is an anagram of ``s`` exactly when every character occurs as many
times in ``t`` as in ``s``.  So count.  One dict is enough: walk ``s``
adding 1 to the count of each character, walk ``t`` subtracting 1, and the
strings are anagrams when every count ends at 0.  Strings of different
lengths can never be anagrams, which is checked first; after that, a count
that would go below 0 while walking ``t`` is a character ``t`` has more
often than ``s``, and the answer is ``False`` at once.

Why it is correct
-----------------
After the walk over ``s`` the dict holds the count of every character of
``s``.  With equal lengths, if no count goes below 0 while ``t`` subtracts,
then ``t`` never uses a character more often than ``s`` has it; the two
strings have the same length, so no count can stay above 0 either: the
counts match exactly.

Cost
----
Two walks with one dict operation per character: O(n) time on average, and
O(k) extra space for k different characters.  ``Counter(s) == Counter(t)``
does the same in one line.  ``sorted(s) == sorted(t)`` is O(n log n) and
needs no dict at all.  Counting each different character with ``s.count``
and ``t.count`` costs a pass per character, O(n * k), which is O(n**2) when
the characters are many; so does crossing characters off a list with
``list.remove``.  Both passes run in C and only show on long strings.

The classic pitfalls
--------------------
Comparing ``set(s)`` with ``set(t)``: that says the same characters occur,
not that they occur as often (``"aab"`` and ``"abb"``).  A table of 26 counts
indexed by ``ord(c) - ord("a")`` works for lowercase letters only; here any
character may occur.  And forgetting that ``"A"`` and ``"a"`` are different
characters.
"""

from __future__ import annotations


def is_anagram(s: str, t: str) -> bool:
    """Return True if t is an anagram of s."""
    if len(s) != len(t):
        return False
    counts: dict[str, int] = {}  # character -> occurrences in s not yet matched in t
    for c in s:
        counts[c] = counts.get(c, 0) + 1
    for c in t:
        left = counts.get(c, 0)
        if left == 0:
            return False  # t has c more often than s does
        counts[c] = left - 1
    return True
