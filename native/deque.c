/* deque.c: a double-ended queue of int64 as a doubly linked list of blocks.
 *
 * Why blocks.  An array is the fastest thing to walk: eight int64 share a
 * 64-byte line and the prefetcher streams the lines in.  A linked list is
 * the easiest thing to restructure: adding or removing at either end
 * touches one node and never moves the others.  A deque needs both, so it
 * links blocks: contiguous where you iterate (inside a block), linked where
 * you restructure (between blocks).  Pushing at an end writes into the end
 * block, or links a new block when that one is full; popping frees a block
 * as soon as it empties.  No item ever moves, and memory comes and goes a
 * block at a time instead of in one big copy, as a growing array's does.
 *
 * The layout, the spare block and the inlined operations at the two ends
 * are in deque_blocks.h, which the kernels (deque_kernels.c) share.
 *
 * The trade-off, block size b.  A block asks malloc for 16 + 8b bytes (and
 * malloc keeps 8 to 16 more for itself; glibc gives 24 bytes a 32-byte
 * chunk).  Walking the items reads every line of every block: at most
 * ceil((16 + 8b + 48) / 64) lines per block, since malloc's blocks start
 * 16-byte aligned; blocks malloc placed back to back share their boundary
 * lines.
 *
 *        b   bytes asked/item   lines/item walked (blocks apart)
 *        1        24               1   (0.5 back to back)   a linked list
 *        8        10               0.25
 *       64         8.25            0.141
 *      512         8.03            0.127
 *     4096         8.004           0.1252
 *    array         8               0.125
 *
 * Small blocks pay for links (and malloc's share) on every few items, in
 * memory and in lines; from a few hundred items per block on, both are the
 * array's.  What large blocks cost instead: indexing hops from the nearer
 * end one block per b items (len / 2b hops for the middle), and a short
 * deque still holds a whole block at each end.
 *
 * Tracing.  The header's first 64-byte line (aligned_alloc) holds every
 * field the operations use; the trace pointer sits in a second line.
 * With a trace (traced build), each operation counts that first line, the
 * line of the links of every block whose links it reads or writes, and
 * the line of every item slot it reads or writes.
 * dsa/native/deque.py states the model operation by operation; the tests
 * compute it from the blocks' addresses and check it exactly.
 *
 * The Python twin (dsa/deque.py) links the same blocks but keeps other
 * books: one block even when empty, inclusive indices at both ends, up to
 * four spares, and no stored length; docs/twins.md says why each differs.
 */
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "deque.h"
#include "deque_blocks.h"
#include "trace.h"

/* Start counting a new operation: forget the last one, count the header. */
static void trace_begin(dsa_dq *dq)
{
#if defined(DSA_TRACE) && DSA_TRACE
    if (dq->trace != NULL) {
        dsa_trace_reset(dq->trace);
        DSA_TOUCH(dq->trace, dq, offsetof(struct dsa_dq, trace));
    }
#else
    (void)dq;
#endif
}

int dsa_dq_push_back(dsa_dq *dq, int64_t item)
{
    trace_begin(dq);
    return push_back(dq, item);
}

int dsa_dq_push_front(dsa_dq *dq, int64_t item)
{
    trace_begin(dq);
    return push_front(dq, item);
}

int dsa_dq_pop_front(dsa_dq *dq, int64_t *out)
{
    trace_begin(dq);
    return pop_front(dq, out);
}

int dsa_dq_pop_back(dsa_dq *dq, int64_t *out)
{
    trace_begin(dq);
    return pop_back(dq, out);
}

static int extend(dsa_dq *dq, const int64_t *items, size_t n, int at_back)
{
    trace_begin(dq);
    if (n > 0 && items == NULL)
        return DSA_EVALUE;
    if (dq->maxlen == 0)        /* like deque: nothing kept, no mutation */
        return DSA_OK;
    /* Only the last maxlen items can survive; skip the others. */
    size_t first = n > dq->maxlen ? n - dq->maxlen : 0;
    for (size_t i = first; i < n; i++) {
        int status = at_back ? push_back(dq, items[i])
                             : push_front(dq, items[i]);
        if (status != DSA_OK)
            return status;
    }
    return DSA_OK;
}

int dsa_dq_extend_back(dsa_dq *dq, const int64_t *items, size_t n)
{
    return extend(dq, items, n, 1);
}

int dsa_dq_extend_front(dsa_dq *dq, const int64_t *items, size_t n)
{
    return extend(dq, items, n, 0);
}

/* ---- positions ---------------------------------------------------------- */

/* The block and slot of position index (< len), hopping from whichever end
 * is fewer blocks away (the front on a tie).  Counts the links of every
 * block it hops from. */
static struct dsa_dq_block *locate(const dsa_dq *dq, size_t index,
                                   size_t *slot)
{
    size_t b = dq->block_size;
    size_t at = dq->head_i + index;       /* slots from head's first slot */
    size_t hops = at / b;                 /* blocks after head */
    size_t back = blocks_in_use(dq) - 1 - hops;   /* blocks before tail */
    struct dsa_dq_block *blk;

    *slot = at % b;
    if (hops <= back) {
        blk = dq->head;
        for (size_t k = 0; k < hops; k++) {
            touch_links(dq, blk);
            blk = blk->next;
        }
    } else {
        blk = dq->tail;
        for (size_t k = 0; k < back; k++) {
            touch_links(dq, blk);
            blk = blk->prev;
        }
    }
    return blk;
}

/* Where item `index` is, as one traced operation; NULL past the end. */
static int64_t *item_at(dsa_dq *dq, size_t index)
{
    trace_begin(dq);
    if (index >= dq->len)
        return NULL;
    size_t slot;
    struct dsa_dq_block *blk = locate(dq, index, &slot);
    touch_slot(dq, blk, slot);
    return &blk->items[slot];
}

int dsa_dq_get(dsa_dq *dq, size_t index, int64_t *out)
{
    int64_t *item = item_at(dq, index);
    if (item == NULL)
        return DSA_EINDEX;
    if (out != NULL)
        *out = *item;
    return DSA_OK;
}

int dsa_dq_set(dsa_dq *dq, size_t index, int64_t item)
{
    int64_t *slot = item_at(dq, index);
    if (slot == NULL)
        return DSA_EINDEX;
    *slot = item;
    return DSA_OK;
}

/* ---- whole-deque operations --------------------------------------------- */

/* Why one spare is enough for rotate: moving items from the back to the
 * front, a block is freed at the back every block_size steps and one is
 * needed at the front every block_size steps, so the two alternate, and
 * within a step the take (which frees) comes before the put (which needs).
 * A freed block always becomes the spare, so starting with a spare in
 * hand, the put always finds one.  Moving the other way is the mirror
 * image. */
int dsa_dq_rotate(dsa_dq *dq, size_t k)
{
    trace_begin(dq);
    if (dq->len <= 1)           /* like deque: no change, no mutation */
        return DSA_OK;
    if (!have_spare(dq))
        return DSA_ENOMEM;
    dq->mods++;
    k %= dq->len;
    if (k <= dq->len - k) {
        for (size_t i = 0; i < k; i++)
            put_front(dq, take_back(dq));
    } else {
        for (size_t i = k; i < dq->len; i++)
            put_back(dq, take_front(dq));
    }
    return DSA_OK;
}

int dsa_dq_reverse(dsa_dq *dq)
{
    trace_begin(dq);
    if (dq->len < 2)
        return DSA_OK;
    size_t b = dq->block_size;
    struct dsa_dq_block *f = dq->head, *g = dq->tail;
    size_t i = dq->head_i, j = dq->tail_i - 1;   /* the two items to swap */
    for (size_t done = 0; done < dq->len / 2; done++) {
        touch_slot(dq, f, i);
        touch_slot(dq, g, j);
        int64_t x = f->items[i];
        f->items[i] = g->items[j];
        g->items[j] = x;
        if (++i == b) {
            touch_links(dq, f);
            f = f->next;
            i = 0;
        }
        if (j-- == 0) {
            touch_links(dq, g);
            g = g->prev;
            j = b - 1;
        }
    }
    return DSA_OK;
}

int dsa_dq_clear(dsa_dq *dq)
{
    trace_begin(dq);
    if (dq->len == 0)           /* like deque: no mutation */
        return DSA_OK;
    free_blocks(dq);
    make_empty(dq);
    dq->mods++;
    return DSA_OK;
}

/* Visit the items from position `start` (< len) on, one block's run at a
 * time: visit(run, count, pos, ctx) returns nonzero to stop.  Counts the
 * links of every block entered and the lines of the slots handed out. */
typedef int (*run_visitor)(const int64_t *run, size_t count, size_t pos,
                           void *ctx);

static void walk(dsa_dq *dq, size_t start, run_visitor visit, void *ctx)
{
    size_t slot;
    struct dsa_dq_block *blk = locate(dq, start, &slot);
    for (size_t pos = start; pos < dq->len; blk = blk->next, slot = 0) {
        size_t end = blk == dq->tail ? dq->tail_i : dq->block_size;
        touch_links(dq, blk);
        touch_slots(dq, blk, slot, end);
        if (visit(&blk->items[slot], end - slot, pos, ctx))
            return;
        pos += end - slot;
    }
}

struct find_ctx {
    int64_t x;
    size_t stop;
    size_t count;
    size_t found;
};

static int count_run(const int64_t *run, size_t n, size_t pos, void *ctx)
{
    struct find_ctx *c = ctx;
    (void)pos;
    for (size_t i = 0; i < n; i++)
        c->count += run[i] == c->x;
    return 0;
}

static int index_run(const int64_t *run, size_t n, size_t pos, void *ctx)
{
    struct find_ctx *c = ctx;
    for (size_t i = 0; i < n && pos + i < c->stop; i++)
        if (run[i] == c->x) {
            c->found = pos + i;
            return 1;
        }
    return pos + n >= c->stop;
}

int dsa_dq_count(dsa_dq *dq, int64_t x, size_t *out)
{
    trace_begin(dq);
    struct find_ctx c = {x, 0, 0, 0};
    if (dq->len > 0)
        walk(dq, 0, count_run, &c);
    if (out != NULL)
        *out = c.count;
    return DSA_OK;
}

int dsa_dq_index(dsa_dq *dq, int64_t x, size_t start, size_t stop,
                 size_t *out)
{
    trace_begin(dq);
    struct find_ctx c = {x, stop < dq->len ? stop : dq->len, 0, SIZE_MAX};
    if (start < c.stop)
        walk(dq, start, index_run, &c);
    if (c.found == SIZE_MAX)
        return DSA_EKEY;
    if (out != NULL)
        *out = c.found;
    return DSA_OK;
}

struct copy_ctx {
    int64_t *out;
    size_t n;
};

static int copy_run(const int64_t *run, size_t n, size_t pos, void *ctx)
{
    struct copy_ctx *c = ctx;
    size_t take = c->n - pos < n ? c->n - pos : n;
    memcpy(c->out + pos, run, take * sizeof *run);
    return pos + take >= c->n;
}

int dsa_dq_items(dsa_dq *dq, int64_t *out, size_t n)
{
    trace_begin(dq);
    if (n > dq->len)
        return DSA_EINDEX;
    if (n == 0)
        return DSA_OK;
    if (out == NULL)
        return DSA_EVALUE;
    struct copy_ctx c = {out, n};
    walk(dq, 0, copy_run, &c);
    return DSA_OK;
}

/* deque *= n, step for step as deque_inplace_repeat does it, so that the
 * same items are pushed (and running iterators see the same changes).
 * Bounded, the result is the last maxlen items of the repetition, and
 * ceil(maxlen / len) copies end with the same items as n copies: those are
 * all that is pushed, so a huge n costs no more than a small one. */
int dsa_dq_repeat(dsa_dq *dq, size_t n)
{
    trace_begin(dq);
    size_t len = dq->len, total;
    int status = DSA_OK;
    if (len == 0 || n == 1)
        return DSA_OK;
    if (n == 0) {               /* d *= 0 empties it */
        free_blocks(dq);
        make_empty(dq);
        dq->mods++;
        return DSA_OK;
    }
    if (len == 1) {             /* one item, repeated item by item; deque */
        int64_t x = dq->head->items[dq->head_i];       /* counts a change */
        if (dq->maxlen != SIZE_MAX && n > dq->maxlen)  /* even if nothing */
            n = dq->maxlen;                            /* is added */
        dq->mods++;
        for (size_t k = 1; k < n && status == DSA_OK; k++)
            status = push_back(dq, x);
        return status;
    }
    /* More than PY_SSIZE_T_MAX items is a MemoryError at once, as in deque. */
    if (!dsa_mul_size(len, n, &total) || total > (size_t)PTRDIFF_MAX)
        return DSA_ENOMEM;
    if (dq->maxlen != SIZE_MAX && total > dq->maxlen)
        n = (dq->maxlen + len - 1) / len;
    int64_t *items = dsa_int64s_new(len);
    if (items == NULL)
        return DSA_ENOMEM;
    struct copy_ctx c = {items, len};
    walk(dq, 0, copy_run, &c);
    for (size_t copy = 1; copy < n && status == DSA_OK; copy++)
        for (size_t i = 0; i < len && status == DSA_OK; i++)
            status = push_back(dq, items[i]);
    free(items);
    return status;
}

/* The summing walk, written out (no callback) so that the compiler can
 * vectorize the loop over a block's run: this is what the kernels time. */
int dsa_dq_sum(dsa_dq *dq, uint64_t *out)
{
    trace_begin(dq);
    uint64_t sum = sum_items(dq);
    if (out != NULL)
        *out = sum;
    return DSA_OK;
}

/* ---- the structure ------------------------------------------------------ */

int dsa_dq_new(size_t block_size, size_t maxlen, int bounded, dsa_dq **out)
{
    if (out == NULL)
        return DSA_EVALUE;
    *out = NULL;
    if (block_bytes_for(block_size) == 0)
        return DSA_EVALUE;
    dsa_dq *dq = aligned_alloc(LINE, HEADER_BYTES);
    if (dq == NULL)
        return DSA_ENOMEM;
    header_init(dq, block_size, bounded ? maxlen : SIZE_MAX);
    *out = dq;
    return DSA_OK;
}

int dsa_dq_clone(const dsa_dq *dq, dsa_dq **out)
{
    if (out == NULL)
        return DSA_EVALUE;
    *out = NULL;
    dsa_dq *copy;
    int status = dsa_dq_new(dq->block_size, dq->maxlen, 1, &copy);
    if (status != DSA_OK)
        return status;
    /* Block for block, so that the copy's items sit in the same slots. */
    for (const struct dsa_dq_block *blk = dq->head; blk != NULL;
         blk = blk->next) {
        if (!have_spare(copy)) {
            dsa_dq_free(copy);
            return DSA_ENOMEM;
        }
        link_back(copy);
        size_t first = blk == dq->head ? dq->head_i : 0;
        size_t end = blk == dq->tail ? dq->tail_i : dq->block_size;
        memcpy(&copy->tail->items[first], &blk->items[first],
               (end - first) * sizeof *blk->items);
    }
    copy->len = dq->len;
    copy->head_i = dq->head_i;
    copy->tail_i = dq->tail_i;
    if (dq->trace != NULL && (copy->trace = dsa_trace_new()) == NULL) {
        dsa_dq_free(copy);
        return DSA_ENOMEM;
    }
    *out = copy;
    return DSA_OK;
}

void dsa_dq_free(dsa_dq *dq)
{
    if (dq == NULL)
        return;
    free_blocks(dq);
    free(dq->spare);
    dsa_trace_free(dq->trace);
    free(dq);
}

/* ---- iterating ---------------------------------------------------------- */

int dsa_dq_cursor_start(const dsa_dq *dq, struct dsa_dq_cursor *cur,
                        int reverse)
{
    if (cur == NULL)
        return DSA_EVALUE;
    cur->owner = dq;
    cur->reverse = reverse != 0;
    cur->block = reverse ? dq->tail : dq->head;
    cur->slot = reverse ? dq->tail_i : dq->head_i;
    cur->left = dq->len;
    cur->mods = dq->mods;
    return DSA_OK;
}

/* Safe because every change that frees or links a block bumps mods: a
 * cursor whose mods still match points into the deque as it is now. */
int dsa_dq_cursor_next(const dsa_dq *dq, struct dsa_dq_cursor *cur,
                       int64_t *out, size_t max, size_t *got)
{
    if (cur == NULL || cur->owner != dq || (max > 0 && out == NULL))
        return DSA_EVALUE;
    if (cur->mods != dq->mods)
        return DSA_ESTATE;
    const struct dsa_dq_block *blk = cur->block;
    size_t b = dq->block_size, slot = cur->slot, n = 0;
    if (cur->left > dq->len || slot > b)
        return DSA_EVALUE;      /* not a cursor this deque made */
    while (n < max && cur->left > 0) {
        if (!cur->reverse) {
            if (slot == b) {
                blk = blk->next;
                slot = 0;
            }
            out[n++] = blk->items[slot++];
        } else {
            if (slot == 0) {
                blk = blk->prev;
                slot = b;
            }
            out[n++] = blk->items[--slot];
        }
        cur->left--;
    }
    cur->block = blk;
    cur->slot = slot;
    if (got != NULL)
        *got = n;
    return DSA_OK;
}

/* ---- looking ------------------------------------------------------------ */

DSA_FIELD_READER(size_t, dsa_dq_len, dsa_dq, len)
DSA_FIELD_READER(size_t, dsa_dq_block_size, dsa_dq, block_size)

size_t dsa_dq_block_count(const dsa_dq *dq)
{
    return blocks_in_use(dq);
}

int dsa_dq_maxlen(const dsa_dq *dq, size_t *out)
{
    if (dq->maxlen == SIZE_MAX)
        return 0;
    if (out != NULL)
        *out = dq->maxlen;
    return 1;
}

DSA_FIELD_READER(size_t, dsa_dq_head_slot, dsa_dq, head_i)

int dsa_dq_has_spare(const dsa_dq *dq)
{
    return dq->spare != NULL;
}

size_t dsa_dq_bytes(const dsa_dq *dq)
{
    return bytes_held(dq);
}

size_t dsa_dq_block_bytes(const dsa_dq *dq)
{
    return block_bytes_for(dq->block_size);
}

size_t dsa_dq_blocks(const dsa_dq *dq, uintptr_t *out, size_t n)
{
    size_t k = 0;
    for (const struct dsa_dq_block *blk = dq->head; blk != NULL && k < n;
         blk = blk->next)
        out[k++] = (uintptr_t)blk;
    return k;
}

uintptr_t dsa_dq_header_address(const dsa_dq *dq)
{
    return (uintptr_t)dq;
}

DSA_FIELD_READER(uint64_t, dsa_dq_mods, dsa_dq, mods)

const char *dsa_dq_check(const dsa_dq *dq)
{
    size_t b = dq->block_size;
    if (block_bytes_for(b) == 0)
        return "block_size out of range";
    if ((uintptr_t)dq % LINE != 0)
        return "the header does not start a line";
    if (dq->len > dq->maxlen)
        return "more items than maxlen";
    if (dq->len == 0) {
        if (dq->head != NULL || dq->tail != NULL)
            return "an empty deque holds a block";
        if (dq->head_i != 0 || dq->tail_i != b)
            return "an empty deque's end slots are not 0 and block_size";
        return NULL;
    }
    if (dq->head == NULL || dq->tail == NULL)
        return "a non-empty deque has no end block";
    if (dq->head->prev != NULL || dq->tail->next != NULL)
        return "an end block links past the end";
    if (dq->head_i >= b)
        return "the first block's fill is out of bounds (head_i >= block_size)";
    if (dq->tail_i < 1 || dq->tail_i > b)
        return "the last block's fill is out of bounds (tail_i)";
    size_t expected = blocks_in_use(dq), blocks = 0, fills = 0;
    const struct dsa_dq_block *blk = dq->head;
    for (;;) {
        if (++blocks > expected)
            return "more blocks than the length needs (or a cycle)";
        size_t first = blk == dq->head ? dq->head_i : 0;
        size_t end = blk == dq->tail ? dq->tail_i : b;
        if (first >= end)
            return "an empty block is linked";
        fills += end - first;   /* interior blocks: b, full by construction */
        if (blk == dq->tail)
            break;
        if (blk->next == NULL || blk->next->prev != blk)
            return "links are not symmetric (next->prev != block)";
        blk = blk->next;
    }
    if (blocks != expected)
        return "fewer blocks than the length needs";
    if (fills != dq->len)
        return "the length is not the sum of the blocks' fills";
    return NULL;
}

/* ---- tracing ------------------------------------------------------------ */

int dsa_dq_tracing(const dsa_dq *dq)
{
    return dq->trace != NULL;
}

/* dsa_dq_set_tracing, dsa_dq_last_lines, dsa_dq_trace_overflowed. */
DSA_TRACE_FACE(dsa_dq, dsa_dq)
