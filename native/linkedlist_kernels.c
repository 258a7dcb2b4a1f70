/* linkedlist_kernels.c: what a walk through memory costs, timed inside C
 * (see linkedlist_kernels.h, and the counts of lines in linkedlist.c).
 *
 * Two generators, both splitmix64: the values from state `seed` (value k is
 * draw k >> 32), the shuffles and random positions from state ~seed.  The
 * kernels build their structures with the same node type as the list
 * (linkedlist_node.h) but without a registry: this is the C program the
 * lesson is about.
 */
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "linkedlist.h"
#include "linkedlist_kernels.h"
#include "linkedlist_node.h"
#include "trace.h"

enum {
    LINE = DSA_LINE_BYTES,
    MALLOC_NODE_BYTES = 32   /* what one malloc'd node really takes (glibc) */
};

#define MEM_MAX_BYTES ((size_t)DSA_MEM_MAX_BYTES_MIB * 1024u * 1024u)

/* Add count * size bytes to *total; 0 if that overflows or passes the cap. */
static int budget(size_t *total, size_t count, size_t size)
{
    size_t bytes;
    if (!dsa_mul_size(count, size, &bytes) || bytes > MEM_MAX_BYTES
        || *total > MEM_MAX_BYTES - bytes)
        return 0;
    *total += bytes;
    return 1;
}

static int64_t draw_value(uint64_t *state)
{
    return (int64_t)(dsa_splitmix64(state) >> 32);
}

/* n nodes holding the next n values of *values, in list order. */
struct chain {
    struct dsa_ll_node *head;
    struct dsa_ll_node *tail;
    struct dsa_ll_node *pool;     /* NULL for malloc'd nodes */
    int layout;
};

static void chain_free(struct chain *c)
{
    if (c->layout == DSA_LL_MALLOC) {
        struct dsa_ll_node *p = c->head;
        while (p != NULL) {
            struct dsa_ll_node *next = p->next;
            free(p);
            p = next;
        }
    } else {
        free(c->pool);
    }
    c->head = c->tail = c->pool = NULL;
}

/* Bytes a chain of n nodes will ask for (checked against the cap). */
static int chain_budget(size_t *total, size_t n, int layout)
{
    return budget(total, n, layout == DSA_LL_MALLOC ? MALLOC_NODE_BYTES
                                                    : sizeof(struct dsa_ll_node));
}

/* Link p in after the chain's tail. */
static void chain_append(struct chain *c, struct dsa_ll_node *p)
{
    p->prev = c->tail;
    p->next = NULL;
    if (c->tail != NULL)
        c->tail->next = p;
    else
        c->head = p;
    c->tail = p;
}

/* Build the chain; *sum receives the sum of its values.  Pool nodes: list
 * position k is pool slot k (DSA_LL_POOL) or slot perm[k] of a Fisher-Yates
 * permutation drawn from *shuffle (DSA_LL_SHUFFLED). */
static int chain_new(struct chain *c, size_t n, int layout, uint64_t *values,
                     uint64_t *shuffle, uint64_t *sum)
{
    c->head = c->tail = c->pool = NULL;
    c->layout = layout;
    *sum = 0;
    if (n == 0)
        return DSA_OK;
    if (layout == DSA_LL_MALLOC) {
        for (size_t k = 0; k < n; k++) {
            struct dsa_ll_node *p = malloc(sizeof *p);
            if (p == NULL) {
                chain_free(c);
                return DSA_ENOMEM;
            }
            p->value = draw_value(values);
            *sum += (uint64_t)p->value;
            chain_append(c, p);
        }
        return DSA_OK;
    }
    size_t bytes;
    if (!dsa_mul_size(n, sizeof(struct dsa_ll_node), &bytes)
        || (c->pool = dsa_alloc_lines(bytes)) == NULL)
        return DSA_ENOMEM;
    if (layout == DSA_LL_SHUFFLED)
        dsa_ll_shuffle_into_values(c->pool, n, shuffle);
    for (size_t k = 0; k < n; k++) {
        size_t slot = layout == DSA_LL_SHUFFLED ? (size_t)c->pool[k].value : k;
        chain_append(c, &c->pool[slot]);
    }
    /* Values last: the permutation lived in the value fields until now. */
    for (struct dsa_ll_node *p = c->head; p != NULL; p = p->next) {
        p->value = draw_value(values);
        *sum += (uint64_t)p->value;
    }
    return DSA_OK;
}

/* Forward and backward walks agree, len nodes, and the values add to sum. */
static int chain_ok(const struct chain *c, size_t len, uint64_t sum)
{
    const struct dsa_ll_node *p = c->head, *last = NULL;
    size_t n = 0;
    uint64_t s = 0;
    for (; p != NULL && n <= len; p = p->next, n++) {
        if (p->prev != last)
            return 0;
        s += (uint64_t)p->value;
        last = p;
    }
    return n == len && last == c->tail && s == sum;
}

/* ---- walk and sum ---------------------------------------------------------- */

/* The timed loops: exactly what a C programmer would write. */
static uint64_t sum_array(const int64_t *a, size_t n)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += (uint64_t)a[i];
    return sum;
}

static uint64_t sum_array_order(const int64_t *a, const uint32_t *order,
                                size_t n)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += (uint64_t)a[order[i]];
    return sum;
}

static uint64_t sum_chain(const struct dsa_ll_node *p)
{
    uint64_t sum = 0;
    for (; p != NULL; p = p->next)
        sum += (uint64_t)p->value;
    return sum;
}

/* What a walk kernel walks: an array (and maybe its visiting order) or a
 * chain of nodes. */
struct walkable {
    int kind;
    size_t n;
    int64_t *array;
    uint32_t *order;
    struct chain chain;
    uint64_t expected_sum;
};

static void walkable_free(struct walkable *w)
{
    free(w->array);
    free(w->order);
    chain_free(&w->chain);
    w->array = NULL;
    w->order = NULL;
}

static int kind_layout(int kind)
{
    return kind == DSA_MEM_NODES_MALLOC ? DSA_LL_MALLOC
         : kind == DSA_MEM_NODES_POOL ? DSA_LL_POOL : DSA_LL_SHUFFLED;
}

static int walkable_new(struct walkable *w, size_t n, int kind, uint64_t seed)
{
    uint64_t values = seed, shuffle = ~seed;
    size_t total = 0;
    memset(w, 0, sizeof *w);
    w->kind = kind;
    w->n = n;
    w->chain.layout = DSA_LL_POOL;
    if (kind < DSA_MEM_ARRAY || kind > DSA_MEM_NODES_SHUFFLED)
        return DSA_EVALUE;
    if (kind == DSA_MEM_ARRAY || kind == DSA_MEM_ARRAY_SHUFFLED) {
        if (!budget(&total, n, sizeof(int64_t))
            || (kind == DSA_MEM_ARRAY_SHUFFLED
                && (n > UINT32_MAX || !budget(&total, n, sizeof(uint32_t)))))
            return DSA_ENOMEM;
        if (n == 0)
            return DSA_OK;
        if ((w->array = dsa_alloc_lines(n * sizeof(int64_t))) == NULL)
            return DSA_ENOMEM;
        for (size_t i = 0; i < n; i++) {
            w->array[i] = draw_value(&values);
            w->expected_sum += (uint64_t)w->array[i];
        }
        if (kind == DSA_MEM_ARRAY_SHUFFLED) {
            if ((w->order = dsa_alloc_lines(n * sizeof(uint32_t))) == NULL) {
                walkable_free(w);
                return DSA_ENOMEM;
            }
            for (size_t i = 0; i < n; i++)
                w->order[i] = (uint32_t)i;
            for (size_t i = n; i-- > 1;) {
                size_t j = dsa_draw_below(&shuffle, i + 1);
                uint32_t t = w->order[i];
                w->order[i] = w->order[j];
                w->order[j] = t;
            }
        }
        return DSA_OK;
    }
    int layout = kind_layout(kind);
    if (!chain_budget(&total, n, layout))
        return DSA_ENOMEM;
    return chain_new(&w->chain, n, layout, &values, &shuffle, &w->expected_sum);
}

static uint64_t walkable_sum(const struct walkable *w)
{
    switch (w->kind) {
    case DSA_MEM_ARRAY:
        return sum_array(w->array, w->n);
    case DSA_MEM_ARRAY_SHUFFLED:
        return sum_array_order(w->array, w->order, w->n);
    default:
        return sum_chain(w->chain.head);
    }
}

/* Lowest to highest byte holding a value. */
static uint64_t walkable_span(const struct walkable *w)
{
    if (w->n == 0)
        return 0;
    if (w->array != NULL)
        return (uint64_t)w->n * sizeof(int64_t);
    uintptr_t lo = UINTPTR_MAX, hi = 0;
    for (const struct dsa_ll_node *p = w->chain.head; p != NULL; p = p->next) {
        uintptr_t a = (uintptr_t)p;
        lo = a < lo ? a : lo;
        hi = a > hi ? a : hi;
    }
    return (uint64_t)(hi - lo) + sizeof(struct dsa_ll_node);
}

int dsa_mem_walk(size_t n, int kind, size_t repeats, uint64_t seed,
                 int64_t *pass_ns, struct dsa_mem_walk_result *out)
{
    struct walkable w;
    if (out == NULL)
        return DSA_EVALUE;
    memset(out, 0, sizeof *out);
    if (repeats == 0 || pass_ns == NULL)
        return DSA_EVALUE;
    int status = walkable_new(&w, n, kind, seed);
    if (status != DSA_OK)
        return status;
    out->expected_sum = w.expected_sum;
    out->span_bytes = walkable_span(&w);

    /* The walk reads the structure through a volatile pointer and hands its
     * sum to a volatile: the compiler can neither skip a pass nor merge two
     * passes over memory it can see is unchanged. */
    struct walkable *volatile through = &w;
    volatile uint64_t sink = walkable_sum(through);   /* warm-up, untimed */
    int ok = sink == w.expected_sum;
    for (size_t r = 0; r < repeats; r++) {
        int64_t t0 = dsa_now_ns();
        sink = walkable_sum(through);
        pass_ns[r] = dsa_now_ns() - t0;
        ok &= sink == w.expected_sum;
    }
    out->sum = sink;
    out->ok = ok;
    walkable_free(&w);
    return DSA_OK;
}

/* ---- insert and remove ------------------------------------------------------ */

static int check_layout(int layout)
{
    return layout == DSA_LL_MALLOC || layout == DSA_LL_SHUFFLED
           || layout == DSA_LL_POOL;
}

static int insert_array(size_t n, int where, size_t ops, uint64_t seed,
                        struct dsa_mem_ops_result *out)
{
    uint64_t values = seed;
    size_t total = 0;
    if (ops > SIZE_MAX - n || !budget(&total, n + ops, sizeof(int64_t))
        || !budget(&total, ops, sizeof(int64_t)))
        return DSA_ENOMEM;
    int64_t *a = malloc((n + ops) * sizeof *a);
    int64_t *fresh = malloc(ops * sizeof *fresh);
    if (a == NULL || fresh == NULL) {
        free(a);
        free(fresh);
        return DSA_ENOMEM;
    }
    uint64_t expected = 0;
    for (size_t i = 0; i < n; i++) {
        a[i] = draw_value(&values);
        expected += (uint64_t)a[i];
    }
    for (size_t k = 0; k < ops; k++) {
        fresh[k] = draw_value(&values);
        expected += (uint64_t)fresh[k];
    }
    memset(a + n, 0, ops * sizeof *a);      /* fault the reserved room in */

    size_t len = n;
    int64_t t0 = dsa_now_ns();
    for (size_t k = 0; k < ops; k++, len++) {
        size_t pos = where == DSA_MEM_FRONT ? 0 : len / 2;
        memmove(a + pos + 1, a + pos, (len - pos) * sizeof *a);
        a[pos] = fresh[k];
    }
    out->ns = dsa_now_ns() - t0;

    out->len = len;
    out->sum = sum_array(a, len);
    out->expected_sum = expected;
    out->ok = len == n + ops && out->sum == expected;
    free(a);
    free(fresh);
    return DSA_OK;
}

static int insert_linked(size_t n, int where, int layout, size_t ops,
                         uint64_t seed, struct dsa_mem_ops_result *out)
{
    uint64_t values = seed, shuffle = ~seed, expected;
    size_t total = 0;
    struct chain c;
    if (!chain_budget(&total, n, layout)
        || !budget(&total, ops, MALLOC_NODE_BYTES + 2 * sizeof(int64_t)))
        return DSA_ENOMEM;
    int status = chain_new(&c, n, layout, &values, &shuffle, &expected);
    if (status != DSA_OK)
        return status;
    int64_t *fresh = malloc(ops * sizeof *fresh);
    struct dsa_ll_node **made = calloc(ops, sizeof *made);
    if (fresh == NULL || made == NULL) {
        free(fresh);
        free(made);
        chain_free(&c);
        return DSA_ENOMEM;
    }
    for (size_t k = 0; k < ops; k++) {
        fresh[k] = draw_value(&values);
        expected += (uint64_t)fresh[k];
    }

    size_t len = n;
    int64_t t0 = dsa_now_ns();
    for (size_t k = 0; k < ops; k++, len++) {
        struct dsa_ll_node *p = malloc(sizeof *p);
        if (p == NULL) {
            status = DSA_ENOMEM;
            break;
        }
        made[k] = p;
        p->value = fresh[k];
        /* The node to insert before: the head, or the one at len/2. */
        struct dsa_ll_node *at = c.head;
        if (where == DSA_MEM_MIDDLE)
            for (size_t s = 0; s < len / 2; s++)
                at = at->next;
        p->next = at;
        p->prev = at != NULL ? at->prev : c.tail;
        if (p->prev != NULL)
            p->prev->next = p;
        else
            c.head = p;
        if (at != NULL)
            at->prev = p;
        else
            c.tail = p;
    }
    out->ns = dsa_now_ns() - t0;

    out->len = len;
    out->expected_sum = expected;
    if (status == DSA_OK) {
        out->sum = sum_chain(c.head);
        out->ok = len == n + ops && chain_ok(&c, len, expected);
    }
    /* A malloc'd chain frees every node it holds, the new ones too; a pool
     * frees its block, and the new nodes go one by one. */
    if (layout != DSA_LL_MALLOC)
        for (size_t k = 0; k < ops; k++)
            free(made[k]);
    chain_free(&c);
    free(made);
    free(fresh);
    return status;
}

int dsa_mem_insert(size_t n, int structure, int where, int layout,
                   size_t ops, uint64_t seed, struct dsa_mem_ops_result *out)
{
    if (out == NULL)
        return DSA_EVALUE;
    memset(out, 0, sizeof *out);
    if (ops == 0 || (where != DSA_MEM_FRONT && where != DSA_MEM_MIDDLE))
        return DSA_EVALUE;
    if (structure == DSA_MEM_STRUCT_ARRAY)
        return insert_array(n, where, ops, seed, out);
    if (structure == DSA_MEM_STRUCT_LINKED && check_layout(layout))
        return insert_linked(n, where, layout, ops, seed, out);
    return DSA_EVALUE;
}

static int remove_array(size_t n, size_t ops, uint64_t seed,
                        struct dsa_mem_ops_result *out)
{
    uint64_t values = seed, shuffle = ~seed, expected = 0, removed = 0;
    size_t total = 0;
    if (!budget(&total, n, sizeof(int64_t))
        || !budget(&total, ops, sizeof(size_t)))
        return DSA_ENOMEM;
    int64_t *a = malloc(n * sizeof *a);
    size_t *pos = malloc(ops * sizeof *pos);
    if (a == NULL || pos == NULL) {
        free(a);
        free(pos);
        return DSA_ENOMEM;
    }
    for (size_t i = 0; i < n; i++) {
        a[i] = draw_value(&values);
        expected += (uint64_t)a[i];
    }
    for (size_t k = 0; k < ops; k++)
        pos[k] = dsa_draw_below(&shuffle, n - k);

    size_t len = n;
    int64_t t0 = dsa_now_ns();
    for (size_t k = 0; k < ops; k++) {
        size_t i = pos[k];
        removed += (uint64_t)a[i];
        memmove(a + i, a + i + 1, (len - i - 1) * sizeof *a);
        len--;
    }
    out->ns = dsa_now_ns() - t0;

    out->len = len;
    out->sum = sum_array(a, len);
    out->expected_sum = expected - removed;
    out->ok = len == n - ops && out->sum == out->expected_sum;
    free(a);
    free(pos);
    return DSA_OK;
}

static int remove_linked(size_t n, int layout, size_t ops, uint64_t seed,
                         struct dsa_mem_ops_result *out)
{
    uint64_t values = seed, shuffle = ~seed, expected, removed = 0;
    size_t total = 0;
    struct chain c;
    if (!chain_budget(&total, n, layout)
        || !budget(&total, n, sizeof(struct dsa_ll_node *)))
        return DSA_ENOMEM;
    int status = chain_new(&c, n, layout, &values, &shuffle, &expected);
    if (status != DSA_OK)
        return status;
    struct dsa_ll_node **held = malloc((n == 0 ? 1 : n) * sizeof *held);
    if (held == NULL) {
        chain_free(&c);
        return DSA_ENOMEM;
    }
    size_t k = 0;
    for (struct dsa_ll_node *p = c.head; p != NULL; p = p->next)
        held[k++] = p;
    /* The first ops entries of a partial Fisher-Yates: distinct nodes. */
    for (k = 0; k < ops; k++) {
        size_t j = k + dsa_draw_below(&shuffle, n - k);
        struct dsa_ll_node *t = held[k];
        held[k] = held[j];
        held[j] = t;
    }

    int64_t t0 = dsa_now_ns();
    for (k = 0; k < ops; k++) {
        struct dsa_ll_node *p = held[k];
        removed += (uint64_t)p->value;
        if (p->prev != NULL)
            p->prev->next = p->next;
        else
            c.head = p->next;
        if (p->next != NULL)
            p->next->prev = p->prev;
        else
            c.tail = p->prev;
        if (layout == DSA_LL_MALLOC)
            free(p);
    }
    out->ns = dsa_now_ns() - t0;

    out->len = n - ops;
    out->expected_sum = expected - removed;
    out->sum = sum_chain(c.head);
    out->ok = chain_ok(&c, n - ops, out->expected_sum);
    chain_free(&c);
    free(held);
    return DSA_OK;
}

int dsa_mem_remove(size_t n, int structure, int layout, size_t ops,
                   uint64_t seed, struct dsa_mem_ops_result *out)
{
    if (out == NULL)
        return DSA_EVALUE;
    memset(out, 0, sizeof *out);
    if (ops == 0 || ops > n)
        return DSA_EVALUE;
    if (structure == DSA_MEM_STRUCT_ARRAY)
        return remove_array(n, ops, seed, out);
    if (structure == DSA_MEM_STRUCT_LINKED && check_layout(layout))
        return remove_linked(n, layout, ops, seed, out);
    return DSA_EVALUE;
}

/* ---- the pointer chase ------------------------------------------------------ */

/* One line of the chase: a pointer to the next line, and padding so that
 * each load needs a line of its own. */
struct chase_line {
    struct chase_line *next;
    size_t index;                /* scratch while the cycle is made */
    unsigned char pad[LINE - sizeof(struct chase_line *) - sizeof(size_t)];
};

_Static_assert(sizeof(struct chase_line) == LINE, "one chase step per line");

int dsa_mem_chase(size_t bytes, uint64_t loads, uint64_t seed,
                  struct dsa_mem_chase_result *out)
{
    uint64_t state = seed;
    if (out == NULL)
        return DSA_EVALUE;
    memset(out, 0, sizeof *out);
    if (bytes % LINE != 0 || bytes < 2 * LINE || loads == 0)
        return DSA_EVALUE;
    if (bytes > MEM_MAX_BYTES)
        return DSA_ENOMEM;
    size_t m = bytes / LINE;
    struct chase_line *base = dsa_alloc_lines(bytes);
    if (base == NULL)
        return DSA_ENOMEM;

    /* Sattolo's algorithm: like Fisher-Yates but j < i strictly, which
     * makes the permutation one single cycle through all m lines. */
    for (size_t i = 0; i < m; i++)
        base[i].index = i;
    for (size_t i = m - 1; i > 0; i--) {
        size_t j = dsa_draw_below(&state, i);
        size_t t = base[i].index;
        base[i].index = base[j].index;
        base[j].index = t;
    }
    for (size_t i = 0; i < m; i++)
        base[i].next = &base[base[i].index];

    /* One lap, untimed: warms the caches and TLB as far as they reach, and
     * checks the cycle comes back to the start after exactly m steps. */
    const struct chase_line *p = base;
    int ok = 1;
    for (size_t k = 1; k <= m; k++) {
        p = p->next;
        if (p == base && k < m)
            ok = 0;
    }
    ok &= p == base;

    const struct chase_line *volatile start = base;
    p = start;
    int64_t t0 = dsa_now_ns();
    for (uint64_t k = 0; k < loads; k++)
        p = p->next;
    out->ns = dsa_now_ns() - t0;

    out->lines = m;
    out->loads = loads;
    out->end = (uint64_t)(p - base);
    out->ok = ok;
    free(base);
    return DSA_OK;
}

/* ---- sequential read bandwidth ----------------------------------------------- */

/* Four independent sums, so the adds never wait on each other and only the
 * memory sets the pace. */
static uint64_t sum_stream(const int64_t *a, size_t n)
{
    uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        s0 += (uint64_t)a[i];
        s1 += (uint64_t)a[i + 1];
        s2 += (uint64_t)a[i + 2];
        s3 += (uint64_t)a[i + 3];
    }
    for (; i < n; i++)
        s0 += (uint64_t)a[i];
    return s0 + s1 + s2 + s3;
}

int dsa_mem_read_bandwidth(size_t bytes, size_t repeats, uint64_t seed,
                           int64_t *pass_ns,
                           struct dsa_mem_bandwidth_result *out)
{
    uint64_t values = seed;
    if (out == NULL)
        return DSA_EVALUE;
    memset(out, 0, sizeof *out);
    if (bytes == 0 || bytes % LINE != 0 || repeats == 0 || pass_ns == NULL)
        return DSA_EVALUE;
    if (bytes > MEM_MAX_BYTES)
        return DSA_ENOMEM;
    size_t n = bytes / sizeof(int64_t);
    int64_t *a = dsa_alloc_lines(bytes);
    if (a == NULL)
        return DSA_ENOMEM;
    for (size_t i = 0; i < n; i++) {
        a[i] = draw_value(&values);
        out->expected_sum += (uint64_t)a[i];
    }
    const int64_t *volatile through = a;
    volatile uint64_t sink = sum_stream(through, n);    /* warm-up */
    int ok = sink == out->expected_sum;
    for (size_t r = 0; r < repeats; r++) {
        int64_t t0 = dsa_now_ns();
        sink = sum_stream(through, n);
        pass_ns[r] = dsa_now_ns() - t0;
        ok &= sink == out->expected_sum;
    }
    out->sum = sink;
    out->ok = ok;
    free(a);
    return DSA_OK;
}

/* ---- lines touched by a walk (traced build) -------------------------------- */

/* Lines entered by a walk, as a cache of a single line would fetch them. */
struct fetch_count {
    uintptr_t last;          /* line number + 1 of the last touch; 0: none */
    uint64_t fetches;
};

static void touch(dsa_trace *t, struct fetch_count *f, const void *p,
                  size_t nbytes)
{
    (void)t;
    DSA_TOUCH(t, p, nbytes);
    uintptr_t first = (uintptr_t)p / LINE;
    uintptr_t last = ((uintptr_t)p + nbytes - 1) / LINE;
    for (uintptr_t line = first; line <= last; line++) {
        if (line + 1 != f->last) {
            f->fetches++;
            f->last = line + 1;
        }
    }
}

int dsa_mem_lines(size_t n, int kind, uint64_t seed,
                  struct dsa_mem_lines_result *out)
{
    struct walkable w;
    struct fetch_count f = {0, 0};
    uint64_t sum = 0;
    if (out == NULL)
        return DSA_EVALUE;
    memset(out, 0, sizeof *out);
    if (!dsa_trace_enabled())
        return DSA_EVALUE;
    int status = walkable_new(&w, n, kind, seed);
    if (status != DSA_OK)
        return status;
    dsa_trace *t = dsa_trace_new();
    if (t == NULL) {
        walkable_free(&w);
        return DSA_ENOMEM;
    }
    /* Only the values' home is recorded: the array slots, or whole nodes.
     * The visiting order of ARRAY_SHUFFLED (read in order, 16 indices a
     * line) stands for the program's own order and is not counted. */
    if (kind == DSA_MEM_ARRAY || kind == DSA_MEM_ARRAY_SHUFFLED) {
        for (size_t k = 0; k < n; k++) {
            size_t i = kind == DSA_MEM_ARRAY ? k : w.order[k];
            touch(t, &f, &w.array[i], sizeof w.array[i]);
            sum += (uint64_t)w.array[i];
        }
    } else {
        for (const struct dsa_ll_node *p = w.chain.head; p != NULL; p = p->next) {
            touch(t, &f, p, sizeof *p);
            sum += (uint64_t)p->value;
        }
    }
    out->lines = dsa_trace_lines(t);
    out->fetches = f.fetches;
    out->sum = sum;
    out->expected_sum = w.expected_sum;
    out->ok = sum == w.expected_sum && !dsa_trace_overflowed(t);
    dsa_trace_free(t);
    walkable_free(&w);
    return DSA_OK;
}
