#ifndef CALGEN_SYSTEM_H
#define CALGEN_SYSTEM_H

/// Atomically exchanges two existing paths (Linux renameat2 with RENAME_EXCHANGE, macOS
/// renamex_np with RENAME_SWAP).
/// Returns 0 on success, -1 with errno set otherwise (EINVAL/ENOSYS where unsupported).
int calgen_exchange_paths(const char *first, const char *second);

/// Opens `path` below the folder open as `dirfd` in one call, following no symbolic link on
/// the way or at the end and never leaving the folder (Linux openat2 with RESOLVE_BENEATH and
/// RESOLVE_NO_SYMLINKS). Returns the descriptor, or -1 with errno set (ENOSYS where the system
/// has no such call: the caller then opens one component at a time).
int calgen_open_beneath(int dirfd, const char *path, int flags);

/// Makes glibc keep `kept` bytes of freed memory at the top of each heap for the next
/// allocations (and take that much more each time a heap grows), and map blocks on their own
/// only from `own_mapping` bytes on (mallopt M_TOP_PAD and M_MMAP_THRESHOLD). Returns 1 when
/// both were set, 0 where the C library is not glibc (nothing is changed).
int calgen_keep_freed_memory(int kept, int own_mapping);

/// Whether a directory listing (`readdir`'s `d_ino`) gives each entry's own inode number on the
/// file system of `path`: 1 on Linux for ext2/3/4, XFS, Btrfs and tmpfs, 0 elsewhere (an overlay
/// file system may number a listing's entries otherwise) or when `path` cannot be examined.
int calgen_listing_gives_inodes(const char *path);

#endif
