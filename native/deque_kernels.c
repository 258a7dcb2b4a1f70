/* deque_kernels.c: the blocked deque, and a ring buffer beside it, timed
 * inside C (see deque_kernels.h).
 *
 * The ring buffer is the contiguous alternative: one power-of-two array
 * used circularly, doubled (a full copy) when it fills.  The blocked
 * kernels run the deque's own inlined end operations (deque_blocks.h) on a
 * header that is a local variable, without tracing, so that the clock sees
 * the memory and not the calls.
 */
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "deque.h"
#include "deque_blocks.h"
#include "deque_kernels.h"
#include "trace.h"

/* ---- the ring buffer ---------------------------------------------------- */

/* Items at a[(head + i) & (cap - 1)] for i < len; cap a power of two (or 0
 * before the first push).  A full ring doubles: a new array, the items
 * copied to its start in order.  The array starts on a line, so slot i
 * lies in line i / 8 of it; the header is one line. */
struct ring {
    int64_t *a;
    size_t cap;
    size_t head;
    size_t len;
    dsa_trace *trace;
};

enum { RING_MIN_CAP = 8 };

static int ring_grow(struct ring *r)
{
    size_t cap = r->cap == 0 ? RING_MIN_CAP : r->cap * 2, bytes;
    if (cap < r->cap || !dsa_mul_size(cap, sizeof(int64_t), &bytes))
        return DSA_ENOMEM;
    int64_t *a = aligned_alloc(LINE, bytes);
    if (a == NULL)
        return DSA_ENOMEM;
    /* The items wrap at most once: [head, cap) then [0, rest). */
    if (r->len > 0) {
        size_t first = r->cap - r->head < r->len ? r->cap - r->head : r->len;
        memcpy(a, r->a + r->head, first * sizeof *a);
        memcpy(a + first, r->a, (r->len - first) * sizeof *a);
    }
    free(r->a);
    r->a = a;
    r->cap = cap;
    r->head = 0;
    return DSA_OK;
}

HOT int ring_push_back(struct ring *r, int64_t x)
{
    if (RARELY(r->len == r->cap) && ring_grow(r) != DSA_OK)
        return DSA_ENOMEM;
    r->a[(r->head + r->len) & (r->cap - 1)] = x;
    r->len++;
    return DSA_OK;
}

HOT int ring_push_front(struct ring *r, int64_t x)
{
    if (RARELY(r->len == r->cap) && ring_grow(r) != DSA_OK)
        return DSA_ENOMEM;
    r->head = (r->head - 1) & (r->cap - 1);
    r->a[r->head] = x;
    r->len++;
    return DSA_OK;
}

/* The pops assume len > 0. */
HOT int64_t ring_pop_front(struct ring *r)
{
    int64_t x = r->a[r->head];
    r->head = (r->head + 1) & (r->cap - 1);
    r->len--;
    return x;
}

HOT int64_t ring_pop_back(struct ring *r)
{
    r->len--;
    return r->a[(r->head + r->len) & (r->cap - 1)];
}

/* Position i < len. */
HOT int64_t ring_get(const struct ring *r, size_t i)
{
    size_t slot = (r->head + i) & (r->cap - 1);
    DSA_TOUCH(r->trace, r, 1);
    DSA_TOUCH(r->trace, &r->a[slot], sizeof *r->a);
    return r->a[slot];
}

/* Two contiguous runs: [head, head + first) and [0, len - first). */
HOT uint64_t ring_sum(const struct ring *r)
{
    uint64_t sum = 0;
    size_t first = r->cap - r->head < r->len ? r->cap - r->head : r->len;
    DSA_TOUCH(r->trace, r, 1);
    if (r->len > 0) {
        DSA_TOUCH(r->trace, r->a + r->head, first * sizeof *r->a);
        DSA_TOUCH(r->trace, r->a, (r->len - first) * sizeof *r->a);
    }
    for (size_t i = 0; i < first; i++)
        sum += (uint64_t)r->a[r->head + i];
    for (size_t i = 0; i < r->len - first; i++)
        sum += (uint64_t)r->a[i];
    return sum;
}

static size_t ring_bytes(const struct ring *r)
{
    return LINE + r->cap * sizeof(int64_t);
}

/* ---- kernels ------------------------------------------------------------ */

static void fill(int64_t *buf, size_t n, uint64_t seed)
{
    for (size_t i = 0; i < n; i++)
        buf[i] = dsa_as_int64(dsa_splitmix64(&seed));
}

/* buf[0..n) is the input made from seed again, in order. */
static int same_as_input(const int64_t *buf, size_t n, uint64_t seed)
{
    int ok = 1;
    for (size_t i = 0; i < n; i++)
        ok &= buf[i] == dsa_as_int64(dsa_splitmix64(&seed));
    return ok;
}

static int check_layout(int layout, size_t block_size)
{
    if (layout == DSA_DQ_RING)
        return DSA_OK;
    if (layout == DSA_DQ_BLOCKED && block_bytes_for(block_size) != 0)
        return DSA_OK;
    return DSA_EVALUE;
}

/* Every kernel starts alike, as the heap's do: a result to fill in (zeroed
 * first), then DSA_EVALUE unless it knows the layout and its other
 * arguments are `valid`. */
static int kernel_begin(void *out, size_t out_size, int layout,
                        size_t block_size, int valid)
{
    if (out == NULL)
        return DSA_EVALUE;
    memset(out, 0, out_size);
    return valid ? check_layout(layout, block_size) : DSA_EVALUE;
}

/* One direction of the ends kernel on a fresh deque: push buf[0..n) at one
 * end, then pop n from the other end back into buf.  Between the two timed
 * loops, untimed: the bytes held and the length.  The header is a local
 * variable (see the top of this file); the loops are the inlined bodies of
 * dsa_dq_push_back and the rest, without trace_begin, which is empty in the
 * ordinary build anyway. */
static int dq_ends(size_t n, size_t block_size, int64_t *buf, int at_back,
                   int64_t *push_ns, int64_t *pop_ns, uint64_t *bytes,
                   int *ok)
{
    dsa_dq dq;
    int status = DSA_OK;
    size_t i = 0;
    header_init(&dq, block_size, SIZE_MAX);

    int64_t t0 = dsa_now_ns();
    if (at_back)
        while (i < n && (status = push_back(&dq, buf[i])) == DSA_OK)
            i++;
    else
        while (i < n && (status = push_front(&dq, buf[i])) == DSA_OK)
            i++;
    int64_t t1 = dsa_now_ns();

    *bytes = bytes_held(&dq);
    *ok &= status == DSA_OK && dq.len == n;
    i = 0;

    int64_t t2 = dsa_now_ns();
    if (status != DSA_OK)
        ;
    else if (at_back)
        while (i < n && pop_front(&dq, &buf[i]) == DSA_OK)
            i++;
    else
        while (i < n && pop_back(&dq, &buf[i]) == DSA_OK)
            i++;
    int64_t t3 = dsa_now_ns();

    *ok &= dq.len == 0;
    *push_ns = t1 - t0;
    *pop_ns = t3 - t2;
    free_blocks(&dq);
    free(dq.spare);
    return status;
}

static int ring_ends(size_t n, int64_t *buf, int at_back, int64_t *push_ns,
                     int64_t *pop_ns, uint64_t *bytes, int *ok)
{
    struct ring r = {NULL, 0, 0, 0, NULL};
    int status = DSA_OK;
    size_t i = 0;

    int64_t t0 = dsa_now_ns();
    if (at_back)
        while (i < n && (status = ring_push_back(&r, buf[i])) == DSA_OK)
            i++;
    else
        while (i < n && (status = ring_push_front(&r, buf[i])) == DSA_OK)
            i++;
    int64_t t1 = dsa_now_ns();

    *bytes = ring_bytes(&r);
    *ok &= status == DSA_OK && r.len == n;

    int64_t t2 = dsa_now_ns();
    if (status != DSA_OK)
        ;
    else if (at_back)
        for (i = 0; i < n; i++)
            buf[i] = ring_pop_front(&r);
    else
        for (i = 0; i < n; i++)
            buf[i] = ring_pop_back(&r);
    int64_t t3 = dsa_now_ns();

    *ok &= r.len == 0;
    *push_ns = t1 - t0;
    *pop_ns = t3 - t2;
    free(r.a);
    return status;
}

int dsa_dq_kernel_ends(size_t n, int layout, size_t block_size,
                       uint64_t seed, struct dsa_dq_ends_result *out)
{
    int status = kernel_begin(out, sizeof *out, layout, block_size, 1);
    if (status != DSA_OK)
        return status;
    int64_t *buf = dsa_int64s_new(n);
    if (buf == NULL)
        return DSA_ENOMEM;
    int ok = 1;
    uint64_t front_bytes = 0;

    fill(buf, n, seed);
    status = layout == DSA_DQ_RING
                 ? ring_ends(n, buf, 1, &out->push_back_ns, &out->pop_front_ns,
                             &out->bytes, &ok)
                 : dq_ends(n, block_size, buf, 1, &out->push_back_ns,
                           &out->pop_front_ns, &out->bytes, &ok);
    ok &= same_as_input(buf, n, seed);
    if (status == DSA_OK) {
        fill(buf, n, seed);
        status = layout == DSA_DQ_RING
                     ? ring_ends(n, buf, 0, &out->push_front_ns,
                                 &out->pop_back_ns, &front_bytes, &ok)
                     : dq_ends(n, block_size, buf, 0, &out->push_front_ns,
                               &out->pop_back_ns, &front_bytes, &ok);
        ok &= same_as_input(buf, n, seed);
    }
    out->ok = status == DSA_OK && ok;
    free(buf);
    return status;
}

/* Fill a deque (made here) or a ring with buf[0..n) by pushing at the
 * back.  On failure the caller still frees whatever was made. */
static int build(size_t n, int layout, size_t block_size, const int64_t *buf,
                 dsa_dq **dq, struct ring *r)
{
    if (layout == DSA_DQ_RING) {
        for (size_t i = 0; i < n; i++)
            if (ring_push_back(r, buf[i]) != DSA_OK)
                return DSA_ENOMEM;
        return DSA_OK;
    }
    int status = dsa_dq_new(block_size, 0, 0, dq);
    for (size_t i = 0; i < n && status == DSA_OK; i++)
        status = dsa_dq_push_back(*dq, buf[i]);
    return status;
}

int dsa_dq_kernel_access(size_t n, int layout, size_t block_size,
                         size_t passes, size_t ops, uint64_t seed,
                         struct dsa_dq_access_result *out)
{
    /* An empty deque has no middle to index. */
    int status = kernel_begin(out, sizeof *out, layout, block_size,
                              n > 0 || ops == 0);
    if (status != DSA_OK)
        return status;
    dsa_dq *dq = NULL;
    struct ring r = {NULL, 0, 0, 0, NULL};
    int ring = layout == DSA_DQ_RING;
    int64_t *buf = dsa_int64s_new(n);
    int64_t *where = dsa_int64s_new(ops);   /* positions, as int64 */
    if (buf == NULL || where == NULL) {
        status = DSA_ENOMEM;
        goto done;
    }
    fill(buf, n, seed);
    uint64_t total = 0, picked = 0, state = seed ^ UINT64_C(0x5DEECE66D);
    for (size_t i = 0; i < n; i++)
        total += (uint64_t)buf[i];
    for (size_t k = 0; k < ops; k++) {
        size_t pos = n / 4 + (size_t)(dsa_splitmix64(&state) % (n / 2 + 1));
        pos = pos < n ? pos : n - 1;
        where[k] = (int64_t)pos;
        picked += (uint64_t)buf[pos];
    }
    if ((status = build(n, layout, block_size, buf, &dq, &r)) != DSA_OK)
        goto done;

    uint64_t sum = 0, got = 0;
    int ok = 1;
    int64_t t0 = dsa_now_ns();
    for (size_t p = 0; p < passes; p++)
        sum += ring ? ring_sum(&r) : sum_items(dq);
    int64_t t1 = dsa_now_ns();
    if (ring) {
        for (size_t k = 0; k < ops; k++)
            got += (uint64_t)ring_get(&r, (size_t)where[k]);
    } else {
        for (size_t k = 0; k < ops; k++) {
            int64_t v = 0;
            ok &= dsa_dq_get(dq, (size_t)where[k], &v) == DSA_OK;
            got += (uint64_t)v;
        }
    }
    int64_t t2 = dsa_now_ns();
    out->iterate_ns = t1 - t0;
    out->index_ns = t2 - t1;
    out->bytes = ring ? ring_bytes(&r) : bytes_held(dq);
    out->blocks = ring ? r.cap : blocks_in_use(dq);
    out->ok = ok && sum == total * (uint64_t)passes && got == picked
              && (ring || dsa_dq_check(dq) == NULL);
done:
    free(r.a);
    dsa_dq_free(dq);
    free(where);
    free(buf);
    return status;
}

int dsa_dq_kernel_lines(size_t n, int layout, size_t block_size,
                        uint64_t seed, struct dsa_dq_lines_result *out)
{
    int status = kernel_begin(out, sizeof *out, layout, block_size,
                              dsa_trace_enabled());
    if (status != DSA_OK)
        return status;
    dsa_dq *dq = NULL;
    /* The ring's header is a line of its own, as the deque's is. */
    struct ring *r = aligned_alloc(LINE, LINE);
    if (r != NULL)
        *r = (struct ring){NULL, 0, 0, 0, NULL};
    int64_t *buf = dsa_int64s_new(n);
    if (r == NULL || buf == NULL) {
        status = DSA_ENOMEM;
        goto done;
    }
    fill(buf, n, seed);
    uint64_t total = 0, sum = 0;
    int64_t mid = n > 0 ? buf[n / 2] : 0, got = 0;
    for (size_t i = 0; i < n; i++)
        total += (uint64_t)buf[i];
    if ((status = build(n, layout, block_size, buf, &dq, r)) != DSA_OK)
        goto done;
    int ok = 1;
    if (layout == DSA_DQ_RING) {
        if ((r->trace = dsa_trace_new()) == NULL) {
            status = DSA_ENOMEM;
            goto done;
        }
        sum = ring_sum(r);
        out->iterate_lines = dsa_trace_lines(r->trace);
        ok &= !dsa_trace_overflowed(r->trace);
        if (n > 0) {
            dsa_trace_reset(r->trace);
            got = ring_get(r, n / 2);
            out->index_lines = dsa_trace_lines(r->trace);
        }
        out->bytes = ring_bytes(r);
    } else {
        if ((status = dsa_dq_set_tracing(dq, 1)) != DSA_OK)
            goto done;
        ok &= dsa_dq_sum(dq, &sum) == DSA_OK;
        out->iterate_lines = dsa_dq_last_lines(dq);
        ok &= !dsa_dq_trace_overflowed(dq);
        if (n > 0) {
            ok &= dsa_dq_get(dq, n / 2, &got) == DSA_OK;
            out->index_lines = dsa_dq_last_lines(dq);
        }
        out->bytes = bytes_held(dq);
        ok &= dsa_dq_check(dq) == NULL;
    }
    out->ok = ok && sum == total && got == mid;
done:
    if (r != NULL) {
        free(r->a);
        dsa_trace_free(r->trace);
        free(r);
    }
    dsa_dq_free(dq);
    free(buf);
    return status;
}
