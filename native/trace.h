/* trace.h: counting the distinct 64-byte cache lines an operation touches.
 *
 * The cache does not move bytes, it moves lines of 64 bytes.  An operation
 * that reads eight neighbouring int64 values costs one line; one that follows
 * eight pointers to scattered nodes costs eight.  To show that cause beside
 * the nanoseconds, every C twin marks its memory accesses with DSA_TOUCH().
 *
 * In the ordinary build DSA_TOUCH() expands to nothing, so the timed code is
 * exactly the code a reader sees.  In the traced build (-DDSA_TRACE=1, the
 * module dsa.native._dsa_native_traced) it records the line address of every
 * byte range touched in a dsa_trace, a small hash set owned by the structure
 * being traced.  dsa_trace_lines() then says how many distinct lines the
 * operation touched since the last dsa_trace_reset().
 */
#ifndef DSA_TRACE_H
#define DSA_TRACE_H

#include <stddef.h>
#include <stdint.h>

/* cffi:begin */
typedef struct dsa_trace dsa_trace;

dsa_trace *dsa_trace_new(void);
void dsa_trace_free(dsa_trace *t);
void dsa_trace_reset(dsa_trace *t);
/* Distinct 64-byte lines touched since the last reset. */
size_t dsa_trace_lines(const dsa_trace *t);
/* 1 if the set could not grow and some lines went uncounted. */
int dsa_trace_overflowed(const dsa_trace *t);
/* 1 in the traced build, 0 in the ordinary one. */
int dsa_trace_enabled(void);
/* cffi:end */

#define DSA_LINE_BYTES 64

/* A structure's tracing on or off: *trace, the structure's own, gets a new
 * set (kept if it has one) or is freed and made NULL.  DSA_EVALUE when
 * asked to trace in the ordinary build, DSA_ENOMEM when there is no room;
 * off always succeeds.  Every C twin's dsa_*_set_tracing() is this. */
int dsa_trace_switch(dsa_trace **trace, int on);

/* The tracing face that every C twin offers Python, written once:
 * PREFIX_set_tracing (dsa_trace_switch on the structure's trace),
 * PREFIX_last_lines and PREFIX_trace_overflowed, for a structure TYPE whose
 * trace is its member `trace`.  Each twin's header declares the three in
 * its cffi part; its .c file says DSA_TRACE_FACE(prefix, type) once, at
 * file scope, with no semicolon after it. */
#define DSA_TRACE_FACE(prefix, type)                                       \
    int prefix##_set_tracing(type *s, int on)                              \
    {                                                                      \
        return dsa_trace_switch(&s->trace, on);                            \
    }                                                                      \
    size_t prefix##_last_lines(const type *s)                              \
    {                                                                      \
        return dsa_trace_lines(s->trace);                                  \
    }                                                                      \
    int prefix##_trace_overflowed(const type *s)                           \
    {                                                                      \
        return dsa_trace_overflowed(s->trace);                             \
    }

/* Record that the bytes [p, p + nbytes) were touched.  t may be NULL. */
void dsa_trace_touch(dsa_trace *t, const void *p, size_t nbytes);

#if defined(DSA_TRACE) && DSA_TRACE
#define DSA_TOUCH(t, p, n) dsa_trace_touch((t), (p), (n))
#else
#define DSA_TOUCH(t, p, n) ((void)0)
#endif

#endif /* DSA_TRACE_H */
