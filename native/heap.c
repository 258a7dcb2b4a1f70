/* heap.c: a d-ary min-heap of int64 in one contiguous array.
 *
 * Layout.  The items live in one array in level order: the root at index 0,
 * and the children of the item at index i at d*i+1 .. d*i+d, so the parent
 * of i > 0 is (i-1)/d.  No pointers: moving between levels is arithmetic,
 * and the d children of one item are d neighbours in memory.
 *
 * Why 4 children fit one cache line.  Memory moves in 64-byte lines, which
 * hold eight int64 items.  Going down one level means reading all the
 * children of one item to find the smallest; if those d items sit in one
 * line, a level costs one line, and a 4-ary heap is half as deep as a binary
 * one (log4 n = log2 n / 2) for the same single line per level.  That only
 * works if no family of children straddles two lines.  Families start at
 * indices 1, 5, 9, ... (d = 4), so we want items[1] -- not items[0] -- on a
 * line boundary: then every family of 4 occupies one half of a line, and
 * the families of 2 and 8 (and the two-line families of 16) are aligned
 * too.  The root sits alone in the last slot of the line before.
 *
 * How.  aligned_alloc(64, bytes) (C11; bytes a multiple of 64) returns a
 * block starting on a line, and the array starts PAD = 7 slots into it, so
 * items[0] is at byte 56 and items[1] at byte 64 of the block.  The 56 bytes
 * in front are the price.  posix_memalign would do as well but is not plain
 * C11; neither can realloc while keeping the alignment, so growth allocates
 * a new block, copies and frees the old one -- what realloc does anyway once
 * a block cannot grow in place.  Doubling keeps that O(1) amortized.
 *
 * The header (struct dsa_heap) is exactly one line, also from aligned_alloc,
 * so the tracing model stays simple: an operation touches the header line
 * plus the lines of the array slots it reads or writes.
 *
 * Sifting.  Push puts the item in a hole at the end and lets it climb.  Pop
 * (and replace, pushpop) uses the bottom-up sift-down of std::pop_heap: the
 * hole left at the root walks down to a leaf, always pulling up the smallest
 * child, and then the item that must be re-placed climbs back from there.
 * In a random heap that item belongs near the bottom, so the climb is short
 * and a level costs d-1 comparisons instead of the textbook d.  Heapify uses
 * the textbook sift-down, from the last parent back to the root.
 *
 * Counting.  A "swap" is one item moved one level, counted as the textbook
 * swap-based sift would count it.  Push and heapify move through a hole,
 * one move per level, which is exactly that.  The bottom-up pop moves items
 * up on the way down and some back down on the way up; it counts the levels
 * down minus the levels back up, which is how many swaps the textbook loop
 * makes.  Its climb passes over items equal to the one climbing, so that
 * item lands where the textbook loop would put it and the two leave the
 * same array.  Comparisons are the ones actually made.
 *
 * A max-heap stores ~x for each x (see heap.h), so one min-heap code path
 * serves both orders.
 *
 * The sift helpers (marked SIFT, always inlined) take the arity, the
 * counters and the trace as arguments.  The kernels call them with a
 * constant arity and NULL counters and trace, and the compiler drops the
 * counting and tracing code from those copies entirely; the methods pass
 * the heap's own, and pay one predictable branch per counter.
 */
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "heap.h"
#include "trace.h"

enum { LINE = DSA_LINE_BYTES, PAD = 7 };

/* Largest capacity we will ask for: keeps the block well under PTRDIFF_MAX
 * bytes and d*i + d (d <= 16) far from wrapping for any index i.  Requests
 * from outside are checked against it (and sized with dsa_mul_size) before
 * anything is allocated; after that, byte counts of part of an array, such
 * as len * sizeof(int64_t), cannot overflow. */
#define MAX_CAP ((size_t)(PTRDIFF_MAX / LINE))

struct dsa_heap {
    int64_t *items;        /* PAD slots into a 64-byte aligned block, or NULL */
    size_t len;
    size_t cap;            /* slots available from items[0] on */
    uint64_t comparisons;
    uint64_t swaps;
    uint64_t mods;         /* bumped by every change of the contents */
    dsa_trace *trace;      /* NULL unless tracing was asked for */
    uint32_t arity;
    uint8_t max_heap;      /* items are stored as ~x */
    uint8_t counting;
};

_Static_assert(sizeof(struct dsa_heap) <= LINE, "the header must fit one line");

/* The sift helpers must be inlined into the kernels for the constant arity
 * to reach them (gcc will not always do it on its own at -O2). */
#if defined(__GNUC__) || defined(__clang__)
#define SIFT static inline __attribute__((always_inline))
#else
#define SIFT static inline
#endif

/* Counters of one operation, added to the heap's at the end.  NULL: off. */
struct tally {
    uint64_t comparisons;
    uint64_t swaps;
};

/* ---- the array ---------------------------------------------------------- */

/* Room for at least `want` items; *cap gets what the block really holds. */
static int64_t *array_new(size_t want, size_t *cap)
{
    size_t bytes;
    if (want > MAX_CAP || !dsa_mul_size(want + PAD, sizeof(int64_t), &bytes))
        return NULL;
    bytes = (bytes + LINE - 1) / LINE * LINE;   /* aligned_alloc wants this */
    int64_t *block = aligned_alloc(LINE, bytes);
    if (block == NULL)
        return NULL;
    *cap = bytes / sizeof(int64_t) - PAD;
    return block + PAD;
}

static void array_free(int64_t *items)
{
    if (items != NULL)
        free(items - PAD);
}

/* Every read and write of a slot goes through these two, so that the traced
 * build sees each access.  In the ordinary build they are plain a[i]. */
SIFT int64_t get(const int64_t *a, size_t i, dsa_trace *t)
{
    (void)t;   /* unused in the ordinary build */
    DSA_TOUCH(t, &a[i], sizeof a[i]);
    return a[i];
}

SIFT void put(int64_t *a, size_t i, int64_t x, dsa_trace *t)
{
    (void)t;
    DSA_TOUCH(t, &a[i], sizeof a[i]);
    a[i] = x;
}

SIFT int less(int64_t x, int64_t y, struct tally *c)
{
    if (c != NULL)
        c->comparisons++;
    return x < y;
}

/* ---- sifting ------------------------------------------------------------ */

/* x enters at hole i and climbs while it is smaller than its parent; each
 * parent it passes moves down one level into the hole.  Ties stop it. */
SIFT void sift_up(int64_t *a, size_t i, int64_t x, size_t d,
                  struct tally *c, dsa_trace *t)
{
    while (i > 0) {
        size_t parent = (i - 1) / d;
        int64_t p = get(a, parent, t);
        if (!less(x, p, c))
            break;
        put(a, i, p, t);
        if (c != NULL)
            c->swaps++;
        i = parent;
    }
    put(a, i, x, t);
}

/* The smallest of the children a[first .. end), first one on ties.
 *
 * Which child is smaller is a coin toss in a random heap, so a branch here
 * is mispredicted half the time; written with ?: the compiler uses
 * conditional moves instead (drain of 10^6: about 10% faster at d = 2,
 * 30% at d = 4). */
SIFT size_t smallest(const int64_t *a, size_t first, size_t end,
                     int64_t *value, struct tally *c, dsa_trace *t)
{
    size_t best = first;
    int64_t v = get(a, first, t);
    for (size_t k = first + 1; k < end; k++) {
        int64_t w = get(a, k, t);
        int smaller = less(w, v, c);
        best = smaller ? k : best;
        v = smaller ? w : v;
    }
    *value = v;
    return best;
}

/* The root of a[0 .. n) is a hole; put x in the heap (bottom-up, see top). */
SIFT void sift_down_root(int64_t *a, size_t n, int64_t x, size_t d,
                         struct tally *c, dsa_trace *t)
{
    size_t i = 0, first, levels = 0;
    int64_t v;

    /* Down to a leaf: full families first, then maybe one partial one. */
    while ((first = d * i + 1) + d <= n) {
        size_t best = smallest(a, first, first + d, &v, c, t);
        put(a, i, v, t);
        i = best;
        levels++;
    }
    if (first < n) {
        size_t best = smallest(a, first, n, &v, c, t);
        put(a, i, v, t);
        i = best;
        levels++;
    }
    /* Back up while the parent is not smaller than x. */
    while (i > 0) {
        size_t parent = (i - 1) / d;
        int64_t p = get(a, parent, t);
        if (less(p, x, c))
            break;
        put(a, i, p, t);
        i = parent;
        levels--;
    }
    put(a, i, x, t);
    if (c != NULL)
        c->swaps += levels;
}

/* Remove and return the root of a[0 .. n), n >= 1. */
SIFT int64_t pop_root(int64_t *a, size_t n, size_t d,
                      struct tally *c, dsa_trace *t)
{
    int64_t top = get(a, 0, t);
    int64_t last = get(a, n - 1, t);
    if (n > 1)
        sift_down_root(a, n - 1, last, d, c, t);
    return top;
}

/* Textbook sift-down of a[i] within a[0 .. n), used by heapify. */
SIFT void sift_down(int64_t *a, size_t n, size_t i, size_t d,
                    struct tally *c, dsa_trace *t)
{
    int64_t x = get(a, i, t), v;
    size_t first;
    while ((first = d * i + 1) < n) {
        size_t end = n - first < d ? n : first + d;
        size_t best = smallest(a, first, end, &v, c, t);
        if (!less(v, x, c))
            break;
        put(a, i, v, t);
        if (c != NULL)
            c->swaps++;
        i = best;
    }
    put(a, i, x, t);
}

SIFT void heapify_array(int64_t *a, size_t n, size_t d,
                        struct tally *c, dsa_trace *t)
{
    if (n < 2)
        return;
    for (size_t i = (n - 2) / d + 1; i-- > 0;)
        sift_down(a, n, i, d, c, t);
}

/* ---- the structure ------------------------------------------------------ */

static int64_t encode(const dsa_heap *h, int64_t x)
{
    return h->max_heap ? ~x : x;
}

static int64_t decode(const dsa_heap *h, int64_t x)
{
    return h->max_heap ? ~x : x;   /* ~ is its own inverse */
}

static struct tally *tally_of(const dsa_heap *h, struct tally *c)
{
    return h->counting ? c : NULL;
}

static void tally_add(dsa_heap *h, const struct tally *c)
{
    h->comparisons += c->comparisons;
    h->swaps += c->swaps;
}

/* Start an operation: forget the last one's lines, touch the header. */
static void trace_begin(dsa_heap *h)
{
    if (h->trace == NULL)
        return;
    dsa_trace_reset(h->trace);
    DSA_TOUCH(h->trace, h, sizeof *h);
}

/* Move the items to a block with room for at least `want`. */
static int grow(dsa_heap *h, size_t want)
{
    size_t target = h->cap <= MAX_CAP / 2 ? 2 * h->cap : MAX_CAP;
    size_t cap;
    if (target < want)
        target = want;
    int64_t *items = array_new(target, &cap);
    if (items == NULL && target > want)
        items = array_new(want, &cap);
    if (items == NULL)
        return DSA_ENOMEM;
    if (h->len > 0) {
        DSA_TOUCH(h->trace, h->items, h->len * sizeof *items);
        DSA_TOUCH(h->trace, items, h->len * sizeof *items);
        memcpy(items, h->items, h->len * sizeof *items);
    }
    array_free(h->items);
    h->items = items;
    h->cap = cap;
    return DSA_OK;
}

int dsa_heap_new(size_t arity, int max_heap, int counting, dsa_heap **out)
{
    if (out == NULL)
        return DSA_EVALUE;
    *out = NULL;
    if (arity < DSA_HEAP_MIN_ARITY || arity > DSA_HEAP_MAX_ARITY)
        return DSA_EVALUE;
    dsa_heap *h = aligned_alloc(LINE, LINE);
    if (h == NULL)
        return DSA_ENOMEM;
    h->items = NULL;
    h->len = 0;
    h->cap = 0;
    h->comparisons = 0;
    h->swaps = 0;
    h->mods = 0;
    h->trace = NULL;
    h->arity = (uint32_t)arity;
    h->max_heap = max_heap != 0;
    h->counting = counting != 0;
    *out = h;
    return DSA_OK;
}

int dsa_heap_clone(const dsa_heap *h, dsa_heap **out)
{
    dsa_heap *copy;
    int status = dsa_heap_new(h->arity, h->max_heap, h->counting, &copy);
    if (status != DSA_OK)
        return status;
    if (h->len > 0) {
        copy->items = array_new(h->len, &copy->cap);
        if (copy->items == NULL) {
            dsa_heap_free(copy);
            return DSA_ENOMEM;
        }
        memcpy(copy->items, h->items, h->len * sizeof *h->items);
        copy->len = h->len;
    }
    if (h->trace != NULL && (copy->trace = dsa_trace_new()) == NULL) {
        dsa_heap_free(copy);
        return DSA_ENOMEM;
    }
    copy->comparisons = h->comparisons;
    copy->swaps = h->swaps;
    *out = copy;
    return DSA_OK;
}

void dsa_heap_free(dsa_heap *h)
{
    if (h == NULL)
        return;
    array_free(h->items);
    dsa_trace_free(h->trace);
    free(h);
}

int dsa_heap_reserve(dsa_heap *h, size_t capacity)
{
    trace_begin(h);
    return capacity <= h->cap ? DSA_OK : grow(h, capacity);
}

int dsa_heap_push(dsa_heap *h, int64_t item)
{
    struct tally c = {0, 0};
    trace_begin(h);
    if (h->len == h->cap) {
        int status = grow(h, h->len + 1);
        if (status != DSA_OK)
            return status;
    }
    sift_up(h->items, h->len, encode(h, item), h->arity, tally_of(h, &c),
            h->trace);
    h->len++;
    h->mods++;
    tally_add(h, &c);
    return DSA_OK;
}

int dsa_heap_pop(dsa_heap *h, int64_t *out)
{
    struct tally c = {0, 0};
    trace_begin(h);
    if (h->len == 0)
        return DSA_EEMPTY;
    int64_t top = pop_root(h->items, h->len, h->arity, tally_of(h, &c),
                           h->trace);
    h->len--;
    h->mods++;
    tally_add(h, &c);
    if (out != NULL)
        *out = decode(h, top);
    return DSA_OK;
}

int dsa_heap_peek(dsa_heap *h, int64_t *out)
{
    trace_begin(h);
    if (h->len == 0)
        return DSA_EEMPTY;
    int64_t top = get(h->items, 0, h->trace);
    if (out != NULL)
        *out = decode(h, top);
    return DSA_OK;
}

int dsa_heap_pushpop(dsa_heap *h, int64_t item, int64_t *out)
{
    struct tally c = {0, 0};
    int64_t x = encode(h, item);
    trace_begin(h);
    if (h->len > 0) {
        int64_t top = get(h->items, 0, h->trace);
        if (less(top, x, tally_of(h, &c))) {
            sift_down_root(h->items, h->len, x, h->arity, tally_of(h, &c),
                           h->trace);
            h->mods++;
            x = top;
        }
    }
    tally_add(h, &c);
    if (out != NULL)
        *out = decode(h, x);
    return DSA_OK;
}

int dsa_heap_replace(dsa_heap *h, int64_t item, int64_t *out)
{
    struct tally c = {0, 0};
    trace_begin(h);
    if (h->len == 0)
        return DSA_EEMPTY;
    int64_t top = get(h->items, 0, h->trace);
    sift_down_root(h->items, h->len, encode(h, item), h->arity,
                   tally_of(h, &c), h->trace);
    h->mods++;
    tally_add(h, &c);
    if (out != NULL)
        *out = decode(h, top);
    return DSA_OK;
}

int dsa_heap_heapify(dsa_heap *h, const int64_t *items, size_t n)
{
    struct tally c = {0, 0};
    trace_begin(h);
    if (n > 0 && items == NULL)
        return DSA_EVALUE;
    if (n > h->cap) {
        /* The old contents are being replaced: no need to copy them. */
        size_t cap;
        int64_t *fresh = array_new(n, &cap);
        if (fresh == NULL)
            return DSA_ENOMEM;
        array_free(h->items);
        h->items = fresh;
        h->cap = cap;
    }
    for (size_t i = 0; i < n; i++)
        put(h->items, i, encode(h, items[i]), h->trace);
    h->len = n;
    heapify_array(h->items, n, h->arity, tally_of(h, &c), h->trace);
    h->mods++;
    tally_add(h, &c);
    return DSA_OK;
}

void dsa_heap_clear(dsa_heap *h)
{
    trace_begin(h);
    array_free(h->items);
    h->items = NULL;
    h->len = 0;
    h->cap = 0;
    h->mods++;
}

/* ---- looking ------------------------------------------------------------ */

size_t dsa_heap_len(const dsa_heap *h)
{
    return h->len;
}

size_t dsa_heap_capacity(const dsa_heap *h)
{
    return h->cap;
}

size_t dsa_heap_arity(const dsa_heap *h)
{
    return h->arity;
}

int dsa_heap_is_max(const dsa_heap *h)
{
    return h->max_heap;
}

int dsa_heap_get(const dsa_heap *h, size_t index, int64_t *out)
{
    if (index >= h->len)
        return DSA_EINDEX;
    if (out != NULL)
        *out = decode(h, h->items[index]);
    return DSA_OK;
}

int dsa_heap_items(const dsa_heap *h, int64_t *out, size_t n)
{
    if (n > h->len)
        return DSA_EINDEX;
    if (n > 0 && out == NULL)
        return DSA_EVALUE;
    for (size_t i = 0; i < n; i++)
        out[i] = decode(h, h->items[i]);
    return DSA_OK;
}

int dsa_heap_check(const dsa_heap *h)
{
    if (h->arity < DSA_HEAP_MIN_ARITY || h->arity > DSA_HEAP_MAX_ARITY)
        return 0;
    if (h->len > h->cap || (h->cap > 0) != (h->items != NULL))
        return 0;
    if (h->items != NULL && (uintptr_t)h->items % LINE != PAD * sizeof(int64_t))
        return 0;
    for (size_t i = 1; i < h->len; i++)
        if (h->items[i] < h->items[(i - 1) / h->arity])
            return 0;
    return 1;
}

uint64_t dsa_heap_mods(const dsa_heap *h)
{
    return h->mods;
}

int dsa_heap_counting(const dsa_heap *h)
{
    return h->counting;
}

void dsa_heap_counters(const dsa_heap *h, uint64_t *comparisons,
                       uint64_t *swaps)
{
    if (comparisons != NULL)
        *comparisons = h->comparisons;
    if (swaps != NULL)
        *swaps = h->swaps;
}

void dsa_heap_reset_counters(dsa_heap *h)
{
    h->comparisons = 0;
    h->swaps = 0;
}

int dsa_heap_set_tracing(dsa_heap *h, int on)
{
    if (!on) {
        dsa_trace_free(h->trace);
        h->trace = NULL;
        return DSA_OK;
    }
    if (!dsa_trace_enabled())
        return DSA_EVALUE;
    if (h->trace == NULL && (h->trace = dsa_trace_new()) == NULL)
        return DSA_ENOMEM;
    return DSA_OK;
}

int dsa_heap_tracing(const dsa_heap *h)
{
    return h->trace != NULL;
}

size_t dsa_heap_last_lines(const dsa_heap *h)
{
    return dsa_trace_lines(h->trace);
}

int dsa_heap_trace_overflowed(const dsa_heap *h)
{
    return dsa_trace_overflowed(h->trace);
}

int dsa_heap_items_offset(const dsa_heap *h)
{
    if (h->items == NULL)
        return -1;
    return (int)((uintptr_t)h->items % LINE);
}

/* ---- kernels ------------------------------------------------------------ */

/* The same bits read as a signed number, without implementation-defined
 * conversion. */
static int64_t as_signed(uint64_t u)
{
    int64_t x;
    memcpy(&x, &u, sizeof x);
    return x;
}

static int64_t random_item(uint64_t *state)
{
    return as_signed(dsa_splitmix64(state));
}

/* A hash of a multiset: the sum of a mixed copy of each item.  Two lists
 * with equal sums hold the same items, short of a 2^-64 accident. */
static uint64_t mix(int64_t x)
{
    uint64_t z = (uint64_t)x;
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static uint64_t multiset_hash(const int64_t *a, size_t n)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += mix(a[i]);
    return sum;
}

static int64_t *buffer_new(size_t n)
{
    size_t bytes;
    if (!dsa_mul_size(n == 0 ? 1 : n, sizeof(int64_t), &bytes))
        return NULL;
    return malloc(bytes);
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
    dsa_heap *h = NULL;
    int64_t *buf = NULL;
    int status;

    if (out == NULL)
        return DSA_EVALUE;
    memset(out, 0, sizeof *out);
    if ((status = dsa_heap_new(arity, 0, 0, &h)) != DSA_OK)
        return status;
    if ((status = dsa_heap_reserve(h, n == 0 ? 1 : n)) != DSA_OK)
        goto done;
    if ((buf = buffer_new(n)) == NULL) {
        status = DSA_ENOMEM;
        goto done;
    }
    for (size_t i = 0; i < n; i++)
        buf[i] = random_item(&seed);
    uint64_t before = multiset_hash(buf, n);
    /* Touch the array once so that the clock does not count page faults. */
    memset(h->items, 0, n * sizeof *h->items);

    /* A constant arity lets the compiler turn (i-1)/d into a shift. */
    switch (arity) {
    case 2:
        drain_run(h->items, buf, n, 2, &out->push_ns, &out->pop_ns);
        break;
    case 4:
        drain_run(h->items, buf, n, 4, &out->push_ns, &out->pop_ns);
        break;
    default:
        drain_run(h->items, buf, n, arity, &out->push_ns, &out->pop_ns);
        break;
    }
    out->total_ns = out->push_ns + out->pop_ns;

    out->ok = multiset_hash(buf, n) == before;
    for (size_t i = 1; i < n; i++)
        if (buf[i] < buf[i - 1])
            out->ok = 0;
done:
    free(buf);
    dsa_heap_free(h);
    return status;
}

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
    dsa_heap *h = NULL;
    int64_t *buf = NULL;
    int status;

    if (out == NULL)
        return DSA_EVALUE;
    memset(out, 0, sizeof *out);
    if (method != DSA_HEAP_BUILD_HEAPIFY && method != DSA_HEAP_BUILD_PUSH)
        return DSA_EVALUE;
    if (order != DSA_HEAP_DESCENDING && order != DSA_HEAP_ASCENDING
        && order != DSA_HEAP_RANDOM)
        return DSA_EVALUE;
    if ((status = dsa_heap_new(arity, 0, 0, &h)) != DSA_OK)
        return status;
    if ((status = dsa_heap_reserve(h, n == 0 ? 1 : n)) != DSA_OK)
        goto done;
    if ((buf = buffer_new(n)) == NULL) {
        status = DSA_ENOMEM;
        goto done;
    }
    fill(buf, n, order, seed);

    int64_t t0 = dsa_now_ns();
    switch (arity) {
    case 2:
        build_run(h->items, buf, n, 2, method, NULL);
        break;
    case 4:
        build_run(h->items, buf, n, 4, method, NULL);
        break;
    default:
        build_run(h->items, buf, n, arity, method, NULL);
        break;
    }
    out->ns = dsa_now_ns() - t0;

    struct tally c = {0, 0};
    build_run(h->items, buf, n, arity, method, &c);
    out->comparisons = c.comparisons;
    out->swaps = c.swaps;
    out->ok = heap_rule_holds(h->items, n, arity)
              && multiset_hash(h->items, n) == multiset_hash(buf, n);
done:
    free(buf);
    dsa_heap_free(h);
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
    dsa_heap *h = NULL;
    int64_t *fresh = NULL;
    int status;

    if (out == NULL)
        return DSA_EVALUE;
    memset(out, 0, sizeof *out);
    if (size == 0 || ops == 0)
        return DSA_EVALUE;
    if ((status = dsa_heap_new(arity, 0, 0, &h)) != DSA_OK)
        return status;
    if ((status = dsa_heap_reserve(h, size)) != DSA_OK)
        goto done;
    if ((fresh = buffer_new(ops)) == NULL) {
        status = DSA_ENOMEM;
        goto done;
    }
    uint64_t sum = 0, popped = 0;
    for (size_t i = 0; i < size; i++) {
        h->items[i] = random_item(&seed);
        sum += (uint64_t)h->items[i];
    }
    heapify_array(h->items, size, arity, NULL, NULL);
    for (size_t i = 0; i < ops; i++) {
        fresh[i] = random_item(&seed);
        sum += 2 * (uint64_t)fresh[i];   /* pushed once per phase */
    }

    size_t len = size;
    switch (arity) {
    case 2:
        op_cost_run(h->items, &len, 2, fresh, ops, out, &popped);
        break;
    case 4:
        op_cost_run(h->items, &len, 4, fresh, ops, out, &popped);
        break;
    default:
        op_cost_run(h->items, &len, arity, fresh, ops, out, &popped);
        break;
    }

    uint64_t left = 0;
    for (size_t i = 0; i < len; i++)
        left += (uint64_t)h->items[i];
    out->ok = len == size && sum - popped == left
              && heap_rule_holds(h->items, len, arity);
done:
    free(fresh);
    dsa_heap_free(h);
    return status;
}

int dsa_heap_kernel_lines(size_t size, size_t arity, size_t ops,
                          uint64_t seed, struct dsa_heap_lines_result *out)
{
    dsa_heap *h = NULL;
    int64_t *start = NULL;
    int status;

    if (out == NULL)
        return DSA_EVALUE;
    memset(out, 0, sizeof *out);
    if (size == 0 || ops == 0 || !dsa_trace_enabled())
        return DSA_EVALUE;
    if ((status = dsa_heap_new(arity, 0, 0, &h)) != DSA_OK)
        return status;
    /* size + 1 so that no push below grows the array. */
    if ((status = dsa_heap_reserve(h, size + 1)) != DSA_OK)
        goto done;
    if ((start = buffer_new(size)) == NULL) {
        status = DSA_ENOMEM;
        goto done;
    }
    for (size_t i = 0; i < size; i++)
        start[i] = random_item(&seed);
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
