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
 * Layout.  A block is two links (prev, next: 16 bytes) followed by
 * block_size items, one malloc each.  Only the end blocks can be partly
 * empty; every block between them is full, so one number per end says
 * where the items are: head_i is the slot of the front item in the first
 * block, tail_i one past the slot of the back item in the last block.  An
 * empty deque has no blocks at all.
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
 * Spare block.  A FIFO queue frees a block at the front as often as it
 * needs one at the back, so one emptied block is kept (the spare) and used
 * before asking malloc: a steady-state queue, and rotate(), never call
 * malloc or free.  The spare is always the block that emptied last, the
 * one most likely still in cache; the spare it replaces is the one freed.
 * (Keeping the first spare and freeing each block as it emptied made
 * popping a FIFO of 10^7 items in 64-item blocks 1.6x slower on the
 * machine this was written on; the cause lies somewhere between free()
 * and the memory system and was not pinned down.)
 *
 * Tracing.  The header's first 64-byte line (aligned_alloc) holds every
 * field the operations use; the trace pointer sits in a second line.
 * With a trace (traced build), each operation counts that first line, the
 * line of the links of every block whose links it reads or writes, and
 * the line of every item slot it reads or writes.
 * dsa/native/deque.py states the model operation by operation; the tests
 * compute it from the blocks' addresses and check it exactly.
 *
 * Speed.  The end operations and their slow paths are inlined (HOT), and
 * the rare branches marked, so that a loop of pushes or pops compiles to a
 * handful of instructions with the block switch out of line.  The kernels
 * at the end run those same inlined operations on a deque whose header is
 * a local variable, as std::deque is in the C++ reference they are
 * compared with: the compiler then keeps the header's fields in registers
 * instead of storing and reloading them for every item.
 *
 * The ring buffer at the end of this file is the contiguous alternative the
 * kernels time beside the blocks: one power-of-two array used circularly,
 * doubled (a full copy) when it fills.
 */
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "deque.h"
#include "trace.h"

#if defined(__GNUC__) || defined(__clang__)
#define HOT static inline __attribute__((always_inline))
#define RARELY(x) __builtin_expect(!!(x), 0)
#else
#define HOT static inline
#define RARELY(x) (x)
#endif

enum { LINE = DSA_LINE_BYTES };

struct dsa_dq_block {
    struct dsa_dq_block *prev;
    struct dsa_dq_block *next;
    int64_t items[];            /* block_size of them */
};

enum { LINKS = offsetof(struct dsa_dq_block, items) };

struct dsa_dq {
    /* Line 0: every field the operations use. */
    struct dsa_dq_block *head;  /* first block, NULL when empty */
    struct dsa_dq_block *tail;  /* last block, NULL when empty */
    struct dsa_dq_block *spare; /* one emptied block kept for reuse, or NULL */
    size_t len;
    size_t maxlen;              /* SIZE_MAX when unbounded */
    uint64_t mods;              /* bumped by every mutation (see deque.h) */
    uint32_t head_i;            /* slot of the front item in head; 0 if empty */
    uint32_t tail_i;            /* one past the back item in tail; b if empty */
    uint32_t block_size;        /* b */
    /* Line 1: the instrument, not counted. */
    dsa_trace *trace;           /* NULL unless tracing was asked for */
};

_Static_assert(offsetof(struct dsa_dq, trace) == LINE,
               "the fields the operations use must fill exactly one line");

enum { HEADER_BYTES = DSA_DQ_HEADER_BYTES };

_Static_assert(sizeof(struct dsa_dq) <= HEADER_BYTES
                   && HEADER_BYTES % LINE == 0,
               "the header must fit DSA_DQ_HEADER_BYTES, whole lines");

/* ---- tracing ------------------------------------------------------------ */

/* In the ordinary build DSA_TOUCH is empty and these vanish. */
HOT void touch_links(const dsa_dq *dq, const struct dsa_dq_block *b)
{
    (void)dq;
    (void)b;
    DSA_TOUCH(dq->trace, b, LINKS);
}

/* Slots [first, end) of block b. */
HOT void touch_slots(const dsa_dq *dq, const struct dsa_dq_block *b,
                     size_t first, size_t end)
{
    (void)dq;
    (void)b;
    (void)first;
    (void)end;
    DSA_TOUCH(dq->trace, &b->items[first], (end - first) * sizeof(int64_t));
}

HOT void touch_slot(const dsa_dq *dq, const struct dsa_dq_block *b, size_t i)
{
    touch_slots(dq, b, i, i + 1);
}

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

/* ---- blocks ------------------------------------------------------------- */

/* Bytes one block of b items asks malloc for, or 0 if b is out of range. */
static size_t block_bytes_for(size_t b)
{
    size_t items;
    if (b < 1 || b > DSA_DQ_MAX_BLOCK
        || !dsa_mul_size(b, sizeof(int64_t), &items))
        return 0;
    return LINKS + items;
}

/* Blocks holding items: every block but the ends is full, so the slots
 * from the start of the first block to the back item are head_i + len. */
HOT size_t blocks_in_use(const dsa_dq *dq)
{
    if (dq->len == 0)
        return 0;
    return (dq->head_i + dq->len + dq->block_size - 1) / dq->block_size;
}

HOT size_t bytes_held(const dsa_dq *dq)
{
    size_t blocks = blocks_in_use(dq) + (dq->spare != NULL);
    return HEADER_BYTES + blocks * block_bytes_for(dq->block_size);
}

/* Make sure a block is at hand (the spare), so that what follows cannot
 * fail.  Returns 0 only if malloc said no. */
HOT int have_spare(dsa_dq *dq)
{
    if (dq->spare == NULL)
        dq->spare = malloc(block_bytes_for(dq->block_size));
    return dq->spare != NULL;
}

/* A block whose items are all gone becomes the spare; the spare it
 * replaces, if any, goes back to malloc (see the top of the file). */
HOT void give_back(dsa_dq *dq, struct dsa_dq_block *b)
{
    touch_links(dq, b);
    b->prev = b->next = NULL;
    free(dq->spare);
    dq->spare = b;
}

HOT void make_empty(dsa_dq *dq)
{
    dq->head = dq->tail = NULL;
    dq->len = 0;
    dq->head_i = 0;
    dq->tail_i = dq->block_size;
}

/* A fresh header: no blocks, no spare, no trace. */
HOT void header_init(dsa_dq *dq, size_t block_size, size_t maxlen)
{
    dq->spare = NULL;
    dq->maxlen = maxlen;
    dq->mods = 0;
    dq->block_size = (uint32_t)block_size;
    dq->trace = NULL;
    make_empty(dq);
}

/* Link the spare (which must be there) after the tail. */
HOT void link_back(dsa_dq *dq)
{
    struct dsa_dq_block *b = dq->spare;
    dq->spare = NULL;
    touch_links(dq, b);
    b->prev = dq->tail;
    b->next = NULL;
    if (dq->tail != NULL) {
        touch_links(dq, dq->tail);
        dq->tail->next = b;
    } else {
        dq->head = b;
        dq->head_i = 0;
    }
    dq->tail = b;
    dq->tail_i = 0;
}

/* Link the spare (which must be there) before the head. */
HOT void link_front(dsa_dq *dq)
{
    struct dsa_dq_block *b = dq->spare;
    dq->spare = NULL;
    touch_links(dq, b);
    b->next = dq->head;
    b->prev = NULL;
    if (dq->head != NULL) {
        touch_links(dq, dq->head);
        dq->head->prev = b;
    } else {
        dq->tail = b;
        dq->tail_i = dq->block_size;
    }
    dq->head = b;
    dq->head_i = dq->block_size;
}

/* The head block has just emptied (or the whole deque has). */
HOT void unlink_front(dsa_dq *dq)
{
    struct dsa_dq_block *old = dq->head;
    if (dq->len == 0) {
        make_empty(dq);
    } else {
        struct dsa_dq_block *next = old->next;
        touch_links(dq, old);
        touch_links(dq, next);
        next->prev = NULL;
        dq->head = next;
        dq->head_i = 0;
    }
    give_back(dq, old);
}

HOT void unlink_back(dsa_dq *dq)
{
    struct dsa_dq_block *old = dq->tail;
    if (dq->len == 0) {
        make_empty(dq);
    } else {
        struct dsa_dq_block *prev = old->prev;
        touch_links(dq, old);
        touch_links(dq, prev);
        prev->next = NULL;
        dq->tail = prev;
        dq->tail_i = dq->block_size;
    }
    give_back(dq, old);
}

/* ---- the four end operations, without tracing or checks ---------------- */

/* Each take assumes len > 0.  Each put assumes there is room (len <
 * maxlen) and, when the end block is full, a spare to link. */

HOT int64_t take_front(dsa_dq *dq)
{
    struct dsa_dq_block *h = dq->head;
    touch_slot(dq, h, dq->head_i);
    int64_t x = h->items[dq->head_i++];
    dq->len--;
    if (RARELY(dq->head_i == dq->block_size || dq->len == 0))
        unlink_front(dq);
    return x;
}

HOT int64_t take_back(dsa_dq *dq)
{
    struct dsa_dq_block *t = dq->tail;
    dq->tail_i--;
    touch_slot(dq, t, dq->tail_i);
    int64_t x = t->items[dq->tail_i];
    dq->len--;
    if (RARELY(dq->tail_i == 0 || dq->len == 0))
        unlink_back(dq);
    return x;
}

HOT void put_back(dsa_dq *dq, int64_t x)
{
    if (RARELY(dq->tail_i == dq->block_size))
        link_back(dq);
    touch_slot(dq, dq->tail, dq->tail_i);
    dq->tail->items[dq->tail_i++] = x;
    dq->len++;
}

HOT void put_front(dsa_dq *dq, int64_t x)
{
    if (RARELY(dq->head_i == 0))
        link_front(dq);
    dq->head_i--;
    touch_slot(dq, dq->head, dq->head_i);
    dq->head->items[dq->head_i] = x;
    dq->len++;
}

/* ---- pushing and popping ------------------------------------------------ */

/* The slow path of a push: a new block is needed, or the deque is full.
 * The only thing that can fail, getting a spare, comes first.  Dropping an
 * item from the other end may empty a block, which then becomes the spare
 * in its turn, so the put that follows always has a block. */
HOT int push_slow(dsa_dq *dq, int64_t x, int at_back)
{
    if (dq->maxlen == 0) {      /* holds nothing, but it is a mutation */
        dq->mods++;
        return DSA_OK;
    }
    if (!have_spare(dq))
        return DSA_ENOMEM;
    if (dq->len == dq->maxlen)
        (void)(at_back ? take_front(dq) : take_back(dq));
    if (at_back)
        put_back(dq, x);
    else
        put_front(dq, x);
    dq->mods++;
    return DSA_OK;
}

/* The fast paths: room in the end block and below maxlen. */
HOT int push_back(dsa_dq *dq, int64_t item)
{
    if (RARELY(dq->tail_i == dq->block_size || dq->len == dq->maxlen))
        return push_slow(dq, item, 1);
    touch_slot(dq, dq->tail, dq->tail_i);
    dq->tail->items[dq->tail_i++] = item;
    dq->len++;
    dq->mods++;
    return DSA_OK;
}

HOT int push_front(dsa_dq *dq, int64_t item)
{
    if (RARELY(dq->head_i == 0 || dq->len == dq->maxlen))
        return push_slow(dq, item, 0);
    dq->head_i--;
    touch_slot(dq, dq->head, dq->head_i);
    dq->head->items[dq->head_i] = item;
    dq->len++;
    dq->mods++;
    return DSA_OK;
}

HOT int pop_front(dsa_dq *dq, int64_t *out)
{
    if (RARELY(dq->len == 0))
        return DSA_EEMPTY;
    int64_t x = take_front(dq);
    dq->mods++;
    if (out != NULL)
        *out = x;
    return DSA_OK;
}

HOT int pop_back(dsa_dq *dq, int64_t *out)
{
    if (RARELY(dq->len == 0))
        return DSA_EEMPTY;
    int64_t x = take_back(dq);
    dq->mods++;
    if (out != NULL)
        *out = x;
    return DSA_OK;
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

int dsa_dq_get(dsa_dq *dq, size_t index, int64_t *out)
{
    trace_begin(dq);
    if (index >= dq->len)
        return DSA_EINDEX;
    size_t slot;
    struct dsa_dq_block *blk = locate(dq, index, &slot);
    touch_slot(dq, blk, slot);
    if (out != NULL)
        *out = blk->items[slot];
    return DSA_OK;
}

int dsa_dq_set(dsa_dq *dq, size_t index, int64_t item)
{
    trace_begin(dq);
    if (index >= dq->len)
        return DSA_EINDEX;
    size_t slot;
    struct dsa_dq_block *blk = locate(dq, index, &slot);
    touch_slot(dq, blk, slot);
    blk->items[slot] = item;
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

static void free_blocks(dsa_dq *dq)
{
    struct dsa_dq_block *blk = dq->head;
    while (blk != NULL) {
        struct dsa_dq_block *next = blk->next;
        touch_links(dq, blk);
        free(blk);
        blk = next;
    }
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

/* The summing walk, written out (no callback) so that the compiler can
 * vectorize the loop over a block's run: this is what the kernels time. */
HOT uint64_t sum_items(dsa_dq *dq)
{
    uint64_t sum = 0;
    struct dsa_dq_block *blk = dq->head;
    size_t slot = dq->head_i;
    for (size_t left = dq->len; left > 0; blk = blk->next, slot = 0) {
        size_t end = blk == dq->tail ? dq->tail_i : dq->block_size;
        const int64_t *run = blk->items;
        touch_links(dq, blk);
        touch_slots(dq, blk, slot, end);
        for (size_t i = slot; i < end; i++)
            sum += (uint64_t)run[i];
        left -= end - slot;
    }
    return sum;
}

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

size_t dsa_dq_len(const dsa_dq *dq)
{
    return dq->len;
}

size_t dsa_dq_block_size(const dsa_dq *dq)
{
    return dq->block_size;
}

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

size_t dsa_dq_head_slot(const dsa_dq *dq)
{
    return dq->head_i;
}

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

uint64_t dsa_dq_mods(const dsa_dq *dq)
{
    return dq->mods;
}

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

int dsa_dq_set_tracing(dsa_dq *dq, int on)
{
    if (!on) {
        dsa_trace_free(dq->trace);
        dq->trace = NULL;
        return DSA_OK;
    }
    if (!dsa_trace_enabled())
        return DSA_EVALUE;
    if (dq->trace == NULL && (dq->trace = dsa_trace_new()) == NULL)
        return DSA_ENOMEM;
    return DSA_OK;
}

int dsa_dq_tracing(const dsa_dq *dq)
{
    return dq->trace != NULL;
}

size_t dsa_dq_last_lines(const dsa_dq *dq)
{
    return dsa_trace_lines(dq->trace);
}

int dsa_dq_trace_overflowed(const dsa_dq *dq)
{
    return dsa_trace_overflowed(dq->trace);
}

/* ---- the ring buffer (kernels only) ------------------------------------- */

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

/* The same bits read as a signed number, without implementation-defined
 * conversion. */
static int64_t as_signed(uint64_t u)
{
    int64_t x;
    memcpy(&x, &u, sizeof x);
    return x;
}

static int64_t *buffer_new(size_t n)
{
    size_t bytes;
    if (!dsa_mul_size(n == 0 ? 1 : n, sizeof(int64_t), &bytes))
        return NULL;
    return malloc(bytes);
}

static void fill(int64_t *buf, size_t n, uint64_t seed)
{
    for (size_t i = 0; i < n; i++)
        buf[i] = as_signed(dsa_splitmix64(&seed));
}

/* buf[0..n) is the input made from seed again, in order. */
static int same_as_input(const int64_t *buf, size_t n, uint64_t seed)
{
    int ok = 1;
    for (size_t i = 0; i < n; i++)
        ok &= buf[i] == as_signed(dsa_splitmix64(&seed));
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
    if (out == NULL)
        return DSA_EVALUE;
    memset(out, 0, sizeof *out);
    int status = check_layout(layout, block_size);
    if (status != DSA_OK)
        return status;
    int64_t *buf = buffer_new(n);
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
    if (out == NULL)
        return DSA_EVALUE;
    memset(out, 0, sizeof *out);
    int status = check_layout(layout, block_size);
    if (status != DSA_OK)
        return status;
    if (n == 0 && ops > 0)
        return DSA_EVALUE;      /* an empty deque has no middle */
    dsa_dq *dq = NULL;
    struct ring r = {NULL, 0, 0, 0, NULL};
    int ring = layout == DSA_DQ_RING;
    int64_t *buf = buffer_new(n);
    int64_t *where = buffer_new(ops);   /* positions, as int64 */
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
    if (out == NULL)
        return DSA_EVALUE;
    memset(out, 0, sizeof *out);
    int status = check_layout(layout, block_size);
    if (status != DSA_OK)
        return status;
    if (!dsa_trace_enabled())
        return DSA_EVALUE;
    dsa_dq *dq = NULL;
    /* The ring's header is a line of its own, as the deque's is. */
    struct ring *r = aligned_alloc(LINE, LINE);
    if (r != NULL)
        *r = (struct ring){NULL, 0, 0, 0, NULL};
    int64_t *buf = buffer_new(n);
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
