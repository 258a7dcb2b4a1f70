/* hashtable.c: two hash tables from int64 keys to int64 values.
 *
 * Both tables turn a key into a 64-bit hash and keep `capacity` (a power of
 * two, at least 8) places for keys; a key's home is hash & (capacity - 1).
 * They differ in what happens when two keys share a home.
 *
 * Separate chaining (dsa_ch).  An array of bucket heads, one pointer each,
 * and per bucket a singly linked list of nodes {key, value, next}, 24 bytes:
 *
 *     buckets  [ * | 0 | * | 0 | 0 | * | 0 | 0 ]   8 heads per 64-byte line
 *                |       |           |
 *               node    node        node -> node -> NULL
 *
 * A lookup reads the bucket's head (one line), then every node of the chain
 * up to the key: one line per node, sometimes two (a 24-byte node straddles
 * a line boundary now and then), and each of those lines is a pointer chase
 * -- the next address is known only once the previous line has arrived.  At
 * load factor a = len / capacity a hit visits about 1 + a/2 nodes and a miss
 * a nodes, so a hit costs about 2 + a/2 lines and a miss 1 + a.
 *
 * The nodes come from one of two places, chosen when the table is made, so
 * that a lesson can separate the cost of chaining from the cost of scatter:
 *   malloc  one malloc() per node, one free() per deletion: the nodes are
 *           wherever the allocator puts them (32 bytes apart at best).
 *   pool    nodes handed out in order from big chunks, 24 bytes apart; a
 *           deleted node goes on a free list and is reused first.  The pool
 *           grows by adding a chunk as large as all the chunks before it
 *           together, so there are at most log2(n) chunks and the newest
 *           holds half the nodes.  Why not one array doubled with realloc?
 *           realloc may move the array, and then every `next` pointer and
 *           every bucket head would have to be rewritten ("relinked").
 *           Chunks never move, so the pointers into them stay good.
 *
 * Open addressing (dsa_oa).  One flat array of 16-byte slots {key, value},
 * 4 per line, and beside it one state byte per slot, 64 per line: empty,
 * tombstone, or full -- and a full slot's byte also keeps 7 bits of its
 * key's hash (its "tag").  A key lives at its home or, if that was taken,
 * at the next free slot after it (linear probing: home, home+1, home+2, ...
 * wrapping at the end).  A lookup walks from the home until it finds the key
 * or an empty slot, reading the state byte of every slot it passes; it
 * reads a slot's {key, value} only where the byte holds the key's own tag,
 * which another key's byte does once in 128.  Deleting leaves a tombstone:
 * the slot must not read as empty, or keys placed after it would become
 * unreachable.
 *
 *     states   [ a | b | . | T | c | . | . | d ]   64 states per line
 *     slots    [k v|k v|   |   |k v|   |   |k v]   4 slots per line
 *
 * Why a separate state array?  The keys are any int64, so no key value can
 * mean "empty".  A state field inside each slot would make slots 24 bytes
 * (with padding): a quarter of them would straddle two lines and the table
 * would be half as large again.  A separate byte array costs one more line
 * per lookup, but it is 16 times smaller than the slots, so it tends to stay
 * in cache, and both addresses come straight from the hash: the CPU fetches
 * the state line and the slot line at the same time, not one after the
 * other as a chain must.  A hit costs one state line and one slot line
 * (more only when its probe leaves them); thanks to the tags a miss usually
 * costs the state line alone.  (The spare 7 bits of the byte are the idea
 * of Abseil's SwissTable and Rust's hashbrown, minus their SIMD.)
 *
 * Growth (the policy of the pure-Python twins in dsa/hashtable.py).  Both
 * tables resize before an insertion of a new key would take the load past
 * max_load: chaining when (len + 1) > max_load * capacity, open addressing
 * when a new key would take an empty slot and (len + tombstones + 1) >
 * max_load * capacity, for a tombstone lengthens probes as a key does (a
 * new key that reuses a tombstone leaves the fill as it was).  Chaining
 * doubles until the keys fit.  Open addressing chooses the new capacity
 * from the live keys: it doubles until len + 1 and also 2 * len fit, so a
 * table clogged with tombstones is rebuilt at the same size, and the
 * rebuild drops every tombstone.  Without tombstones both are one doubling.
 * Every key is rehashed into the new array.  Neither table shrinks by
 * itself; clear() goes back to 8, resize() rebuilds at any capacity that
 * holds the keys.  Open addressing keeps max_load below 1 (and so at least
 * one slot empty): a failed search always ends.
 *
 * Hash functions, chosen when a table is made:
 *   keyed     a folded multiply of the key with a 128-bit secret drawn from
 *             a 64-bit seed (the Python face seeds it from os.urandom).
 *   identity  the key's own bits: fine for random keys, terrible for keys
 *             with a pattern (multiples of the capacity all share a home).
 *   constant  0 for every key: every key in one chain / one probe run, the
 *             hash-flooding demonstration.
 * Why the keyed hash defeats flooding: an attacker who wants n keys in one
 * chain must find keys whose hashes agree in their low bits.  With a fixed,
 * public hash (identity, or any unseeded function) that is done once, in
 * advance, and works against every table.  With a secret mixed in before a
 * non-linear mix, which keys collide depends on the secret; keys chosen
 * without it land in homes that are, to the attacker, random, so n of them
 * spread like random keys.  (The mix is not a cryptographic MAC such as the
 * SipHash CPython uses for str and bytes: it stops keys prepared in advance,
 * not an attacker who can watch timings and adapt.)
 *
 * Iteration visits the buckets (or slots) in index order, so neither table
 * keeps insertion order -- the classic layout, before CPython's compact
 * dict.  `mods` is bumped by every change of the key set (insertion of a
 * new key, deletion, clear, resize), so an iterator can tell that its
 * position no longer means anything; overwriting a value does not bump it.
 *
 * Tracing model (traced build, see trace.h).  Each operation first forgets
 * the previous one's lines; then it records the lines of the table's arrays
 * and nodes that it reads or writes.  The header (struct dsa_ch / dsa_oa) is
 * not counted: every operation reads it, it is always in cache, and leaving
 * it out keeps the count to what the layout costs.  Precisely:
 *   chaining   the 8-byte head of the key's bucket, then the 24 bytes of
 *              every node compared, up to and including the key's (all of
 *              the chain if absent).  A new key also writes its node and the
 *              head.  Deleting touches nothing more (the unlink writes a
 *              head or a `next` already counted).
 *   open addr. the state byte of every slot examined, from the home up to
 *              the key's slot or the empty one that ends the search, and the
 *              16 bytes of every slot among them whose state byte holds the
 *              key's tag (the top 7 bits of its hash).  A new key also
 *              writes the state and slot where it goes (the first tombstone
 *              on its path, else that empty slot).  Deleting rewrites a
 *              state already counted.
 *   a resize   (growing, a lower max_load, or resize()) adds the whole old
 *              and new bucket (state) arrays, every node (every old full
 *              slot), and in open addressing the states probed and the slot
 *              written for each key moved.
 *   popitem    the heads (states) it scans past and the node (slot) it
 *              takes.
 *   clear      the old bucket (state) array, every node freed, and the new
 *              8-entry array.
 */
#define _DEFAULT_SOURCE    /* for madvise() under -std=c11 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <sys/mman.h>

#include "common.h"
#include "hashtable.h"
#include "trace.h"

enum { LINE = DSA_LINE_BYTES, MIN_CAP = DSA_HT_MIN_CAPACITY };

/* The size (and alignment) of an x86-64 or arm64 transparent huge page. */
#define HUGE_PAGE ((size_t)2 << 20)

/* Largest capacity we will try for: 16-byte slots stay far below SIZE_MAX
 * bytes, and 2 * len never wraps. */
#define MAX_CAP ((size_t)1 << (sizeof(size_t) * CHAR_BIT - 6))
#define NOT_FOUND SIZE_MAX

/* A trace this big costs more to clear than to replace (as in heap.c). */
enum { TRACE_KEEP_LINES = 4096 };

/* ---- shared pieces ------------------------------------------------------- */

struct hasher {
    int kind;
    uint64_t k0, k1;       /* the keyed hash's secret; k1 is odd */
};

static int valid_kind(int kind)
{
    return kind == DSA_HT_HASH_KEYED || kind == DSA_HT_HASH_IDENTITY
        || kind == DSA_HT_HASH_CONSTANT;
}

static void hasher_init(struct hasher *h, int kind, uint64_t seed)
{
    h->kind = kind;
    h->k0 = dsa_splitmix64(&seed);
    h->k1 = dsa_splitmix64(&seed) | 1;
}

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

uint64_t dsa_ht_hash(int kind, uint64_t seed, int64_t key)
{
    struct hasher h;
    hasher_init(&h, kind, seed);
    return hash_key(&h, key);
}

/* Most keys len may reach at capacity c: floor(max_load * c). */
static size_t limit_of(double max_load, size_t capacity)
{
    double limit = max_load * (double)capacity;
    /* (double)SIZE_MAX rounds up to 2^64 (2^32), so `<` keeps the cast safe */
    return limit < (double)SIZE_MAX ? (size_t)limit : SIZE_MAX;
}

static size_t oa_limit_of(double max_load, size_t capacity)
{
    size_t limit = limit_of(max_load, capacity);
    return limit < capacity - 1 ? limit : capacity - 1;   /* one stays empty */
}

/* Smallest power of two >= want (and >= 8); 0 if past MAX_CAP. */
static size_t round_capacity(size_t want)
{
    size_t cap = MIN_CAP;
    while (cap < want) {
        if (cap >= MAX_CAP)
            return 0;
        cap *= 2;
    }
    return cap;
}

static int valid_max_load(double max_load, int open)
{
    return isfinite(max_load) && max_load > 0 && (!open || max_load < 1);
}

/* count * size bytes, rounded up to whole lines, starting on a line.
 *
 * An array of 2 MiB or more is rounded up to whole 2 MiB pages, starts on a
 * 2 MiB boundary and, where the kernel offers transparent huge pages, is
 * marked for them.  A lookup lands anywhere in a table of 1,000,000 keys
 * (32 MiB of slots); with 4 KiB pages nearly every such lookup also misses
 * the TLB and walks the page tables, with 2 MiB pages 16 entries cover the
 * whole array.  The advice is only advice: if it is refused, nothing
 * changes but the speed. */
static void *lines_alloc(size_t count, size_t size)
{
    size_t bytes;
    if (!dsa_mul_size(count, size, &bytes) || bytes > SIZE_MAX - HUGE_PAGE)
        return NULL;
    if (bytes >= HUGE_PAGE) {
        bytes = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
        void *p = aligned_alloc(HUGE_PAGE, bytes);
#ifdef MADV_HUGEPAGE
        if (p != NULL)
            (void)madvise(p, bytes, MADV_HUGEPAGE);
#endif
        return p;
    }
    bytes = (bytes + LINE - 1) / LINE * LINE;
    return aligned_alloc(LINE, bytes == 0 ? LINE : bytes);
}

/* Start a traced operation: forget the last one's lines. */
static void trace_begin(dsa_trace **trace)
{
    if (*trace == NULL)
        return;
    if (dsa_trace_lines(*trace) > TRACE_KEEP_LINES) {
        dsa_trace *fresh = dsa_trace_new();
        if (fresh != NULL) {
            dsa_trace_free(*trace);
            *trace = fresh;
        }
    }
    dsa_trace_reset(*trace);
}

/* Note what a resize did (the counters behind dsa_*_resizes). */
static void note_resize(struct dsa_ht_resize *r, size_t old_capacity,
                        size_t new_capacity, size_t total, size_t moved,
                        size_t tombstones)
{
    r->count++;
    r->old_capacity = old_capacity;
    r->new_capacity = new_capacity;
    r->keys_total = total;
    r->keys_moved = moved;
    r->tombstones_cleared = tombstones;
}

/* ======================================================================== */
/* Separate chaining                                                         */
/* ======================================================================== */

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
    struct dsa_ch_node **buckets;  /* capacity heads, starting on a line */
    size_t capacity;
    size_t len;
    size_t limit;                  /* len may not pass this: grow first */
    size_t scan;                   /* every bucket below this is empty */
    struct hasher hash;
    double max_load;
    int source;                    /* enum dsa_ch_node_source */
    struct ch_pool pool;
    uint64_t mods;
    struct dsa_ht_resize resize;   /* how many, and what the last one did */
    dsa_trace *trace;
};

/* ---- nodes ---------------------------------------------------------------- */

static struct dsa_ch_node *pool_take(struct ch_pool *p)
{
    struct dsa_ch_node *node = p->free_list;
    if (node != NULL) {
        p->free_list = node->next;
        p->free_count--;
        return node;
    }
    if (p->newest == NULL || p->used == p->newest->count) {
        /* A chunk as large as all the others together (8 at first). */
        size_t count = p->nodes < MIN_CAP ? MIN_CAP : p->nodes, bytes;
        if (!dsa_mul_size(count, sizeof(struct dsa_ch_node), &bytes)
            || bytes > SIZE_MAX - sizeof(struct ch_chunk))
            return NULL;
        struct ch_chunk *chunk = malloc(sizeof *chunk + bytes);
        if (chunk == NULL)
            return NULL;
        chunk->older = p->newest;
        chunk->count = count;
        p->newest = chunk;
        p->used = 0;
        p->chunks++;
        p->nodes += count;
    }
    return &p->newest->nodes[p->used++];
}

static void pool_free_all(struct ch_pool *p)
{
    struct ch_chunk *chunk = p->newest;
    while (chunk != NULL) {
        struct ch_chunk *older = chunk->older;
        free(chunk);
        chunk = older;
    }
    memset(p, 0, sizeof *p);
}

static struct dsa_ch_node *node_new(dsa_ch *t)
{
    if (t->source == DSA_CH_NODES_POOL)
        return pool_take(&t->pool);
    return malloc(sizeof(struct dsa_ch_node));
}

static void node_release(dsa_ch *t, struct dsa_ch_node *node)
{
    if (t->source == DSA_CH_NODES_POOL) {
        node->next = t->pool.free_list;
        t->pool.free_list = node;
        t->pool.free_count++;
    } else {
        free(node);
    }
}

/* ---- the table ------------------------------------------------------------ */

static inline size_t ch_home(const dsa_ch *t, int64_t key)
{
    return (size_t)(hash_key(&t->hash, key) & (uint64_t)(t->capacity - 1));
}

/* The link that points at key's node in bucket b: the bucket head or some
 * node's `next`.  *link is NULL when the key is absent. */
static inline struct dsa_ch_node **ch_find(const dsa_ch *t, size_t b,
                                           int64_t key, dsa_trace *tr)
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

static struct dsa_ch_node **buckets_new(size_t capacity)
{
    struct dsa_ch_node **buckets = lines_alloc(capacity, sizeof *buckets);
    if (buckets != NULL)
        for (size_t i = 0; i < capacity; i++)
            buckets[i] = NULL;
    return buckets;
}

/* Rehash every node into `capacity` new buckets.  Nodes stay where they are;
 * only the `next` pointers and the heads change. */
static int ch_rehash(dsa_ch *t, size_t capacity)
{
    struct dsa_ch_node **buckets = buckets_new(capacity);
    size_t total = 0, moved = 0, old_cap = t->capacity;
    if (buckets == NULL)
        return DSA_ENOMEM;
    DSA_TOUCH(t->trace, buckets, capacity * sizeof *buckets);
    DSA_TOUCH(t->trace, t->buckets, old_cap * sizeof *buckets);
    t->capacity = capacity;   /* ch_home() now uses the new mask */
    for (size_t b = 0; b < old_cap; b++) {
        struct dsa_ch_node *node = t->buckets[b];
        while (node != NULL) {
            struct dsa_ch_node *next = node->next;
            size_t nb = ch_home(t, node->key);
            DSA_TOUCH(t->trace, node, sizeof *node);
            node->next = buckets[nb];
            buckets[nb] = node;
            total++;
            moved += nb != b;
            node = next;
        }
    }
    free(t->buckets);
    t->buckets = buckets;
    t->limit = limit_of(t->max_load, capacity);
    t->scan = 0;
    t->mods++;
    note_resize(&t->resize, old_cap, capacity, total, moved, 0);
    return DSA_OK;
}

/* Double until `need` keys fit under the limit, then rehash once. */
static int ch_grow(dsa_ch *t, size_t need)
{
    size_t capacity = t->capacity;
    while (limit_of(t->max_load, capacity) < need) {
        if (capacity >= MAX_CAP)
            return DSA_ENOMEM;
        capacity *= 2;
    }
    return capacity == t->capacity ? DSA_OK : ch_rehash(t, capacity);
}

int dsa_ch_new(size_t capacity, double max_load, int hash_kind, uint64_t seed,
               int node_source, dsa_ch **out)
{
    if (out == NULL)
        return DSA_EVALUE;
    *out = NULL;
    if (!valid_max_load(max_load, 0) || !valid_kind(hash_kind)
        || (node_source != DSA_CH_NODES_MALLOC
            && node_source != DSA_CH_NODES_POOL))
        return DSA_EVALUE;
    size_t cap = round_capacity(capacity);
    if (cap == 0)
        return DSA_ENOMEM;
    dsa_ch *t = malloc(sizeof *t);
    if (t == NULL)
        return DSA_ENOMEM;
    memset(t, 0, sizeof *t);
    if ((t->buckets = buckets_new(cap)) == NULL) {
        free(t);
        return DSA_ENOMEM;
    }
    t->capacity = cap;
    t->max_load = max_load;
    t->limit = limit_of(max_load, cap);
    t->source = node_source;
    hasher_init(&t->hash, hash_kind, seed);
    *out = t;
    return DSA_OK;
}

static void ch_free_nodes(dsa_ch *t)
{
    if (t->source == DSA_CH_NODES_POOL) {
        pool_free_all(&t->pool);
        return;
    }
    for (size_t b = 0; b < t->capacity; b++) {
        struct dsa_ch_node *node = t->buckets[b];
        while (node != NULL) {
            struct dsa_ch_node *next = node->next;
            free(node);
            node = next;
        }
    }
}

void dsa_ch_free(dsa_ch *t)
{
    if (t == NULL)
        return;
    ch_free_nodes(t);
    free(t->buckets);
    dsa_trace_free(t->trace);
    free(t);
}

int dsa_ch_clone(const dsa_ch *t, dsa_ch **out)
{
    dsa_ch *copy;
    int status = dsa_ch_new(t->capacity, t->max_load, t->hash.kind, 0,
                            t->source, &copy);
    if (status != DSA_OK)
        return status;
    copy->hash = t->hash;
    for (size_t b = 0; b < t->capacity; b++) {
        struct dsa_ch_node **tail = &copy->buckets[b];
        for (const struct dsa_ch_node *node = t->buckets[b]; node != NULL;
             node = node->next) {
            struct dsa_ch_node *twin = node_new(copy);
            if (twin == NULL) {
                dsa_ch_free(copy);
                return DSA_ENOMEM;
            }
            twin->key = node->key;
            twin->value = node->value;
            twin->next = NULL;
            *tail = twin;
            tail = &twin->next;
            copy->len++;
        }
    }
    if (t->trace != NULL && (copy->trace = dsa_trace_new()) == NULL) {
        dsa_ch_free(copy);
        return DSA_ENOMEM;
    }
    copy->scan = t->scan;
    copy->resize = t->resize;
    *out = copy;
    return DSA_OK;
}

/* Put a key known to be absent at the head of its bucket, growing first if
 * it would not fit.  On failure the table is as it was. */
static int ch_insert_new(dsa_ch *t, int64_t key, int64_t value)
{
    struct dsa_ch_node *node = node_new(t);
    if (node == NULL)
        return DSA_ENOMEM;
    if (t->len >= t->limit) {
        int status = ch_grow(t, t->len + 1);
        if (status != DSA_OK) {
            node_release(t, node);
            return status;
        }
    }
    size_t b = ch_home(t, key);
    DSA_TOUCH(t->trace, node, sizeof *node);
    DSA_TOUCH(t->trace, &t->buckets[b], sizeof *t->buckets);
    node->key = key;
    node->value = value;
    node->next = t->buckets[b];
    t->buckets[b] = node;
    t->len++;
    t->mods++;
    if (b < t->scan)
        t->scan = b;
    return DSA_OK;
}

int dsa_ch_put(dsa_ch *t, int64_t key, int64_t value, int *added)
{
    trace_begin(&t->trace);
    struct dsa_ch_node *node = *ch_find(t, ch_home(t, key), key, t->trace);
    if (added != NULL)
        *added = node == NULL;
    if (node != NULL) {
        node->value = value;
        return DSA_OK;
    }
    return ch_insert_new(t, key, value);
}

int dsa_ch_get(dsa_ch *t, int64_t key, int64_t *value)
{
    trace_begin(&t->trace);
    struct dsa_ch_node *node = *ch_find(t, ch_home(t, key), key, t->trace);
    if (node == NULL)
        return DSA_EKEY;
    if (value != NULL)
        *value = node->value;
    return DSA_OK;
}

int dsa_ch_setdefault(dsa_ch *t, int64_t key, int64_t dflt, int64_t *value)
{
    trace_begin(&t->trace);
    struct dsa_ch_node *node = *ch_find(t, ch_home(t, key), key, t->trace);
    int status = DSA_OK;
    if (node != NULL)
        dflt = node->value;
    else
        status = ch_insert_new(t, key, dflt);
    if (status == DSA_OK && value != NULL)
        *value = dflt;
    return status;
}

int dsa_ch_delete(dsa_ch *t, int64_t key, int64_t *value)
{
    trace_begin(&t->trace);
    struct dsa_ch_node **link = ch_find(t, ch_home(t, key), key, t->trace);
    struct dsa_ch_node *node = *link;
    if (node == NULL)
        return DSA_EKEY;
    if (value != NULL)
        *value = node->value;
    *link = node->next;
    node_release(t, node);
    t->len--;
    t->mods++;
    return DSA_OK;
}

int dsa_ch_popitem(dsa_ch *t, int64_t *key, int64_t *value)
{
    trace_begin(&t->trace);
    if (t->len == 0)
        return DSA_EEMPTY;
    size_t b = t->scan;
    for (; b < t->capacity; b++) {
        DSA_TOUCH(t->trace, &t->buckets[b], sizeof *t->buckets);
        if (t->buckets[b] != NULL)
            break;
    }
    if (b == t->capacity)
        return DSA_EEMPTY;     /* cannot happen while `scan` is right */
    struct dsa_ch_node *node = t->buckets[b];
    DSA_TOUCH(t->trace, node, sizeof *node);
    if (key != NULL)
        *key = node->key;
    if (value != NULL)
        *value = node->value;
    t->buckets[b] = node->next;
    node_release(t, node);
    t->scan = b;
    t->len--;
    t->mods++;
    return DSA_OK;
}

/* Back to 8 empty buckets.  If even those cannot be had, the old array is
 * emptied instead: clearing never fails. */
void dsa_ch_clear(dsa_ch *t)
{
    trace_begin(&t->trace);
    DSA_TOUCH(t->trace, t->buckets, t->capacity * sizeof *t->buckets);
#if defined(DSA_TRACE) && DSA_TRACE
    for (size_t b = 0; b < t->capacity; b++)
        for (struct dsa_ch_node *n = t->buckets[b]; n != NULL; n = n->next)
            DSA_TOUCH(t->trace, n, sizeof *n);
#endif
    struct dsa_ch_node **small =
        t->capacity > MIN_CAP ? buckets_new(MIN_CAP) : NULL;
    ch_free_nodes(t);
    if (small != NULL) {
        DSA_TOUCH(t->trace, small, MIN_CAP * sizeof *small);
        free(t->buckets);
        t->buckets = small;
        t->capacity = MIN_CAP;
        t->limit = limit_of(t->max_load, MIN_CAP);
    } else {
        for (size_t b = 0; b < t->capacity; b++)
            t->buckets[b] = NULL;
    }
    t->len = 0;
    t->scan = 0;
    t->mods++;
}

int dsa_ch_resize(dsa_ch *t, size_t capacity)
{
    trace_begin(&t->trace);
    size_t cap = round_capacity(capacity);
    if (cap == 0)
        return DSA_ENOMEM;
    if (t->len > limit_of(t->max_load, cap))
        return DSA_EVALUE;
    return ch_rehash(t, cap);
}

int dsa_ch_set_max_load(dsa_ch *t, double max_load)
{
    trace_begin(&t->trace);
    if (!valid_max_load(max_load, 0))
        return DSA_EVALUE;
    double old = t->max_load;
    t->max_load = max_load;
    int status = ch_grow(t, t->len);
    if (status != DSA_OK) {
        t->max_load = old;
        return status;
    }
    t->limit = limit_of(max_load, t->capacity);
    return DSA_OK;
}

size_t dsa_ch_len(const dsa_ch *t) { return t->len; }
size_t dsa_ch_capacity(const dsa_ch *t) { return t->capacity; }
double dsa_ch_max_load(const dsa_ch *t) { return t->max_load; }
int dsa_ch_hash_kind(const dsa_ch *t) { return t->hash.kind; }
int dsa_ch_node_source(const dsa_ch *t) { return t->source; }
uint64_t dsa_ch_mods(const dsa_ch *t) { return t->mods; }

uint64_t dsa_ch_hash_of(const dsa_ch *t, int64_t key)
{
    return hash_key(&t->hash, key);
}

void dsa_ch_resizes(const dsa_ch *t, struct dsa_ht_resize *out)
{
    *out = t->resize;
}

int dsa_ch_slot_of(const dsa_ch *t, int64_t key, size_t *bucket,
                   size_t *depth)
{
    size_t b = ch_home(t, key), d = 0;
    const struct dsa_ch_node *node = t->buckets[b];
    for (; node != NULL && node->key != key; node = node->next)
        d++;
    if (node == NULL)
        return DSA_EKEY;
    if (bucket != NULL)
        *bucket = b;
    if (depth != NULL)
        *depth = d;
    return DSA_OK;
}

int dsa_ch_items(const dsa_ch *t, size_t *bucket, size_t *depth,
                 int64_t *keys, int64_t *values, size_t max, size_t *count)
{
    size_t b = *bucket, d = *depth, k = 0;
    while (k < max && b < t->capacity) {
        const struct dsa_ch_node *node = t->buckets[b];
        for (size_t i = 0; i < d && node != NULL; i++)
            node = node->next;
        for (; node != NULL && k < max; node = node->next, d++, k++) {
            keys[k] = node->key;
            values[k] = node->value;
        }
        if (node == NULL) {
            b++;
            d = 0;
        }
    }
    *bucket = b;
    *depth = d;
    *count = k;
    return DSA_OK;
}

int dsa_ch_nodes(const dsa_ch *t, struct dsa_ch_entry *out, size_t n)
{
    size_t k = 0;
    if (n != t->len)
        return DSA_EVALUE;
    for (size_t b = 0; b < t->capacity; b++) {
        size_t d = 0;
        for (const struct dsa_ch_node *node = t->buckets[b];
             node != NULL && k < n; node = node->next, d++, k++) {
            out[k].bucket = b;
            out[k].depth = d;
            out[k].key = node->key;
            out[k].value = node->value;
            out[k].address = (uintptr_t)node;
        }
    }
    return k == n ? DSA_OK : DSA_EVALUE;
}

int dsa_ch_stats(const dsa_ch *t, struct dsa_ht_stats *out, uint64_t *hist,
                 size_t hist_len)
{
    double successful = 0;
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < hist_len; i++)
        hist[i] = 0;
    for (size_t b = 0; b < t->capacity; b++) {
        size_t length = 0;
        for (const struct dsa_ch_node *n = t->buckets[b]; n != NULL;
             n = n->next)
            length++;
        /* Finding the keys of a chain of length L takes 1 + 2 + ... + L. */
        successful += (double)length * (double)(length + 1) / 2;
        out->empty += length == 0;
        if (length > out->longest)
            out->longest = length;
        if (length < hist_len)
            hist[length]++;
    }
    out->len = t->len;
    out->capacity = t->capacity;
    out->avg_successful = t->len ? successful / (double)t->len : 0.0;
    /* A miss compares every key of its chain: len / capacity on average. */
    out->avg_unsuccessful = (double)t->len / (double)t->capacity;
    return DSA_OK;
}

/* Is `node` one of the first `limit` nodes of `chunk`? */
static int in_chunk(const struct ch_chunk *chunk, const struct dsa_ch_node *node,
                    size_t limit)
{
    uintptr_t first = (uintptr_t)chunk->nodes, at = (uintptr_t)node;
    return at >= first && (at - first) % sizeof *node == 0
        && (at - first) / sizeof *node < limit;
}

static int in_pool(const struct ch_pool *p, const struct dsa_ch_node *node)
{
    for (const struct ch_chunk *c = p->newest; c != NULL; c = c->older)
        if (in_chunk(c, node, c == p->newest ? p->used : c->count))
            return 1;
    return 0;
}

static int ch_check_pool(const dsa_ch *t)
{
    const struct ch_pool *p = &t->pool;
    size_t chunks = 0, nodes = 0, free_count = 0;
    if (t->source != DSA_CH_NODES_POOL)
        return p->newest == NULL && p->free_list == NULL && p->nodes == 0;
    for (const struct ch_chunk *c = p->newest; c != NULL; c = c->older) {
        chunks++;
        nodes += c->count;
    }
    if (chunks != p->chunks || nodes != p->nodes
        || (p->newest != NULL && p->used > p->newest->count))
        return 0;
    for (const struct dsa_ch_node *n = p->free_list; n != NULL; n = n->next)
        if (++free_count > p->free_count || !in_pool(p, n))
            return 0;
    size_t unused = p->newest != NULL ? p->newest->count - p->used : 0;
    return free_count == p->free_count
        && t->len + free_count + unused == p->nodes;
}

int dsa_ch_check(const dsa_ch *t, size_t *where)
{
    size_t seen = 0, at = 0;
    int problem = DSA_HT_CHECK_OK;
    if (t->capacity < MIN_CAP || (t->capacity & (t->capacity - 1)) != 0) {
        problem = DSA_HT_CHECK_CAPACITY;
        goto done;
    }
    for (size_t b = 0; b < t->capacity && !problem; b++) {
        at = b;
        for (const struct dsa_ch_node *n = t->buckets[b]; n != NULL;
             n = n->next) {
            if (++seen > t->len) {          /* too many, or a loop */
                problem = DSA_HT_CHECK_COUNT;
                break;
            }
            if (t->source == DSA_CH_NODES_POOL && !in_pool(&t->pool, n)) {
                problem = DSA_HT_CHECK_NODES;
                break;
            }
            if (ch_home(t, n->key) != b) {
                problem = DSA_HT_CHECK_MISPLACED;
                break;
            }
            if (*ch_find(t, b, n->key, NULL) != n) {
                problem = DSA_HT_CHECK_DUPLICATE;
                break;
            }
            if (b < t->scan) {
                problem = DSA_HT_CHECK_NODES;   /* popitem would miss it */
                break;
            }
        }
    }
    if (problem)
        goto done;
    at = 0;
    if (seen != t->len)
        problem = DSA_HT_CHECK_COUNT;
    else if (t->len > t->limit
             || t->limit != limit_of(t->max_load, t->capacity))
        problem = DSA_HT_CHECK_LOAD;
    else if (!ch_check_pool(t))
        problem = DSA_HT_CHECK_NODES;
done:
    if (where != NULL)
        *where = at;
    return problem;
}

void dsa_ch_layout(const dsa_ch *t, struct dsa_ht_layout *out)
{
    memset(out, 0, sizeof *out);
    out->slots = (uintptr_t)t->buckets;
    out->slot_size = sizeof *t->buckets;
    out->node_size = sizeof(struct dsa_ch_node);
}

void dsa_ch_pool_info(const dsa_ch *t, size_t *chunks, size_t *nodes,
                      size_t *free_nodes)
{
    if (chunks != NULL)
        *chunks = t->pool.chunks;
    if (nodes != NULL)
        *nodes = t->pool.nodes;
    if (free_nodes != NULL)
        *free_nodes = t->pool.free_count;
}

int dsa_ch_set_tracing(dsa_ch *t, int on)
{
    return dsa_trace_switch(&t->trace, on);
}

size_t dsa_ch_last_lines(const dsa_ch *t)
{
    return dsa_trace_lines(t->trace);
}

int dsa_ch_trace_overflowed(const dsa_ch *t)
{
    return dsa_trace_overflowed(t->trace);
}

/* ======================================================================== */
/* Open addressing                                                           */
/* ======================================================================== */

struct dsa_oa_slot {
    int64_t key;
    int64_t value;
};

struct dsa_oa {
    struct dsa_oa_slot *slots;     /* capacity slots, starting on a line */
    uint8_t *states;               /* capacity states, starting on a line */
    size_t capacity;
    size_t len;                    /* full slots */
    size_t tombstones;
    size_t limit;                  /* len + tombstones may not pass this */
    size_t scan;                   /* no full slot below this index */
    struct hasher hash;
    double max_load;
    uint64_t mods;
    struct dsa_ht_resize resize;
    dsa_trace *trace;
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

static inline size_t oa_home(const dsa_oa *t, uint64_t hash)
{
    return (size_t)(hash & (uint64_t)(t->capacity - 1));
}

/* The slot holding key (whose hash is `hash`), or NOT_FOUND.  If free_slot
 * is not NULL it gets where an absent key should go: the first tombstone on
 * its path, else the empty slot that ended the search.
 *
 * A key is compared only where the state byte holds its tag; other full
 * slots are passed over on the state byte alone (127 times in 128 when
 * their tag differs), without reading -- or fetching the line of -- their
 * key.  The slot's address comes straight from the hash, so the CPU fetches
 * the state line and the slot line together. */
static inline size_t oa_find(const dsa_oa *t, int64_t key, uint64_t hash,
                             size_t *free_slot, dsa_trace *tr)
{
    const uint8_t *states = t->states;
    const struct dsa_oa_slot *slots = t->slots;
    size_t mask = t->capacity - 1, tomb = NOT_FOUND;
    uint8_t tag = tag_of(hash);
    (void)tr;
    for (size_t i = (size_t)(hash & mask);; i = (i + 1) & mask) {
        DSA_TOUCH(tr, &states[i], 1);
        uint8_t state = states[i];
        if (state == tag) {
            DSA_TOUCH(tr, &slots[i], sizeof slots[i]);
            if (slots[i].key == key)
                return i;
        } else if (state == STATE_EMPTY) {
            if (free_slot != NULL)
                *free_slot = tomb != NOT_FOUND ? tomb : i;
            return NOT_FOUND;
        } else if (state == STATE_TOMBSTONE && tomb == NOT_FOUND) {
            tomb = i;
        }
    }
}

/* The first empty slot from the home on, in a table without tombstones. */
static size_t oa_first_empty(const dsa_oa *t, uint64_t hash)
{
    size_t mask = t->capacity - 1, i = oa_home(t, hash);
    for (;; i = (i + 1) & mask) {
        DSA_TOUCH(t->trace, &t->states[i], 1);
        if (t->states[i] == STATE_EMPTY)
            return i;
    }
}

/* The capacity of a rebuild that must make room for `extra` more keys,
 * chosen from the LIVE keys (as dsa.hashtable does): the current capacity,
 * doubled until len + extra keys fit under the limit and so do twice the
 * live keys, so that the next rebuild is at least as many insertions away
 * as this one cost.  Without tombstones that is exactly one doubling; a
 * table full of tombstones is rebuilt at the same size.  0 if too large. */
static size_t oa_capacity_for(const dsa_oa *t, double max_load, size_t extra)
{
    size_t capacity = t->capacity;
    while (oa_limit_of(max_load, capacity) < t->len + extra
           || oa_limit_of(max_load, capacity) < 2 * t->len) {
        if (capacity >= MAX_CAP)
            return 0;
        capacity *= 2;
    }
    return capacity;
}

/* Move every live key into fresh arrays of `capacity` slots; the
 * tombstones stay behind. */
static int oa_rebuild(dsa_oa *t, size_t capacity)
{
    struct dsa_oa_slot *slots = lines_alloc(capacity, sizeof *slots);
    uint8_t *states = lines_alloc(capacity, 1);
    if (slots == NULL || states == NULL) {
        free(slots);
        free(states);
        return DSA_ENOMEM;
    }
    memset(states, STATE_EMPTY, capacity);
    DSA_TOUCH(t->trace, states, capacity);
    DSA_TOUCH(t->trace, t->states, t->capacity);

    struct dsa_oa_slot *old_slots = t->slots;
    uint8_t *old_states = t->states;
    size_t old_cap = t->capacity, total = 0, moved = 0;
    t->slots = slots;
    t->states = states;
    t->capacity = capacity;          /* oa_home() now uses the new mask */
    for (size_t i = 0; i < old_cap; i++) {
        if (!is_full(old_states[i]))
            continue;
        DSA_TOUCH(t->trace, &old_slots[i], sizeof *old_slots);
        uint64_t hash = hash_key(&t->hash, old_slots[i].key);
        size_t j = oa_first_empty(t, hash);
        DSA_TOUCH(t->trace, &slots[j], sizeof *slots);
        slots[j] = old_slots[i];
        states[j] = tag_of(hash);
        total++;
        moved += j != i;
    }
    free(old_slots);
    free(old_states);
    note_resize(&t->resize, old_cap, capacity, total, moved, t->tombstones);
    t->tombstones = 0;
    t->limit = oa_limit_of(t->max_load, capacity);
    t->scan = 0;
    t->mods++;
    return DSA_OK;
}

int dsa_oa_new(size_t capacity, double max_load, int hash_kind, uint64_t seed,
               dsa_oa **out)
{
    if (out == NULL)
        return DSA_EVALUE;
    *out = NULL;
    if (!valid_max_load(max_load, 1) || !valid_kind(hash_kind))
        return DSA_EVALUE;
    size_t cap = round_capacity(capacity);
    if (cap == 0)
        return DSA_ENOMEM;
    dsa_oa *t = malloc(sizeof *t);
    if (t == NULL)
        return DSA_ENOMEM;
    memset(t, 0, sizeof *t);
    t->slots = lines_alloc(cap, sizeof *t->slots);
    t->states = lines_alloc(cap, 1);
    if (t->slots == NULL || t->states == NULL) {
        dsa_oa_free(t);
        return DSA_ENOMEM;
    }
    memset(t->states, STATE_EMPTY, cap);
    t->capacity = cap;
    t->max_load = max_load;
    t->limit = oa_limit_of(max_load, cap);
    hasher_init(&t->hash, hash_kind, seed);
    *out = t;
    return DSA_OK;
}

void dsa_oa_free(dsa_oa *t)
{
    if (t == NULL)
        return;
    free(t->slots);
    free(t->states);
    dsa_trace_free(t->trace);
    free(t);
}

int dsa_oa_clone(const dsa_oa *t, dsa_oa **out)
{
    dsa_oa *copy;
    int status = dsa_oa_new(t->capacity, t->max_load, t->hash.kind, 0, &copy);
    if (status != DSA_OK)
        return status;
    if (t->trace != NULL && (copy->trace = dsa_trace_new()) == NULL) {
        dsa_oa_free(copy);
        return DSA_ENOMEM;
    }
    memcpy(copy->slots, t->slots, t->capacity * sizeof *t->slots);
    memcpy(copy->states, t->states, t->capacity);
    copy->hash = t->hash;
    copy->len = t->len;
    copy->tombstones = t->tombstones;
    copy->scan = t->scan;
    copy->resize = t->resize;
    *out = copy;
    return DSA_OK;
}

/* Put a key known to be absent into `slot` (the free slot oa_find gave),
 * rebuilding first if it would take an empty slot past the limit. */
static int oa_insert_new(dsa_oa *t, size_t slot, int64_t key, uint64_t hash,
                         int64_t value)
{
    if (t->states[slot] == STATE_TOMBSTONE) {
        t->tombstones--;               /* reused: the load stays the same */
    } else if (t->len + t->tombstones >= t->limit) {
        size_t capacity = oa_capacity_for(t, t->max_load, 1);
        int status = capacity ? oa_rebuild(t, capacity) : DSA_ENOMEM;
        if (status != DSA_OK)
            return status;
        slot = oa_first_empty(t, hash);
    }
    DSA_TOUCH(t->trace, &t->states[slot], 1);
    DSA_TOUCH(t->trace, &t->slots[slot], sizeof *t->slots);
    t->slots[slot].key = key;
    t->slots[slot].value = value;
    t->states[slot] = tag_of(hash);
    t->len++;
    t->mods++;
    if (slot < t->scan)
        t->scan = slot;
    return DSA_OK;
}

int dsa_oa_put(dsa_oa *t, int64_t key, int64_t value, int *added)
{
    size_t slot = NOT_FOUND;   /* oa_find sets it whenever the key is absent */
    uint64_t hash = hash_key(&t->hash, key);
    trace_begin(&t->trace);
    size_t i = oa_find(t, key, hash, &slot, t->trace);
    if (added != NULL)
        *added = i == NOT_FOUND;
    if (i != NOT_FOUND) {
        t->slots[i].value = value;
        return DSA_OK;
    }
    return oa_insert_new(t, slot, key, hash, value);
}

int dsa_oa_get(dsa_oa *t, int64_t key, int64_t *value)
{
    trace_begin(&t->trace);
    size_t i = oa_find(t, key, hash_key(&t->hash, key), NULL, t->trace);
    if (i == NOT_FOUND)
        return DSA_EKEY;
    if (value != NULL)
        *value = t->slots[i].value;
    return DSA_OK;
}

int dsa_oa_setdefault(dsa_oa *t, int64_t key, int64_t dflt, int64_t *value)
{
    size_t slot = NOT_FOUND;
    int status = DSA_OK;
    uint64_t hash = hash_key(&t->hash, key);
    trace_begin(&t->trace);
    size_t i = oa_find(t, key, hash, &slot, t->trace);
    if (i != NOT_FOUND)
        dflt = t->slots[i].value;
    else
        status = oa_insert_new(t, slot, key, hash, dflt);
    if (status == DSA_OK && value != NULL)
        *value = dflt;
    return status;
}

int dsa_oa_delete(dsa_oa *t, int64_t key, int64_t *value)
{
    trace_begin(&t->trace);
    size_t i = oa_find(t, key, hash_key(&t->hash, key), NULL, t->trace);
    if (i == NOT_FOUND)
        return DSA_EKEY;
    if (value != NULL)
        *value = t->slots[i].value;
    t->states[i] = STATE_TOMBSTONE;
    t->len--;
    t->tombstones++;
    t->mods++;
    return DSA_OK;
}

int dsa_oa_popitem(dsa_oa *t, int64_t *key, int64_t *value)
{
    trace_begin(&t->trace);
    if (t->len == 0)
        return DSA_EEMPTY;
    size_t i = t->scan;
    for (; i < t->capacity; i++) {
        DSA_TOUCH(t->trace, &t->states[i], 1);
        if (is_full(t->states[i]))
            break;
    }
    if (i == t->capacity)
        return DSA_EEMPTY;     /* cannot happen while `scan` is right */
    DSA_TOUCH(t->trace, &t->slots[i], sizeof *t->slots);
    if (key != NULL)
        *key = t->slots[i].key;
    if (value != NULL)
        *value = t->slots[i].value;
    t->states[i] = STATE_TOMBSTONE;
    t->scan = i + 1;
    t->len--;
    t->tombstones++;
    t->mods++;
    return DSA_OK;
}

/* Back to 8 empty slots.  If even those cannot be had, the old arrays are
 * emptied instead: clearing never fails. */
void dsa_oa_clear(dsa_oa *t)
{
    trace_begin(&t->trace);
    DSA_TOUCH(t->trace, t->states, t->capacity);
    struct dsa_oa_slot *slots = NULL;
    uint8_t *states = NULL;
    if (t->capacity > MIN_CAP) {
        slots = lines_alloc(MIN_CAP, sizeof *slots);
        states = lines_alloc(MIN_CAP, 1);
    }
    if (slots != NULL && states != NULL) {
        free(t->slots);
        free(t->states);
        t->slots = slots;
        t->states = states;
        t->capacity = MIN_CAP;
        t->limit = oa_limit_of(t->max_load, MIN_CAP);
    } else {
        free(slots);
        free(states);
    }
    DSA_TOUCH(t->trace, t->states, t->capacity);
    memset(t->states, STATE_EMPTY, t->capacity);
    t->len = 0;
    t->tombstones = 0;
    t->scan = 0;
    t->mods++;
}

int dsa_oa_resize(dsa_oa *t, size_t capacity)
{
    trace_begin(&t->trace);
    size_t cap = round_capacity(capacity);
    if (cap == 0)
        return DSA_ENOMEM;
    if (t->len > oa_limit_of(t->max_load, cap))
        return DSA_EVALUE;
    return oa_rebuild(t, cap);
}

int dsa_oa_set_max_load(dsa_oa *t, double max_load)
{
    trace_begin(&t->trace);
    if (!valid_max_load(max_load, 1))
        return DSA_EVALUE;
    double old = t->max_load;
    t->max_load = max_load;
    if (t->len + t->tombstones > oa_limit_of(max_load, t->capacity)) {
        size_t capacity = oa_capacity_for(t, max_load, 0);
        int status = capacity ? oa_rebuild(t, capacity) : DSA_ENOMEM;
        if (status != DSA_OK) {
            t->max_load = old;
            return status;
        }
    }
    t->limit = oa_limit_of(max_load, t->capacity);
    return DSA_OK;
}

size_t dsa_oa_len(const dsa_oa *t) { return t->len; }
size_t dsa_oa_capacity(const dsa_oa *t) { return t->capacity; }
size_t dsa_oa_tombstones(const dsa_oa *t) { return t->tombstones; }
double dsa_oa_max_load(const dsa_oa *t) { return t->max_load; }
int dsa_oa_hash_kind(const dsa_oa *t) { return t->hash.kind; }
uint64_t dsa_oa_mods(const dsa_oa *t) { return t->mods; }

uint64_t dsa_oa_hash_of(const dsa_oa *t, int64_t key)
{
    return hash_key(&t->hash, key);
}

void dsa_oa_resizes(const dsa_oa *t, struct dsa_ht_resize *out)
{
    *out = t->resize;
}

int dsa_oa_slot_of(const dsa_oa *t, int64_t key, size_t *slot)
{
    size_t i = oa_find(t, key, hash_key(&t->hash, key), NULL, NULL);
    if (i == NOT_FOUND)
        return DSA_EKEY;
    if (slot != NULL)
        *slot = i;
    return DSA_OK;
}

int dsa_oa_items(const dsa_oa *t, size_t *cursor, int64_t *keys,
                 int64_t *values, size_t max, size_t *count)
{
    size_t i = *cursor, k = 0;
    for (; i < t->capacity && k < max; i++) {
        if (is_full(t->states[i])) {
            keys[k] = t->slots[i].key;
            values[k] = t->slots[i].value;
            k++;
        }
    }
    *cursor = i;
    *count = k;
    return DSA_OK;
}

int dsa_oa_slots(const dsa_oa *t, uint8_t *states, int64_t *keys,
                 int64_t *values, size_t n)
{
    if (n != t->capacity)
        return DSA_EVALUE;
    for (size_t i = 0; i < n; i++) {
        uint8_t state = t->states[i];
        int used = state != STATE_EMPTY;     /* written at some time */
        states[i] = is_full(state) ? DSA_OA_FULL
                  : used ? DSA_OA_TOMBSTONE : DSA_OA_EMPTY;
        keys[i] = used ? t->slots[i].key : 0;
        values[i] = used ? t->slots[i].value : 0;
    }
    return DSA_OK;
}

int dsa_oa_stats(const dsa_oa *t, struct dsa_ht_stats *out, uint64_t *hist,
                 size_t hist_len)
{
    size_t mask = t->capacity - 1, empty_at = 0;
    double successful = 0, unsuccessful = 0;
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < hist_len; i++)
        hist[i] = 0;
    for (size_t i = 0; i < t->capacity; i++) {
        if (t->states[i] == STATE_EMPTY) {
            out->empty++;
            empty_at = i;
        } else if (t->states[i] == STATE_TOMBSTONE) {
            out->tombstones++;
        } else {
            uint64_t hash = hash_key(&t->hash, t->slots[i].key);
            size_t probes = ((i - oa_home(t, hash)) & mask) + 1;
            successful += (double)probes;
            if (probes > out->longest)
                out->longest = probes;
            if (probes < hist_len)
                hist[probes]++;
        }
    }
    /* A miss starting at home h examines the run of non-empty slots from h
     * and the empty slot after it.  Walk backwards from an empty slot,
     * keeping the length of the run ahead. */
    size_t run = 0;
    for (size_t k = 0; k < t->capacity; k++) {
        size_t i = (empty_at - k) & mask;
        run = t->states[i] == STATE_EMPTY ? 0 : run + 1;
        unsuccessful += (double)(run + 1);
    }
    out->len = t->len;
    out->capacity = t->capacity;
    out->avg_successful = t->len ? successful / (double)t->len : 0.0;
    out->avg_unsuccessful = unsuccessful / (double)t->capacity;
    return DSA_OK;
}

int dsa_oa_check(const dsa_oa *t, size_t *where)
{
    size_t mask = t->capacity - 1, full = 0, tombs = 0, empty = 0, at = 0;
    int problem = DSA_HT_CHECK_OK;
    if (t->capacity < MIN_CAP || (t->capacity & mask) != 0) {
        problem = DSA_HT_CHECK_CAPACITY;
        goto done;
    }
    for (size_t i = 0; i < t->capacity; i++) {
        uint8_t state = t->states[i];
        full += is_full(state) != 0;
        tombs += state == STATE_TOMBSTONE;
        empty += state == STATE_EMPTY;
        if (is_full(state) && i < t->scan) {
            at = i;
            problem = DSA_HT_CHECK_NODES;    /* popitem would miss it */
            goto done;
        }
    }
    if (full != t->len || empty + full + tombs != t->capacity) {
        problem = DSA_HT_CHECK_COUNT;
        goto done;
    }
    if (tombs != t->tombstones) {
        problem = DSA_HT_CHECK_TOMBSTONES;
        goto done;
    }
    if (empty == 0 || t->len + t->tombstones > t->limit
        || t->limit != oa_limit_of(t->max_load, t->capacity)) {
        problem = DSA_HT_CHECK_LOAD;
        goto done;
    }
    /* Every key must be reachable from its home: its own tag in its state
     * byte, no empty slot on the way, no other copy of it on the way. */
    for (size_t i = 0; i < t->capacity && !problem; i++) {
        if (!is_full(t->states[i]))
            continue;
        int64_t key = t->slots[i].key;
        uint64_t hash = hash_key(&t->hash, key);
        at = i;
        if (t->states[i] != tag_of(hash)) {
            problem = DSA_HT_CHECK_MISPLACED;
            break;
        }
        for (size_t j = oa_home(t, hash); j != i; j = (j + 1) & mask) {
            if (t->states[j] == STATE_EMPTY) {
                problem = DSA_HT_CHECK_MISPLACED;
                break;
            }
            if (is_full(t->states[j]) && t->slots[j].key == key) {
                problem = DSA_HT_CHECK_DUPLICATE;
                break;
            }
        }
    }
done:
    if (where != NULL)
        *where = problem ? at : 0;
    return problem;
}

void dsa_oa_layout(const dsa_oa *t, struct dsa_ht_layout *out)
{
    memset(out, 0, sizeof *out);
    out->slots = (uintptr_t)t->slots;
    out->states = (uintptr_t)t->states;
    out->slot_size = sizeof *t->slots;
    out->state_size = 1;
}

int dsa_oa_set_tracing(dsa_oa *t, int on)
{
    return dsa_trace_switch(&t->trace, on);
}

size_t dsa_oa_last_lines(const dsa_oa *t)
{
    return dsa_trace_lines(t->trace);
}

int dsa_oa_trace_overflowed(const dsa_oa *t)
{
    return dsa_trace_overflowed(t->trace);
}

/* ======================================================================== */
/* Kernels timed inside C                                                    */
/* ======================================================================== */

/* One of the two tables, so that each kernel is written once.  Outside the
 * timed lookup loops (below) the kind test costs a predicted branch. */
struct any_table {
    int kind;
    dsa_ch *ch;
    dsa_oa *oa;
};

static int any_new(struct any_table *t, int kind, size_t capacity,
                   double max_load, int hash_kind, int source, uint64_t seed)
{
    t->kind = kind;
    t->ch = NULL;
    t->oa = NULL;
    if (kind == DSA_HT_OPEN)
        return dsa_oa_new(capacity, max_load, hash_kind, seed, &t->oa);
    if (kind == DSA_HT_CHAINED)
        return dsa_ch_new(capacity, max_load, hash_kind, seed, source, &t->ch);
    return DSA_EVALUE;
}

static void any_free(struct any_table *t)
{
    dsa_ch_free(t->ch);
    dsa_oa_free(t->oa);
}

static int any_put(struct any_table *t, int64_t key, int64_t value)
{
    if (t->kind == DSA_HT_OPEN)
        return dsa_oa_put(t->oa, key, value, NULL);
    return dsa_ch_put(t->ch, key, value, NULL);
}

static int any_delete(struct any_table *t, int64_t key)
{
    if (t->kind == DSA_HT_OPEN)
        return dsa_oa_delete(t->oa, key, NULL);
    return dsa_ch_delete(t->ch, key, NULL);
}

/* The traced lookup (dsa_*_get) and the lines it touched. */
static size_t any_traced_get(struct any_table *t, int64_t key)
{
    if (t->kind == DSA_HT_OPEN) {
        dsa_oa_get(t->oa, key, NULL);
        return dsa_oa_last_lines(t->oa);
    }
    dsa_ch_get(t->ch, key, NULL);
    return dsa_ch_last_lines(t->ch);
}

static int any_set_tracing(struct any_table *t, int on)
{
    if (t->kind == DSA_HT_OPEN)
        return dsa_oa_set_tracing(t->oa, on);
    return dsa_ch_set_tracing(t->ch, on);
}

static int any_trace_overflowed(const struct any_table *t)
{
    if (t->kind == DSA_HT_OPEN)
        return dsa_oa_trace_overflowed(t->oa);
    return dsa_ch_trace_overflowed(t->ch);
}

static size_t any_len(const struct any_table *t)
{
    return t->kind == DSA_HT_OPEN ? t->oa->len : t->ch->len;
}

static size_t any_capacity(const struct any_table *t)
{
    return t->kind == DSA_HT_OPEN ? t->oa->capacity : t->ch->capacity;
}

static uint64_t any_resizes(const struct any_table *t)
{
    return t->kind == DSA_HT_OPEN ? t->oa->resize.count : t->ch->resize.count;
}

static void any_stats(const struct any_table *t, struct dsa_ht_stats *s)
{
    if (t->kind == DSA_HT_OPEN)
        dsa_oa_stats(t->oa, s, NULL, 0);
    else
        dsa_ch_stats(t->ch, s, NULL, 0);
}

static double default_max_load(int kind)
{
    return kind == DSA_HT_OPEN ? 2.0 / 3.0 : 0.75;
}

/* The value stored with a key: something the lookup can check cheaply. */
static inline int64_t value_for(int64_t key)
{
    return ~key;
}

/* n distinct random keys: consecutive splitmix64 outputs are distinct. */
static void random_keys(int64_t *keys, size_t n, uint64_t *state)
{
    for (size_t i = 0; i < n; i++)
        keys[i] = dsa_as_int64(dsa_splitmix64(state));
}

static void shuffle(int64_t *a, size_t n, uint64_t *state)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)(dsa_splitmix64(state) % i);
        int64_t tmp = a[i - 1];
        a[i - 1] = a[j];
        a[j] = tmp;
    }
}

/* Sum of value_for(key) over keys, with unsigned (wrapping) arithmetic. */
static uint64_t value_sum(const int64_t *keys, size_t n)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += (uint64_t)value_for(keys[i]);
    return sum;
}

/* Time n lookups of keys[0 .. n); *hits and *sum count what was found. */
/* The timed lookup loops.  Each is written once and stamped out per hash
 * kind: with the kind a constant, the compiler folds hash_key()'s switch
 * away, so the loop is exactly oa_find() / ch_find() and the arithmetic of
 * the hash, nothing else (heap.c does the same with the arity). */
#if defined(__GNUC__) || defined(__clang__)
#define STAMPED static inline __attribute__((always_inline))
#else
#define STAMPED static inline
#endif

struct lookup_tally {
    size_t hits;
    uint64_t sum;          /* of the values found, wrapping */
};

STAMPED struct lookup_tally oa_lookups(const dsa_oa *t, const int64_t *keys,
                                       size_t n, int kind)
{
    struct hasher h = t->hash;
    struct lookup_tally tally = {0, 0};
    h.kind = kind;
    for (size_t i = 0; i < n; i++) {
        size_t j = oa_find(t, keys[i], hash_key(&h, keys[i]), NULL, NULL);
        if (j != NOT_FOUND) {
            tally.hits++;
            tally.sum += (uint64_t)t->slots[j].value;
        }
    }
    return tally;
}

STAMPED struct lookup_tally ch_lookups(const dsa_ch *t, const int64_t *keys,
                                       size_t n, int kind)
{
    struct hasher h = t->hash;
    struct lookup_tally tally = {0, 0};
    size_t mask = t->capacity - 1;
    h.kind = kind;
    for (size_t i = 0; i < n; i++) {
        size_t b = (size_t)(hash_key(&h, keys[i]) & (uint64_t)mask);
        const struct dsa_ch_node *node = *ch_find(t, b, keys[i], NULL);
        if (node != NULL) {
            tally.hits++;
            tally.sum += (uint64_t)node->value;
        }
    }
    return tally;
}

static struct lookup_tally any_lookups(const struct any_table *t,
                                       const int64_t *keys, size_t n)
{
    if (t->kind == DSA_HT_OPEN) {
        switch (t->oa->hash.kind) {
        case DSA_HT_HASH_KEYED:
            return oa_lookups(t->oa, keys, n, DSA_HT_HASH_KEYED);
        case DSA_HT_HASH_IDENTITY:
            return oa_lookups(t->oa, keys, n, DSA_HT_HASH_IDENTITY);
        default:
            return oa_lookups(t->oa, keys, n, DSA_HT_HASH_CONSTANT);
        }
    }
    switch (t->ch->hash.kind) {
    case DSA_HT_HASH_KEYED:
        return ch_lookups(t->ch, keys, n, DSA_HT_HASH_KEYED);
    case DSA_HT_HASH_IDENTITY:
        return ch_lookups(t->ch, keys, n, DSA_HT_HASH_IDENTITY);
    default:
        return ch_lookups(t->ch, keys, n, DSA_HT_HASH_CONSTANT);
    }
}

/* Time n lookups of keys[0 .. n); *hits and *sum count what was found. */
static int64_t timed_lookups(const struct any_table *t, const int64_t *keys,
                             size_t n, size_t *hits, uint64_t *sum)
{
    int64_t start = dsa_now_ns();
    struct lookup_tally tally = any_lookups(t, keys, n);
    int64_t ns = dsa_now_ns() - start;
    *hits = tally.hits;
    *sum = tally.sum;
    return ns;
}

/* The keyed hash's secret comes from its own stream of the seed. */
static uint64_t hash_seed_of(uint64_t seed)
{
    uint64_t s = seed ^ UINT64_C(0x6A09E667F3BCC909);
    return dsa_splitmix64(&s);
}

int dsa_ht_kernel_ops(int table, size_t n, int hash_kind, int node_source,
                      uint64_t seed, struct dsa_ht_ops_result *out)
{
    struct any_table t = {0, NULL, NULL};
    int64_t *keys = NULL, *order = NULL;
    size_t twice, hits, deleted = 0;
    uint64_t sum, state = seed;
    int64_t start;
    int status, ok = 1;

    if (out == NULL)
        return DSA_EVALUE;
    memset(out, 0, sizeof *out);
    if (!dsa_mul_size(n, 2, &twice))
        return DSA_ENOMEM;
    status = any_new(&t, table, MIN_CAP, default_max_load(table), hash_kind,
                     node_source, hash_seed_of(seed));
    if (status != DSA_OK)
        return status;
    keys = dsa_int64s_new(twice);   /* n present keys, then n absent ones */
    order = dsa_int64s_new(n);
    if (keys == NULL || order == NULL) {
        status = DSA_ENOMEM;
        goto done;
    }
    random_keys(keys, twice, &state);
    memcpy(order, keys, n * sizeof *keys);
    shuffle(order, n, &state);

    start = dsa_now_ns();
    for (size_t i = 0; i < n; i++)
        if ((status = any_put(&t, keys[i], value_for(keys[i]))) != DSA_OK)
            goto done;
    out->insert_ns = dsa_now_ns() - start;
    out->resizes = any_resizes(&t);
    out->capacity = any_capacity(&t);
    ok &= any_len(&t) == n;

    out->hit_ns = timed_lookups(&t, order, n, &hits, &sum);
    ok &= hits == n && sum == value_sum(keys, n);
    out->miss_ns = timed_lookups(&t, keys + n, n, &hits, &sum);
    ok &= hits == 0;

    shuffle(order, n, &state);
    start = dsa_now_ns();
    for (size_t i = 0; i < n; i++)
        deleted += any_delete(&t, order[i]) == DSA_OK;
    out->delete_ns = dsa_now_ns() - start;
    ok &= deleted == n && any_len(&t) == 0;
    out->ok = ok;
    status = DSA_OK;
done:
    free(keys);
    free(order);
    any_free(&t);
    return status;
}

int dsa_ht_kernel_load(int table, size_t capacity, double load,
                       size_t lookups, int hash_kind, int node_source,
                       uint64_t seed, struct dsa_ht_load_result *out)
{
    struct any_table t = {0, NULL, NULL};
    int64_t *keys = NULL, *hit = NULL, *miss = NULL;
    size_t cap = round_capacity(capacity), n, hits;
    uint64_t sum, state = seed;
    double max_load;
    struct dsa_ht_stats stats;
    int status, ok;

    if (out == NULL)
        return DSA_EVALUE;
    memset(out, 0, sizeof *out);
    if (!valid_max_load(load, table == DSA_HT_OPEN))
        return DSA_EVALUE;
    if (cap == 0)
        return DSA_ENOMEM;                  /* past MAX_CAP */
    if (cap != capacity)
        return DSA_EVALUE;                  /* a power of two >= 8, please */
    if (!(load * (double)cap < (double)MAX_CAP))
        return DSA_ENOMEM;
    n = (size_t)(load * (double)cap);
    if (n == 0 && lookups > 0)
        return DSA_EVALUE;                  /* nothing to find */
    /* A maximum load just above the target: limit == n, no resize. */
    max_load = ((double)n + 0.5) / (double)cap;
    status = any_new(&t, table, cap, max_load, hash_kind, node_source,
                     hash_seed_of(seed));
    if (status != DSA_OK)
        return status;
    keys = dsa_int64s_new(n);
    hit = dsa_int64s_new(lookups);
    miss = dsa_int64s_new(lookups);
    if (keys == NULL || hit == NULL || miss == NULL) {
        status = DSA_ENOMEM;
        goto done;
    }
    random_keys(keys, n, &state);
    random_keys(miss, lookups, &state);      /* later outputs: all absent */
    for (size_t i = 0; i < lookups; i++)
        hit[i] = keys[dsa_splitmix64(&state) % n];
    for (size_t i = 0; i < n; i++)
        if ((status = any_put(&t, keys[i], value_for(keys[i]))) != DSA_OK)
            goto done;
    ok = any_len(&t) == n && any_capacity(&t) == cap && any_resizes(&t) == 0;
    out->keys = n;

    out->hit_ns = timed_lookups(&t, hit, lookups, &hits, &sum);
    ok &= hits == lookups && sum == value_sum(hit, lookups);
    out->miss_ns = timed_lookups(&t, miss, lookups, &hits, &sum);
    ok &= hits == 0;

    if (dsa_trace_enabled()) {
        if ((status = any_set_tracing(&t, 1)) != DSA_OK)
            goto done;
        for (size_t i = 0; i < lookups; i++) {
            out->hit_lines += any_traced_get(&t, hit[i]);
            out->miss_lines += any_traced_get(&t, miss[i]);
        }
        ok &= !any_trace_overflowed(&t);
        out->traced = 1;
    }
    any_stats(&t, &stats);
    out->longest = stats.longest;
    out->avg_successful = stats.avg_successful;
    out->avg_unsuccessful = stats.avg_unsuccessful;
    out->ok = ok;
    status = DSA_OK;
done:
    free(keys);
    free(hit);
    free(miss);
    any_free(&t);
    return status;
}

/* Are the n keys 0, stride, 2*stride, ... (mod 2^64) distinct?  Yes iff n
 * does not pass 2^64 / (the largest power of two dividing stride). */
static int stride_keys_distinct(size_t n, uint64_t stride)
{
    if (n <= 1)
        return 1;
    if (stride == 0)
        return 0;
    int zeros = 0;
    while ((stride & 1) == 0) {
        stride >>= 1;
        zeros++;
    }
    return zeros == 0 || (uint64_t)(n - 1) < (UINT64_C(1) << (64 - zeros));
}

int dsa_ht_kernel_flood(int table, size_t n, int hash_kind, int pattern,
                        uint64_t stride, size_t rounds, int node_source,
                        uint64_t seed, struct dsa_ht_flood_result *out)
{
    struct any_table t = {0, NULL, NULL};
    int64_t *keys = NULL, *order = NULL;
    uint64_t sum, want, state = seed;
    size_t hits;
    int64_t start;
    struct dsa_ht_stats stats;
    int status, ok;

    if (out == NULL)
        return DSA_EVALUE;
    memset(out, 0, sizeof *out);
    if (pattern != DSA_HT_KEYS_RANDOM && pattern != DSA_HT_KEYS_STRIDE)
        return DSA_EVALUE;
    if (pattern == DSA_HT_KEYS_STRIDE && !stride_keys_distinct(n, stride))
        return DSA_EVALUE;
    status = any_new(&t, table, MIN_CAP, default_max_load(table), hash_kind,
                     node_source, hash_seed_of(seed));
    if (status != DSA_OK)
        return status;
    keys = dsa_int64s_new(n);
    order = dsa_int64s_new(n);
    if (keys == NULL || order == NULL) {
        status = DSA_ENOMEM;
        goto done;
    }
    if (pattern == DSA_HT_KEYS_RANDOM)
        random_keys(keys, n, &state);
    else
        for (size_t i = 0; i < n; i++)
            keys[i] = dsa_as_int64((uint64_t)i * stride);
    memcpy(order, keys, n * sizeof *keys);
    shuffle(order, n, &state);

    start = dsa_now_ns();
    for (size_t i = 0; i < n; i++)
        if ((status = any_put(&t, keys[i], value_for(keys[i]))) != DSA_OK)
            goto done;
    out->insert_ns = dsa_now_ns() - start;
    ok = any_len(&t) == n;
    want = value_sum(keys, n);
    for (size_t r = 0; r < rounds; r++) {
        out->lookup_ns += timed_lookups(&t, order, n, &hits, &sum);
        ok &= hits == n && sum == want;
    }
    any_stats(&t, &stats);
    out->longest = stats.longest;
    out->avg_successful = stats.avg_successful;
    out->capacity = any_capacity(&t);
    out->ok = ok;
    status = DSA_OK;
done:
    free(keys);
    free(order);
    any_free(&t);
    return status;
}
