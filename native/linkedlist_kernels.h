/* linkedlist_kernels.h: what following pointers costs, timed inside C
 * (linkedlist_kernels.c).
 *
 * Inputs come from dsa_splitmix64(seed) before any clock starts: value k is
 * draw k shifted right by 32 (0 <= v < 2^32, so sums are exact); shuffles
 * are Fisher-Yates on the same generator.  No kernel allocates more than
 * DSA_MEM_MAX_BYTES: bigger requests are DSA_ENOMEM before any malloc.
 * Times are nanoseconds of CLOCK_MONOTONIC.  A linked layout is one of
 * enum dsa_ll_layout (linkedlist.h).
 */
#ifndef DSA_LINKEDLIST_KERNELS_H
#define DSA_LINKEDLIST_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "common.h"

/* cffi:begin */
enum {
    DSA_MEM_MAX_BYTES_MIB = 1536   /* 1.5 GiB */
};

/* What a walk visits. */
enum dsa_mem_kind {
    DSA_MEM_ARRAY = 0,            /* a[0], a[1], ... of one int64 array */
    DSA_MEM_ARRAY_SHUFFLED = 1,   /* the same array, a[order[k]] for k = 0.. */
    DSA_MEM_NODES_MALLOC = 2,     /* nodes malloc'd one by one in list order */
    DSA_MEM_NODES_POOL = 3,       /* nodes in one pool, in list order */
    DSA_MEM_NODES_SHUFFLED = 4    /* nodes in one pool, linked in random order */
};

/* Walk-and-sum n values: one untimed warm-up pass, then `repeats` timed
 * passes, pass_ns[r] each (pass_ns holds `repeats` entries). */
struct dsa_mem_walk_result {
    uint64_t sum;             /* what the walks added up */
    uint64_t expected_sum;    /* added up while the values were made */
    uint64_t span_bytes;      /* lowest to highest byte of the values' home */
    int ok;                   /* every pass gave expected_sum */
};
int dsa_mem_walk(size_t n, int kind, size_t repeats, uint64_t seed,
                 int64_t *pass_ns, struct dsa_mem_walk_result *out);

enum dsa_mem_structure {
    DSA_MEM_STRUCT_ARRAY = 0,     /* int64 array with room reserved */
    DSA_MEM_STRUCT_LINKED = 1     /* doubly linked nodes */
};
enum dsa_mem_where {
    DSA_MEM_FRONT = 0,
    DSA_MEM_MIDDLE = 1            /* position len/2, found by walking */
};
struct dsa_mem_ops_result {
    int64_t ns;               /* all ops */
    uint64_t len;             /* length afterwards */
    uint64_t sum;             /* of the values afterwards */
    uint64_t expected_sum;
    int ok;                   /* len, sum and (linked) links all check out */
};
/* `ops` inserts into a structure of n values.  Linked: `layout` (enum
 * dsa_ll_layout) places the n nodes; each new node is malloc'd inside the
 * clock.  Array: memmove of the tail, room reserved beforehand. */
int dsa_mem_insert(size_t n, int structure, int where, int layout,
                   size_t ops, uint64_t seed, struct dsa_mem_ops_result *out);
/* `ops` removals (ops <= n).  Array: delete at a random position with
 * memmove.  Linked: unlink a node already held (chosen at random, pointers
 * collected before the clock); malloc'd nodes are also freed in the clock. */
int dsa_mem_remove(size_t n, int structure, int layout, size_t ops,
                   uint64_t seed, struct dsa_mem_ops_result *out);

/* Pointer chase: bytes/64 lines, each holding a pointer to the next line of
 * one random cycle (Sattolo's algorithm).  One untimed lap of the whole
 * cycle (which also checks it is one cycle), then `loads` timed loads. */
struct dsa_mem_chase_result {
    uint64_t lines;
    uint64_t loads;
    int64_t ns;               /* all loads */
    uint64_t end;             /* index of the line the chase stopped on */
    int ok;                   /* the permutation is a single cycle */
};
int dsa_mem_chase(size_t bytes, uint64_t loads, uint64_t seed,
                  struct dsa_mem_chase_result *out);

/* Sequential read: sum an int64 array of `bytes` bytes (a multiple of 64),
 * one untimed pass, then `repeats` timed passes into pass_ns. */
struct dsa_mem_bandwidth_result {
    uint64_t sum;
    uint64_t expected_sum;
    int ok;
};
int dsa_mem_read_bandwidth(size_t bytes, size_t repeats, uint64_t seed,
                           int64_t *pass_ns,
                           struct dsa_mem_bandwidth_result *out);

/* Traced build only (DSA_EVALUE otherwise): walk n values as `kind` says,
 * recording the bytes of each value (array slot or whole node) visited. */
struct dsa_mem_lines_result {
    uint64_t lines;           /* distinct 64-byte lines touched */
    uint64_t fetches;         /* visits that moved to another line than the
                                 last one touched (a one-line cache's misses) */
    uint64_t sum;
    uint64_t expected_sum;
    int ok;                   /* sums agree and the trace did not overflow */
};
int dsa_mem_lines(size_t n, int kind, uint64_t seed,
                  struct dsa_mem_lines_result *out);
/* cffi:end */

#endif /* DSA_LINKEDLIST_KERNELS_H */
