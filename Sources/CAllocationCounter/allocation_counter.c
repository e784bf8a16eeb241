// Counts heap allocations by interposing glibc's allocator entry points: the executable's
// definitions take precedence over libc's for every library in the process, and each one
// forwards to glibc's internal implementation. Benchmark-only; never linked into touchlight.
#include <stddef.h>
#include <stdatomic.h>
#include "allocation_counter.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static atomic_long allocations;

long touchlight_allocation_count(void) { return atomic_load(&allocations); }

void *malloc(size_t size) {
    atomic_fetch_add(&allocations, 1);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    atomic_fetch_add(&allocations, 1);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    atomic_fetch_add(&allocations, 1);
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    atomic_fetch_add(&allocations, 1);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    atomic_fetch_add(&allocations, 1);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    atomic_fetch_add(&allocations, 1);
    void *pointer = __libc_memalign(alignment, size);
    if (!pointer) return 12; /* ENOMEM */
    *result = pointer;
    return 0;
}
