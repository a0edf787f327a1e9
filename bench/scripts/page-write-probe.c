// page-write-probe: what the first write into a fresh 4 KiB page costs on this machine, without Java or Chronicle.
// Writes REC bytes every GAP_NS ns (0: back to back) sequentially into N*REC bytes of memory and times each write;
// reports the writes that cross into a new page separately from the others.
//   gcc -O2 -o /tmp/page-write-probe bench/scripts/page-write-probe.c
//   /tmp/page-write-probe anon 450 50000 60000          # private anonymous memory (MAP_POPULATE)
//   /tmp/page-write-probe anontouched 450 50000 60000   # the same, every page written once first
//   /tmp/page-write-probe FILE 450 50000 60000          # a shared file mapping, every page written once first
//   NOTOUCH=1 /tmp/page-write-probe FILE 450 50000 60000  # a shared file mapping (MAP_POPULATE only)
// 450 bytes every 50 us is what the `audit` journal writes per order at 20,000 orders/s (inbound + fill).
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static inline long now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000L + t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
    const long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    if (argc < 5)
    {
        fprintf(stderr, "usage: %s anon|anontouched|FILE REC GAP_NS N\n", argv[0]);
        return 2;
    }
    const long rec = atol(argv[2]), gap = atol(argv[3]), n = atol(argv[4]);
    const size_t size = (size_t)rec * n + (1 << 20);
    char *m;
    if (!strcmp(argv[1], "anon"))
    {
        m = mmap(0, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    }
    else if (!strcmp(argv[1], "anontouched"))
    {
        m = mmap(0, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        for (size_t i = 0; i < size; i += 4096) m[i] = 0;
    }
    else
    {
        const int fd = open(argv[1], O_RDWR | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || ftruncate(fd, size) != 0) { perror(argv[1]); return 1; }
        m = mmap(0, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, 0);
        if (!getenv("NOTOUCH"))
            for (size_t i = 0; i < size; i += 4096) __atomic_fetch_add((int *)(m + i), 0, __ATOMIC_SEQ_CST);
    }
    if (m == MAP_FAILED) { perror("mmap"); return 1; }
    char src[4096];
    memset(src, 'x', sizeof src);
    long *cross = malloc(n * sizeof(long)), *within = malloc(n * sizeof(long));
    long nc = 0, nw = 0, pos = 0, next = now();
    for (long i = 0; i < n; i++)
    {
        while (now() < next) { }
        next += gap;
        const long t0 = now();
        memcpy(m + pos, src, rec);
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
        const long d = now() - t0;
        if ((pos >> 12) != ((pos + rec - 1) >> 12)) cross[nc++] = d; else within[nw++] = d;
        pos += rec;
    }
    qsort(cross, nc, sizeof(long), cmp);
    qsort(within, nw, sizeof(long), cmp);
    printf("%s rec=%ld gap=%ldns: into a new page %ld writes p50 %ld p90 %ld p99 %ld | within a page %ld p50 %ld p90 %ld"
        " p99 %ld (ns)\n", argv[1], rec, gap, nc, cross[nc / 2], cross[nc * 9 / 10], cross[nc * 99 / 100], nw,
        within[nw / 2], within[nw * 9 / 10], within[nw * 99 / 100]);
    return 0;
}
