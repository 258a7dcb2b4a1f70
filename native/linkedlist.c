/* linkedlist.c: a doubly linked list of int64 and its tracing.  Where its
 * nodes live (the pools) and the registry that checks a node reference from
 * Python are in linkedlist_memory.c, the struct both files share in
 * linkedlist_list.h; the kernels that time a walk through memory are in
 * linkedlist_kernels.c.
 *
 * The node (linkedlist_node.h).  Three 8-byte fields, 24 bytes, no padding:
 *
 *     struct dsa_ll_node { prev | next | value }
 *
 * A cache line is 64 bytes.  An int64 array puts 8 values in every line; a
 * pool of nodes puts 64/24 = 2.67 nodes in a line, and only a third of each
 * node is the value.  So, counted in lines:
 *
 *   walk of N int64 in an array (line aligned)     ceil(8N/64)  = 0.125 N
 *   walk of N nodes of a pool, in address order    ceil(24N/64) = 0.375 N
 *   walk of N nodes malloc'd one by one, in order  about 0.5 N (glibc puts a
 *       24-byte request in a 32-byte chunk, so nodes sit 32 bytes apart)
 *   walk of N nodes linked in a shuffled order     about 1.25 N fetches: a
 *       new line for almost every node, and a second one for the nodes that
 *       straddle two lines (2 of every 8 pool positions)
 *
 * and the array and the in-order pool are read in address order, which the
 * prefetcher sees and runs ahead of, while in the shuffled list the address
 * of the next node is known only when the load of the current one is done:
 * every step waits out a full memory latency once the list outgrows the
 * caches.  The kernels of linkedlist_kernels.c measure exactly that.
 *
 * The list.  head, tail, len and a modification counter, like Redis's
 * adlist.c: no sentinel, NULL at both ends (the Python twin's circle
 * through a sentinel, and why this list has none: docs/twins.md).  Where
 * the nodes come from is the list's layout:
 *
 *   DSA_LL_MALLOC    malloc() per node, free() on removal;
 *   DSA_LL_POOL      nodes carved from line-aligned chunks, handed out in
 *                    address order; a removed node goes on a free list and
 *                    chunks are returned only by clear() or free;
 *   DSA_LL_SHUFFLED  the same chunks, but each chunk's nodes go on the free
 *                    list in a random order, so consecutive appends land at
 *                    scattered addresses and `next` jumps around memory.
 *
 * A chunk asks for at least as many nodes as the list has slots already
 * (so chunks double), and for all of an extend() at once: a list built from
 * n items in one go gets one chunk holding exactly its nodes, contiguous and
 * in list order for DSA_LL_POOL.
 *
 * Tracing.  In the traced build each operation above the "looking" line of
 * linkedlist.h records: the header line (head, tail, len, mods: one line,
 * the struct is line aligned) and the 24 bytes of every node it reads or
 * writes, as Python's dsa/native/linkedlist.py spells out operation by
 * operation.  The registry, the pool's bookkeeping and malloc's own headers
 * are not counted.
 */
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "linkedlist.h"
#include "linkedlist_list.h"
#include "linkedlist_node.h"
#include "trace.h"

/* ---- linking --------------------------------------------------------------- */

/* Put p between prev and next (either may be NULL: an end). */
static void link_between(dsa_ll *l, struct dsa_ll_node *prev,
                         struct dsa_ll_node *p, struct dsa_ll_node *next)
{
    p->prev = prev;
    p->next = next;
    if (prev != NULL) {
        visit(l, prev);
        prev->next = p;
    } else {
        l->head = p;
    }
    if (next != NULL) {
        visit(l, next);
        next->prev = p;
    } else {
        l->tail = p;
    }
    l->len++;
    l->mods++;
}

static void unlink_node(dsa_ll *l, struct dsa_ll_node *p)
{
    if (p->prev != NULL) {
        visit(l, p->prev);
        p->prev->next = p->next;
    } else {
        l->head = p->next;
    }
    if (p->next != NULL) {
        visit(l, p->next);
        p->next->prev = p->prev;
    } else {
        l->tail = p->prev;
    }
    p->prev = NULL;
    p->next = NULL;
    l->len--;
    l->mods++;
}

/* The node at index (< len), walking from the nearer end: from the head
 * when index <= len - 1 - index, else from the tail.  With `traced`, visits
 * every node on the way, both ends included. */
static struct dsa_ll_node *walk(const dsa_ll *l, size_t index, int traced)
{
    struct dsa_ll_node *p;
    if (index <= l->len - 1 - index) {
        p = l->head;
        if (traced)
            visit(l, p);
        for (size_t k = 0; k < index; k++) {
            p = p->next;
            if (traced)
                visit(l, p);
        }
    } else {
        p = l->tail;
        if (traced)
            visit(l, p);
        for (size_t k = l->len - 1; k > index; k--) {
            p = p->prev;
            if (traced)
                visit(l, p);
        }
    }
    return p;
}

static struct dsa_ll_node *walk_to(const dsa_ll *l, size_t index)
{
    return walk(l, index, 1);
}

static void make_ref(const dsa_ll *l, const struct dsa_ll_node *p,
                     struct dsa_ll_ref *out)
{
    if (out == NULL)
        return;
    out->node = 0;
    out->serial = 0;
    if (p == NULL)
        return;
    const struct reg_entry *e = dsa_ll_reg_find(&l->reg, (uintptr_t)p);
    out->node = (uintptr_t)p;
    out->serial = e != NULL ? e->serial : 0;   /* 0 never matches */
}

/* The node a reference names, or NULL if it is not a live node of l.  The
 * address is only converted back to a pointer once the registry says it
 * is one of our nodes, so a stale reference is never dereferenced. */
static struct dsa_ll_node *resolve(const dsa_ll *l, const struct dsa_ll_ref *ref)
{
    if (ref == NULL || ref->node == 0)
        return NULL;
    const struct reg_entry *e = dsa_ll_reg_find(&l->reg, ref->node);
    if (e == NULL || e->serial != ref->serial)
        return NULL;
    return (struct dsa_ll_node *)ref->node;
}

/* Start an operation on the node a handle holds: traced, the node visited;
 * NULL, with nothing visited, when the handle is stale or another list's. */
static struct dsa_ll_node *begin_at(dsa_ll *l, const struct dsa_ll_ref *ref)
{
    trace_begin(l);
    struct dsa_ll_node *p = resolve(l, ref);
    if (p != NULL)
        visit(l, p);
    return p;
}

/* ---- the structure --------------------------------------------------------- */

int dsa_ll_new(int layout, uint64_t seed, dsa_ll **out)
{
    if (out == NULL)
        return DSA_EVALUE;
    *out = NULL;
    if (layout != DSA_LL_MALLOC && layout != DSA_LL_SHUFFLED
        && layout != DSA_LL_POOL)
        return DSA_EVALUE;
    dsa_ll *l = dsa_alloc_lines(sizeof *l);
    if (l == NULL)
        return DSA_ENOMEM;
    memset(l, 0, sizeof *l);
    l->layout = layout;
    l->next_serial = 1;
    l->rng = seed;
    *out = l;
    return DSA_OK;
}

/* Free every node; the registry and the counters are the caller's. */
static void free_nodes(dsa_ll *l)
{
    if (l->layout == DSA_LL_MALLOC) {
        struct dsa_ll_node *p = l->head;
        while (p != NULL) {
            struct dsa_ll_node *next = p->next;
            visit(l, p);
            free(p);
            p = next;
        }
    }
    dsa_ll_arena_clear(&l->arena);
    l->head = NULL;
    l->tail = NULL;
    l->len = 0;
}

void dsa_ll_free(dsa_ll *l)
{
    if (l == NULL)
        return;
    free_nodes(l);
    dsa_ll_reg_clear(&l->reg);
    dsa_trace_free(l->trace);
    free(l);
}

int dsa_ll_extend(dsa_ll *l, const int64_t *items, size_t n)
{
    trace_begin(l);
    if (n == 0)
        return DSA_OK;
    if (items == NULL)
        return DSA_EVALUE;
    int status = dsa_ll_reserve(l, n);
    if (status != DSA_OK)
        return status;

    /* Make the whole chain before touching the list, so a failed malloc
     * leaves the list as it was. */
    struct dsa_ll_node *first = NULL, *last = NULL;
    for (size_t i = 0; i < n; i++) {
        struct dsa_ll_node *p = dsa_ll_take(l);
        if (p == NULL) {
            while (first != NULL) {       /* only the malloc layout fails */
                struct dsa_ll_node *next = first->next;
                free(first);
                first = next;
            }
            return DSA_ENOMEM;
        }
        p->value = items[i];
        p->prev = last;
        p->next = NULL;
        if (last != NULL)
            last->next = p;
        else
            first = p;
        last = p;
    }
    for (struct dsa_ll_node *p = first; p != NULL; p = p->next) {
        dsa_ll_reg_put(&l->reg, (uintptr_t)p, l->next_serial++);
        visit(l, p);
    }
    if (l->tail != NULL) {
        visit(l, l->tail);
        l->tail->next = first;
        first->prev = l->tail;
    } else {
        l->head = first;
    }
    l->tail = last;
    l->len += n;
    l->mods++;
    return DSA_OK;
}

/* A new node holding `value`, linked between prev and next (NULL beyond
 * an end), and its handle in *out; nothing changes when there is no room.
 * Making room moves no node, so prev and next stay where they are. */
static int insert_between(dsa_ll *l, struct dsa_ll_node *prev, int64_t value,
                          struct dsa_ll_node *next, struct dsa_ll_ref *out)
{
    struct dsa_ll_node *p = NULL;
    int status = dsa_ll_reserve(l, 1);
    if (status == DSA_OK)
        status = dsa_ll_make_node(l, value, &p);
    if (status != DSA_OK)
        return status;
    link_between(l, prev, p, next);
    make_ref(l, p, out);
    return DSA_OK;
}

static int push(dsa_ll *l, int64_t value, int front, struct dsa_ll_ref *out)
{
    trace_begin(l);
    if (front)
        return insert_between(l, NULL, value, l->head, out);
    return insert_between(l, l->tail, value, NULL, out);
}

int dsa_ll_push_back(dsa_ll *l, int64_t value, struct dsa_ll_ref *out)
{
    return push(l, value, 0, out);
}

int dsa_ll_push_front(dsa_ll *l, int64_t value, struct dsa_ll_ref *out)
{
    return push(l, value, 1, out);
}

int dsa_ll_insert(dsa_ll *l, size_t index, int64_t value)
{
    if (index > l->len) {
        trace_begin(l);
        return DSA_EINDEX;
    }
    if (index == l->len)
        return push(l, value, 0, NULL);
    trace_begin(l);
    int status = dsa_ll_reserve(l, 1);
    if (status != DSA_OK)
        return status;
    struct dsa_ll_node *at = walk_to(l, index), *p = NULL;
    if ((status = dsa_ll_make_node(l, value, &p)) != DSA_OK)
        return status;
    link_between(l, at->prev, p, at);
    return DSA_OK;
}

int dsa_ll_pop(dsa_ll *l, size_t index, int64_t *out)
{
    trace_begin(l);
    if (l->len == 0)
        return DSA_EEMPTY;
    if (index >= l->len)
        return DSA_EINDEX;
    struct dsa_ll_node *p = walk_to(l, index);
    int64_t value = p->value;
    unlink_node(l, p);
    dsa_ll_release(l, p);
    if (out != NULL)
        *out = value;
    return DSA_OK;
}

int dsa_ll_get(dsa_ll *l, size_t index, int64_t *out)
{
    trace_begin(l);
    if (index >= l->len)
        return DSA_EINDEX;
    int64_t value = walk_to(l, index)->value;
    if (out != NULL)
        *out = value;
    return DSA_OK;
}

int dsa_ll_set(dsa_ll *l, size_t index, int64_t value)
{
    trace_begin(l);
    if (index >= l->len)
        return DSA_EINDEX;
    walk_to(l, index)->value = value;
    return DSA_OK;
}

int dsa_ll_find(dsa_ll *l, int64_t value, size_t start, size_t stop,
                size_t *index, struct dsa_ll_ref *node)
{
    trace_begin(l);
    if (stop > l->len)
        stop = l->len;
    if (start < stop) {
        struct dsa_ll_node *p = walk_to(l, start);
        for (size_t i = start;; i++) {
            if (p->value == value) {
                if (index != NULL)
                    *index = i;
                make_ref(l, p, node);
                return DSA_OK;
            }
            if (i + 1 >= stop)
                break;
            p = p->next;
            visit(l, p);
        }
    }
    return DSA_EVALUE;
}

int dsa_ll_remove_value(dsa_ll *l, int64_t value)
{
    trace_begin(l);
    for (struct dsa_ll_node *p = l->head; p != NULL; p = p->next) {
        visit(l, p);
        if (p->value == value) {
            unlink_node(l, p);
            dsa_ll_release(l, p);
            return DSA_OK;
        }
    }
    return DSA_EVALUE;
}

size_t dsa_ll_count(dsa_ll *l, int64_t value)
{
    size_t count = 0;
    trace_begin(l);
    for (struct dsa_ll_node *p = l->head; p != NULL; p = p->next) {
        visit(l, p);
        count += p->value == value;
    }
    return count;
}

void dsa_ll_reverse(dsa_ll *l)
{
    trace_begin(l);
    for (struct dsa_ll_node *p = l->head; p != NULL; p = p->prev) {
        visit(l, p);
        struct dsa_ll_node *t = p->next;
        p->next = p->prev;
        p->prev = t;                 /* the old next: where the walk goes */
    }
    struct dsa_ll_node *t = l->head;
    l->head = l->tail;
    l->tail = t;
    l->mods++;
}

/* Give every node its prev again after relinking through next alone. */
static void relink_prev(dsa_ll *l)
{
    struct dsa_ll_node *prev = NULL;
    for (struct dsa_ll_node *p = l->head; p != NULL; p = p->next) {
        p->prev = prev;
        prev = p;
    }
    l->tail = prev;
}

void dsa_ll_sort(dsa_ll *l, int descending)
{
    trace_begin(l);
    for (struct dsa_ll_node *p = l->head; p != NULL; p = p->next)
        visit(l, p);
    l->mods++;
    if (l->len < 2)
        return;
    /* Bottom-up merge sort through next (S. Tatham's list merge sort): runs
     * of `width` nodes are merged pairwise until one run is left.  On equal
     * values the left run goes first, so the sort is stable both ways. */
    struct dsa_ll_node *list = l->head;
    for (size_t width = 1;; width *= 2) {
        struct dsa_ll_node *p = list, *tail = NULL;
        size_t merges = 0;
        list = NULL;
        while (p != NULL) {
            struct dsa_ll_node *q = p;
            size_t psize = 0, qsize = width;
            merges++;
            while (psize < width && q != NULL) {
                psize++;
                q = q->next;
            }
            while (psize > 0 || (qsize > 0 && q != NULL)) {
                struct dsa_ll_node *e;
                int take_p;
                if (psize == 0)
                    take_p = 0;
                else if (qsize == 0 || q == NULL)
                    take_p = 1;
                else if (descending)
                    take_p = p->value >= q->value;
                else
                    take_p = p->value <= q->value;
                if (take_p) {
                    e = p;
                    p = p->next;
                    psize--;
                } else {
                    e = q;
                    q = q->next;
                    qsize--;
                }
                if (tail != NULL)
                    tail->next = e;
                else
                    list = e;
                tail = e;
            }
            p = q;
        }
        tail->next = NULL;
        if (merges <= 1)
            break;
    }
    l->head = list;
    relink_prev(l);
}

int dsa_ll_permute(dsa_ll *l, const size_t *order, size_t n)
{
    trace_begin(l);
    if (n != l->len || (n > 0 && order == NULL))
        return DSA_EVALUE;
    if (n == 0) {
        l->mods++;
        return DSA_OK;
    }
    size_t bytes;
    if (!dsa_mul_size(n, sizeof(struct dsa_ll_node *), &bytes))
        return DSA_ENOMEM;
    struct dsa_ll_node **nodes = malloc(bytes);
    unsigned char *seen = calloc(n, 1);
    if (nodes == NULL || seen == NULL) {
        free(nodes);
        free(seen);
        return DSA_ENOMEM;
    }
    int status = DSA_OK;
    for (size_t k = 0; k < n; k++) {
        if (order[k] >= n || seen[order[k]]) {
            status = DSA_EVALUE;
            break;
        }
        seen[order[k]] = 1;
    }
    if (status == DSA_OK) {
        size_t k = 0;
        for (struct dsa_ll_node *p = l->head; p != NULL; p = p->next) {
            visit(l, p);
            nodes[k++] = p;
        }
        for (k = 0; k + 1 < n; k++)
            nodes[order[k]]->next = nodes[order[k + 1]];
        nodes[order[n - 1]]->next = NULL;
        l->head = nodes[order[0]];
        relink_prev(l);
        l->mods++;
    }
    free(nodes);
    free(seen);
    return status;
}

void dsa_ll_clear(dsa_ll *l)
{
    trace_begin(l);
    free_nodes(l);
    dsa_ll_reg_clear(&l->reg);
    l->mods++;
}

/* ---- node references ------------------------------------------------------- */

int dsa_ll_node_at(dsa_ll *l, size_t index, struct dsa_ll_ref *out)
{
    trace_begin(l);
    if (index >= l->len)
        return DSA_EINDEX;
    make_ref(l, walk_to(l, index), out);
    return DSA_OK;
}

int dsa_ll_node_get(dsa_ll *l, const struct dsa_ll_ref *ref, int64_t *out)
{
    struct dsa_ll_node *p = begin_at(l, ref);
    if (p == NULL)
        return DSA_EVALUE;
    if (out != NULL)
        *out = p->value;
    return DSA_OK;
}

int dsa_ll_node_set(dsa_ll *l, const struct dsa_ll_ref *ref, int64_t value)
{
    struct dsa_ll_node *p = begin_at(l, ref);
    if (p == NULL)
        return DSA_EVALUE;
    p->value = value;
    return DSA_OK;
}

static int insert_beside(dsa_ll *l, const struct dsa_ll_ref *ref,
                         int64_t value, int after, struct dsa_ll_ref *out)
{
    struct dsa_ll_node *at = begin_at(l, ref);
    if (at == NULL)
        return DSA_EVALUE;
    if (after)
        return insert_between(l, at, value, at->next, out);
    return insert_between(l, at->prev, value, at, out);
}

int dsa_ll_insert_after(dsa_ll *l, const struct dsa_ll_ref *ref,
                        int64_t value, struct dsa_ll_ref *out)
{
    return insert_beside(l, ref, value, 1, out);
}

int dsa_ll_insert_before(dsa_ll *l, const struct dsa_ll_ref *ref,
                         int64_t value, struct dsa_ll_ref *out)
{
    return insert_beside(l, ref, value, 0, out);
}

int dsa_ll_remove_node(dsa_ll *l, const struct dsa_ll_ref *ref, int64_t *out)
{
    struct dsa_ll_node *p = begin_at(l, ref);
    if (p == NULL)
        return DSA_EVALUE;
    int64_t value = p->value;
    unlink_node(l, p);
    dsa_ll_release(l, p);
    if (out != NULL)
        *out = value;
    return DSA_OK;
}

static int move_to_end(dsa_ll *l, const struct dsa_ll_ref *ref, int front)
{
    struct dsa_ll_node *p = begin_at(l, ref);
    if (p == NULL)
        return DSA_EVALUE;
    if (p == (front ? l->head : l->tail))
        return DSA_OK;               /* already there: nothing changes */
    unlink_node(l, p);
    if (front)
        link_between(l, NULL, p, l->head);
    else
        link_between(l, l->tail, p, NULL);
    return DSA_OK;
}

int dsa_ll_move_to_front(dsa_ll *l, const struct dsa_ll_ref *ref)
{
    return move_to_end(l, ref, 1);
}

int dsa_ll_move_to_back(dsa_ll *l, const struct dsa_ll_ref *ref)
{
    return move_to_end(l, ref, 0);
}

/* ---- looking --------------------------------------------------------------- */

DSA_FIELD_READER(size_t, dsa_ll_len, dsa_ll, len)
DSA_FIELD_READER(int, dsa_ll_layout, dsa_ll, layout)
DSA_FIELD_READER(uint64_t, dsa_ll_mods, dsa_ll, mods)

int dsa_ll_items(const dsa_ll *l, int64_t *out, size_t n)
{
    if (n > l->len)
        return DSA_EINDEX;
    if (n > 0 && out == NULL)
        return DSA_EVALUE;
    const struct dsa_ll_node *p = l->head;
    for (size_t i = 0; i < n; i++, p = p->next)
        out[i] = p->value;
    return DSA_OK;
}

void dsa_ll_ends(const dsa_ll *l, struct dsa_ll_ref *head,
                 struct dsa_ll_ref *tail)
{
    make_ref(l, l->head, head);
    make_ref(l, l->tail, tail);
}

void dsa_ll_ref_at(const dsa_ll *l, size_t index, struct dsa_ll_ref *out)
{
    make_ref(l, index < l->len ? walk(l, index, 0) : NULL, out);
}

int dsa_ll_step(const dsa_ll *l, const struct dsa_ll_ref *ref, int forward,
                int64_t *value, struct dsa_ll_ref *next)
{
    const struct dsa_ll_node *p = resolve(l, ref);
    if (p == NULL)
        return DSA_EVALUE;
    if (value != NULL)
        *value = p->value;
    make_ref(l, forward ? p->next : p->prev, next);
    return DSA_OK;
}

int dsa_ll_owns(const dsa_ll *l, const struct dsa_ll_ref *ref)
{
    return resolve(l, ref) != NULL;
}

int dsa_ll_check(const dsa_ll *l)
{
    if ((l->len == 0) != (l->head == NULL) || (l->len == 0) != (l->tail == NULL))
        return DSA_LL_CHECK_ENDS;
    if (l->len > 0 && (l->head->prev != NULL || l->tail->next != NULL))
        return DSA_LL_CHECK_ENDS;
    /* Forward: at most len steps, so a cycle cannot keep us here. */
    const struct dsa_ll_node *p = l->head, *last = NULL;
    size_t n = 0;
    while (p != NULL && n < l->len) {
        if (p->prev != last)
            return DSA_LL_CHECK_LINKS;
        if (dsa_ll_reg_find(&l->reg, (uintptr_t)p) == NULL)
            return DSA_LL_CHECK_OWNER;
        if (l->layout != DSA_LL_MALLOC && !dsa_ll_arena_holds(&l->arena, p))
            return DSA_LL_CHECK_POOL;
        last = p;
        p = p->next;
        n++;
    }
    if (p != NULL || n != l->len || last != l->tail)
        return DSA_LL_CHECK_LENGTH;
    /* Backward, the same number of steps to the head. */
    n = 0;
    for (p = l->tail; p != NULL && n < l->len; p = p->prev)
        n++;
    if (p != NULL || n != l->len)
        return DSA_LL_CHECK_BACKWARD;
    if (l->reg.count != l->len || 2 * l->reg.count > l->reg.cap)
        return DSA_LL_CHECK_REGISTRY;
    if (l->layout != DSA_LL_MALLOC) {
        size_t free_count = 0;
        for (p = l->arena.free; p != NULL && free_count <= l->arena.slots;
             p = p->next) {
            if (!dsa_ll_arena_holds(&l->arena, p))
                return DSA_LL_CHECK_POOL;
            free_count++;
        }
        if (free_count != l->arena.free_count
            || l->len + free_count != l->arena.slots)
            return DSA_LL_CHECK_POOL;
    }
    return DSA_LL_CHECK_OK;
}

size_t dsa_ll_node_bytes(void)
{
    return sizeof(struct dsa_ll_node);
}

/* ---- tracing ---------------------------------------------------------------- */

/* dsa_ll_set_tracing, dsa_ll_last_lines, dsa_ll_trace_overflowed. */
DSA_TRACE_FACE(dsa_ll, dsa_ll)

