/* deque_kernels.h: the blocked deque, and a ring buffer beside it, timed
 * inside C (deque_kernels.c).
 *
 * Each kernel takes a layout (DSA_DQ_BLOCKED with block_size, or
 * DSA_DQ_RING, which ignores block_size), makes its input with
 * dsa_splitmix64 from `seed` before the clock starts, times only the
 * structure's work, and checks its own result (ok = 1).  Times are
 * nanoseconds of CLOCK_MONOTONIC.
 */
#ifndef DSA_DEQUE_KERNELS_H
#define DSA_DEQUE_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

/* cffi:begin */
/* Which structure a kernel times. */
enum dsa_dq_layout {
    DSA_DQ_BLOCKED = 0,   /* this deque, with the given block_size */
    DSA_DQ_RING = 1       /* a growable power-of-two circular array */
};

/* n push_back into an empty structure then n pop_front (a FIFO queue), and
 * separately, into another empty one, n push_front then n pop_back. */
struct dsa_dq_ends_result {
    int64_t push_back_ns;
    int64_t pop_front_ns;
    int64_t push_front_ns;
    int64_t pop_back_ns;
    uint64_t bytes;      /* held with all n items in, after the push_backs */
    int ok;              /* every pop gave the item pushed, in FIFO order */
};
int dsa_dq_kernel_ends(size_t n, int layout, size_t block_size,
                       uint64_t seed, struct dsa_dq_ends_result *out);

/* Fill with n items by push_back, then time `passes` walks summing every
 * item front to back, and `ops` reads at random positions in the middle
 * half, [n/4, n/4 + n/2]. */
struct dsa_dq_access_result {
    int64_t iterate_ns;  /* all passes */
    int64_t index_ns;    /* all ops reads */
    uint64_t bytes;      /* held for the n items */
    uint64_t blocks;     /* blocks holding items (ring: slots of the array) */
    int ok;              /* sums and reads match the items put in */
};
int dsa_dq_kernel_access(size_t n, int layout, size_t block_size,
                         size_t passes, size_t ops, uint64_t seed,
                         struct dsa_dq_access_result *out);

/* Traced build only (DSA_EVALUE otherwise): fill with n items by push_back,
 * untraced, then count the lines one sum over all items touches and the
 * lines one read of position n / 2 touches (0 when n == 0). */
struct dsa_dq_lines_result {
    uint64_t iterate_lines;
    uint64_t index_lines;
    uint64_t bytes;
    int ok;
};
int dsa_dq_kernel_lines(size_t n, int layout, size_t block_size,
                        uint64_t seed, struct dsa_dq_lines_result *out);
/* cffi:end */

#endif /* DSA_DEQUE_KERNELS_H */
