/* hashtable_kernels.c: the two hash tables timed inside C (see
 * hashtable_kernels.h).
 *
 * The kernels build real tables through the tables' own functions and
 * time the lookups with the tables' own probe loops (hashtable_core.h),
 * inlined with the hash kind a constant, so that the clock sees the memory
 * and the arithmetic of a lookup, not the calls.  Each makes its keys with
 * dsa_splitmix64 from a seed before the clock starts and checks its result.
 */
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "hashtable.h"
#include "hashtable_core.h"
#include "hashtable_kernels.h"
#include "trace.h"

/* ---- the table a kernel works on ------------------------------------------ */

/* One of the two tables: `base` for what both do alike, and the table
 * itself for the timed lookup loops. */
struct any_table {
    dsa_ch *ch;
    dsa_oa *oa;
    dsa_ht *base;
};

static int any_new(struct any_table *t, int kind, size_t capacity,
                   double max_load, int hash_kind, int source, uint64_t seed)
{
    int status = DSA_EVALUE;
    t->ch = NULL;
    t->oa = NULL;
    t->base = NULL;
    if (kind == DSA_HT_OPEN
        && (status = dsa_oa_new(capacity, max_load, hash_kind, seed,
                                &t->oa)) == DSA_OK)
        t->base = dsa_oa_common(t->oa);
    if (kind == DSA_HT_CHAINED
        && (status = dsa_ch_new(capacity, max_load, hash_kind, seed, source,
                                &t->ch)) == DSA_OK)
        t->base = dsa_ch_common(t->ch);
    return status;
}

static void any_stats(const struct any_table *t, struct dsa_ht_stats *s)
{
    if (t->oa != NULL)
        dsa_oa_stats(t->oa, s, NULL, 0);
    else
        dsa_ch_stats(t->ch, s, NULL, 0);
}

/* The keyed hash's secret comes from its own stream of the seed. */
static uint64_t hash_seed_of(uint64_t seed)
{
    uint64_t s = seed ^ UINT64_C(0x6A09E667F3BCC909);
    return dsa_splitmix64(&s);
}

/* An empty table of 8 at the kind's default maximum load, growing as the
 * kernel fills it. */
static int growing_table(struct any_table *t, int kind, int hash_kind,
                         int source, uint64_t seed)
{
    double max_load = kind == DSA_HT_OPEN ? 2.0 / 3.0 : 0.75;
    return any_new(t, kind, MIN_CAP, max_load, hash_kind, source,
                   hash_seed_of(seed));
}

/* A kernel's result zeroed before it starts; DSA_EVALUE for no result. */
static int result_begin(void *out, size_t size)
{
    if (out == NULL)
        return DSA_EVALUE;
    memset(out, 0, size);
    return DSA_OK;
}

/* What every kernel does last: free its arrays and its table. */
static int kernel_end(int status, struct any_table *t, int64_t *a,
                      int64_t *b, int64_t *c)
{
    free(a);
    free(b);
    free(c);
    dsa_ch_free(t->ch);
    dsa_oa_free(t->oa);
    return status;
}

/* ---- keys ------------------------------------------------------------------- */

/* The value stored with a key: something the lookup can check cheaply. */
static inline int64_t value_for(int64_t key)
{
    return ~key;
}

/* n distinct random keys: consecutive splitmix64 outputs are distinct. */
static void random_keys(int64_t *keys, size_t n, uint64_t *state)
{
    for (size_t i = 0; i < n; i++)
        keys[i] = dsa_as_int64(dsa_splitmix64(state));
}

static void shuffle(int64_t *a, size_t n, uint64_t *state)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)(dsa_splitmix64(state) % i);
        int64_t tmp = a[i - 1];
        a[i - 1] = a[j];
        a[j] = tmp;
    }
}

/* Sum of value_for(key) over keys, with unsigned (wrapping) arithmetic. */
static uint64_t value_sum(const int64_t *keys, size_t n)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += (uint64_t)value_for(keys[i]);
    return sum;
}

/* Store every key (with value_for(key)), timing it all; the first failure
 * stops it. */
static int timed_inserts(struct any_table *t, const int64_t *keys, size_t n,
                         int64_t *ns)
{
    int64_t start = dsa_now_ns();
    for (size_t i = 0; i < n; i++) {
        int status = dsa_ht_put(t->base, keys[i], value_for(keys[i]), NULL);
        if (status != DSA_OK)
            return status;
    }
    *ns = dsa_now_ns() - start;
    return DSA_OK;
}

/* ---- the timed lookup loops --------------------------------------------- */

/* Written once and stamped out per table and hash kind: with both
 * constants, the compiler folds the table test and hash_key()'s switch
 * away, so the loop is exactly oa_find() / ch_find() and the arithmetic of
 * the hash, nothing else (heap_sift.h does the same with the arity). */
#if defined(__GNUC__) || defined(__clang__)
#define STAMPED static inline __attribute__((always_inline))
#else
#define STAMPED static inline
#endif

struct lookup_tally {
    size_t hits;
    uint64_t sum;          /* of the values found, wrapping */
};

/* The value stored with key in t, or NULL if absent. */
STAMPED const int64_t *value_in(const struct any_table *t, int open,
                                const struct hasher *h, int64_t key)
{
    uint64_t hash = hash_key(h, key);
    if (open) {
        size_t j = oa_find(t->oa, key, hash, NULL, NULL);
        return j != NOT_FOUND ? &t->oa->slots[j].value : NULL;
    }
    size_t b = (size_t)(hash & (uint64_t)(t->ch->base.capacity - 1));
    const struct dsa_ch_node *node = *ch_find(t->ch, b, key, NULL);
    return node != NULL ? &node->value : NULL;
}

STAMPED struct lookup_tally lookups(const struct any_table *t, int open,
                                    int kind, const int64_t *keys, size_t n)
{
    struct hasher h = t->base->hash;
    struct lookup_tally tally = {0, 0};
    h.kind = kind;
    for (size_t i = 0; i < n; i++) {
        const int64_t *value = value_in(t, open, &h, keys[i]);
        if (value != NULL) {
            tally.hits++;
            tally.sum += (uint64_t)*value;
        }
    }
    return tally;
}

STAMPED struct lookup_tally lookups_in(const struct any_table *t, int open,
                                       const int64_t *keys, size_t n)
{
    switch (t->base->hash.kind) {
    case DSA_HT_HASH_KEYED:
        return lookups(t, open, DSA_HT_HASH_KEYED, keys, n);
    case DSA_HT_HASH_IDENTITY:
        return lookups(t, open, DSA_HT_HASH_IDENTITY, keys, n);
    default:
        return lookups(t, open, DSA_HT_HASH_CONSTANT, keys, n);
    }
}

/* Time n lookups of keys[0 .. n); *hits and *sum count what was found. */
static int64_t timed_lookups(const struct any_table *t, const int64_t *keys,
                             size_t n, size_t *hits, uint64_t *sum)
{
    int64_t start = dsa_now_ns();
    struct lookup_tally tally = t->oa != NULL ? lookups_in(t, 1, keys, n)
                                              : lookups_in(t, 0, keys, n);
    int64_t ns = dsa_now_ns() - start;
    *hits = tally.hits;
    *sum = tally.sum;
    return ns;
}

/* ---- the kernels ------------------------------------------------------------ */

int dsa_ht_kernel_ops(int table, size_t n, int hash_kind, int node_source,
                      uint64_t seed, struct dsa_ht_ops_result *out)
{
    struct any_table t = {NULL, NULL, NULL};
    int64_t *keys = NULL, *order = NULL;
    size_t twice, hits, deleted = 0;
    uint64_t sum, state = seed;
    int64_t start;
    int status, ok = 1;

    if ((status = result_begin(out, sizeof *out)) != DSA_OK)
        return status;
    if (!dsa_mul_size(n, 2, &twice))
        return DSA_ENOMEM;
    if ((status = growing_table(&t, table, hash_kind, node_source, seed))
        != DSA_OK)
        return status;
    keys = dsa_int64s_new(twice);   /* n present keys, then n absent ones */
    order = dsa_int64s_new(n);
    if (keys == NULL || order == NULL)
        return kernel_end(DSA_ENOMEM, &t, keys, order, NULL);
    random_keys(keys, twice, &state);
    memcpy(order, keys, n * sizeof *keys);
    shuffle(order, n, &state);

    if ((status = timed_inserts(&t, keys, n, &out->insert_ns)) != DSA_OK)
        return kernel_end(status, &t, keys, order, NULL);
    out->resizes = t.base->resize.count;
    out->capacity = t.base->capacity;
    ok &= t.base->len == n;

    out->hit_ns = timed_lookups(&t, order, n, &hits, &sum);
    ok &= hits == n && sum == value_sum(keys, n);
    out->miss_ns = timed_lookups(&t, keys + n, n, &hits, &sum);
    ok &= hits == 0;

    shuffle(order, n, &state);
    start = dsa_now_ns();
    for (size_t i = 0; i < n; i++)
        deleted += dsa_ht_delete(t.base, order[i], NULL) == DSA_OK;
    out->delete_ns = dsa_now_ns() - start;
    ok &= deleted == n && t.base->len == 0;
    out->ok = ok;
    return kernel_end(DSA_OK, &t, keys, order, NULL);
}

/* Replay the lookups with the trace on, adding up the lines each touched. */
static int traced_lookups(struct any_table *t, const int64_t *hit,
                          const int64_t *miss, size_t n,
                          struct dsa_ht_load_result *out)
{
    int status = dsa_ht_set_tracing(t->base, 1);
    if (status != DSA_OK)
        return status;
    for (size_t i = 0; i < n; i++) {
        dsa_ht_get(t->base, hit[i], NULL);
        out->hit_lines += dsa_ht_last_lines(t->base);
        dsa_ht_get(t->base, miss[i], NULL);
        out->miss_lines += dsa_ht_last_lines(t->base);
    }
    out->traced = 1;
    return DSA_OK;
}

int dsa_ht_kernel_load(int table, size_t capacity, double load,
                       size_t lookups, int hash_kind, int node_source,
                       uint64_t seed, struct dsa_ht_load_result *out)
{
    struct any_table t = {NULL, NULL, NULL};
    int64_t *keys = NULL, *hit = NULL, *miss = NULL;
    size_t cap = round_capacity(capacity), n, hits;
    uint64_t sum, state = seed;
    int64_t ignored;
    double max_load;
    struct dsa_ht_stats stats;
    int status, ok;

    if ((status = result_begin(out, sizeof *out)) != DSA_OK)
        return status;
    if (!valid_max_load(load, table == DSA_HT_OPEN))
        return DSA_EVALUE;
    if (cap == 0)
        return DSA_ENOMEM;                  /* past MAX_CAP */
    if (cap != capacity)
        return DSA_EVALUE;                  /* a power of two >= 8, please */
    if (!(load * (double)cap < (double)MAX_CAP))
        return DSA_ENOMEM;
    n = (size_t)(load * (double)cap);
    if (n == 0 && lookups > 0)
        return DSA_EVALUE;                  /* nothing to find */
    /* A maximum load just above the target: limit == n, no resize. */
    max_load = ((double)n + 0.5) / (double)cap;
    status = any_new(&t, table, cap, max_load, hash_kind, node_source,
                     hash_seed_of(seed));
    if (status != DSA_OK)
        return status;
    keys = dsa_int64s_new(n);
    hit = dsa_int64s_new(lookups);
    miss = dsa_int64s_new(lookups);
    if (keys == NULL || hit == NULL || miss == NULL)
        return kernel_end(DSA_ENOMEM, &t, keys, hit, miss);
    random_keys(keys, n, &state);
    random_keys(miss, lookups, &state);      /* later outputs: all absent */
    for (size_t i = 0; i < lookups; i++)
        hit[i] = keys[dsa_splitmix64(&state) % n];
    if ((status = timed_inserts(&t, keys, n, &ignored)) != DSA_OK)
        return kernel_end(status, &t, keys, hit, miss);
    ok = t.base->len == n && t.base->capacity == cap
        && t.base->resize.count == 0;
    out->keys = n;

    out->hit_ns = timed_lookups(&t, hit, lookups, &hits, &sum);
    ok &= hits == lookups && sum == value_sum(hit, lookups);
    out->miss_ns = timed_lookups(&t, miss, lookups, &hits, &sum);
    ok &= hits == 0;

    if (dsa_trace_enabled()) {
        if ((status = traced_lookups(&t, hit, miss, lookups, out)) != DSA_OK)
            return kernel_end(status, &t, keys, hit, miss);
        ok &= !dsa_ht_trace_overflowed(t.base);
    }
    any_stats(&t, &stats);
    out->longest = stats.longest;
    out->avg_successful = stats.avg_successful;
    out->avg_unsuccessful = stats.avg_unsuccessful;
    out->ok = ok;
    return kernel_end(DSA_OK, &t, keys, hit, miss);
}

/* Are the n keys 0, stride, 2*stride, ... (mod 2^64) distinct?  Yes iff n
 * does not pass 2^64 / (the largest power of two dividing stride). */
static int stride_keys_distinct(size_t n, uint64_t stride)
{
    if (n <= 1)
        return 1;
    if (stride == 0)
        return 0;
    int zeros = 0;
    while ((stride & 1) == 0) {
        stride >>= 1;
        zeros++;
    }
    return zeros == 0 || (uint64_t)(n - 1) < (UINT64_C(1) << (64 - zeros));
}

int dsa_ht_kernel_flood(int table, size_t n, int hash_kind, int pattern,
                        uint64_t stride, size_t rounds, int node_source,
                        uint64_t seed, struct dsa_ht_flood_result *out)
{
    struct any_table t = {NULL, NULL, NULL};
    int64_t *keys = NULL, *order = NULL;
    uint64_t sum, want, state = seed;
    size_t hits;
    struct dsa_ht_stats stats;
    int status, ok;

    if ((status = result_begin(out, sizeof *out)) != DSA_OK)
        return status;
    if (pattern != DSA_HT_KEYS_RANDOM && pattern != DSA_HT_KEYS_STRIDE)
        return DSA_EVALUE;
    if (pattern == DSA_HT_KEYS_STRIDE && !stride_keys_distinct(n, stride))
        return DSA_EVALUE;
    if ((status = growing_table(&t, table, hash_kind, node_source, seed))
        != DSA_OK)
        return status;
    keys = dsa_int64s_new(n);
    order = dsa_int64s_new(n);
    if (keys == NULL || order == NULL)
        return kernel_end(DSA_ENOMEM, &t, keys, order, NULL);
    if (pattern == DSA_HT_KEYS_RANDOM)
        random_keys(keys, n, &state);
    else
        for (size_t i = 0; i < n; i++)
            keys[i] = dsa_as_int64((uint64_t)i * stride);
    memcpy(order, keys, n * sizeof *keys);
    shuffle(order, n, &state);

    if ((status = timed_inserts(&t, keys, n, &out->insert_ns)) != DSA_OK)
        return kernel_end(status, &t, keys, order, NULL);
    ok = t.base->len == n;
    want = value_sum(keys, n);
    for (size_t r = 0; r < rounds; r++) {
        out->lookup_ns += timed_lookups(&t, order, n, &hits, &sum);
        ok &= hits == n && sum == want;
    }
    any_stats(&t, &stats);
    out->longest = stats.longest;
    out->avg_successful = stats.avg_successful;
    out->capacity = t.base->capacity;
    out->ok = ok;
    return kernel_end(DSA_OK, &t, keys, order, NULL);
}
