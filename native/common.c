/* common.c: what every kernel timed inside C shares: the clock, and room
 * for its input. */
#define _POSIX_C_SOURCE 199309L
#include <stdlib.h>
#include <time.h>

#include "common.h"

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
