#define _GNU_SOURCE
#include "calgen_system.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

int calgen_exchange_paths(const char *first, const char *second) {
#if defined(__linux__) && defined(RENAME_EXCHANGE)
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#elif defined(__APPLE__) && defined(RENAME_SWAP)
    return renamex_np(first, second, RENAME_SWAP);
#else
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
#endif
}
