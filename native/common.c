/* common.c: the clock shared by every kernel timed inside C. */
#define _POSIX_C_SOURCE 199309L
#include <time.h>

#include "common.h"

int64_t dsa_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + (int64_t)ts.tv_nsec;
}
