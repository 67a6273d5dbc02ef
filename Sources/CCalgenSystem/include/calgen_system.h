#ifndef CALGEN_SYSTEM_H
#define CALGEN_SYSTEM_H

/// Atomically exchanges two existing paths (Linux renameat2 with RENAME_EXCHANGE, macOS
/// renamex_np with RENAME_SWAP).
/// Returns 0 on success, -1 with errno set otherwise (EINVAL/ENOSYS where unsupported).
int calgen_exchange_paths(const char *first, const char *second);

#endif
