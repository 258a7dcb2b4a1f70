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
 * unreachable.  With robin_hood on (dsa_oa_set_robin_hood) a new key takes
 * the slot of a resident nearer to its home, a lookup stops at such a
 * resident, and a deletion shifts the run back instead, leaving no
 * tombstone; a resident's distance is recomputed from its key (rh_find).
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
 * of Abseil's SwissTable and Rust's hashbrown.  Like them, a lookup reads
 * the state bytes a group at a time -- eight in a 64-bit word where they
 * use 16-byte SIMD registers; see oa_find in hashtable_core.h.)
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
 *   Robin Hood (open addressing with robin_hood on) a lookup reads the
 *              state byte AND the 16-byte slot of every full slot examined
 *              (its distance comes from its key), from the home up to the
 *              key's slot, the first empty one, or the first resident
 *              nearer to its home than the search has travelled.  A new key
 *              also reads and writes every state and slot from its home to
 *              the empty slot that ends the placement.  Deleting adds the
 *              state and slot of every entry shifted back and of the slot
 *              that stops the shift (its state alone if empty).  A rebuild
 *              counts as above, with placements in place of the probes.
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
#include <stdlib.h>
#include <string.h>

#include <sys/mman.h>

#include "common.h"
#include "hashtable.h"
#include "hashtable_core.h"
#include "trace.h"

/* The size (and alignment) of an x86-64 or arm64 transparent huge page. */
#define HUGE_PAGE ((size_t)2 << 20)

/* A trace this big costs more to clear than to replace (as in heap.c). */
enum { TRACE_KEEP_LINES = 4096 };

/* ---- shared pieces ------------------------------------------------------- */

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

uint64_t dsa_ht_hash(int kind, uint64_t seed, int64_t key)
{
    struct hasher h;
    hasher_init(&h, kind, seed);
    return hash_key(&h, key);
}

/* Most keys len may reach at capacity c: floor(max_load * c); open
 * addressing also keeps one slot empty. */
static size_t limit_at(int open, double max_load, size_t capacity)
{
    double product = max_load * (double)capacity;
    /* (double)SIZE_MAX rounds up to 2^64 (2^32), so `<` keeps the cast safe */
    size_t limit = product < (double)SIZE_MAX ? (size_t)product : SIZE_MAX;
    return open && limit >= capacity ? capacity - 1 : limit;
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

/* A new zeroed table of `size` bytes whose first member (struct dsa_ht) is
 * filled in from the options; NULL with *status saying why. */
static void *table_new(size_t size, size_t capacity, double max_load,
                       int hash_kind, uint64_t seed, int open, int *status)
{
    size_t cap = round_capacity(capacity);
    struct dsa_ht *b = NULL;
    *status = DSA_EVALUE;
    if (!valid_max_load(max_load, open) || !valid_kind(hash_kind))
        return NULL;
    *status = DSA_ENOMEM;
    if (cap == 0 || (b = calloc(1, size)) == NULL)
        return NULL;
    b->capacity = cap;
    b->max_load = max_load;
    b->open = open;
    b->limit = limit_at(open, max_load, cap);
    hasher_init(&b->hash, hash_kind, seed);
    *status = DSA_OK;
    return b;
}

/* Note what a resize did (the counters behind dsa_ht_resizes) and that it
 * changed the table under any iterator. */
static void note_resize(struct dsa_ht *b, size_t old_capacity, size_t total,
                        size_t moved, size_t tombstones)
{
    struct dsa_ht_resize *r = &b->resize;
    r->count++;
    r->old_capacity = old_capacity;
    r->new_capacity = b->capacity;
    r->keys_total = total;
    r->keys_moved = moved;
    r->tombstones_cleared = tombstones;
    b->limit = limit_at(b->open, b->max_load, b->capacity);
    b->scan = 0;
    b->mods++;
}

/* Give a new copy the original's counts, hash and resize counters, and a
 * trace of its own if the original has one. */
static int base_copy(struct dsa_ht *copy, const struct dsa_ht *t)
{
    dsa_trace *trace = NULL;
    if (t->trace != NULL && (trace = dsa_trace_new()) == NULL)
        return DSA_ENOMEM;
    dsa_trace_free(copy->trace);
    *copy = *t;
    copy->trace = trace;
    return DSA_OK;
}

/* Free what both kinds keep, and the table (b is its first member, so it
 * has the table's address). */
static void base_free(struct dsa_ht *b)
{
    dsa_trace_free(b->trace);
    free(b);
}

/* A key was stored at index `at` (bucket or slot), or one was removed. */
static void note_added(struct dsa_ht *b, size_t at)
{
    b->len++;
    b->mods++;
    if (at < b->scan)
        b->scan = at;
}

static void note_removed(struct dsa_ht *b)
{
    b->len--;
    b->mods++;
}

/* Start a popitem: *at gets the first index from `scan` on that `live`
 * says holds an item; DSA_EEMPTY when there is nothing to pop. */
static int pop_begin(struct dsa_ht *b,
                     int (*live)(const struct dsa_ht *, size_t), size_t *at)
{
    trace_begin(&b->trace);
    if (b->len == 0)
        return DSA_EEMPTY;
    for (size_t i = b->scan; i < b->capacity; i++) {
        if (live(b, i)) {
            *at = i;
            return DSA_OK;
        }
    }
    return DSA_EEMPTY;     /* cannot happen while `scan` is right */
}

/* Start resize(capacity): *cap gets the capacity rounded up; DSA_EVALUE if
 * the keys would not fit under the maximum load there. */
static int resize_begin(struct dsa_ht *b, size_t capacity, size_t *cap)
{
    trace_begin(&b->trace);
    *cap = round_capacity(capacity);
    if (*cap == 0)
        return DSA_ENOMEM;
    return b->len > limit_at(b->open, b->max_load, *cap) ? DSA_EVALUE : DSA_OK;
}

/* Set a new maximum load, then let `refit` rebuild the table if it no
 * longer fits; if that fails, the old maximum stays. */
static int set_max_load(struct dsa_ht *b, double max_load,
                        int (*refit)(struct dsa_ht *))
{
    trace_begin(&b->trace);
    if (!valid_max_load(max_load, b->open))
        return DSA_EVALUE;
    double old = b->max_load;
    b->max_load = max_load;
    int status = refit(b);
    if (status != DSA_OK) {
        b->max_load = old;
        return status;
    }
    b->limit = limit_at(b->open, max_load, b->capacity);
    return DSA_OK;
}

/* What a check reports: the problem and, if there is one, where. */
static int check_result(int problem, size_t at, size_t *where)
{
    if (where != NULL)
        *where = problem ? at : 0;
    return problem;
}

/* ---- what both tables answer alike --------------------------------------- */

size_t dsa_ht_len(const dsa_ht *t) { return t->len; }
size_t dsa_ht_capacity(const dsa_ht *t) { return t->capacity; }
double dsa_ht_max_load(const dsa_ht *t) { return t->max_load; }
int dsa_ht_hash_kind(const dsa_ht *t) { return t->hash.kind; }
uint64_t dsa_ht_mods(const dsa_ht *t) { return t->mods; }

uint64_t dsa_ht_hash_of(const dsa_ht *t, int64_t key)
{
    return hash_key(&t->hash, key);
}

void dsa_ht_resizes(const dsa_ht *t, struct dsa_ht_resize *out)
{
    *out = t->resize;
}

int dsa_ht_set_tracing(dsa_ht *t, int on)
{
    return dsa_trace_switch(&t->trace, on);
}

size_t dsa_ht_last_lines(const dsa_ht *t)
{
    return dsa_trace_lines(t->trace);
}

int dsa_ht_trace_overflowed(const dsa_ht *t)
{
    return dsa_trace_overflowed(t->trace);
}

/* ======================================================================== */
/* Separate chaining                                                         */
/* ======================================================================== */

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
    return (size_t)(hash_key(&t->base.hash, key)
                    & (uint64_t)(t->base.capacity - 1));
}

/* Start a traced operation on key: the link to its node (*link NULL when
 * absent); *value (may be NULL) gets its value if present. */
static struct dsa_ch_node **ch_lookup(dsa_ch *t, int64_t key, int64_t *value)
{
    trace_begin(&t->base.trace);
    struct dsa_ch_node **link = ch_find(t, ch_home(t, key), key,
                                        t->base.trace);
    if (*link != NULL && value != NULL)
        *value = (*link)->value;
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
    size_t total = 0, moved = 0, old_cap = t->base.capacity;
    if (buckets == NULL)
        return DSA_ENOMEM;
    DSA_TOUCH(t->base.trace, buckets, capacity * sizeof *buckets);
    DSA_TOUCH(t->base.trace, t->buckets, old_cap * sizeof *buckets);
    t->base.capacity = capacity;   /* ch_home() now uses the new mask */
    for (size_t b = 0; b < old_cap; b++) {
        struct dsa_ch_node *node = t->buckets[b];
        while (node != NULL) {
            struct dsa_ch_node *next = node->next;
            size_t nb = ch_home(t, node->key);
            DSA_TOUCH(t->base.trace, node, sizeof *node);
            node->next = buckets[nb];
            buckets[nb] = node;
            total++;
            moved += nb != b;
            node = next;
        }
    }
    free(t->buckets);
    t->buckets = buckets;
    note_resize(&t->base, old_cap, total, moved, 0);
    return DSA_OK;
}

/* Double until `need` keys fit under the limit, then rehash once. */
static int ch_grow(dsa_ch *t, size_t need)
{
    size_t capacity = t->base.capacity;
    while (limit_at(0, t->base.max_load, capacity) < need) {
        if (capacity >= MAX_CAP)
            return DSA_ENOMEM;
        capacity *= 2;
    }
    return capacity == t->base.capacity ? DSA_OK : ch_rehash(t, capacity);
}

int dsa_ch_new(size_t capacity, double max_load, int hash_kind, uint64_t seed,
               int node_source, dsa_ch **out)
{
    int status = DSA_EVALUE;
    dsa_ch *t = NULL;
    if (out == NULL)
        return DSA_EVALUE;
    if (node_source == DSA_CH_NODES_MALLOC || node_source == DSA_CH_NODES_POOL)
        t = table_new(sizeof *t, capacity, max_load, hash_kind, seed, 0,
                      &status);
    if (t != NULL) {
        t->source = node_source;
        if ((t->buckets = buckets_new(t->base.capacity)) == NULL) {
            free(t);
            t = NULL;
            status = DSA_ENOMEM;
        }
    }
    *out = t;
    return status;
}

static void ch_free_nodes(dsa_ch *t)
{
    if (t->source == DSA_CH_NODES_POOL) {
        pool_free_all(&t->pool);
        return;
    }
    for (size_t b = 0; b < t->base.capacity; b++) {
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
    base_free(&t->base);
}

int dsa_ch_clone(const dsa_ch *t, dsa_ch **out)
{
    dsa_ch *copy;
    int status = dsa_ch_new(t->base.capacity, t->base.max_load,
                            t->base.hash.kind, 0, t->source, &copy);
    if (status != DSA_OK)
        return status;
    for (size_t b = 0; b < t->base.capacity; b++) {
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
        }
    }
    if (base_copy(&copy->base, &t->base) != DSA_OK) {
        dsa_ch_free(copy);
        return DSA_ENOMEM;
    }
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
    if (t->base.len >= t->base.limit) {
        int status = ch_grow(t, t->base.len + 1);
        if (status != DSA_OK) {
            node_release(t, node);
            return status;
        }
    }
    size_t b = ch_home(t, key);
    DSA_TOUCH(t->base.trace, node, sizeof *node);
    DSA_TOUCH(t->base.trace, &t->buckets[b], sizeof *t->buckets);
    node->key = key;
    node->value = value;
    node->next = t->buckets[b];
    t->buckets[b] = node;
    note_added(&t->base, b);
    return DSA_OK;
}

static int ch_put(dsa_ch *t, int64_t key, int64_t value, int *added)
{
    struct dsa_ch_node *node = *ch_lookup(t, key, NULL);
    if (added != NULL)
        *added = node == NULL;
    if (node != NULL) {
        node->value = value;
        return DSA_OK;
    }
    return ch_insert_new(t, key, value);
}

static int ch_get(dsa_ch *t, int64_t key, int64_t *value)
{
    return *ch_lookup(t, key, value) != NULL ? DSA_OK : DSA_EKEY;
}

static int ch_setdefault(dsa_ch *t, int64_t key, int64_t dflt, int64_t *value)
{
    int status = *ch_lookup(t, key, &dflt) != NULL
        ? DSA_OK : ch_insert_new(t, key, dflt);
    if (status == DSA_OK && value != NULL)
        *value = dflt;
    return status;
}

static int ch_delete(dsa_ch *t, int64_t key, int64_t *value)
{
    struct dsa_ch_node **link = ch_lookup(t, key, value);
    struct dsa_ch_node *node = *link;
    if (node == NULL)
        return DSA_EKEY;
    *link = node->next;
    node_release(t, node);
    note_removed(&t->base);
    return DSA_OK;
}

/* Does bucket i hold a node?  (Reads, so traces, its head.) */
static int ch_live(const struct dsa_ht *base, size_t i)
{
    const dsa_ch *t = (const dsa_ch *)base;   /* base is its first member */
    DSA_TOUCH(base->trace, &t->buckets[i], sizeof *t->buckets);
    return t->buckets[i] != NULL;
}

static int ch_popitem(dsa_ch *t, int64_t *key, int64_t *value)
{
    size_t b;
    int status = pop_begin(&t->base, ch_live, &b);
    if (status != DSA_OK)
        return status;
    struct dsa_ch_node *node = t->buckets[b];
    DSA_TOUCH(t->base.trace, node, sizeof *node);
    if (key != NULL)
        *key = node->key;
    if (value != NULL)
        *value = node->value;
    t->buckets[b] = node->next;
    node_release(t, node);
    t->base.scan = b;
    note_removed(&t->base);
    return DSA_OK;
}

/* Back to 8 empty buckets.  If even those cannot be had, the old array is
 * emptied instead: clearing never fails. */
static void ch_clear(dsa_ch *t)
{
    struct dsa_ht *b = &t->base;
    trace_begin(&b->trace);
    DSA_TOUCH(b->trace, t->buckets, b->capacity * sizeof *t->buckets);
#if defined(DSA_TRACE) && DSA_TRACE
    for (size_t i = 0; i < b->capacity; i++)
        for (struct dsa_ch_node *n = t->buckets[i]; n != NULL; n = n->next)
            DSA_TOUCH(b->trace, n, sizeof *n);
#endif
    struct dsa_ch_node **small =
        b->capacity > MIN_CAP ? buckets_new(MIN_CAP) : NULL;
    ch_free_nodes(t);
    if (small != NULL) {
        DSA_TOUCH(b->trace, small, MIN_CAP * sizeof *small);
        free(t->buckets);
        t->buckets = small;
        b->capacity = MIN_CAP;
        b->limit = limit_at(0, b->max_load, MIN_CAP);
    } else {
        for (size_t i = 0; i < b->capacity; i++)
            t->buckets[i] = NULL;
    }
    b->len = 0;
    b->scan = 0;
    b->mods++;
}

static int ch_refit(struct dsa_ht *b)
{
    return ch_grow((dsa_ch *)b, b->len);   /* b is the table's first member */
}

dsa_ht *dsa_ch_common(dsa_ch *t) { return &t->base; }
int dsa_ch_node_source(const dsa_ch *t) { return t->source; }

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
    while (k < max && b < t->base.capacity) {
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
    if (n != t->base.len)
        return DSA_EVALUE;
    for (size_t b = 0; b < t->base.capacity; b++) {
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
    size_t len = t->base.len, capacity = t->base.capacity;
    double successful = 0;
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < hist_len; i++)
        hist[i] = 0;
    for (size_t b = 0; b < capacity; b++) {
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
    out->len = len;
    out->capacity = capacity;
    out->avg_successful = len ? successful / (double)len : 0.0;
    /* A miss compares every key of its chain: len / capacity on average. */
    out->avg_unsuccessful = (double)len / (double)capacity;
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
        && t->base.len + free_count + unused == p->nodes;
}

/* What is wrong with the node n found in bucket b (0: nothing). */
static int ch_check_node(const dsa_ch *t, size_t b,
                         const struct dsa_ch_node *n)
{
    if (t->source == DSA_CH_NODES_POOL && !in_pool(&t->pool, n))
        return DSA_HT_CHECK_NODES;
    if (ch_home(t, n->key) != b)
        return DSA_HT_CHECK_MISPLACED;
    if (*ch_find(t, b, n->key, NULL) != n)
        return DSA_HT_CHECK_DUPLICATE;
    if (b < t->base.scan)
        return DSA_HT_CHECK_NODES;       /* popitem would miss it */
    return DSA_HT_CHECK_OK;
}

int dsa_ch_check(const dsa_ch *t, size_t *where)
{
    const struct dsa_ht *base = &t->base;
    size_t seen = 0;
    if (base->capacity < MIN_CAP || (base->capacity & (base->capacity - 1)))
        return check_result(DSA_HT_CHECK_CAPACITY, 0, where);
    for (size_t b = 0; b < base->capacity; b++) {
        for (const struct dsa_ch_node *n = t->buckets[b]; n != NULL;
             n = n->next) {
            int problem = ++seen > base->len     /* too many, or a loop */
                ? DSA_HT_CHECK_COUNT : ch_check_node(t, b, n);
            if (problem)
                return check_result(problem, b, where);
        }
    }
    int problem = DSA_HT_CHECK_OK;
    if (seen != base->len)
        problem = DSA_HT_CHECK_COUNT;
    else if (base->len > base->limit
             || base->limit != limit_at(0, base->max_load, base->capacity))
        problem = DSA_HT_CHECK_LOAD;
    else if (!ch_check_pool(t))
        problem = DSA_HT_CHECK_NODES;
    return check_result(problem, 0, where);
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

/* ======================================================================== */
/* Open addressing                                                           */
/* ======================================================================== */

static inline size_t oa_home(const dsa_oa *t, uint64_t hash)
{
    return (size_t)(hash & (uint64_t)(t->base.capacity - 1));
}

/* ---- Robin Hood placement (linear probing, no tombstones) -------------- */

/* The Robin Hood paths stay out of line: then a test of t->robin_hood is
 * all that the default paths pay (inlined, they change the register use of
 * the default lookup around them). */
#if defined(__GNUC__) || defined(__clang__)
#define RH_PATH static __attribute__((noinline))
#else
#define RH_PATH static
#endif

/* How far full slot i lies past the home of the key it holds: recomputed
 * from the key, which costs a hash and the slot's line but no storage (the
 * state byte keeps its tag, so lookups still skip slots by tag). */
static inline size_t rh_distance(const dsa_oa *t, size_t i)
{
    uint64_t hash = hash_key(&t->base.hash, t->slots[i].key);
    return (i - oa_home(t, hash)) & (t->base.capacity - 1);
}

/* The slot holding key, or NOT_FOUND.  The walk of oa_find, a byte at a
 * time, that also stops at a resident nearer to its home than the search
 * has travelled: the key would have taken that slot (see dsa/_robin_hood.py).
 * It reads (traces) the state byte and the slot of every slot examined. */
RH_PATH size_t rh_find(const dsa_oa *t, int64_t key, uint64_t hash)
{
    size_t mask = t->base.capacity - 1, i = oa_home(t, hash);
    uint8_t tag = tag_of(hash);
    for (size_t travelled = 0;; i = (i + 1) & mask, travelled++) {
        DSA_TOUCH(t->base.trace, &t->states[i], 1);
        if (t->states[i] == STATE_EMPTY)
            return NOT_FOUND;
        DSA_TOUCH(t->base.trace, &t->slots[i], sizeof t->slots[i]);
        if (rh_distance(t, i) < travelled)
            return NOT_FOUND;
        if (t->states[i] == tag && t->slots[i].key == key)
            return i;
    }
}

/* Put `moving` (whose hash is `hash`) on its path, taking from the rich:
 * where the resident is nearer to its home than the travelling entry is to
 * its own, the two change places and the resident travels on.  Ends at the
 * first empty slot, which it returns; reads (traces) every state and slot
 * on the way. */
RH_PATH size_t rh_place(dsa_oa *t, struct dsa_oa_slot moving, uint64_t hash)
{
    size_t mask = t->base.capacity - 1, i = oa_home(t, hash), travelled = 0;
    uint8_t tag = tag_of(hash);
    for (;; i = (i + 1) & mask, travelled++) {
        DSA_TOUCH(t->base.trace, &t->states[i], 1);
        DSA_TOUCH(t->base.trace, &t->slots[i], sizeof t->slots[i]);
        if (t->states[i] == STATE_EMPTY)
            break;
        size_t distance = rh_distance(t, i);
        if (distance < travelled) {             /* the resident is richer */
            struct dsa_oa_slot resident = t->slots[i];
            uint8_t resident_tag = t->states[i];
            t->slots[i] = moving;
            t->states[i] = tag;
            moving = resident;
            tag = resident_tag;
            travelled = distance;
        }
    }
    t->slots[i] = moving;
    t->states[i] = tag;
    return i;
}

/* Empty full slot `hole` without a tombstone: each following entry moves
 * one slot back, nearer to its home, until an empty slot or an entry at its
 * home.  Reads (traces) the states and slots it moves, and the state (and,
 * if full, the slot) that stops it. */
RH_PATH void rh_shift_back(dsa_oa *t, size_t hole)
{
    size_t mask = t->base.capacity - 1, after = (hole + 1) & mask;
    for (;;) {
        DSA_TOUCH(t->base.trace, &t->states[after], 1);
        if (t->states[after] == STATE_EMPTY)
            break;
        DSA_TOUCH(t->base.trace, &t->slots[after], sizeof t->slots[after]);
        if (rh_distance(t, after) == 0)
            break;
        t->slots[hole] = t->slots[after];
        t->states[hole] = t->states[after];
        hole = after;
        after = (after + 1) & mask;
    }
    t->states[hole] = STATE_EMPTY;
    note_removed(&t->base);
}

/* Slots a search for an absent key from `home` examines, that examined
 * last included (the probes_to_miss of dsa/_robin_hood.py).  Not traced. */
static size_t rh_probes_to_miss(const dsa_oa *t, size_t home)
{
    size_t mask = t->base.capacity - 1, i = home, travelled = 0;
    while (t->states[i] != STATE_EMPTY && rh_distance(t, i) >= travelled) {
        i = (i + 1) & mask;
        travelled++;
    }
    return travelled + 1;
}

/* Start a traced operation on key (whose hash is `hash`): the slot holding
 * it, or NOT_FOUND.  *value (may be NULL) gets its value if present;
 * *free_slot (may be NULL) where it would go if absent (see oa_find). */
static size_t oa_lookup(dsa_oa *t, int64_t key, uint64_t hash,
                        size_t *free_slot, int64_t *value)
{
    trace_begin(&t->base.trace);
    size_t i = t->robin_hood ? rh_find(t, key, hash)
                             : oa_find(t, key, hash, free_slot, t->base.trace);
    if (i != NOT_FOUND && value != NULL)
        *value = t->slots[i].value;
    return i;
}

/* The first empty slot from the home on, in a table without tombstones. */
static size_t oa_first_empty(const dsa_oa *t, uint64_t hash)
{
    size_t mask = t->base.capacity - 1, i = oa_home(t, hash);
    for (;; i = (i + 1) & mask) {
        DSA_TOUCH(t->base.trace, &t->states[i], 1);
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
static size_t oa_capacity_for(const dsa_oa *t, size_t extra)
{
    size_t capacity = t->base.capacity, len = t->base.len;
    double max_load = t->base.max_load;
    while (limit_at(1, max_load, capacity) < len + extra
           || limit_at(1, max_load, capacity) < 2 * len) {
        if (capacity >= MAX_CAP)
            return 0;
        capacity *= 2;
    }
    return capacity;
}

/* A slot array and a state array of `capacity` (all empty), or DSA_ENOMEM
 * with neither. */
static int oa_arrays_new(size_t capacity, struct dsa_oa_slot **slots,
                         uint8_t **states)
{
    *slots = lines_alloc(capacity, sizeof **slots);
    *states = lines_alloc(capacity, 1);
    if (*slots == NULL || *states == NULL) {
        free(*slots);
        free(*states);
        *slots = NULL;
        *states = NULL;
        return DSA_ENOMEM;
    }
    memset(*states, STATE_EMPTY, capacity);
    return DSA_OK;
}

/* Move every live key into fresh arrays of `capacity` slots; the
 * tombstones stay behind. */
static int oa_rebuild(dsa_oa *t, size_t capacity)
{
    struct dsa_oa_slot *slots;
    uint8_t *states;
    if (oa_arrays_new(capacity, &slots, &states) != DSA_OK)
        return DSA_ENOMEM;
    DSA_TOUCH(t->base.trace, states, capacity);
    DSA_TOUCH(t->base.trace, t->states, t->base.capacity);

    struct dsa_oa_slot *old_slots = t->slots;
    uint8_t *old_states = t->states;
    size_t old_cap = t->base.capacity, total = 0, moved = 0;
    t->slots = slots;
    t->states = states;
    t->base.capacity = capacity;     /* oa_home() now uses the new mask */
    for (size_t i = 0; i < old_cap; i++) {
        if (!is_full(old_states[i]))
            continue;
        DSA_TOUCH(t->base.trace, &old_slots[i], sizeof *old_slots);
        uint64_t hash = hash_key(&t->base.hash, old_slots[i].key);
        total++;
        if (t->robin_hood) {          /* where it ends is known at the end */
            rh_place(t, old_slots[i], hash);
            continue;
        }
        size_t j = oa_first_empty(t, hash);
        DSA_TOUCH(t->base.trace, &slots[j], sizeof *slots);
        slots[j] = old_slots[i];
        states[j] = tag_of(hash);
        moved += j != i;
    }
    /* Robin Hood: a key kept its slot if the new slot i holds it still. */
    for (size_t i = 0; t->robin_hood && i < old_cap; i++) {
        if (!is_full(old_states[i]))
            continue;
        int kept = i < capacity && is_full(states[i])
            && slots[i].key == old_slots[i].key;
        moved += !kept;
    }
    free(old_slots);
    free(old_states);
    note_resize(&t->base, old_cap, total, moved, t->tombstones);
    t->tombstones = 0;
    return DSA_OK;
}

/* Rebuild for `extra` more keys at the capacity oa_capacity_for chooses. */
static int oa_make_room(dsa_oa *t, size_t extra)
{
    size_t capacity = oa_capacity_for(t, extra);
    return capacity ? oa_rebuild(t, capacity) : DSA_ENOMEM;
}

int dsa_oa_new(size_t capacity, double max_load, int hash_kind, uint64_t seed,
               dsa_oa **out)
{
    int status;
    if (out == NULL)
        return DSA_EVALUE;
    dsa_oa *t = table_new(sizeof *t, capacity, max_load, hash_kind, seed, 1,
                          &status);
    if (t != NULL
        && oa_arrays_new(t->base.capacity, &t->slots, &t->states) != DSA_OK) {
        free(t);
        t = NULL;
        status = DSA_ENOMEM;
    }
    *out = t;
    return status;
}

void dsa_oa_free(dsa_oa *t)
{
    if (t == NULL)
        return;
    free(t->slots);
    free(t->states);
    base_free(&t->base);
}

int dsa_oa_clone(const dsa_oa *t, dsa_oa **out)
{
    dsa_oa *copy;
    int status = dsa_oa_new(t->base.capacity, t->base.max_load,
                            t->base.hash.kind, 0, &copy);
    if (status != DSA_OK)
        return status;
    if (base_copy(&copy->base, &t->base) != DSA_OK) {
        dsa_oa_free(copy);
        return DSA_ENOMEM;
    }
    memcpy(copy->slots, t->slots, t->base.capacity * sizeof *t->slots);
    memcpy(copy->states, t->states, t->base.capacity);
    copy->tombstones = t->tombstones;
    copy->robin_hood = t->robin_hood;
    *out = copy;
    return DSA_OK;
}

/* Robin Hood: put a key known to be absent on its path (rh_place),
 * rebuilding first if it would pass the limit. */
RH_PATH int rh_insert_new(dsa_oa *t, int64_t key, uint64_t hash, int64_t value)
{
    if (t->base.len >= t->base.limit) {        /* no tombstones to reuse */
        int status = oa_make_room(t, 1);
        if (status != DSA_OK)
            return status;
    }
    struct dsa_oa_slot moving = {key, value};
    note_added(&t->base, rh_place(t, moving, hash));
    return DSA_OK;
}

/* Put a key known to be absent into `slot` (the free slot oa_find gave),
 * rebuilding first if it would take an empty slot past the limit. */
static int oa_insert_new(dsa_oa *t, size_t slot, int64_t key, uint64_t hash,
                         int64_t value)
{
    if (t->robin_hood)
        return rh_insert_new(t, key, hash, value);
    if (t->states[slot] == STATE_TOMBSTONE) {
        t->tombstones--;               /* reused: the load stays the same */
    } else if (t->base.len + t->tombstones >= t->base.limit) {
        int status = oa_make_room(t, 1);
        if (status != DSA_OK)
            return status;
        slot = oa_first_empty(t, hash);
    }
    DSA_TOUCH(t->base.trace, &t->states[slot], 1);
    DSA_TOUCH(t->base.trace, &t->slots[slot], sizeof *t->slots);
    t->slots[slot].key = key;
    t->slots[slot].value = value;
    t->states[slot] = tag_of(hash);
    note_added(&t->base, slot);
    return DSA_OK;
}

static int oa_put(dsa_oa *t, int64_t key, int64_t value, int *added)
{
    size_t slot = NOT_FOUND;   /* oa_find sets it whenever the key is absent */
    uint64_t hash = hash_key(&t->base.hash, key);
    size_t i = oa_lookup(t, key, hash, &slot, NULL);
    if (added != NULL)
        *added = i == NOT_FOUND;
    if (i != NOT_FOUND) {
        t->slots[i].value = value;
        return DSA_OK;
    }
    return oa_insert_new(t, slot, key, hash, value);
}

static int oa_get(dsa_oa *t, int64_t key, int64_t *value)
{
    size_t i = oa_lookup(t, key, hash_key(&t->base.hash, key), NULL, value);
    return i != NOT_FOUND ? DSA_OK : DSA_EKEY;
}

static int oa_setdefault(dsa_oa *t, int64_t key, int64_t dflt, int64_t *value)
{
    size_t slot = NOT_FOUND;
    uint64_t hash = hash_key(&t->base.hash, key);
    int status = oa_lookup(t, key, hash, &slot, &dflt) != NOT_FOUND
        ? DSA_OK : oa_insert_new(t, slot, key, hash, dflt);
    if (status == DSA_OK && value != NULL)
        *value = dflt;
    return status;
}

/* Leave a tombstone in full slot i. */
static void oa_bury(dsa_oa *t, size_t i)
{
    t->states[i] = STATE_TOMBSTONE;
    t->tombstones++;
    note_removed(&t->base);
}

static int oa_delete(dsa_oa *t, int64_t key, int64_t *value)
{
    size_t i = oa_lookup(t, key, hash_key(&t->base.hash, key), NULL, value);
    if (i == NOT_FOUND)
        return DSA_EKEY;
    if (t->robin_hood)
        rh_shift_back(t, i);
    else
        oa_bury(t, i);
    return DSA_OK;
}

/* Is slot i full?  (Reads, so traces, its state byte.) */
static int oa_live(const struct dsa_ht *base, size_t i)
{
    const dsa_oa *t = (const dsa_oa *)base;   /* base is its first member */
    DSA_TOUCH(base->trace, &t->states[i], 1);
    return is_full(t->states[i]);
}

static int oa_popitem(dsa_oa *t, int64_t *key, int64_t *value)
{
    size_t i;
    int status = pop_begin(&t->base, oa_live, &i);
    if (status != DSA_OK)
        return status;
    DSA_TOUCH(t->base.trace, &t->slots[i], sizeof *t->slots);
    if (key != NULL)
        *key = t->slots[i].key;
    if (value != NULL)
        *value = t->slots[i].value;
    if (t->robin_hood) {        /* the shift may fill slot i again */
        t->base.scan = i;
        rh_shift_back(t, i);
        return DSA_OK;
    }
    t->base.scan = i + 1;
    oa_bury(t, i);
    return DSA_OK;
}

/* Back to 8 empty slots.  If even those cannot be had, the old arrays are
 * emptied instead: clearing never fails. */
static void oa_clear(dsa_oa *t)
{
    struct dsa_ht *b = &t->base;
    struct dsa_oa_slot *slots;
    uint8_t *states;
    trace_begin(&b->trace);
    DSA_TOUCH(b->trace, t->states, b->capacity);
    if (b->capacity > MIN_CAP
        && oa_arrays_new(MIN_CAP, &slots, &states) == DSA_OK) {
        free(t->slots);
        free(t->states);
        t->slots = slots;
        t->states = states;
        b->capacity = MIN_CAP;
        b->limit = limit_at(1, b->max_load, MIN_CAP);
    }
    DSA_TOUCH(b->trace, t->states, b->capacity);
    memset(t->states, STATE_EMPTY, b->capacity);
    b->len = 0;
    b->scan = 0;
    b->mods++;
    t->tombstones = 0;
}

static int oa_refit(struct dsa_ht *b)
{
    dsa_oa *t = (dsa_oa *)b;               /* b is the table's first member */
    if (b->len + t->tombstones <= limit_at(1, b->max_load, b->capacity))
        return DSA_OK;
    return oa_make_room(t, 0);
}

dsa_ht *dsa_oa_common(dsa_oa *t) { return &t->base; }
size_t dsa_oa_tombstones(const dsa_oa *t) { return t->tombstones; }
int dsa_oa_robin_hood(const dsa_oa *t) { return t->robin_hood; }

int dsa_oa_set_robin_hood(dsa_oa *t, int on)
{
    if (t->base.len != 0 || t->tombstones != 0)
        return DSA_EVALUE;
    t->robin_hood = on != 0;
    return DSA_OK;
}

int dsa_oa_slot_of(const dsa_oa *t, int64_t key, size_t *slot)
{
    size_t i = oa_find(t, key, hash_key(&t->base.hash, key), NULL, NULL);
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
    for (; i < t->base.capacity && k < max; i++) {
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
    if (n != t->base.capacity)
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

/* Fill full slot i, tombstone or empty it as a snapshot's state says;
 * 0 for a state no snapshot holds. */
static int oa_place(dsa_oa *t, size_t i, uint8_t state, int64_t key,
                    int64_t value)
{
    if (state == DSA_OA_FULL) {
        t->slots[i].key = key;
        t->slots[i].value = value;
        t->states[i] = tag_of(hash_key(&t->base.hash, key));
        t->base.len++;
    } else if (state == DSA_OA_TOMBSTONE) {
        t->states[i] = STATE_TOMBSTONE;
        t->tombstones++;
    } else if (state == DSA_OA_EMPTY) {
        t->states[i] = STATE_EMPTY;
    } else {
        return 0;
    }
    return 1;
}

int dsa_oa_restore(dsa_oa *t, const uint8_t *states, const int64_t *keys,
                   const int64_t *values, size_t n)
{
    struct dsa_ht *b = &t->base;
    int placed = n == b->capacity;
    b->len = 0;
    t->tombstones = 0;
    for (size_t i = 0; i < n && placed; i++)
        placed = oa_place(t, i, states[i], keys[i], values[i]);
    b->scan = 0;
    b->mods++;
    if (placed && dsa_oa_check(t, NULL) == DSA_HT_CHECK_OK)
        return DSA_OK;
    memset(t->states, STATE_EMPTY, b->capacity);
    b->len = 0;
    t->tombstones = 0;
    return DSA_EVALUE;
}

int dsa_oa_stats(const dsa_oa *t, struct dsa_ht_stats *out, uint64_t *hist,
                 size_t hist_len)
{
    size_t capacity = t->base.capacity, mask = capacity - 1, empty_at = 0;
    double successful = 0, unsuccessful = 0;
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < hist_len; i++)
        hist[i] = 0;
    for (size_t i = 0; i < capacity; i++) {
        if (t->states[i] == STATE_EMPTY) {
            out->empty++;
            empty_at = i;
        } else if (t->states[i] == STATE_TOMBSTONE) {
            out->tombstones++;
        } else {
            uint64_t hash = hash_key(&t->base.hash, t->slots[i].key);
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
    for (size_t k = 0; k < capacity && !t->robin_hood; k++) {
        size_t i = (empty_at - k) & mask;
        run = t->states[i] == STATE_EMPTY ? 0 : run + 1;
        unsuccessful += (double)(run + 1);
    }
    for (size_t h = 0; h < capacity && t->robin_hood; h++)
        unsuccessful += (double)rh_probes_to_miss(t, h);
    out->len = t->base.len;
    out->capacity = capacity;
    out->avg_successful = out->len ? successful / (double)out->len : 0.0;
    out->avg_unsuccessful = unsuccessful / (double)capacity;
    return DSA_OK;
}

/* What is wrong with the key in full slot i (0: nothing): it must be
 * reachable from its home -- its own tag in its state byte, no empty slot
 * on the way, no other copy of it on the way. */
static int oa_check_slot(const dsa_oa *t, size_t i)
{
    size_t mask = t->base.capacity - 1;
    int64_t key = t->slots[i].key;
    uint64_t hash = hash_key(&t->base.hash, key);
    if (t->states[i] != tag_of(hash))
        return DSA_HT_CHECK_MISPLACED;
    for (size_t j = oa_home(t, hash); j != i; j = (j + 1) & mask) {
        if (t->states[j] == STATE_EMPTY)
            return DSA_HT_CHECK_MISPLACED;
        if (is_full(t->states[j]) && t->slots[j].key == key)
            return DSA_HT_CHECK_DUPLICATE;
    }
    return DSA_HT_CHECK_OK;
}

/* The Robin Hood invariant: no tombstone, and along a run the distance
 * rises by at most one from a slot to the next (the slot after an empty
 * one holds a key at home).  *where (may be NULL) gets the slot at fault. */
static int rh_check(const dsa_oa *t, size_t *where)
{
    size_t mask = t->base.capacity - 1;
    if (t->tombstones != 0)
        return check_result(DSA_HT_CHECK_ROBIN_HOOD, 0, where);
    for (size_t i = 0; i < t->base.capacity; i++) {
        size_t after = (i + 1) & mask;
        if (!is_full(t->states[after]))
            continue;
        size_t limit = is_full(t->states[i]) ? rh_distance(t, i) + 1 : 0;
        if (rh_distance(t, after) > limit)
            return check_result(DSA_HT_CHECK_ROBIN_HOOD, after, where);
    }
    return check_result(DSA_HT_CHECK_OK, 0, where);
}

int dsa_oa_check(const dsa_oa *t, size_t *where)
{
    const struct dsa_ht *b = &t->base;
    size_t full = 0, tombs = 0, empty = 0;
    if (b->capacity < MIN_CAP || (b->capacity & (b->capacity - 1)) != 0)
        return check_result(DSA_HT_CHECK_CAPACITY, 0, where);
    for (size_t i = 0; i < b->capacity; i++) {
        uint8_t state = t->states[i];
        full += is_full(state) != 0;
        tombs += state == STATE_TOMBSTONE;
        empty += state == STATE_EMPTY;
        if (is_full(state) && i < b->scan)    /* popitem would miss it */
            return check_result(DSA_HT_CHECK_NODES, i, where);
    }
    if (full != b->len || empty + full + tombs != b->capacity)
        return check_result(DSA_HT_CHECK_COUNT, 0, where);
    if (tombs != t->tombstones)
        return check_result(DSA_HT_CHECK_TOMBSTONES, 0, where);
    if (empty == 0 || b->len + t->tombstones > b->limit
        || b->limit != limit_at(1, b->max_load, b->capacity))
        return check_result(DSA_HT_CHECK_LOAD, 0, where);
    for (size_t i = 0; i < b->capacity; i++) {
        int problem = is_full(t->states[i]) ? oa_check_slot(t, i) : 0;
        if (problem)
            return check_result(problem, i, where);
    }
    if (t->robin_hood)
        return rh_check(t, where);
    return check_result(DSA_HT_CHECK_OK, 0, where);
}

void dsa_oa_layout(const dsa_oa *t, struct dsa_ht_layout *out)
{
    memset(out, 0, sizeof *out);
    out->slots = (uintptr_t)t->slots;
    out->states = (uintptr_t)t->states;
    out->slot_size = sizeof *t->slots;
    out->state_size = 1;
}

/* ======================================================================== */
/* One face for both tables                                                  */
/* ======================================================================== */

/* The table whose first member is b (see struct dsa_ht). */
static dsa_ch *as_ch(dsa_ht *b) { return (dsa_ch *)b; }
static dsa_oa *as_oa(dsa_ht *b) { return (dsa_oa *)b; }

int dsa_ht_put(dsa_ht *t, int64_t key, int64_t value, int *added)
{
    return t->open ? oa_put(as_oa(t), key, value, added)
                   : ch_put(as_ch(t), key, value, added);
}

int dsa_ht_get(dsa_ht *t, int64_t key, int64_t *value)
{
    return t->open ? oa_get(as_oa(t), key, value) : ch_get(as_ch(t), key, value);
}

int dsa_ht_popitem(dsa_ht *t, int64_t *key, int64_t *value)
{
    return t->open ? oa_popitem(as_oa(t), key, value)
                   : ch_popitem(as_ch(t), key, value);
}

int dsa_ht_setdefault(dsa_ht *t, int64_t key, int64_t dflt, int64_t *value)
{
    return t->open ? oa_setdefault(as_oa(t), key, dflt, value)
                   : ch_setdefault(as_ch(t), key, dflt, value);
}

int dsa_ht_delete(dsa_ht *t, int64_t key, int64_t *value)
{
    return t->open ? oa_delete(as_oa(t), key, value)
                   : ch_delete(as_ch(t), key, value);
}

void dsa_ht_clear(dsa_ht *t)
{
    if (t->open)
        oa_clear(as_oa(t));
    else
        ch_clear(as_ch(t));
}

int dsa_ht_set_max_load(dsa_ht *t, double max_load)
{
    return set_max_load(t, max_load, t->open ? oa_refit : ch_refit);
}

int dsa_ht_resize(dsa_ht *t, size_t capacity)
{
    size_t cap;
    int status = resize_begin(t, capacity, &cap);
    if (status != DSA_OK)
        return status;
    return t->open ? oa_rebuild(as_oa(t), cap) : ch_rehash(as_ch(t), cap);
}
