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
 * Sifting and counting are in heap_sift.h, shared with the kernels that time
 * them (heap_kernels.c).
 *
 * A max-heap stores ~x for each x (see heap.h), so one min-heap code path
 * serves both orders.
 *
 * The Python twin (dsa/heap.py) is the same binary heap in a Python list;
 * what differs here, and why, is in docs/twins.md: the padded, aligned
 * array (Python cannot place a list's references), any arity from 2 to 16,
 * and the bottom-up pop, which leaves the textbook's array with fewer
 * comparisons.
 */
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "heap.h"
#include "heap_sift.h"
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

/* ---- the array ---------------------------------------------------------- */

/* Room for at least `want` items; *cap gets what the block really holds. */
int64_t *dsa_heap_array_new(size_t want, size_t *cap)
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

void dsa_heap_array_free(int64_t *items)
{
    if (items != NULL)
        free(items - PAD);
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
    int64_t *items = dsa_heap_array_new(target, &cap);
    if (items == NULL && target > want)
        items = dsa_heap_array_new(want, &cap);
    if (items == NULL)
        return DSA_ENOMEM;
    if (h->len > 0) {
        DSA_TOUCH(h->trace, h->items, h->len * sizeof *items);
        DSA_TOUCH(h->trace, items, h->len * sizeof *items);
        memcpy(items, h->items, h->len * sizeof *items);
    }
    dsa_heap_array_free(h->items);
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
        copy->items = dsa_heap_array_new(h->len, &copy->cap);
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
    dsa_heap_array_free(h->items);
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
        int64_t *fresh = dsa_heap_array_new(n, &cap);
        if (fresh == NULL)
            return DSA_ENOMEM;
        dsa_heap_array_free(h->items);
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
    dsa_heap_array_free(h->items);
    h->items = NULL;
    h->len = 0;
    h->cap = 0;
    h->mods++;
}

/* ---- looking ------------------------------------------------------------ */

DSA_FIELD_READER(size_t, dsa_heap_len, dsa_heap, len)
DSA_FIELD_READER(size_t, dsa_heap_capacity, dsa_heap, cap)
DSA_FIELD_READER(size_t, dsa_heap_arity, dsa_heap, arity)
DSA_FIELD_READER(int, dsa_heap_is_max, dsa_heap, max_heap)

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

DSA_FIELD_READER(uint64_t, dsa_heap_mods, dsa_heap, mods)
DSA_FIELD_READER(int, dsa_heap_counting, dsa_heap, counting)

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

int dsa_heap_tracing(const dsa_heap *h)
{
    return h->trace != NULL;
}

/* dsa_heap_set_tracing, dsa_heap_last_lines, dsa_heap_trace_overflowed. */
DSA_TRACE_FACE(dsa_heap, dsa_heap)

int dsa_heap_items_offset(const dsa_heap *h)
{
    if (h->items == NULL)
        return -1;
    return (int)((uintptr_t)h->items % LINE);
}
