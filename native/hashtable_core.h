/* hashtable_core.h: the layouts of the two C hash tables and the probe
 * loops that read them, shared by the tables' operations
 * (hashtable_chained.c, hashtable_open.c) and the kernels that time them
 * (hashtable_kernels.c).
 *
 * Internal to the C twins: no cffi markers, so Python never sees it.  The
 * kernels run these very loops (oa_find, ch_find) on the tables' own
 * arrays, so the lessons time the layout that the tests trace.  See
 * hashtable.c for what each layout costs in cache lines (and
 * hashtable_base.h for what the two tables' files share besides).
 */
#ifndef DSA_HASHTABLE_CORE_H
#define DSA_HASHTABLE_CORE_H

#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "common.h"
#include "hashtable.h"
#include "trace.h"

enum { LINE = DSA_LINE_BYTES, MIN_CAP = DSA_HT_MIN_CAPACITY };

/* Largest capacity we will try for: 16-byte slots stay far below SIZE_MAX
 * bytes, and 2 * len never wraps. */
#define MAX_CAP ((size_t)1 << (sizeof(size_t) * CHAR_BIT - 6))
#define NOT_FOUND SIZE_MAX

/* The probe loops are forced inline: the kernels call them with a constant
 * hash kind and no trace, and only an inlined copy lets the compiler drop
 * what those make dead (gcc will not always inline them at -O2 by itself). */
#if defined(__GNUC__) || defined(__clang__)
#define PROBE static inline __attribute__((always_inline))
#else
#define PROBE static inline
#endif

/* ---- hashing -------------------------------------------------------------- */

struct hasher {
    int kind;
    uint64_t k0, k1;       /* the keyed hash's secret; k1 is odd */
};

/* The 128-bit product a * b with its two halves xor-ed together.  The low
 * half depends only on the low bits of a and b, the high half on all of
 * them, so folding mixes every bit of a into the low bits that pick a home.
 * Compilers for 64-bit machines have a 64 x 64 -> 128 multiply; elsewhere
 * the schoolbook product of 32-bit halves gives the same result. */
static inline uint64_t fold_multiply(uint64_t a, uint64_t b)
{
#if defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 u128;
    u128 product = (u128)a * b;
    return (uint64_t)product ^ (uint64_t)(product >> 64);
#else
    uint64_t a_lo = a & 0xFFFFFFFF, a_hi = a >> 32;
    uint64_t b_lo = b & 0xFFFFFFFF, b_hi = b >> 32;
    uint64_t ll = a_lo * b_lo, hl = a_hi * b_lo, lh = a_lo * b_hi;
    uint64_t middle = (ll >> 32) + (hl & 0xFFFFFFFF) + lh;
    uint64_t high = a_hi * b_hi + (hl >> 32) + (middle >> 32);
    uint64_t low = (middle << 32) | (ll & 0xFFFFFFFF);
    return low ^ high;
#endif
}

/* The keyed hash is one folded multiply of the key, hidden behind the
 * first secret word, by the second (as in wyhash and foldhash).  It is
 * short on purpose: a lookup cannot fetch its slot before the hash is
 * known, so every instruction here delays every lookup. */
static inline uint64_t hash_key(const struct hasher *h, int64_t key)
{
    switch (h->kind) {
    case DSA_HT_HASH_KEYED:
        return fold_multiply((uint64_t)key ^ h->k0, h->k1);
    case DSA_HT_HASH_IDENTITY:
        return (uint64_t)key;
    default:
        return 0;
    }
}

/* ---- sizes ------------------------------------------------------------------ */

/* Smallest power of two >= want (and >= 8); 0 if past MAX_CAP. */
static inline size_t round_capacity(size_t want)
{
    size_t cap = MIN_CAP;
    while (cap < want) {
        if (cap >= MAX_CAP)
            return 0;
        cap *= 2;
    }
    return cap;
}

static inline int valid_max_load(double max_load, int open)
{
    return isfinite(max_load) && max_load > 0 && (!open || max_load < 1);
}

/* ---- what both tables keep ------------------------------------------------ */

/* The first member of both tables, so that what they share (the counts,
 * the hash, the resize counters, the trace) is written once.  A pointer to
 * it is a pointer to the table (C11 6.7.2.1: no padding before the first
 * member). */
struct dsa_ht {
    size_t capacity;
    size_t len;                    /* live keys */
    size_t limit;                  /* the fill may not pass this: grow first */
    size_t scan;                   /* nothing live below this index */
    struct hasher hash;
    double max_load;
    int open;                      /* 1 for open addressing, 0 for chaining */
    uint64_t mods;
    struct dsa_ht_resize resize;   /* how many, and what the last one did */
    dsa_trace *trace;
};

/* ---- separate chaining ---------------------------------------------------- */

struct dsa_ch_node {
    int64_t key;
    int64_t value;
    struct dsa_ch_node *next;
};

struct ch_chunk {
    struct ch_chunk *older;
    size_t count;                  /* nodes in this chunk */
    struct dsa_ch_node nodes[];
};

struct ch_pool {
    struct ch_chunk *newest;       /* chunks, newest first */
    size_t used;                   /* nodes handed out from the newest chunk */
    size_t chunks;
    size_t nodes;                  /* nodes in all the chunks */
    struct dsa_ch_node *free_list; /* nodes given back, reused first */
    size_t free_count;
};

struct dsa_ch {
    struct dsa_ht base;            /* first: see struct dsa_ht */
    struct dsa_ch_node **buckets;  /* capacity heads, starting on a line */
    int source;                    /* enum dsa_ch_node_source */
    struct ch_pool pool;
};

/* The link that points at key's node in bucket b: the bucket head or some
 * node's `next`.  *link is NULL when the key is absent. */
PROBE struct dsa_ch_node **ch_find(const dsa_ch *t, size_t b, int64_t key,
                                   dsa_trace *tr)
{
    struct dsa_ch_node **link = &t->buckets[b];
    struct dsa_ch_node *node;
    (void)tr;   /* unused in the ordinary build */
    DSA_TOUCH(tr, link, sizeof *link);
    while ((node = *link) != NULL) {
        DSA_TOUCH(tr, node, sizeof *node);
        if (node->key == key)
            break;
        link = &node->next;
    }
    return link;
}

/* ---- open addressing -------------------------------------------------------- */

struct dsa_oa_slot {
    int64_t key;
    int64_t value;
};

struct dsa_oa {
    struct dsa_ht base;            /* first: see struct dsa_ht */
    struct dsa_oa_slot *slots;     /* capacity slots, starting on a line */
    uint8_t *states;               /* capacity states, starting on a line */
    size_t tombstones;             /* base.limit bounds len + tombstones */
    int robin_hood;                /* Robin Hood placement, backward shift */
};

_Static_assert(sizeof(struct dsa_oa_slot) == 16, "4 slots to a line");

/* What a state byte holds.  A full slot's byte is its key's tag: the top 7
 * bits of the hash with the high bit set, so it can never read as empty or
 * as a tombstone (the public DSA_OA_* codes are only for snapshots). */
enum { STATE_EMPTY = 0x00, STATE_TOMBSTONE = 0x01, STATE_FULL = 0x80 };

static inline uint8_t tag_of(uint64_t hash)
{
    return (uint8_t)(STATE_FULL | (hash >> 57));
}

static inline int is_full(uint8_t state)
{
    return (state & STATE_FULL) != 0;
}

/* ---- reading the state bytes eight at a time --------------------------- */

/* A lookup reads the state bytes in groups: the eight bytes of an aligned
 * 8-byte word (an aligned word never crosses a 64-byte line, and the state
 * array, a power of two >= 8 long, is a whole number of words).  Comparing
 * all eight with the key's tag, and with "empty", is a few word operations
 * and one branch per group, where a byte at a time costs a branch per slot
 * -- and a probe of random length ends in a mispredicted one, which stalls
 * the loads of the lookups behind it.  (SwissTable does the same with
 * 16-byte SIMD groups.) */
#define GROUP_ONES UINT64_C(0x0101010101010101)
#define GROUP_LOW7 UINT64_C(0x7F7F7F7F7F7F7F7F)

/* The eight state bytes from p (8-aligned) as a word, byte k of the group
 * in bits 8k .. 8k+7 whatever the machine's byte order (compilers turn
 * this into one load). */
static inline uint64_t group_at(const uint8_t *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16
        | (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40
        | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

/* Bit 8k+7 set exactly where byte k of w is 0.  (No carry crosses a byte:
 * (b & 0x7F) + 0x7F is at most 0xFE.) */
static inline uint64_t zero_bytes(uint64_t w)
{
    return ~(((w & GROUP_LOW7) + GROUP_LOW7) | w) & ~GROUP_LOW7;
}

/* The byte of the lowest bit set in m (m != 0). */
static inline size_t first_byte(uint64_t m)
{
#if defined(__GNUC__) || defined(__clang__)
    return (size_t)__builtin_ctzll(m) / 8;
#else
    size_t k = 0;
    while ((m & 0xFF) == 0) {
        m >>= 8;
        k++;
    }
    return k;
#endif
}

/* The slot holding key (whose hash is `hash`), or NOT_FOUND.  If free_slot
 * is not NULL it gets where an absent key should go: the first tombstone on
 * its path, else the empty slot that ended the search.
 *
 * A key is compared only where the state byte holds its tag; other full
 * slots are passed over on the state byte alone (127 times in 128 when
 * their tag differs), without reading -- or fetching the line of -- their
 * key.  The slot's address comes straight from the hash, so the CPU fetches
 * the state line and the slot line together.  The walk is the byte-by-byte
 * one, home, home + 1, ..., done a group at a time: what it examines (and
 * traces) is every state byte from the home to the key's slot or the first
 * empty one, and the slots among them holding the key's tag. */
PROBE size_t oa_find(const dsa_oa *t, int64_t key, uint64_t hash,
                      size_t *free_slot, dsa_trace *tr)
{
    const uint8_t *states = t->states;
    const struct dsa_oa_slot *slots = t->slots;
    size_t mask = t->base.capacity - 1, tomb = NOT_FOUND;
    size_t from = (size_t)(hash & mask);         /* first byte of this group */
    uint64_t tags = GROUP_ONES * tag_of(hash);
    (void)tr;
    /* The home slot first, on its own: most keys found are there, and this
     * way the CPU guesses the branch and fetches the slot's line alongside
     * the state line, instead of waiting for the state word to say where
     * to look. */
    if (states[from] == tag_of(hash)) {
        DSA_TOUCH(tr, &slots[from], sizeof slots[from]);
        if (slots[from].key == key) {
            DSA_TOUCH(tr, &states[from], 1);
            return from;
        }
    }
    for (;;) {
        size_t g = from & ~(size_t)7;
        uint64_t w = group_at(states + g);
        uint64_t from_here = ~UINT64_C(0) << (8 * (from - g));
        uint64_t empty = zero_bytes(w) & from_here;
        /* The bits below the first empty byte's: the walk stops there. */
        uint64_t ahead = empty ? (empty & (0 - empty)) - 1 : ~UINT64_C(0);
        uint64_t match = zero_bytes(w ^ tags) & from_here & ahead;
        for (; match != 0; match &= match - 1) {
            size_t j = g + first_byte(match);
            DSA_TOUCH(tr, &slots[j], sizeof slots[j]);
            if (slots[j].key == key) {
                DSA_TOUCH(tr, &states[from], j - from + 1);
                return j;
            }
        }
        if (free_slot != NULL && tomb == NOT_FOUND) {
            uint64_t tombs = zero_bytes(w ^ (GROUP_ONES * STATE_TOMBSTONE))
                & from_here & ahead;
            if (tombs != 0)
                tomb = g + first_byte(tombs);
        }
        if (empty != 0) {
            size_t e = g + first_byte(empty);
            DSA_TOUCH(tr, &states[from], e - from + 1);
            if (free_slot != NULL)
                *free_slot = tomb != NOT_FOUND ? tomb : e;
            return NOT_FOUND;
        }
        DSA_TOUCH(tr, &states[from], g + 8 - from);
        from = (g + 8) & mask;
    }
}

#endif /* DSA_HASHTABLE_CORE_H */
