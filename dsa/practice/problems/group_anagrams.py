"""Group anagrams: put words made of the same letters together."""

from __future__ import annotations

import random
import string
from collections import Counter
from typing import Any, Optional

from hypothesis import strategies as st

from dsa.practice.problem import Complexity, Listing, declare
from dsa.practice.problems._hashing import sizes

STATEMENT = """\
Two words are **anagrams** when one is a rearrangement of the other: they
use the same letters, each the same number of times (`"listen"` and
`"silent"`, but not `"aab"` and `"abb"`).  Given a list of words, split it
into groups so that two words share a group exactly when they are anagrams.

```python
def group_anagrams(words: list[str]) -> list[list[str]]:
```

* Return a list of groups, each group a list of words.  The order of the
  groups, and of the words inside a group, does not matter.
* Every input word appears in exactly one group, as many times as it appears
  in the input: repeated words stay in the answer.
* No group is empty.  An empty input gives `[]`.
* Words contain lowercase letters `a`-`z` only; the empty word `""` is a
  word too (it is an anagram of itself only).

Aim for O(n * L log L) time for n words of length at most L.  The speed
check grows the number of words (in many small groups, and all in one big
group) and, separately, their length.
"""

EXAMPLES = (
    '`group_anagrams(["tea", "ant", "eat", "tan", "a"])` returns '
    '`[["tea", "eat"], ["ant", "tan"], ["a"]]`, in any order.',
    '`group_anagrams(["ab", "ba", "ab", ""])` returns `[["ab", "ba", "ab"], [""]]`.',
    '`group_anagrams(["aab", "abb"])` returns `[["aab"], ["abb"]]`: '
    "same letters, different counts.",
)

CONSTRAINTS = (
    "0 <= len(words) <= 10**4",
    "0 <= len(word) <= 100 for every word",
    "words hold lowercase letters a-z only",
)

HINTS = (
    "Comparing every word with every group works, but costs O(n^2) "
    "comparisons when most groups are small. Can you compute, from one word "
    "alone, something that all its anagrams share?",
    "Find a *signature*: a value that is equal for two words exactly when "
    "they are anagrams. What happens to `\"eat\"` and `\"tea\"` when you sort "
    "their letters?",
    "Use a dict from signature to the list of words having it: "
    "`\"\".join(sorted(word))` is a signature. Make sure yours keeps letter "
    "counts: the *set* of letters does not.",
)

STUB = '''\
"""Group anagrams.

Split a list of words into groups of anagrams (words using the same letters
the same number of times).  Groups, and words inside a group, may come in any
order; repeated words are kept; an empty input gives [].

    group_anagrams(["tea", "ant", "eat", "tan", "a"])
        ->  [["tea", "eat"], ["ant", "tan"], ["a"]]   (in any order)
    group_anagrams(["aab", "abb"])  ->  [["aab"], ["abb"]]
"""

from __future__ import annotations


def group_anagrams(words: list[str]) -> list[list[str]]:
    """Return the words grouped so that each group holds one anagram class."""
    raise NotImplementedError("write your solution here")
'''

#: Few letters and short words, so that anagrams (and near misses such as
#: "aab" / "abb") are common.
_CASES = st.lists(st.text(alphabet="abc", max_size=4), max_size=25)


def _run(solution: Any, case: list[str]) -> list[list[str]]:
    """Call the solution on a fresh copy of the words; return its groups."""
    result = solution(list(case))
    if not isinstance(result, (list, tuple)):
        raise TypeError(
            "group_anagrams must return a list of lists of words, but returned "
            f"a {type(result).__name__} (wrap it in list(...) if it holds the groups)"
        )
    groups: list[list[str]] = []
    for group in result:
        if not isinstance(group, (list, tuple)) or not all(
            isinstance(word, str) for word in group
        ):
            raise TypeError(
                "group_anagrams must return a list of lists of words, but one "
                f"of the groups is {group!r}"
            )
        groups.append(list(group))
    return groups


def _signature(word: str) -> str:
    return "".join(sorted(word))


def _judge(case: list[str], expected: Any, actual: list[list[str]]) -> Optional[str]:
    """Accept any grouping into exact anagram classes, in any order."""
    wanted = Counter(case)
    given = Counter(word for group in actual for word in group)
    missing = wanted - given
    if missing:
        word = next(iter(missing))
        return f"the groups hold {word!r} fewer times than the input does"
    extra = given - wanted
    if extra:
        word = next(iter(extra))
        return f"the groups hold {word!r} more times than the input does"
    first_with: dict[str, str] = {}  # signature -> a word of the group having it
    for group in actual:
        if not group:
            return "one of the groups is empty"
        head = group[0]
        for word in group[1:]:
            if _signature(word) != _signature(head):
                return f"{head!r} and {word!r} share a group but are not anagrams"
        signature = _signature(head)
        if signature in first_with:
            return (
                f"{first_with[signature]!r} and {head!r} are anagrams "
                "but are in different groups"
            )
        first_with[signature] = head
    return None


def _show(case: list[str]) -> str:
    return f"group_anagrams({case!r})"


def _classes(count: int, length: int, rng: random.Random) -> list[str]:
    """``count`` different signatures (sorted spellings) of ``length`` letters."""
    found: set[str] = set()
    while len(found) < count:
        found.add("".join(sorted(rng.choices(string.ascii_lowercase, k=length))))
    return sorted(found)


def _words(n: int, classes: list[str], rng: random.Random) -> list[str]:
    """n words, shuffled, spread over the anagram classes round robin."""
    words = []
    for i in range(n):
        letters = list(classes[i % len(classes)])
        rng.shuffle(letters)
        words.append("".join(letters))
    rng.shuffle(words)
    return words


def _many_groups(n: int, rng: random.Random) -> list[str]:
    """n words of 8 letters in n // 4 anagram classes: comparing each word
    with every group found so far costs n**2 / 8 comparisons."""
    return _words(n, _classes(max(1, n // 4), 8, rng), rng)


def _one_group(n: int, rng: random.Random) -> list[str]:
    """n anagrams of one 8-letter word: a group copied each time a word
    joins it (``groups[s] = groups[s] + [w]``), or searched before a word is
    added, costs n**2."""
    return _words(n, _classes(1, 8, rng), rng)


#: Words in the long-words family, whose size is the length of the words.
_LONG_COUNT = 300


def _long_words(n: int, rng: random.Random) -> list[str]:
    """300 words of n letters in 75 classes: a signature costing L**2 per
    word of L letters (letters counted with one scan each, a sort written
    by hand) shows as n**2."""
    return _words(_LONG_COUNT, _classes(_LONG_COUNT // 4, n, rng), rng)


COMPLEXITY = Complexity(
    expected="O(n * L log L)",
    max_exponent=1.3,
    sizes=sizes(128, 2896),
    families={"many small groups": _many_groups,
              "one big group": (_one_group, sizes(256, 4096)),
              "long words": (_long_words, sizes(6, 100))},
    repeats=9,
    note=(f"one dict lookup per word; n words of 8 letters, or {_LONG_COUNT} words "
          "of n letters"),
)


def _large(rng: random.Random) -> list[list[str]]:
    """The constraints' limits, in few groups, so that a slow solution still
    finishes here and is judged by the growth check.

    10**4 words of 60 to 100 letters in 8 classes; and the near misses of
    signatures that pack letter counts into one number: with B a's for one
    b, a count of B overflows into the next letter's digit in base B, for
    every base up to 100 (and the same with y and z, for the other end).
    """
    classes = [
        "".join(sorted(rng.choices(string.ascii_lowercase, k=rng.randrange(60, 101))))
        for _ in range(8)]
    crowded = _words(10_000, classes, rng)
    near_misses = []
    for base in range(2, 101):
        near_misses += ["a" * base, "b", "y" * base, "z", "b" * base + "a", "ab" * (base // 2)]
    rng.shuffle(near_misses)
    return [crowded, near_misses]


PROBLEM = declare(
    globals(),
    Listing("Group anagrams", "hash table", "medium", order=2),
    explicit_cases=(
        [],
        ["", ""],
        ["ab", "ba", "ab"],
        ["a" * 10, "b", "a" * 16, "c"],
    ),
)
