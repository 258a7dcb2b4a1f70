/* common.c: what every kernel timed inside C shares: the clock, room for
 * its input, and the switch that starts valgrind's cache simulation. */
#define _POSIX_C_SOURCE 199309L
#include <stdlib.h>
#include <time.h>

#include "common.h"

/* valgrind's header is optional: without it the switch is a no-op.  Its
 * client request is a few no-op instructions that valgrind recognises, so
 * it costs nothing on a real CPU either.  (Nested: a preprocessor without
 * __has_include must not see the call.) */
#if defined(__has_include)
#  if __has_include(<valgrind/callgrind.h>)
#    include <valgrind/callgrind.h>
#    define DSA_HAVE_CALLGRIND 1
#  endif
#endif

int64_t dsa_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + (int64_t)ts.tv_nsec;
}

int64_t *dsa_int64s_new(size_t n)
{
    size_t bytes;
    if (!dsa_mul_size(n == 0 ? 1 : n, sizeof(int64_t), &bytes))
        return NULL;
    return malloc(bytes);
}

int dsa_sim_start(void)
{
#ifdef DSA_HAVE_CALLGRIND
    CALLGRIND_START_INSTRUMENTATION;
    return 1;
#else
    return 0;
#endif
}
