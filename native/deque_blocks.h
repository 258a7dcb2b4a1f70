/* deque_blocks.h: the blocked deque's layout and its operations at the ends,
 * shared by the deque's methods (deque.c) and the kernels that time them
 * (deque_kernels.c).  Internal to the C twins: no cffi markers.
 *
 * Layout.  A block is two links (prev, next: 16 bytes) followed by
 * block_size items, one malloc each.  Only the end blocks can be partly
 * empty; every block between them is full, so one number per end says
 * where the items are: head_i is the slot of the front item in the first
 * block, tail_i one past the slot of the back item in the last block.  An
 * empty deque has no blocks at all.
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
 * Speed.  The end operations and their slow paths are inlined (HOT), and
 * the rare branches marked, so that a loop of pushes or pops compiles to a
 * handful of instructions with the block switch out of line.  The kernels
 * run these same inlined operations on a deque whose header is a local
 * variable, as std::deque is in the C++ reference they are compared with:
 * the compiler then keeps the header's fields in registers instead of
 * storing and reloading them for every item.
 */
#ifndef DSA_DEQUE_BLOCKS_H
#define DSA_DEQUE_BLOCKS_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

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

/* ---- blocks ------------------------------------------------------------- */

/* Bytes one block of b items asks malloc for, or 0 if b is out of range. */
static inline size_t block_bytes_for(size_t b)
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

/* Free every block of the chain (not the spare). */
static inline void free_blocks(dsa_dq *dq)
{
    struct dsa_dq_block *blk = dq->head;
    while (blk != NULL) {
        struct dsa_dq_block *next = blk->next;
        touch_links(dq, blk);
        free(blk);
        blk = next;
    }
}


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

#endif /* DSA_DEQUE_BLOCKS_H */
