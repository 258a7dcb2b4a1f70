"""An O(n * k) scan that rewrites the grader's comparison counter to look linear: the counts are believable, but time still fails it.

It reaches into dsa.practice.counting (which it may import) and, before it
returns, sets the counter to its starting value plus len(nums): exactly
the count of a single pass.  Counts only ever add evidence; the clock,
which the learner's process cannot touch, still sees n**2.
"""

from dsa.practice import counting


def kth_largest(nums, k):
    start = counting.count()
    remaining = list(nums)
    for _ in range(k - 1):
        remaining.remove(max(remaining))
    answer = max(remaining)
    counting._comparisons[0] = start + len(nums)
    return answer
