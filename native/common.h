/* common.h: what every C twin shares.
 *
 * Status codes.  Every C function that can fail returns one of these; the
 * Python wrapper (dsa/native/_common.py) turns each into the exception a
 * Python user expects.  Nothing in the C twins prints, aborts or exits.
 *
 * Checked size arithmetic.  Capacities come from Python and can be anything;
 * every byte count is computed with dsa_mul_size() so that an absurd request
 * becomes DSA_ENOMEM instead of a short allocation.
 */
#ifndef DSA_COMMON_H
#define DSA_COMMON_H

#include <stddef.h>
#include <stdint.h>

/* cffi:begin */
enum dsa_status {
    DSA_OK = 0,
    DSA_ENOMEM = -1,     /* allocation failed or size overflowed: MemoryError */
    DSA_EEMPTY = -2,     /* pop or peek on an empty structure: IndexError */
    DSA_EINDEX = -3,     /* position out of range: IndexError */
    DSA_EKEY = -4,       /* key not present: KeyError */
    DSA_EVALUE = -5,     /* bad argument: ValueError */
    DSA_ESTATE = -6      /* changed during iteration: RuntimeError */
};

/* Monotonic clock in nanoseconds, for the kernels timed inside C. */
int64_t dsa_now_ns(void);

/* Switch on valgrind's callgrind instrumentation (and so its cache
 * simulation) in a process started with --instr-atstart=no, so that the
 * interpreter's start-up runs unsimulated.  Does nothing outside valgrind.
 * Returns 1, or 0 when the build found no valgrind headers and so cannot
 * switch anything on. */
int dsa_sim_start(void);
/* cffi:end */

/* a * b without wrap-around: returns 0 and leaves *out untouched on overflow. */
static inline int dsa_mul_size(size_t a, size_t b, size_t *out)
{
    if (b != 0 && a > SIZE_MAX / b)
        return 0;
    *out = a * b;
    return 1;
}

/* The finalizer of splitmix64: a bijection of 64-bit words that mixes every
 * input bit into every output bit.  The kernels also use it alone, to hash
 * an item (the multiset check of the heap's drain, the linked list's node
 * registry). */
static inline uint64_t dsa_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* A small, fast, seedable generator (splitmix64) for the kernels' inputs.
 * The state lives with the caller: there are no globals in the C twins. */
static inline uint64_t dsa_splitmix64(uint64_t *state)
{
    return dsa_mix64(*state += UINT64_C(0x9E3779B97F4A7C15));
}

/* The same 64 bits read as a signed number (two's complement), without the
 * implementation-defined conversion of an out-of-range unsigned value. */
static inline int64_t dsa_as_int64(uint64_t u)
{
    return u <= INT64_MAX ? (int64_t)u : -(int64_t)(~u) - 1;
}

/* An uninitialised array of n int64 (at least one), for the kernels' inputs
 * and outputs; NULL if n * 8 bytes overflow or malloc says no. */
int64_t *dsa_int64s_new(size_t n);

/* A function that hands Python one field of a structure as it is:
 *     rtype name(const type *s) { return s->field; }
 * Each twin has several (its length, its change counter, ...); the header
 * declares each in its cffi part, and its .c file says
 * DSA_FIELD_READER(rtype, name, type, field) once for it, at file scope,
 * with no semicolon after it. */
#define DSA_FIELD_READER(rtype, name, type, field)                         \
    rtype name(const type *s)                                              \
    {                                                                      \
        return s->field;                                                   \
    }

#endif /* DSA_COMMON_H */
