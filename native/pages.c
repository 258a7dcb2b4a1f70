/* pages.c: a pointer chase on 4 KiB pages and on 2 MiB pages (pages.h says
 * why).  Linux only for the huge pages; elsewhere the kernel still runs,
 * with huge_bytes 0 and advice_ok 0. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "common.h"
#include "pages.h"

enum { LINE = 64, HUGE_PAGE = 2 * 1024 * 1024, MAX_ROUNDS = 64 };

int dsa_page_huge_supported(void)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    return 1;
#else
    return 0;
#endif
}

/* The mapping behind one chase: `raw` as mmap returned it, `base` the first
 * 2 MiB boundary inside it. */
struct region {
    void *raw;
    size_t raw_bytes;
    unsigned char *base;
};

/* The most a chase may map: half the physical memory, so that touching every
 * page cannot push the machine into swap or the OOM killer (the mapping
 * itself would succeed far beyond that under overcommit). */
static size_t largest_buffer(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || size <= 0)
        return (size_t)1 << 30;                 /* unknown: 1 GiB */
    size_t total;
    if (!dsa_mul_size((size_t)pages, (size_t)size, &total))
        return SIZE_MAX / 2;
    return total / 2;
}

static int map_aligned(size_t bytes, struct region *r)
{
    size_t raw_bytes = bytes + HUGE_PAGE;
    if (raw_bytes < bytes || bytes > largest_buffer())
        return DSA_ENOMEM;
    void *raw = mmap(NULL, raw_bytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
        return DSA_ENOMEM;
    uintptr_t start = (uintptr_t)raw;
    uintptr_t aligned = (start + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
    r->raw = raw;
    r->raw_bytes = raw_bytes;
    r->base = (unsigned char *)aligned;
    return DSA_OK;
}

static int advise(struct region *r, size_t bytes, int huge)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE) && defined(MADV_NOHUGEPAGE)
    return madvise(r->base, bytes, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE) == 0;
#else
    (void)r; (void)bytes; (void)huge;
    return 0;
#endif
}

/* Bytes of [base, base + bytes) backed by huge pages: the AnonHugePages of
 * every smaps entry that lies inside the range.  0 where there is no smaps. */
static uint64_t huge_bytes_in(const unsigned char *base, size_t bytes)
{
    FILE *f = fopen("/proc/self/smaps", "r");
    if (f == NULL)
        return 0;
    uintptr_t lo = (uintptr_t)base, hi = lo + bytes;
    uint64_t total = 0;
    int inside = 0;
    char line[256];
    while (fgets(line, sizeof line, f) != NULL) {
        unsigned long start, end, kb;
        if (sscanf(line, "%lx-%lx ", &start, &end) == 2)
            inside = start < hi && end > lo;
        else if (inside && sscanf(line, "AnonHugePages: %lu kB", &kb) == 1)
            total += (uint64_t)kb * 1024;
    }
    fclose(f);
    return total;
}

/* Link one pointer per line into a single random cycle (Sattolo's shuffle
 * of the line order), writing each line's successor into its first word. */
static int link_cycle(unsigned char *base, size_t lines, uint64_t seed)
{
    size_t *order = malloc(lines * sizeof *order);
    if (order == NULL)
        return DSA_ENOMEM;
    for (size_t i = 0; i < lines; i++)
        order[i] = i;
    uint64_t state = seed;
    for (size_t i = lines - 1; i > 0; i--) {
        size_t j = (size_t)(dsa_splitmix64(&state) % i);   /* j < i: one cycle */
        size_t t = order[i]; order[i] = order[j]; order[j] = t;
    }
    for (size_t i = 0; i < lines; i++) {
        unsigned char *from = base + order[i] * LINE;
        unsigned char *to = base + order[(i + 1) % lines] * LINE;
        memcpy(from, &to, sizeof to);
    }
    free(order);
    return DSA_OK;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One chase of `hops` dependent loads from `start`; returns where it ended
 * so the compiler cannot drop the loads. */
static unsigned char *chase(unsigned char *start, uint64_t hops)
{
    unsigned char *p = start;
    for (uint64_t i = 0; i < hops; i++)
        memcpy(&p, p, sizeof p);
    return p;
}

int dsa_page_chase(size_t bytes, int huge, uint64_t hops, unsigned rounds,
                   uint64_t seed, struct dsa_page_chase_result *out)
{
    if (out == NULL || bytes < HUGE_PAGE || bytes % HUGE_PAGE != 0 || hops == 0
        || rounds == 0 || rounds > MAX_ROUNDS)
        return DSA_EVALUE;
    memset(out, 0, sizeof *out);
    struct region r;
    int status = map_aligned(bytes, &r);
    if (status != DSA_OK)
        return status;
    out->huge_asked = huge != 0;
    out->advice_ok = advise(&r, bytes, huge != 0);
    memset(r.base, 0, bytes);                       /* fault every page in */
    size_t lines = bytes / LINE;
    status = link_cycle(r.base, lines, seed);
    if (status == DSA_OK) {
        double ns[MAX_ROUNDS];
        unsigned char *p = chase(r.base, lines < hops ? lines : hops);   /* warm */
        for (unsigned k = 0; k < rounds; k++) {
            int64_t t0 = dsa_now_ns();
            p = chase(p, hops);
            ns[k] = (double)(dsa_now_ns() - t0) / (double)hops;
        }
        qsort(ns, rounds, sizeof ns[0], compare_doubles);
        out->ns_per_hop = ns[rounds / 2];
        out->hops = hops;
        /* A full cycle returns to its start: every line was linked once. */
        out->ok = chase(r.base, lines) == r.base && p != NULL;
        out->huge_bytes = huge_bytes_in(r.base, bytes);
    }
    munmap(r.raw, r.raw_bytes);
    return status;
}
