// hashtable_lookup.cpp: a C++ hash table from int64_t to int64_t, timed the
// way the C twins' operations kernel (native/hashtable_kernels.c, dsa_ht_kernel_ops)
// times its own tables.  Which table is chosen when compiling:
//   (default)          std::unordered_map, the standard library's chained
//                      table (std::hash<int64_t> is the identity);
//   -DDSA_MAP_ABSL     absl::flat_hash_map (Abseil's SwissTable: open
//                      addressing, groups of 16 one-byte tags probed with
//                      SIMD), link with Abseil's hash and raw_hash_set;
//   -DDSA_MAP_BOOST    boost::unordered_flat_map (Boost 1.81+, open
//                      addressing with 15-slot groups and tag bytes).
// Everything else below is the same for all three.
//
// Same keys, made the same way (native/common.h's dsa_splitmix64 and
// hashtable_kernels.c's random_keys and shuffle), from the state `seed`:
//   keys[0 .. 2n)    2n consecutive splitmix64 outputs, each raw 64-bit output
//                    read as a signed int64 (same bits); the first n are
//                    stored, the last n are never stored (the misses);
//   hit[0 .. n)      a copy of keys[0 .. n), shuffled with the same generator
//                    (Fisher-Yates from the top: for i = n .. 2, swap a[i-1]
//                    with a[splitmix64() % i]);
//   del[0 .. n)      hit, shuffled again (the generator carries on).
// The value stored with key k is ~k, as the kernel's value_for(k).
//
// Same protocol, per run, on a fresh map:
//   untimed: with RESERVE=1, m.reserve(n) (the kernel's table starts at 8
//            slots and grows, so RESERVE=0 is the like-for-like run and
//            RESERVE=1 the map's best case);
//   timed:   insert keys[0 .. n) in order (insert_or_assign, the kernel's put);
//   timed:   look up hit[0 .. n), counting hits and summing the values found;
//   timed:   look up keys[n .. 2n), the same way (none may be found);
//   timed:   erase del[0 .. n).
// The keys and both orders are made once per process, before any run, as
// the kernel makes them before its clock starts.
//
// Usage:
//   hashtable_lookup ops N SEED WARMUP REPEAT RESERVE
//       prints "run INSERT_NS HIT_NS MISS_NS DELETE_NS I H M D" for each of
//       REPEAT timed runs after WARMUP untimed ones: the totals for n
//       operations of each kind, then the same divided by n (ns per op),
//       then "buckets B" (bucket count after the insertions), "checksum S H D"
//       and "ok 0|1".  S is the sum (mod 2^64) of the values the successful
//       lookups found, i.e. of ~k over the stored keys; H and D fold the hit
//       and delete orders (h = (h ^ k) * FNV prime, mod 2^64), so a program
//       that looked keys up in another order prints other numbers.  Printing
//       S also keeps the compiler from discarding the lookups.
//   hashtable_lookup keys N SEED
//       prints "insert K", "hit K", "miss K" and "delete K" lines, n of each,
//       in the order the runs use them (to check the generator and orders).

#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench_common.hpp"

#if defined(DSA_MAP_ABSL)
#include <absl/container/flat_hash_map.h>
#elif defined(DSA_MAP_BOOST)
#include <boost/unordered/unordered_flat_map.hpp>
#else
#include <unordered_map>
#endif

namespace {

using namespace dsa_bench;

void shuffle(std::vector<std::int64_t> &a, std::uint64_t &state)
{
    for (std::size_t i = a.size(); i > 1; i--) {
        std::size_t j = static_cast<std::size_t>(splitmix64(state) % i);
        std::int64_t tmp = a[i - 1];
        a[i - 1] = a[j];
        a[j] = tmp;
    }
}

struct Input {
    std::vector<std::int64_t> keys;   // n stored keys, then n absent ones
    std::vector<std::int64_t> hit;    // the stored keys, shuffled
    std::vector<std::int64_t> del;    // hit, shuffled again
};

Input make_input(std::size_t n, std::uint64_t seed)
{
    Input in;
    std::uint64_t state = seed;
    in.keys.resize(2 * n);
    for (auto &k : in.keys)
        k = as_signed(splitmix64(state));
    in.hit.assign(in.keys.begin(), in.keys.begin() + static_cast<std::ptrdiff_t>(n));
    shuffle(in.hit, state);
    in.del = in.hit;
    shuffle(in.del, state);
    return in;
}

#if defined(DSA_MAP_ABSL)
using Map = absl::flat_hash_map<std::int64_t, std::int64_t>;
#elif defined(DSA_MAP_BOOST)
using Map = boost::unordered_flat_map<std::int64_t, std::int64_t>;
#else
using Map = std::unordered_map<std::int64_t, std::int64_t>;
#endif

struct Tally {
    std::size_t hits = 0;
    std::uint64_t sum = 0;    // of the values found, wrapping
};

// The kernel's lookup loop: find, count, add the value.
Tally lookups(const Map &m, const std::int64_t *keys, std::size_t n)
{
    Tally t;
    const auto end = m.end();
    for (std::size_t i = 0; i < n; i++) {
        auto it = m.find(keys[i]);
        if (it != end) {
            t.hits++;
            t.sum += static_cast<std::uint64_t>(it->second);
        }
    }
    return t;
}

struct RunResult {
    std::int64_t insert_ns, hit_ns, miss_ns, delete_ns;
    std::size_t buckets;
    std::uint64_t sum;
    bool ok;
};

RunResult run_once(const Input &in, std::size_t n, bool reserve,
                   std::uint64_t expected_sum)
{
    RunResult r{};
    Map m;
    if (reserve)
        m.reserve(n);
    bool ok = true;

    auto t0 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < n; i++)
        m.insert_or_assign(in.keys[i], ~in.keys[i]);
    auto t1 = std::chrono::steady_clock::now();
    r.buckets = m.bucket_count();
    ok = ok && m.size() == n;

    Tally hit = lookups(m, in.hit.data(), n);
    auto t2 = std::chrono::steady_clock::now();
    Tally miss = lookups(m, in.keys.data() + n, n);
    auto t3 = std::chrono::steady_clock::now();
    ok = ok && hit.hits == n && hit.sum == expected_sum && miss.hits == 0;

    std::size_t erased = 0;
    auto t4 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < n; i++)
        erased += m.erase(in.del[i]);
    auto t5 = std::chrono::steady_clock::now();
    ok = ok && erased == n && m.empty();

    r.insert_ns = ns_between(t0, t1);
    r.hit_ns = ns_between(t1, t2);
    r.miss_ns = ns_between(t2, t3);
    r.delete_ns = ns_between(t4, t5);
    r.sum = hit.sum;
    r.ok = ok;
    return r;
}

int usage()
{
    std::fprintf(stderr,
                 "usage: hashtable_lookup ops N SEED WARMUP REPEAT RESERVE\n"
                 "       hashtable_lookup keys N SEED\n");
    return 2;
}

}  // namespace

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage();
    const std::string mode = argv[1];
    unsigned long long n = 0, seed = 0, warmup = 0, repeat = 0, reserve = 0;

    if (mode == "keys") {
        if (argc != 4 || !parse(argv[2], n) || !parse(argv[3], seed))
            return usage();
        Input in = make_input(n, seed);
        for (std::size_t i = 0; i < n; i++)
            std::printf("insert %" PRId64 "\n", in.keys[i]);
        for (std::size_t i = 0; i < n; i++)
            std::printf("hit %" PRId64 "\n", in.hit[i]);
        for (std::size_t i = 0; i < n; i++)
            std::printf("miss %" PRId64 "\n", in.keys[n + i]);
        for (std::size_t i = 0; i < n; i++)
            std::printf("delete %" PRId64 "\n", in.del[i]);
        return 0;
    }
    if (mode != "ops" || argc != 7 || !parse(argv[2], n)
        || !parse(argv[3], seed) || !parse(argv[4], warmup)
        || !parse(argv[5], repeat) || !parse(argv[6], reserve)
        || repeat == 0 || reserve > 1)
        return usage();

    Input in = make_input(n, seed);
    std::uint64_t expected_sum = 0;
    for (std::size_t i = 0; i < n; i++)
        expected_sum += static_cast<std::uint64_t>(~in.keys[i]);

    bool ok = true;
    std::size_t buckets = 0;
    std::uint64_t sum = 0;
    for (unsigned long long r = 0; r < warmup + repeat; r++) {
        RunResult result = run_once(in, n, reserve == 1, expected_sum);
        ok = ok && result.ok;
        buckets = result.buckets;
        sum = result.sum;
        if (r >= warmup) {
            const double per = n ? static_cast<double>(n) : 1.0;
            std::printf("run %" PRId64 " %" PRId64 " %" PRId64 " %" PRId64
                        " %.3f %.3f %.3f %.3f\n",
                        result.insert_ns, result.hit_ns, result.miss_ns,
                        result.delete_ns, result.insert_ns / per,
                        result.hit_ns / per, result.miss_ns / per,
                        result.delete_ns / per);
        }
    }
    std::printf("buckets %zu\n", buckets);
    std::printf("checksum %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", sum,
                fold(in.hit), fold(in.del));
    std::printf("ok %d\n", ok ? 1 : 0);
    return 0;
}
