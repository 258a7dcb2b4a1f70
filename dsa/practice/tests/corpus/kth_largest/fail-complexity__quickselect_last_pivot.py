"""Quickselect that always takes the last number as pivot: fast on shuffled input, O(n**2) on sorted or repeated numbers, so the worst-case inputs fail it.

On shuffled input each round throws away a good share of the numbers.  On
sorted input the last number is the largest (or the smallest) of what is
left, so a round only sets one number aside; and the split by `<` puts
every copy of the pivot on one side, so repeated values do the same.
"""


def kth_largest(nums, k):
    target = len(nums) - k  # the answer's index once nums is sorted ascending
    lo, hi = 0, len(nums) - 1
    while True:
        pivot = nums[hi]
        store = lo
        for i in range(lo, hi):
            if nums[i] < pivot:
                nums[i], nums[store] = nums[store], nums[i]
                store += 1
        nums[store], nums[hi] = nums[hi], nums[store]
        if store == target:
            return nums[store]
        if store < target:
            lo = store + 1
        else:
            hi = store - 1
