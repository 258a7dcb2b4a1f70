"""Valid anagram: are two strings made of the same characters, as often each?"""

from __future__ import annotations

import random
from typing import Any, Callable, List, Tuple

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, declare
from dsa.practice.problems._answers import sizes_between, truth

#: A case: the two strings.
Case = Tuple[str, str]

#: The longest strings the constraints allow.
LONGEST = 10**5

STATEMENT = """\
Write `is_anagram(s: str, t: str) -> bool` that returns `True` when `t` is
an anagram of `s` (the same characters, each as many times, in any order)
and `False` otherwise.

* Every character counts as it is: `"a"` and `"A"` differ, and a space is a
  character like any other.
* The strings may hold any Unicode characters, not only the letters a to z,
  and there may be thousands of different ones.
* Two empty strings are anagrams of each other.  Return a real `bool`.

Aim for O(n) time on average: count the characters of each string in a
dict (or a `Counter`).  Sorting both strings and comparing them, O(n log n),
is accepted too (the check cannot tell it from O(n)), but counting each
different character with its own pass over the strings, or crossing off
characters in a list one by one, is O(n**2) and too slow.
"""

EXAMPLES = (
    "`is_anagram(\"listen\", \"silent\")` returns `True`",
    "`is_anagram(\"aab\", \"abb\")` returns `False`: the same letters, but not "
    "as many of each",
    "`is_anagram(\"été\", \"tée\")` returns `True`; `is_anagram(\"Tea\", \"eat\")` "
    "returns `False` (`\"T\"` is not `\"t\"`)",
)

CONSTRAINTS = (
    "0 <= len(s), len(t) <= 10**5",
    "any Unicode characters",
)

HINTS = (
    "Two strings are anagrams exactly when every character occurs as many "
    "times in one as in the other.  What must you count?",
    "Count the characters of `s` in a dict from character to count, in one "
    "pass; do the same for `t`.  Are the two dicts equal?",
    "With one dict: add 1 for each character of `s`, subtract 1 for each "
    "of `t`, and check that every count ends at 0.  Different lengths can "
    "never be anagrams: check that first.",
)

STUB = '''\
"""Valid anagram.

Return True when t is made of exactly the characters of s, each as many
times (in any order), False otherwise.  Any Unicode characters may occur;
"a" and "A" differ.  Aim for O(n) with a dict of counts.

    is_anagram("listen", "silent")  ->  True
    is_anagram("aab", "abb")        ->  False   (same letters, not as often)
    is_anagram("", "")              ->  True
"""

from __future__ import annotations


def is_anagram(s: str, t: str) -> bool:
    """Return True if t is an anagram of s."""
    raise NotImplementedError("write your solution here")
'''

#: A few characters, some far outside a to z, so repeats are common.
_CHARACTERS = "aabcA é字😀"


@st.composite
def _cases(draw: Callable[..., Any]) -> Case:
    """s, then t: a shuffle of s; a shuffle with one character changed; a
    shuffle with one character moved up a code point and another down (the
    same length and the same sum of codes, but no anagram); any string."""
    s = draw(st.text(alphabet=_CHARACTERS, max_size=12))
    shuffled = draw(st.permutations(list(s)))
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return s, "".join(shuffled)
    if kind == 1 and shuffled:
        i = draw(st.integers(0, len(shuffled) - 1))
        shuffled[i] = draw(st.sampled_from(_CHARACTERS))
        return s, "".join(shuffled)
    if kind == 2 and len(shuffled) >= 2:
        i, j = draw(st.lists(st.integers(0, len(shuffled) - 1), min_size=2, max_size=2,
                             unique=True))
        if ord(shuffled[j]) > 0:
            shuffled[i] = chr(ord(shuffled[i]) + 1)
            shuffled[j] = chr(ord(shuffled[j]) - 1)
        return s, "".join(shuffled)
    return s, draw(st.text(alphabet=_CHARACTERS, max_size=12))


def _run(solution: Callable[..., Any], case: Case) -> bool:
    s, t = case
    return truth(solution(s, t), "is_anagram")


def _show(case: Case) -> str:
    s, t = case
    shown = [repr(x) if len(x) <= 60 else repr(x[:60])[:-1] + f"...' ({len(x):,} characters)"
             for x in (s, t)]
    return f"is_anagram({shown[0]}, {shown[1]})"


def _distinct(n: int, rng: random.Random) -> List[str]:
    """n different characters (CJK ideographs and beyond), in random order."""
    found = [chr(0x4E00 + i) for i in range(n)]
    rng.shuffle(found)
    return found


def _many_characters(n: int, rng: random.Random) -> Case:
    """n characters drawn from n / 4 different ones, and a shuffle of them.

    Counting each different character with its own pass costs n / 4 passes
    over n characters, and crossing characters off a list finds each one,
    on average, a fifth of the way along: both O(n**2), while one dict of
    counts costs O(n).
    """
    pool = _distinct(max(1, n // 4), rng)
    s = rng.choices(pool, k=n)
    t = list(s)
    rng.shuffle(t)
    return "".join(s), "".join(t)


COMPLEXITY = Complexity(
    expected="O(n) on average (sorting, O(n log n), passes too)",
    # Sorting a list of n new one-character strings grows like n**1.3
    # over these sizes on a busy machine; counting or crossing off
    # characters with a pass over the string each like n**2.2 or more.
    max_exponent=1.7,
    sizes=sizes_between(500, 8000, 10),
    make_case=_many_characters,
    note="n characters, n/4 of them different",
)


def _large(rng: random.Random) -> List[Case]:
    """The longest strings: an anagram over many characters; one character
    changed at the very end; a single character repeated; ASCII letters."""
    many = "".join(rng.choices(_distinct(3000, rng), k=LONGEST))
    letters = "".join(rng.choices("abcdefghijklmnopqrstuvwxyz", k=LONGEST))
    return [
        (many, many[::-1]),
        (many, many[:-1] + ("x" if many[-1] != "x" else "y")),
        ("z" * LONGEST, "z" * LONGEST),
        (letters, "".join(sorted(letters))[1:] + "A"),
    ]


PROBLEM = declare(
    globals(),
    Listing("Valid anagram", "hash table", "easy", order=7),
    entry="is_anagram",
    explicit_cases=(
        ("", ""),
        ("a", ""),
        ("aab", "abb"),
        ("Tea", "eat"),
        ("été", "tée"),
        ("ab ", " ba"),
        ("ac", "bb"),
    ),
    lessons=("hashtable",),
)
