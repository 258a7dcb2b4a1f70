/* hashtable.c: two hash tables from int64 keys to int64 values.
 *
 * Both tables turn a key into a 64-bit hash and keep `capacity` (a power of
 * two, at least 8) places for keys; a key's home is hash & (capacity - 1).
 * They differ in what happens when two keys share a home:
 * separate chaining (dsa_ch) is in hashtable_chained.c, open addressing
 * (dsa_oa, with its Robin Hood option) in hashtable_open.c, each with the
 * why of its layout.  This file keeps what both share: the hash functions,
 * the growth policy, the tracing model, the helpers both call (declared in
 * hashtable_base.h) and the one face, dsa_ht_*, that sends each operation
 * to its table.
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
 * position no longer means anything; overwriting a value does not bump it,
 * and neither does clearing a table that is already empty (no key left the
 * set, so, as with dict, an iterator over it simply ends).
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
#include "hashtable_base.h"
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

/* count * size bytes, rounded up to whole lines, starting on a line.
 *
 * An array of 2 MiB or more is rounded up to whole 2 MiB pages, starts on a
 * 2 MiB boundary and, where the kernel offers transparent huge pages, is
 * marked for them.  A lookup lands anywhere in a table of 1,000,000 keys
 * (32 MiB of slots); with 4 KiB pages nearly every such lookup also misses
 * the TLB and walks the page tables, with 2 MiB pages 16 entries cover the
 * whole array.  The advice is only advice: if it is refused, nothing
 * changes but the speed. */
void *dsa_ht_lines_alloc(size_t count, size_t size)
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
void dsa_ht_trace_begin(dsa_trace **trace)
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
void *dsa_ht_table_new(size_t size, size_t capacity, double max_load,
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
void dsa_ht_note_resize(struct dsa_ht *b, size_t old_capacity, size_t total,
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
int dsa_ht_base_copy(struct dsa_ht *copy, const struct dsa_ht *t)
{
    dsa_trace *trace = NULL;
    if (t->trace != NULL && (trace = dsa_trace_new()) == NULL)
        return DSA_ENOMEM;
    dsa_trace_free(copy->trace);
    *copy = *t;
    copy->trace = trace;
    return DSA_OK;
}

/* Start a popitem: *at gets the first index from `scan` on that `live`
 * says holds an item; DSA_EEMPTY when there is nothing to pop. */
int dsa_ht_pop_begin(struct dsa_ht *b,
                     int (*live)(const struct dsa_ht *, size_t), size_t *at)
{
    dsa_ht_trace_begin(&b->trace);
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
    dsa_ht_trace_begin(&b->trace);
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
    dsa_ht_trace_begin(&b->trace);
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

/* dsa_ht_set_tracing, dsa_ht_last_lines, dsa_ht_trace_overflowed. */
DSA_TRACE_FACE(dsa_ht, dsa_ht)

/* ======================================================================== */
/* One face for both tables                                                  */
/* ======================================================================== */

/* The table whose first member is b (see struct dsa_ht). */
static dsa_ch *as_ch(dsa_ht *b) { return (dsa_ch *)b; }
static dsa_oa *as_oa(dsa_ht *b) { return (dsa_oa *)b; }

/* Operation `op` of t's own table, called with the rest of the arguments:
 * the choice between the two tables, written once. */
#define ON_TABLE(t, op, ...)                                               \
    ((t)->open ? dsa_oa_##op(as_oa(t), __VA_ARGS__)                        \
               : dsa_ch_##op(as_ch(t), __VA_ARGS__))

int dsa_ht_put(dsa_ht *t, int64_t key, int64_t value, int *added)
{
    return ON_TABLE(t, put, key, value, added);
}

int dsa_ht_get(dsa_ht *t, int64_t key, int64_t *value)
{
    return ON_TABLE(t, get, key, value);
}

int dsa_ht_popitem(dsa_ht *t, int64_t *key, int64_t *value)
{
    return ON_TABLE(t, popitem, key, value);
}

int dsa_ht_setdefault(dsa_ht *t, int64_t key, int64_t dflt, int64_t *value)
{
    return ON_TABLE(t, setdefault, key, dflt, value);
}

int dsa_ht_delete(dsa_ht *t, int64_t key, int64_t *value)
{
    return ON_TABLE(t, delete, key, value);
}

void dsa_ht_clear(dsa_ht *t)
{
    if (t->open)
        dsa_oa_clear(as_oa(t));
    else
        dsa_ch_clear(as_ch(t));
}

int dsa_ht_set_max_load(dsa_ht *t, double max_load)
{
    return set_max_load(t, max_load, t->open ? dsa_oa_refit : dsa_ch_refit);
}

int dsa_ht_resize(dsa_ht *t, size_t capacity)
{
    size_t cap;
    int status = resize_begin(t, capacity, &cap);
    if (status != DSA_OK)
        return status;
    return t->open ? dsa_oa_rebuild(as_oa(t), cap)
                   : dsa_ch_rehash(as_ch(t), cap);
}
