/* linkedlist_memory.c: where the C linked list's nodes live, and how a
 * node reference from Python is checked.  The pools (DSA_LL_POOL and
 * DSA_LL_SHUFFLED) and the layouts are described in linkedlist.c.
 *
 * Node references from Python.  Python may keep a node to work on it in
 * O(1) later, but its list may have removed and freed that node meanwhile.
 * Handing Python the raw pointer would let it make C write into freed
 * memory.  So each list keeps a registry: a hash table (open addressing,
 * linear probing, backward-shift deletion) from the address of every live
 * node to a serial number, taken from a 64-bit counter that the list bumps
 * for every node it makes and never reuses.  A reference is (address,
 * serial); every function that takes one looks the address up first and
 * compares serials, and touches the node only if both match.  A removed
 * node has left the registry; a new node that happens to get the same
 * address has a new serial; a node of another list is not in this list's
 * registry.  All three are refused with DSA_EVALUE.  The registry costs a
 * probe per node made or freed, and is not part of what the tracing counts
 * (a C program holding its own node pointers would not need it).
 */
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "linkedlist.h"
#include "linkedlist_list.h"
#include "linkedlist_node.h"
#include "trace.h"

enum {
    MIN_CHUNK = 64,          /* nodes in the smallest pool chunk */
    MIN_REGISTRY = 16        /* slots in the smallest registry */
};

/* ---- registry ------------------------------------------------------------ */

static size_t reg_home(uintptr_t key, size_t mask)
{
    return (size_t)dsa_mix64((uint64_t)key) & mask;
}

struct reg_entry *dsa_ll_reg_find(const struct registry *r, uintptr_t key)
{
    if (r->cap == 0 || key == 0)
        return NULL;
    size_t mask = r->cap - 1;
    for (size_t i = reg_home(key, mask);; i = (i + 1) & mask) {
        if (r->slots[i].key == key)
            return &r->slots[i];
        if (r->slots[i].key == 0)
            return NULL;
    }
}

/* Place an entry known to be absent into a table with room. */
static void reg_place(struct reg_entry *slots, size_t cap, struct reg_entry e)
{
    size_t mask = cap - 1, i = reg_home(e.key, mask);
    while (slots[i].key != 0)
        i = (i + 1) & mask;
    slots[i] = e;
}

static int reg_rehash(struct registry *r, size_t cap)
{
    struct reg_entry *slots = calloc(cap, sizeof *slots);
    if (slots == NULL)
        return DSA_ENOMEM;
    for (size_t i = 0; i < r->cap; i++)
        if (r->slots[i].key != 0)
            reg_place(slots, cap, r->slots[i]);
    free(r->slots);
    r->slots = slots;
    r->cap = cap;
    return DSA_OK;
}

/* Make room for `extra` more entries, keeping the table at most half full. */
static int reg_reserve(struct registry *r, size_t extra)
{
    size_t need, want, bytes;
    if (extra > SIZE_MAX - r->count)
        return DSA_ENOMEM;
    need = r->count + extra;
    if (!dsa_mul_size(need, 2, &want))
        return DSA_ENOMEM;
    if (want <= r->cap)
        return DSA_OK;
    size_t cap = r->cap < MIN_REGISTRY ? MIN_REGISTRY : r->cap;
    while (cap < want) {
        if (!dsa_mul_size(cap, 2, &cap))
            return DSA_ENOMEM;
    }
    if (!dsa_mul_size(cap, sizeof(struct reg_entry), &bytes))
        return DSA_ENOMEM;
    return reg_rehash(r, cap);
}

/* Needs room (reg_reserve) and a key not in the table. */
void dsa_ll_reg_put(struct registry *r, uintptr_t key, uint64_t serial)
{
    struct reg_entry e = {key, serial};
    reg_place(r->slots, r->cap, e);
    r->count++;
}

static void reg_remove(struct registry *r, uintptr_t key)
{
    struct reg_entry *e = dsa_ll_reg_find(r, key);
    if (e == NULL)
        return;
    size_t mask = r->cap - 1;
    size_t hole = (size_t)(e - r->slots), j = hole;
    /* Backward shift: pull later entries of the probe run into the hole
     * when the hole lies on their way from home, so no tombstones remain. */
    for (;;) {
        j = (j + 1) & mask;
        if (r->slots[j].key == 0)
            break;
        size_t home = reg_home(r->slots[j].key, mask);
        if (((j - home) & mask) >= ((j - hole) & mask)) {
            r->slots[hole] = r->slots[j];
            hole = j;
        }
    }
    r->slots[hole].key = 0;
    r->slots[hole].serial = 0;
    r->count--;
    /* Give memory back after a big shrink; keep the big table if the
     * smaller one cannot be had. */
    if (r->cap > MIN_REGISTRY && r->count < r->cap / 8)
        (void)reg_rehash(r, r->cap / 2);
}

void dsa_ll_reg_clear(struct registry *r)
{
    free(r->slots);
    r->slots = NULL;
    r->cap = 0;
    r->count = 0;
}

/* ---- pools ----------------------------------------------------------------- */

static struct dsa_ll_node *chunk_nodes(struct chunk *c)
{
    return (struct dsa_ll_node *)(void *)((unsigned char *)c + LINE);
}

/* Add a chunk of at least `want` nodes and put them on the free list, in
 * address order or shuffled, ahead of any free nodes already there. */
static int arena_grow(dsa_ll *l, size_t want)
{
    struct arena *a = &l->arena;
    size_t count = want, bytes;
    if (count < a->slots)
        count = a->slots;
    if (count < MIN_CHUNK)
        count = MIN_CHUNK;
    if (!dsa_mul_size(count, sizeof(struct dsa_ll_node), &bytes)
        || bytes > SIZE_MAX - LINE)
        return DSA_ENOMEM;
    struct chunk *c = dsa_alloc_lines(LINE + bytes);
    if (c == NULL)
        return DSA_ENOMEM;
    c->count = count;
    c->next = a->chunks;
    a->chunks = c;
    a->slots += count;
    a->free_count += count;

    struct dsa_ll_node *nodes = chunk_nodes(c);
    if (l->layout == DSA_LL_SHUFFLED) {
        /* Node number value[k] is the k-th to be handed out. */
        dsa_ll_shuffle_into_values(nodes, count, &l->rng);
        for (size_t k = count; k-- > 0;) {
            struct dsa_ll_node *p = &nodes[(size_t)nodes[k].value];
            p->next = a->free;
            a->free = p;
        }
    } else {
        for (size_t k = count; k-- > 0;) {
            nodes[k].next = a->free;
            a->free = &nodes[k];
        }
    }
    return DSA_OK;
}

void dsa_ll_arena_clear(struct arena *a)
{
    while (a->chunks != NULL) {
        struct chunk *next = a->chunks->next;
        free(a->chunks);
        a->chunks = next;
    }
    a->free = NULL;
    a->free_count = 0;
    a->slots = 0;
}

/* 1 if p is one of the node slots of the list's chunks. */
int dsa_ll_arena_holds(const struct arena *a, const struct dsa_ll_node *p)
{
    uintptr_t q = (uintptr_t)p;
    for (struct chunk *c = a->chunks; c != NULL; c = c->next) {
        uintptr_t first = (uintptr_t)chunk_nodes(c);
        if (q >= first && (q - first) / sizeof *p < c->count)
            return (q - first) % sizeof *p == 0;
    }
    return 0;
}

/* ---- making and unmaking nodes --------------------------------------------- */

/* Room for k more nodes: registry slots, and pool nodes if pooled.  After
 * this, dsa_ll_take() cannot fail for a pooled list. */
int dsa_ll_reserve(dsa_ll *l, size_t k)
{
    if (k > SIZE_MAX / 2 - l->len)
        return DSA_ENOMEM;
    int status = reg_reserve(&l->reg, k);
    if (status != DSA_OK)
        return status;
    if (l->layout != DSA_LL_MALLOC && l->arena.free_count < k)
        return arena_grow(l, k - l->arena.free_count);
    return DSA_OK;
}

struct dsa_ll_node *dsa_ll_take(dsa_ll *l)
{
    if (l->layout == DSA_LL_MALLOC)
        return malloc(sizeof(struct dsa_ll_node));
    struct dsa_ll_node *p = l->arena.free;
    if (p != NULL) {
        l->arena.free = p->next;
        l->arena.free_count--;
    }
    return p;
}

/* Forget a node that has been unlinked, and give its memory back. */
void dsa_ll_release(dsa_ll *l, struct dsa_ll_node *p)
{
    reg_remove(&l->reg, (uintptr_t)p);
    if (l->layout == DSA_LL_MALLOC) {
        free(p);
        return;
    }
    p->prev = NULL;
    p->next = l->arena.free;
    l->arena.free = p;
    l->arena.free_count++;
}

/* A registered node holding value, not yet linked.  Needs
 * dsa_ll_reserve(l, 1). */
int dsa_ll_make_node(dsa_ll *l, int64_t value, struct dsa_ll_node **out)
{
    struct dsa_ll_node *p = dsa_ll_take(l);
    if (p == NULL)
        return DSA_ENOMEM;
    p->prev = NULL;
    p->next = NULL;
    p->value = value;
    dsa_ll_reg_put(&l->reg, (uintptr_t)p, l->next_serial++);
    visit(l, p);
    *out = p;
    return DSA_OK;
}

size_t dsa_ll_bytes(const dsa_ll *l)
{
    size_t bytes = dsa_round_to_line(sizeof *l);
    if (l->layout == DSA_LL_MALLOC) {
        bytes += l->len * sizeof(struct dsa_ll_node);
    } else {
        for (const struct chunk *c = l->arena.chunks; c != NULL; c = c->next)
            bytes += dsa_round_to_line(LINE
                                       + c->count * sizeof(struct dsa_ll_node));
    }
    return bytes + l->reg.cap * sizeof(struct reg_entry);
}

