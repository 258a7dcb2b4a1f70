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
// Usage:
//   heap_drain drain N SEED WARMUP REPEAT
//       prints "run TOTAL_NS PUSH_NS POP_NS" for each of REPEAT timed runs
//       (after WARMUP untimed ones), then "checksum C" and "ok 0|1".
//       C folds the popped sequence in order (h = (h ^ v) * FNV prime,
//       mod 2^64), so a program that popped anything else, or in another
//       order, prints another checksum; and printing it keeps the compiler
//       from discarding the pops.
//   heap_drain values K SEED
//       prints the first K input items, one a line (to check the generator).

#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <queue>
#include <string>
#include <vector>

namespace {

std::uint64_t splitmix64(std::uint64_t &state)
{
    std::uint64_t z = (state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

std::int64_t as_signed(std::uint64_t u)
{
    std::int64_t x;
    std::memcpy(&x, &u, sizeof x);
    return x;
}

void fill(std::vector<std::int64_t> &buf, std::uint64_t seed)
{
    for (auto &x : buf)
        x = as_signed(splitmix64(seed));
}

// heap.c's multiset hash: the sum of a mixed copy of each item.
std::uint64_t mix(std::int64_t x)
{
    std::uint64_t z = static_cast<std::uint64_t>(x);
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

std::uint64_t multiset_hash(const std::vector<std::int64_t> &a)
{
    std::uint64_t sum = 0;
    for (auto x : a)
        sum += mix(x);
    return sum;
}

std::uint64_t sequence_checksum(const std::vector<std::int64_t> &a)
{
    std::uint64_t h = 0;
    for (auto x : a)
        h = (h ^ static_cast<std::uint64_t>(x)) * UINT64_C(0x100000001B3);
    return h;
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

std::int64_t ns_between(std::chrono::steady_clock::time_point a,
                        std::chrono::steady_clock::time_point b)
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(b - a).count();
}

struct RunResult {
    std::int64_t push_ns, pop_ns;
    bool ok;
};

RunResult drain_once(ReusableMinHeap &heap, std::vector<std::int64_t> &buf,
                     std::uint64_t seed)
{
    const std::size_t n = buf.size();
    fill(buf, seed);
    const std::uint64_t before = multiset_hash(buf);

    auto t0 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < n; i++)
        heap.push(buf[i]);
    auto t1 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < n; i++) {
        buf[i] = heap.top();
        heap.pop();
    }
    auto t2 = std::chrono::steady_clock::now();

    bool ok = heap.empty() && multiset_hash(buf) == before;
    for (std::size_t i = 1; i < n; i++)
        if (buf[i] < buf[i - 1])
            ok = false;
    return {ns_between(t0, t1), ns_between(t1, t2), ok};
}

bool parse(const char *text, unsigned long long &out)
{
    if (text == nullptr || *text == '\0' || *text == '-')
        return false;
    char *end = nullptr;
    out = std::strtoull(text, &end, 10);
    return end != nullptr && *end == '\0';
}

int usage()
{
    std::fprintf(stderr,
                 "usage: heap_drain drain N SEED WARMUP REPEAT\n"
                 "       heap_drain values K SEED\n");
    return 2;
}

}  // namespace

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage();
    const std::string mode = argv[1];
    unsigned long long n = 0, seed = 0, warmup = 0, repeat = 0;

    if (mode == "values") {
        if (argc != 4 || !parse(argv[2], n) || !parse(argv[3], seed))
            return usage();
        std::vector<std::int64_t> buf(n);
        fill(buf, seed);
        for (auto x : buf)
            std::printf("%" PRId64 "\n", x);
        return 0;
    }
    if (mode != "drain" || argc != 6 || !parse(argv[2], n)
        || !parse(argv[3], seed) || !parse(argv[4], warmup)
        || !parse(argv[5], repeat) || repeat == 0)
        return usage();

    std::vector<std::int64_t> buf(n);
    ReusableMinHeap heap(n);
    bool ok = true;
    for (unsigned long long r = 0; r < warmup + repeat; r++) {
        RunResult result = drain_once(heap, buf, seed);
        ok = ok && result.ok;
        if (r >= warmup)
            std::printf("run %" PRId64 " %" PRId64 " %" PRId64 "\n",
                        result.push_ns + result.pop_ns, result.push_ns,
                        result.pop_ns);
    }
    std::printf("checksum %" PRIu64 "\n", sequence_checksum(buf));
    std::printf("ok %d\n", ok ? 1 : 0);
    return 0;
}
