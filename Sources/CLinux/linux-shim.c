#define _GNU_SOURCE
#include <sys/mman.h>
#include "linux-shim.h"

int tl_memfd_create(const char *name) { return memfd_create(name, MFD_CLOEXEC); }
