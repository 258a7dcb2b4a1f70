/* trace.c: the set of touched line addresses behind DSA_TOUCH(). */
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "trace.h"

/* Open addressing with linear probing over line numbers (address / 64).
 * Zero marks an empty slot, so line numbers are stored plus one. */
struct dsa_trace {
    uintptr_t *slots;
    size_t capacity;     /* a power of two */
    size_t count;
    int overflowed;
};

enum { TRACE_INITIAL = 64 };

dsa_trace *dsa_trace_new(void)
{
    dsa_trace *t = malloc(sizeof *t);
    if (t == NULL)
        return NULL;
    t->slots = calloc(TRACE_INITIAL, sizeof *t->slots);
    if (t->slots == NULL) {
        free(t);
        return NULL;
    }
    t->capacity = TRACE_INITIAL;
    t->count = 0;
    t->overflowed = 0;
    return t;
}

void dsa_trace_free(dsa_trace *t)
{
    if (t == NULL)
        return;
    free(t->slots);
    free(t);
}

int dsa_trace_switch(dsa_trace **trace, int on)
{
    if (!on) {
        dsa_trace_free(*trace);
        *trace = NULL;
        return DSA_OK;
    }
    if (!dsa_trace_enabled())
        return DSA_EVALUE;
    if (*trace == NULL && (*trace = dsa_trace_new()) == NULL)
        return DSA_ENOMEM;
    return DSA_OK;
}

void dsa_trace_reset(dsa_trace *t)
{
    if (t == NULL)
        return;
    /* One big operation (a heapify, a resize) may have grown the set; give
     * the memory back so that resetting before every small operation stays
     * cheap.  If the smaller table cannot be had, keep the big one. */
    if (t->capacity > TRACE_INITIAL) {
        uintptr_t *small = calloc(TRACE_INITIAL, sizeof *small);
        if (small != NULL) {
            free(t->slots);
            t->slots = small;
            t->capacity = TRACE_INITIAL;
            t->count = 0;
            t->overflowed = 0;
            return;
        }
    }
    memset(t->slots, 0, t->capacity * sizeof *t->slots);
    t->count = 0;
    t->overflowed = 0;
}

size_t dsa_trace_lines(const dsa_trace *t)
{
    return t == NULL ? 0 : t->count;
}

int dsa_trace_overflowed(const dsa_trace *t)
{
    return t == NULL ? 0 : t->overflowed;
}

int dsa_trace_enabled(void)
{
#if defined(DSA_TRACE) && DSA_TRACE
    return 1;
#else
    return 0;
#endif
}

static size_t trace_hash(uintptr_t key, size_t mask)
{
    uint64_t h = (uint64_t)key * UINT64_C(0x9E3779B97F4A7C15);
    return (size_t)(h >> 17) & mask;
}

/* Insert without growing; returns 1 if the key was new. */
static int trace_insert(uintptr_t *slots, size_t capacity, uintptr_t key)
{
    size_t mask = capacity - 1;
    for (size_t i = trace_hash(key, mask);; i = (i + 1) & mask) {
        if (slots[i] == key)
            return 0;
        if (slots[i] == 0) {
            slots[i] = key;
            return 1;
        }
    }
}

static int trace_grow(dsa_trace *t)
{
    size_t capacity, bytes;
    if (!dsa_mul_size(t->capacity, 2, &capacity)
        || !dsa_mul_size(capacity, sizeof *t->slots, &bytes))
        return 0;
    uintptr_t *slots = calloc(capacity, sizeof *slots);
    if (slots == NULL)
        return 0;
    for (size_t i = 0; i < t->capacity; i++)
        if (t->slots[i] != 0)
            trace_insert(slots, capacity, t->slots[i]);
    free(t->slots);
    t->slots = slots;
    t->capacity = capacity;
    return 1;
}

void dsa_trace_touch(dsa_trace *t, const void *p, size_t nbytes)
{
    if (t == NULL || nbytes == 0)
        return;
    uintptr_t first = (uintptr_t)p / DSA_LINE_BYTES;
    uintptr_t last = ((uintptr_t)p + nbytes - 1) / DSA_LINE_BYTES;
    for (uintptr_t line = first; line <= last; line++) {
        /* Keep the table at most half full so probes stay short. */
        if (2 * (t->count + 1) > t->capacity && !trace_grow(t)) {
            t->overflowed = 1;
            return;
        }
        t->count += (size_t)trace_insert(t->slots, t->capacity, line + 1);
    }
}
