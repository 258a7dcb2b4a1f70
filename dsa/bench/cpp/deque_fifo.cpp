// deque_fifo.cpp: the C++ standard library's deque used as a queue, timed the
// way the C twin's ends kernel (native/deque.c, dsa_dq_kernel_ends) times its
// push_back / pop_front half.
//
// Same input: n items from splitmix64 seeded with `seed`, each raw 64-bit
// output read as a signed int64 (same bits), exactly as native/common.h's
// dsa_splitmix64 and deque.c's fill make them.
//
// Same protocol, per run:
//   untimed: make the input in buf[0..n);
//   timed:   a fresh std::deque<int64_t>: push_back buf[0..n) one at a time;
//   timed:   pop_front all n back into buf[0..n);
//   untimed: check that buf holds the input again, in order.
// Like the C kernel, the deque is fresh for every run, so both pay for
// allocating their blocks (and first touches of that memory) in the push
// loop and for freeing them in the pop loop.
//
// Usage (the two-phase protocol of bench_common.hpp):
//   deque_fifo fifo N SEED WARMUP REPEAT
//       prints "run TOTAL_NS PUSH_NS POP_NS" for each of REPEAT timed runs
//       (after WARMUP untimed ones), then "checksum C" (the fold of the
//       popped sequence, in order) and "ok 0|1".
//   deque_fifo values K SEED
//       prints the first K input items, one a line (to check the generator).

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

#include "bench_common.hpp"

namespace {

using namespace dsa_bench;

bool same_as_input(const std::vector<std::int64_t> &buf, std::uint64_t seed)
{
    bool ok = true;
    for (auto x : buf)
        ok = ok && x == as_signed(splitmix64(seed));
    return ok;
}

TwoPhases fifo_once(std::vector<std::int64_t> &buf, std::uint64_t seed)
{
    fill(buf, seed);
    TwoPhases result;
    {
        std::deque<std::int64_t> queue;
        result = time_push_then_take(
            buf, [&queue](std::int64_t x) { queue.push_back(x); },
            [&queue] {
                std::int64_t x = queue.front();
                queue.pop_front();
                return x;
            });
        result.ok = queue.empty();
    }
    result.ok = result.ok && same_as_input(buf, seed);
    return result;
}

}  // namespace

int main(int argc, char **argv)
{
    return two_phase_main(argc, argv, "deque_fifo", "fifo", fifo_once);
}
