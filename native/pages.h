/* pages.h: the cost of a page walk, measured with and without huge pages.
 *
 * Why this kernel exists.  Every load names a virtual address; the CPU
 * finds the physical page through the TLB, a small cache of translations
 * (a few thousand entries).  A chase over more memory than those entries
 * cover (a few MiB of 4 KiB pages) misses the TLB on most hops and walks
 * the page tables first, up to four dependent loads; in a virtual machine
 * the host's tables are walked too (nested paging), which is why DRAM
 * latency measured inside a VM can be several times the DRAM's own.  A
 * 2 MiB page covers 512 times as much per entry, so the same chase on huge
 * pages keeps its translations in the TLB and pays the memory alone.
 *
 * The kernel maps a buffer aligned to 2 MiB, asks the kernel for huge pages
 * (madvise MADV_HUGEPAGE) or forbids them (MADV_NOHUGEPAGE), touches every
 * page, and chases a random cycle of pointers, one per 64-byte line.  It
 * reports what it got: the bytes the kernel actually backed with huge
 * pages (Linux's /proc/self/smaps), so a lesson can say when the request
 * was refused.
 */
#ifndef DSA_PAGES_H
#define DSA_PAGES_H

#include <stddef.h>
#include <stdint.h>

/* cffi:begin */
struct dsa_page_chase_result {
    double ns_per_hop;        /* median over rounds of hops */
    uint64_t hops;            /* in each round */
    uint64_t huge_bytes;      /* of the buffer backed by huge pages, per smaps */
    int huge_asked;           /* 1: MADV_HUGEPAGE, 0: MADV_NOHUGEPAGE */
    int advice_ok;            /* madvise accepted the request */
    int ok;                   /* the chase visited every line once per cycle */
};
/* Chase a random cycle over `bytes` (a multiple of 2 MiB, at least 2 MiB)
 * in `rounds` rounds of `hops` hops each.  DSA_EVALUE for a bad size, a
 * zero count or more than 64 rounds; DSA_ENOMEM if the mapping fails or
 * `bytes` is more than half the machine's physical memory. */
int dsa_page_chase(size_t bytes, int huge, uint64_t hops, unsigned rounds,
                   uint64_t seed, struct dsa_page_chase_result *out);
/* 1 where the build can ask for huge pages (Linux's madvise), else 0. */
int dsa_page_huge_supported(void);
/* cffi:end */

#endif /* DSA_PAGES_H */
