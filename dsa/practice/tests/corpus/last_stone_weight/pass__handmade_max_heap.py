"""A max-heap written by hand (sift up, sift down) instead of heapq: the same O(n log n), so it passes."""

from __future__ import annotations


class MaxHeap:
    """A binary max-heap in a list: every parent weighs at least its children."""

    def __init__(self, items: list[int]) -> None:
        self.items = list(items)
        for i in reversed(range(len(self.items) // 2)):
            self._down(i)

    def __len__(self) -> int:
        return len(self.items)

    def push(self, item: int) -> None:
        items = self.items
        items.append(item)
        i = len(items) - 1
        while i > 0:
            parent = (i - 1) // 2
            if items[parent] >= items[i]:
                break
            items[parent], items[i] = items[i], items[parent]
            i = parent

    def pop(self) -> int:
        items = self.items
        last = items.pop()
        if not items:
            return last
        top, items[0] = items[0], last
        self._down(0)
        return top

    def _down(self, i: int) -> None:
        items = self.items
        n = len(items)
        while True:
            child = 2 * i + 1
            if child >= n:
                return
            if child + 1 < n and items[child + 1] > items[child]:
                child += 1
            if items[i] >= items[child]:
                return
            items[i], items[child] = items[child], items[i]
            i = child


def last_stone_weight(stones: list[int]) -> int:
    heap = MaxHeap(stones)
    while len(heap) > 1:
        x = heap.pop()
        y = heap.pop()
        if x > y:
            heap.push(x - y)
    return heap.pop() if len(heap) else 0
