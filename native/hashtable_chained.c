/* hashtable_chained.c: the separate-chaining hash table (dsa_ch).
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
 * What its operations trace is in hashtable.c (the tracing model), the
 * growth policy and the hash functions too; the layout is in
 * hashtable_core.h, which the kernels share.
 */
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "hashtable.h"
#include "hashtable_base.h"
#include "trace.h"

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
    dsa_ht_trace_begin(&t->base.trace);
    struct dsa_ch_node **link = ch_find(t, ch_home(t, key), key,
                                        t->base.trace);
    if (*link != NULL && value != NULL)
        *value = (*link)->value;
    return link;
}

static struct dsa_ch_node **buckets_new(size_t capacity)
{
    struct dsa_ch_node **buckets =
        dsa_ht_lines_alloc(capacity, sizeof *buckets);
    if (buckets != NULL)
        for (size_t i = 0; i < capacity; i++)
            buckets[i] = NULL;
    return buckets;
}

/* Rehash every node into `capacity` new buckets.  Nodes stay where they are;
 * only the `next` pointers and the heads change. */
int dsa_ch_rehash(dsa_ch *t, size_t capacity)
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
    dsa_ht_note_resize(&t->base, old_cap, total, moved, 0);
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
    return capacity == t->base.capacity ? DSA_OK : dsa_ch_rehash(t, capacity);
}

int dsa_ch_new(size_t capacity, double max_load, int hash_kind, uint64_t seed,
               int node_source, dsa_ch **out)
{
    int status = DSA_EVALUE;
    dsa_ch *t = NULL;
    if (out == NULL)
        return DSA_EVALUE;
    if (node_source == DSA_CH_NODES_MALLOC || node_source == DSA_CH_NODES_POOL)
        t = dsa_ht_table_new(sizeof *t, capacity, max_load, hash_kind,
                             seed, 0, &status);
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
    if (dsa_ht_base_copy(&copy->base, &t->base) != DSA_OK) {
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

int dsa_ch_put(dsa_ch *t, int64_t key, int64_t value, int *added)
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

int dsa_ch_get(dsa_ch *t, int64_t key, int64_t *value)
{
    return *ch_lookup(t, key, value) != NULL ? DSA_OK : DSA_EKEY;
}

int dsa_ch_setdefault(dsa_ch *t, int64_t key, int64_t dflt, int64_t *value)
{
    int status = *ch_lookup(t, key, &dflt) != NULL
        ? DSA_OK : ch_insert_new(t, key, dflt);
    if (status == DSA_OK && value != NULL)
        *value = dflt;
    return status;
}

int dsa_ch_delete(dsa_ch *t, int64_t key, int64_t *value)
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

int dsa_ch_popitem(dsa_ch *t, int64_t *key, int64_t *value)
{
    size_t b;
    int status = dsa_ht_pop_begin(&t->base, ch_live, &b);
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
void dsa_ch_clear(dsa_ch *t)
{
    struct dsa_ht *b = &t->base;
    dsa_ht_trace_begin(&b->trace);
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
    if (b->len > 0)                    /* an empty table's key set is unchanged */
        b->mods++;
    b->len = 0;
    b->scan = 0;
}

int dsa_ch_refit(struct dsa_ht *b)
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

