// bench_common.hpp: what the C++ reference programs share.
//
// The generator of the C twins' kernels (native/common.h's dsa_splitmix64,
// each raw 64-bit output read as a signed int64 with the same bits), the
// order-sensitive fold every program prints as its checksum, the clock, the
// argument parsing, and the protocol of the programs that time two phases
// (heap_drain, deque_fifo):
//
//   PROGRAM MODE N SEED WARMUP REPEAT
//       prints "run TOTAL_NS FIRST_NS SECOND_NS" for each of REPEAT timed
//       runs (after WARMUP untimed ones), then "checksum C" and "ok 0|1",
//       C being the fold of the buffer the last run left;
//   PROGRAM values K SEED
//       prints the first K input items, one a line (to check the generator).
//
// Compiled into each program (dsa/bench/cpp.py hashes this header with the
// program's own source, so a change here recompiles them all).

#ifndef DSA_BENCH_COMMON_HPP
#define DSA_BENCH_COMMON_HPP

#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace dsa_bench {

// splitmix64's finalizer: native/common.h's dsa_mix64.
inline std::uint64_t mix64(std::uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

inline std::uint64_t splitmix64(std::uint64_t &state)
{
    return mix64(state += UINT64_C(0x9E3779B97F4A7C15));
}

inline std::int64_t as_signed(std::uint64_t u)
{
    std::int64_t x;
    std::memcpy(&x, &u, sizeof x);
    return x;
}

// buf.size() consecutive generator outputs from the state `seed`.
inline void fill(std::vector<std::int64_t> &buf, std::uint64_t seed)
{
    for (auto &x : buf)
        x = as_signed(splitmix64(seed));
}

// An order-sensitive fold (h = (h ^ v) * FNV prime, mod 2^64): another
// sequence, or the same one in another order, gives another number, and
// printing it keeps the compiler from discarding the work that made it.
inline std::uint64_t fold(const std::vector<std::int64_t> &a)
{
    std::uint64_t h = 0;
    for (auto x : a)
        h = (h ^ static_cast<std::uint64_t>(x)) * UINT64_C(0x100000001B3);
    return h;
}

using Clock = std::chrono::steady_clock;

inline std::int64_t ns_between(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(b - a).count();
}

// A decimal count: no sign, no trailing characters.
inline bool parse(const char *text, unsigned long long &out)
{
    if (text == nullptr || *text == '\0' || *text == '-')
        return false;
    char *end = nullptr;
    out = std::strtoull(text, &end, 10);
    return end != nullptr && *end == '\0';
}

// One timed run of a two-phase program.
struct TwoPhases {
    std::int64_t first_ns, second_ns;
    bool ok;
};

// The two phases themselves: push(x) of every item of buf in order, then
// buf[i] = take() as many times, each phase timed on its own.  `ok` is the
// caller's to fill in once it has checked the output.
template <class Push, class Take>
TwoPhases time_push_then_take(std::vector<std::int64_t> &buf, Push push,
                              Take take)
{
    const std::size_t n = buf.size();
    auto t0 = Clock::now();
    for (std::size_t i = 0; i < n; i++)
        push(buf[i]);
    auto t1 = Clock::now();
    for (std::size_t i = 0; i < n; i++)
        buf[i] = take();
    auto t2 = Clock::now();
    return {ns_between(t0, t1), ns_between(t1, t2), false};
}

inline int two_phase_usage(const char *program, const char *mode)
{
    std::fprintf(stderr,
                 "usage: %s %s N SEED WARMUP REPEAT\n"
                 "       %s values K SEED\n",
                 program, mode, program);
    return 2;
}

// main() of a two-phase program: `run_once(buf, seed)` makes its input in
// buf (buf.size() is N), times both phases and leaves its output in buf.
template <class RunOnce>
int two_phase_main(int argc, char **argv, const char *program,
                   const char *mode, RunOnce run_once)
{
    unsigned long long n = 0, seed = 0, warmup = 0, repeat = 0;
    const std::string asked = argc >= 2 ? argv[1] : "";

    if (asked == "values") {
        if (argc != 4 || !parse(argv[2], n) || !parse(argv[3], seed))
            return two_phase_usage(program, mode);
        std::vector<std::int64_t> buf(n);
        fill(buf, seed);
        for (auto x : buf)
            std::printf("%" PRId64 "\n", x);
        return 0;
    }
    if (asked != mode || argc != 6 || !parse(argv[2], n)
        || !parse(argv[3], seed) || !parse(argv[4], warmup)
        || !parse(argv[5], repeat) || repeat == 0)
        return two_phase_usage(program, mode);

    std::vector<std::int64_t> buf(n);
    bool ok = true;
    for (unsigned long long r = 0; r < warmup + repeat; r++) {
        TwoPhases result = run_once(buf, seed);
        ok = ok && result.ok;
        if (r >= warmup)
            std::printf("run %" PRId64 " %" PRId64 " %" PRId64 "\n",
                        result.first_ns + result.second_ns, result.first_ns,
                        result.second_ns);
    }
    std::printf("checksum %" PRIu64 "\n", fold(buf));
    std::printf("ok %d\n", ok ? 1 : 0);
    return 0;
}

}  // namespace dsa_bench

#endif  // DSA_BENCH_COMMON_HPP
