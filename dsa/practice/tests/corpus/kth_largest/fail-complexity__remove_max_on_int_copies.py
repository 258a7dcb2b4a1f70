"""Takes the maximum away k - 1 times, comparing int() copies: O(n * k), invisible to the comparison count, so time alone must fail it.

The grader's counting numbers only count comparisons made with them; these
are made between plain ints, so the count stays at zero.  A count below the
fewest comparisons any correct solution needs is set aside, and the clock
shows n**2 on every family.
"""


def kth_largest(nums, k):
    plain = [int(x) for x in nums]
    for _ in range(k - 1):
        plain.remove(max(plain))
    return max(plain)
