/* deque.h: a double-ended queue of int64 in a doubly linked list of
 * fixed-size blocks (see deque.c for why blocks).
 *
 * Ownership: dsa_dq_new() and dsa_dq_clone() hand the caller a deque that
 * the caller releases with dsa_dq_free().  The deque owns its blocks and its
 * trace; nothing it returns points into them, except the cursor below,
 * which the deque checks before every use.  (dsa_dq_blocks() reports
 * addresses as numbers, to work out cache lines, not to be followed.)
 * Every function that can fail returns an enum dsa_status and writes its
 * result through an out pointer.
 *
 * Positions are counted from the front: 0 is the item popleft() would
 * return.  A bounded deque (maxlen) that is full drops an item from the
 * opposite end to make room, as collections.deque does.
 */
#ifndef DSA_DEQUE_H
#define DSA_DEQUE_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

/* cffi:begin */
typedef struct dsa_dq dsa_dq;

enum {
    DSA_DQ_MAX_BLOCK = 1048576,     /* largest block_size: 8 MiB of items */
    DSA_DQ_HEADER_BYTES = 128       /* a line of fields, a line for the trace */
};

/* Where an iteration stands.  Made by dsa_dq_cursor_start(); treat the
 * fields as private.  The deque refuses a cursor once it has changed. */
struct dsa_dq_cursor {
    const dsa_dq *owner;
    const void *block;    /* the block holding the next item */
    size_t slot;          /* its slot (reverse: one past it) */
    size_t left;          /* items not yet read */
    uint64_t mods;        /* the deque's change counter at the start */
    int reverse;
};

/* --- the structure ------------------------------------------------------ */

/* A new empty deque; DSA_EVALUE unless 1 <= block_size <= DSA_DQ_MAX_BLOCK.
 * bounded == 0: no maxlen (the maxlen argument is ignored). */
int dsa_dq_new(size_t block_size, size_t maxlen, int bounded, dsa_dq **out);
/* An independent copy: same items, block size, maxlen and tracing. */
int dsa_dq_clone(const dsa_dq *dq, dsa_dq **out);
void dsa_dq_free(dsa_dq *dq);

/* Add at one end.  On a full bounded deque the item at the other end is
 * dropped first; with maxlen 0 nothing is stored.  DSA_ENOMEM leaves the
 * deque unchanged. */
int dsa_dq_push_back(dsa_dq *dq, int64_t item);
int dsa_dq_push_front(dsa_dq *dq, int64_t item);
/* Remove from one end; DSA_EEMPTY on an empty deque.  `out` may be NULL. */
int dsa_dq_pop_back(dsa_dq *dq, int64_t *out);
int dsa_dq_pop_front(dsa_dq *dq, int64_t *out);
/* Push items[0..n) one after another at the back (extend) or the front
 * (extendleft, so they end up reversed).  `items` must not point into the
 * deque.  DSA_ENOMEM part-way keeps the items pushed so far. */
int dsa_dq_extend_back(dsa_dq *dq, const int64_t *items, size_t n);
int dsa_dq_extend_front(dsa_dq *dq, const int64_t *items, size_t n);
/* Read or replace the item at `index`; DSA_EINDEX past the end.  Walks
 * block by block from whichever end is fewer blocks away. */
int dsa_dq_get(dsa_dq *dq, size_t index, int64_t *out);
int dsa_dq_set(dsa_dq *dq, size_t index, int64_t item);
/* Move the last k % len items to the front (deque.rotate(k) for k >= 0),
 * one item at a time from whichever end moves fewer.  DSA_ENOMEM only
 * before anything moved. */
int dsa_dq_rotate(dsa_dq *dq, size_t k);
/* deque *= n, as collections.deque does it: n == 0 empties the deque; a
 * bounded deque pushes only the ceil(maxlen / len) copies whose last maxlen
 * items are the result, so a huge n costs no more than a small one.
 * DSA_ENOMEM at once if len * n exceeds PTRDIFF_MAX (Python's Py_ssize_t),
 * as deque raises MemoryError; if memory runs out later the items pushed
 * so far stay, as in deque. */
int dsa_dq_repeat(dsa_dq *dq, size_t n);
/* Reverse in place (no block is allocated or freed). */
int dsa_dq_reverse(dsa_dq *dq);
/* Remove every item and free the blocks that held them (a spare stays). */
int dsa_dq_clear(dsa_dq *dq);
/* How many items equal x. */
int dsa_dq_count(dsa_dq *dq, int64_t x, size_t *out);
/* The first position in [start, stop) holding x; DSA_EKEY if none.
 * stop is clamped to the length. */
int dsa_dq_index(dsa_dq *dq, int64_t x, size_t start, size_t stop,
                 size_t *out);
/* Copy the first n items, front to back; DSA_EINDEX if n > len. */
int dsa_dq_items(dsa_dq *dq, int64_t *out, size_t n);
/* The sum of all items, wrapping modulo 2**64 (the walk the kernels time). */
int dsa_dq_sum(dsa_dq *dq, uint64_t *out);

/* --- iterating (never traced) ------------------------------------------- */

/* Start at the front (reverse == 0) or the back. */
int dsa_dq_cursor_start(const dsa_dq *dq, struct dsa_dq_cursor *cur,
                        int reverse);
/* Copy up to `max` next items into out and say how many in *got (0 at the
 * end).  DSA_ESTATE once the deque has changed since the cursor started,
 * even at the end; DSA_EVALUE for another deque's cursor. */
int dsa_dq_cursor_next(const dsa_dq *dq, struct dsa_dq_cursor *cur,
                       int64_t *out, size_t max, size_t *got);

/* --- looking without changing (never traced) ---------------------------- */

size_t dsa_dq_len(const dsa_dq *dq);
size_t dsa_dq_block_size(const dsa_dq *dq);
/* Blocks holding items (the spare block is not counted). */
size_t dsa_dq_block_count(const dsa_dq *dq);
/* 1 and *out = maxlen if bounded, else 0. */
int dsa_dq_maxlen(const dsa_dq *dq, size_t *out);
/* Slot of the front item inside the first block (0 when empty). */
size_t dsa_dq_head_slot(const dsa_dq *dq);
/* 1 if an emptied block is kept for reuse. */
int dsa_dq_has_spare(const dsa_dq *dq);
/* Bytes asked for: the header, every block and the spare.
 * malloc's own bookkeeping (8 to 16 bytes a block) is not counted. */
size_t dsa_dq_bytes(const dsa_dq *dq);
/* Bytes one block asks malloc for: 16 of links, 8 per item. */
size_t dsa_dq_block_bytes(const dsa_dq *dq);
/* The addresses of the first n blocks, front to back, into out; returns
 * how many there were.  With the header's address, enough for a test to
 * work out which 64-byte lines an operation must touch. */
size_t dsa_dq_blocks(const dsa_dq *dq, uintptr_t *out, size_t n);
uintptr_t dsa_dq_header_address(const dsa_dq *dq);
/* Bumped by every change that collections.deque counts as a mutation
 * during iteration (not by set or reverse, which move no memory). */
uint64_t dsa_dq_mods(const dsa_dq *dq);
/* NULL if every invariant holds, else which one is broken. */
const char *dsa_dq_check(const dsa_dq *dq);

/* --- tracing (meaningful only in the traced build) ---------------------- */

/* on != 0 gives the deque a trace (DSA_EVALUE in the ordinary build), 0
 * drops it.  While on, each operation from push_back to sum above first
 * forgets the previous one, then records every 64-byte line it touches. */
int dsa_dq_set_tracing(dsa_dq *dq, int on);
int dsa_dq_tracing(const dsa_dq *dq);
size_t dsa_dq_last_lines(const dsa_dq *dq);
int dsa_dq_trace_overflowed(const dsa_dq *dq);

/* cffi:end */

#endif /* DSA_DEQUE_H */
