#ifndef HARBETH_CLINUX_SHIM_H
#define HARBETH_CLINUX_SHIM_H

// Linux system calls that glibc's headers hide behind _GNU_SOURCE, which
// Swift's Glibc module does not define.
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

/// renameat2(2) relative to the working folder; -1 with errno on failure
/// (EINVAL or ENOSYS where the file system or kernel lacks the flag).
static inline int clinux_renameat2(const char *from, const char *to, unsigned int flags) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, flags);
}

static inline unsigned int clinux_rename_noreplace(void) { return RENAME_NOREPLACE; }
static inline unsigned int clinux_rename_exchange(void) { return RENAME_EXCHANGE; }

#endif
