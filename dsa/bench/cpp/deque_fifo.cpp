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
// Usage:
//   deque_fifo fifo N SEED WARMUP REPEAT
//       prints "run TOTAL_NS PUSH_NS POP_NS" for each of REPEAT timed runs
//       (after WARMUP untimed ones), then "checksum C" and "ok 0|1".
//       C folds the popped sequence in order (h = (h ^ v) * FNV prime,
//       mod 2^64), so a program that popped anything else, or in another
//       order, prints another checksum; and printing it keeps the compiler
//       from discarding the pops.
//   deque_fifo values K SEED
//       prints the first K input items, one a line (to check the generator).

#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
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

bool same_as_input(const std::vector<std::int64_t> &buf, std::uint64_t seed)
{
    bool ok = true;
    for (auto x : buf)
        ok = ok && x == as_signed(splitmix64(seed));
    return ok;
}

std::uint64_t sequence_checksum(const std::vector<std::int64_t> &a)
{
    std::uint64_t h = 0;
    for (auto x : a)
        h = (h ^ static_cast<std::uint64_t>(x)) * UINT64_C(0x100000001B3);
    return h;
}

std::int64_t ns_between(std::chrono::steady_clock::time_point a,
                        std::chrono::steady_clock::time_point b)
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(b - a).count();
}

struct RunResult {
    std::int64_t push_ns, pop_ns;
    bool ok;
};

RunResult fifo_once(std::vector<std::int64_t> &buf, std::uint64_t seed)
{
    const std::size_t n = buf.size();
    fill(buf, seed);
    std::size_t left = 0;
    std::int64_t push_ns = 0, pop_ns = 0;
    {
        std::deque<std::int64_t> queue;
        auto t0 = std::chrono::steady_clock::now();
        for (std::size_t i = 0; i < n; i++)
            queue.push_back(buf[i]);
        auto t1 = std::chrono::steady_clock::now();
        for (std::size_t i = 0; i < n; i++) {
            buf[i] = queue.front();
            queue.pop_front();
        }
        auto t2 = std::chrono::steady_clock::now();
        left = queue.size();
        push_ns = ns_between(t0, t1);
        pop_ns = ns_between(t1, t2);
    }
    return {push_ns, pop_ns, left == 0 && same_as_input(buf, seed)};
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
                 "usage: deque_fifo fifo N SEED WARMUP REPEAT\n"
                 "       deque_fifo values K SEED\n");
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
    if (mode != "fifo" || argc != 6 || !parse(argv[2], n)
        || !parse(argv[3], seed) || !parse(argv[4], warmup)
        || !parse(argv[5], repeat) || repeat == 0)
        return usage();

    std::vector<std::int64_t> buf(n);
    bool ok = true;
    for (unsigned long long r = 0; r < warmup + repeat; r++) {
        RunResult result = fifo_once(buf, seed);
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
