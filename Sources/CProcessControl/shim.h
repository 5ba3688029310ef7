/* Process control that Swift's Glibc module does not offer: prctl and syscall are variadic (Swift
 * imports no variadic C function), and posix_spawn_file_actions_addclosefrom_np (glibc 2.34) is not
 * in the module. Used by PopLoader's ChildProcess only. */
#ifndef POPHOST_CPROCESSCONTROL_SHIM_H
#define POPHOST_CPROCESSCONTROL_SHIM_H
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

/* Closes every descriptor from `from` up in the child, after the actions added before it. */
static inline int pop_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

/* Asks the kernel to send `signal` to this process when the thread that started it ends. */
static inline int pop_set_parent_death_signal(int signal) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
}

/* A descriptor that polls readable once process `pid` (a child) has exited; -1 without pidfd
 * (Linux before 5.3). Close-on-exec. */
static inline int pop_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    return -1;
#endif
}
#endif
