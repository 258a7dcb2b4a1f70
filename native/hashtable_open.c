/* hashtable_open.c: the open-addressing hash table (dsa_oa), with
 * linear probing and tombstones, or Robin Hood placement.
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
        /* The key first: where it is found, its distance is `travelled`,
         * so the stop test below would have let the walk on; testing it
         * first spares a hit the hash of the slot it stops at. */
        if (t->states[i] == tag && t->slots[i].key == key)
            return i;
        if (rh_distance(t, i) < travelled)
            return NOT_FOUND;
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
    dsa_ht_trace_begin(&t->base.trace);
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
    *slots = dsa_ht_lines_alloc(capacity, sizeof **slots);
    *states = dsa_ht_lines_alloc(capacity, 1);
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
int dsa_oa_rebuild(dsa_oa *t, size_t capacity)
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
    dsa_ht_note_resize(&t->base, old_cap, total, moved, t->tombstones);
    t->tombstones = 0;
    return DSA_OK;
}

/* Rebuild for `extra` more keys at the capacity oa_capacity_for chooses. */
static int oa_make_room(dsa_oa *t, size_t extra)
{
    size_t capacity = oa_capacity_for(t, extra);
    return capacity ? dsa_oa_rebuild(t, capacity) : DSA_ENOMEM;
}

int dsa_oa_new(size_t capacity, double max_load, int hash_kind, uint64_t seed,
               dsa_oa **out)
{
    int status;
    if (out == NULL)
        return DSA_EVALUE;
    dsa_oa *t = dsa_ht_table_new(sizeof *t, capacity, max_load, hash_kind,
                                 seed, 1, &status);
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
    if (dsa_ht_base_copy(&copy->base, &t->base) != DSA_OK) {
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

int dsa_oa_put(dsa_oa *t, int64_t key, int64_t value, int *added)
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

int dsa_oa_get(dsa_oa *t, int64_t key, int64_t *value)
{
    size_t i = oa_lookup(t, key, hash_key(&t->base.hash, key), NULL, value);
    return i != NOT_FOUND ? DSA_OK : DSA_EKEY;
}

int dsa_oa_setdefault(dsa_oa *t, int64_t key, int64_t dflt, int64_t *value)
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

int dsa_oa_delete(dsa_oa *t, int64_t key, int64_t *value)
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

int dsa_oa_popitem(dsa_oa *t, int64_t *key, int64_t *value)
{
    size_t i;
    int status = dsa_ht_pop_begin(&t->base, oa_live, &i);
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
void dsa_oa_clear(dsa_oa *t)
{
    struct dsa_ht *b = &t->base;
    struct dsa_oa_slot *slots;
    uint8_t *states;
    dsa_ht_trace_begin(&b->trace);
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
    if (b->len > 0)                    /* an empty table's key set is unchanged */
        b->mods++;
    b->len = 0;
    b->scan = 0;
    t->tombstones = 0;
}

int dsa_oa_refit(struct dsa_ht *b)
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

