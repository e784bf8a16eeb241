#pragma once
/// Number of heap allocation calls (malloc, calloc, realloc, posix_memalign, aligned_alloc,
/// memalign) made by the process since it started. Linked only into the benchmark executable.
long touchlight_allocation_count(void);
