// heap_drain.cpp: the C++ standard library's heap, timed the way the C twin's
// drain kernel (native/heap.c, dsa_heap_kernel_drain) times its own.
//
// Same input: n items from splitmix64 seeded with `seed`, each raw 64-bit
// output read as a signed int64 (same bits), exactly as native/common.h's
// dsa_splitmix64 and heap.c's random_item make them.
//
// Same protocol, per run:
//   untimed: make the input in buf[0..n) (the heap has room for n items,
//            like dsa_heap_reserve before the kernel's clock starts);
//   timed:   push buf[0..n) one at a time, then pop all n back into buf;
//   untimed: check that buf came out sorted and holds the same multiset.
// The heap's room is reserved once and reused by every run, so a timed run
// after the warm-up one never pays for first touches of fresh memory: the
// reference is the heap work alone, the strictest fair yardstick.
// std::priority_queue pushes with std::push_heap (a hole climbs) and pops
// with std::pop_heap (the hole walks down to a leaf, then the last item
// climbs back), the same algorithms as the C twin's binary heap.
//
// Usage (the two-phase protocol of bench_common.hpp):
//   heap_drain drain N SEED WARMUP REPEAT
//       prints "run TOTAL_NS PUSH_NS POP_NS" for each of REPEAT timed runs
//       (after WARMUP untimed ones), then "checksum C" (the fold of the
//       popped sequence, in order) and "ok 0|1".
//   heap_drain values K SEED
//       prints the first K input items, one a line (to check the generator).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <queue>
#include <vector>

#include "bench_common.hpp"

namespace {

using namespace dsa_bench;

// heap.c's multiset hash: the sum of a mixed copy of each item.
std::uint64_t multiset_hash(const std::vector<std::int64_t> &a)
{
    std::uint64_t sum = 0;
    for (auto x : a)
        sum += mix64(static_cast<std::uint64_t>(x));
    return sum;
}

using MinHeap = std::priority_queue<std::int64_t, std::vector<std::int64_t>,
                                    std::greater<std::int64_t>>;

// std::priority_queue keeps its vector in the protected member c; reaching it
// lets one heap reserve room for n items once and keep that room across runs
// (a drained vector keeps its capacity), so that after the warm-up run the
// timed runs measure the heap's work, not the first touch of fresh pages.
struct ReusableMinHeap : MinHeap {
    explicit ReusableMinHeap(std::size_t capacity) { c.reserve(capacity); }
};

TwoPhases drain_once(ReusableMinHeap &heap, std::vector<std::int64_t> &buf,
                     std::uint64_t seed)
{
    const std::size_t n = buf.size();
    fill(buf, seed);
    const std::uint64_t before = multiset_hash(buf);

    TwoPhases result = time_push_then_take(
        buf, [&heap](std::int64_t x) { heap.push(x); },
        [&heap] {
            std::int64_t x = heap.top();
            heap.pop();
            return x;
        });

    result.ok = heap.empty() && multiset_hash(buf) == before;
    for (std::size_t i = 1; i < n; i++)
        if (buf[i] < buf[i - 1])
            result.ok = false;
    return result;
}

}  // namespace

int main(int argc, char **argv)
{
    std::optional<ReusableMinHeap> heap;     // one heap, reserved once
    return two_phase_main(argc, argv, "heap_drain", "drain",
                          [&heap](std::vector<std::int64_t> &buf,
                                  std::uint64_t seed) {
                              if (!heap)
                                  heap.emplace(buf.size());
                              return drain_once(*heap, buf, seed);
                          });
}
