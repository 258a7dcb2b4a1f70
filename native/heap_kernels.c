/* heap_kernels.c: the d-ary heap timed inside C (see heap_kernels.h).
 *
 * The kernels run the very sifts the heap's methods run (heap_sift.h), on
 * arrays laid out as the heap lays out its own, but inlined with a constant
 * arity and without counters or trace, so that the clock sees the memory
 * and the comparisons, not the calls.  Each makes its input with
 * dsa_splitmix64 from a seed before the clock starts and checks its result.
 */
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "heap.h"
#include "heap_kernels.h"
#include "heap_sift.h"
#include "trace.h"

static int64_t random_item(uint64_t *state)
{
    return dsa_as_int64(dsa_splitmix64(state));
}

/* n random items (at least room for one), drawn from *state in order;
 * NULL if they cannot be had. */
static int64_t *random_items(size_t n, uint64_t *state)
{
    int64_t *items = dsa_int64s_new(n);
    if (items != NULL)
        for (size_t i = 0; i < n; i++)
            items[i] = random_item(state);
    return items;
}

/* A hash of a multiset: the sum of a mixed copy of each item.  Two lists
 * with equal sums hold the same items, short of a 2^-64 accident. */
static uint64_t multiset_hash(const int64_t *a, size_t n)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += dsa_mix64((uint64_t)a[i]);
    return sum;
}

/* Start a kernel: its result zeroed (if it has one to fill), then
 * DSA_EVALUE unless it has one and its arguments are `valid`. */
static int kernel_begin(void *out, size_t size, int valid)
{
    if (out == NULL)
        return DSA_EVALUE;
    memset(out, 0, size);
    return valid ? DSA_OK : DSA_EVALUE;
}

/* The two arrays of a kernel that runs the sifts on its own array: the
 * heap array, room for n items (at least one) laid out as the heap's, the
 * arity checked as dsa_heap_new() checks it; and a plain array of m items
 * (at least one): the items it pushes.  On failure both are NULL (none is
 * kept); else the caller frees both. */
static int kernel_arrays(size_t arity, size_t n, size_t m, int64_t **heap,
                         int64_t **input)
{
    size_t cap;
    *heap = NULL;
    *input = NULL;
    if (arity < DSA_HEAP_MIN_ARITY || arity > DSA_HEAP_MAX_ARITY)
        return DSA_EVALUE;
    *heap = dsa_heap_array_new(n == 0 ? 1 : n, &cap);
    *input = dsa_int64s_new(m);
    if (*heap == NULL || *input == NULL) {
        dsa_heap_array_free(*heap);
        free(*input);
        *heap = NULL;
        *input = NULL;
        return DSA_ENOMEM;
    }
    return DSA_OK;
}

/* The input of the drain and build kernels: n items in the given order,
 * the random ones drawn from seed as random_items() draws them. */
static void fill(int64_t *buf, size_t n, int order, uint64_t seed)
{
    for (size_t i = 0; i < n; i++) {
        if (order == DSA_HEAP_DESCENDING)
            buf[i] = (int64_t)(n - 1 - i);
        else if (order == DSA_HEAP_ASCENDING)
            buf[i] = (int64_t)i;
        else
            buf[i] = random_item(&seed);
    }
}

/* Push buf[0 .. n) into a (room for n), then pop all back into buf. */
SIFT void drain_run(int64_t *a, int64_t *buf, size_t n, size_t d,
                    int64_t *push_ns, int64_t *pop_ns)
{
    int64_t t0 = dsa_now_ns();
    for (size_t i = 0; i < n; i++)
        sift_up(a, i, buf[i], d, NULL, NULL);
    int64_t t1 = dsa_now_ns();
    for (size_t i = 0; i < n; i++)
        buf[i] = pop_root(a, n - i, d, NULL, NULL);
    int64_t t2 = dsa_now_ns();
    *push_ns = t1 - t0;
    *pop_ns = t2 - t1;
}

int dsa_heap_kernel_drain(size_t n, size_t arity, uint64_t seed,
                          struct dsa_heap_drain_result *out)
{
    int64_t *a = NULL, *buf = NULL;
    int status;

    if ((status = kernel_begin(out, sizeof *out, 1)) != DSA_OK
        || (status = kernel_arrays(arity, n, n, &a, &buf)) != DSA_OK)
        return status;
    fill(buf, n, DSA_HEAP_RANDOM, seed);
    uint64_t before = multiset_hash(buf, n);
    /* Touch the array once so that the clock does not count page faults. */
    memset(a, 0, n * sizeof *a);

    /* A constant arity lets the compiler turn (i-1)/d into a shift. */
    switch (arity) {
    case 2:
        drain_run(a, buf, n, 2, &out->push_ns, &out->pop_ns);
        break;
    case 4:
        drain_run(a, buf, n, 4, &out->push_ns, &out->pop_ns);
        break;
    default:
        drain_run(a, buf, n, arity, &out->push_ns, &out->pop_ns);
        break;
    }
    out->total_ns = out->push_ns + out->pop_ns;

    out->ok = multiset_hash(buf, n) == before;
    for (size_t i = 1; i < n; i++)
        if (buf[i] < buf[i - 1])
            out->ok = 0;
    free(buf);
    dsa_heap_array_free(a);
    return status;
}

SIFT void build_run(int64_t *a, const int64_t *buf, size_t n, size_t d,
                    int method, struct tally *c)
{
    if (method == DSA_HEAP_BUILD_HEAPIFY) {
        memcpy(a, buf, n * sizeof *a);
        heapify_array(a, n, d, c, NULL);
    } else {
        for (size_t i = 0; i < n; i++)
            sift_up(a, i, buf[i], d, c, NULL);
    }
}

static int heap_rule_holds(const int64_t *a, size_t n, size_t d)
{
    for (size_t i = 1; i < n; i++)
        if (a[i] < a[(i - 1) / d])
            return 0;
    return 1;
}

int dsa_heap_kernel_build(size_t n, size_t arity, int method, int order,
                          uint64_t seed, struct dsa_heap_build_result *out)
{
    int64_t *a = NULL, *buf = NULL;
    int status;

    int valid = (method == DSA_HEAP_BUILD_HEAPIFY
                 || method == DSA_HEAP_BUILD_PUSH)
        && (order == DSA_HEAP_DESCENDING || order == DSA_HEAP_ASCENDING
            || order == DSA_HEAP_RANDOM);
    if ((status = kernel_begin(out, sizeof *out, valid)) != DSA_OK
        || (status = kernel_arrays(arity, n, n, &a, &buf)) != DSA_OK)
        return status;
    fill(buf, n, order, seed);

    int64_t t0 = dsa_now_ns();
    switch (arity) {
    case 2:
        build_run(a, buf, n, 2, method, NULL);
        break;
    case 4:
        build_run(a, buf, n, 4, method, NULL);
        break;
    default:
        build_run(a, buf, n, arity, method, NULL);
        break;
    }
    out->ns = dsa_now_ns() - t0;

    struct tally c = {0, 0};
    build_run(a, buf, n, arity, method, &c);
    out->comparisons = c.comparisons;
    out->swaps = c.swaps;
    out->ok = heap_rule_holds(a, n, arity)
              && multiset_hash(a, n) == multiset_hash(buf, n);
    free(buf);
    dsa_heap_array_free(a);
    return status;
}

/* The timed part of the op-cost kernel; len is the heap's size in and out. */
SIFT void op_cost_run(int64_t *a, size_t *len, size_t d,
                      const int64_t *fresh, size_t ops,
                      struct dsa_heap_op_cost_result *r,
                      uint64_t *popped_sum)
{
    size_t n = *len, round = n / 4 == 0 ? 1 : n / 4;
    uint64_t sum = 0;

    for (size_t done = 0; done < ops;) {
        size_t k = ops - done < round ? ops - done : round;
        int64_t t0 = dsa_now_ns();
        for (size_t j = 0; j < k; j++, n--)
            sum += (uint64_t)pop_root(a, n, d, NULL, NULL);
        int64_t t1 = dsa_now_ns();
        for (size_t j = 0; j < k; j++, n++)
            sift_up(a, n, fresh[done + j], d, NULL, NULL);
        int64_t t2 = dsa_now_ns();
        r->pop_ns += t1 - t0;
        r->push_ns += t2 - t1;
        done += k;
    }

    int64_t t0 = dsa_now_ns();
    for (size_t j = 0; j < ops; j++) {
        sum += (uint64_t)pop_root(a, n, d, NULL, NULL);
        sift_up(a, n - 1, fresh[j], d, NULL, NULL);
    }
    r->pair_ns = dsa_now_ns() - t0;
    *len = n;
    *popped_sum = sum;
}

int dsa_heap_kernel_op_cost(size_t size, size_t arity, size_t ops,
                            uint64_t seed,
                            struct dsa_heap_op_cost_result *out)
{
    int64_t *a = NULL, *fresh = NULL;
    int status;

    int valid = size != 0 && ops != 0;
    if ((status = kernel_begin(out, sizeof *out, valid)) != DSA_OK
        || (status = kernel_arrays(arity, size, ops, &a, &fresh)) != DSA_OK)
        return status;
    uint64_t sum = 0, popped = 0;
    for (size_t i = 0; i < size; i++) {
        a[i] = random_item(&seed);
        sum += (uint64_t)a[i];
    }
    heapify_array(a, size, arity, NULL, NULL);
    for (size_t i = 0; i < ops; i++) {
        fresh[i] = random_item(&seed);
        sum += 2 * (uint64_t)fresh[i];   /* pushed once per phase */
    }

    size_t len = size;
    switch (arity) {
    case 2:
        op_cost_run(a, &len, 2, fresh, ops, out, &popped);
        break;
    case 4:
        op_cost_run(a, &len, 4, fresh, ops, out, &popped);
        break;
    default:
        op_cost_run(a, &len, arity, fresh, ops, out, &popped);
        break;
    }

    uint64_t left = 0;
    for (size_t i = 0; i < len; i++)
        left += (uint64_t)a[i];
    out->ok = len == size && sum - popped == left
              && heap_rule_holds(a, len, arity);
    free(fresh);
    dsa_heap_array_free(a);
    return status;
}

int dsa_heap_kernel_lines(size_t size, size_t arity, size_t ops,
                          uint64_t seed, struct dsa_heap_lines_result *out)
{
    dsa_heap *h = NULL;
    int64_t *start = NULL;
    int status;

    int valid = size != 0 && ops != 0 && dsa_trace_enabled();
    if ((status = kernel_begin(out, sizeof *out, valid)) != DSA_OK
        || (status = dsa_heap_new(arity, 0, 0, &h)) != DSA_OK)
        return status;
    /* size + 1 so that no push below grows the array. */
    if ((status = dsa_heap_reserve(h, size + 1)) != DSA_OK)
        goto done;
    if ((start = random_items(size, &seed)) == NULL) {
        status = DSA_ENOMEM;
        goto done;
    }
    if ((status = dsa_heap_heapify(h, start, size)) != DSA_OK
        || (status = dsa_heap_set_tracing(h, 1)) != DSA_OK)
        goto done;

    int ok = 1;
    for (size_t i = 0; i < ops; i++) {
        int64_t top;
        ok &= dsa_heap_pop(h, &top) == DSA_OK;
        out->pop_lines += dsa_heap_last_lines(h);
        ok &= !dsa_heap_trace_overflowed(h);
        ok &= dsa_heap_push(h, random_item(&seed)) == DSA_OK;
        out->push_lines += dsa_heap_last_lines(h);
        ok &= !dsa_heap_trace_overflowed(h);
    }
    out->ok = ok && dsa_heap_len(h) == size && dsa_heap_check(h);
done:
    free(start);
    dsa_heap_free(h);
    return status;
}
