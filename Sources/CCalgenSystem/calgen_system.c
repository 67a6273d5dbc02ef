#define _GNU_SOURCE
#include "calgen_system.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#if defined(__linux__)
#include <linux/magic.h>
#include <linux/openat2.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

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

int calgen_open_beneath(int dirfd, const char *path, int flags) {
#if defined(__linux__) && defined(SYS_openat2)
    struct open_how how = {0};
    how.flags = (unsigned long long)flags;
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
    return (int)syscall(SYS_openat2, dirfd, path, &how, sizeof how);
#else
    (void)dirfd;
    (void)path;
    (void)flags;
    errno = ENOSYS;
    return -1;
#endif
}

int calgen_keep_freed_memory(int kept, int own_mapping) {
#if defined(__GLIBC__)
    return mallopt(M_TOP_PAD, kept) == 1 && mallopt(M_MMAP_THRESHOLD, own_mapping) == 1;
#else
    (void)kept;
    (void)own_mapping;
    return 0;
#endif
}

int calgen_listing_gives_inodes(const char *path) {
#if defined(__linux__)
    struct statfs info;
    if (statfs(path, &info) != 0) return 0;
    switch ((unsigned long)info.f_type) {
    case EXT4_SUPER_MAGIC:
    case XFS_SUPER_MAGIC:
    case BTRFS_SUPER_MAGIC:
    case TMPFS_MAGIC:
        return 1;
    default:
        return 0;
    }
#else
    (void)path;
    return 0;
#endif
}
