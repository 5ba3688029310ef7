/* Process control that Swift's Glibc module does not offer: prctl and syscall are variadic (Swift
 * imports no variadic C function), posix_spawn_file_actions_addclosefrom_np (glibc 2.34) is not
 * in the module, and ending a process's descendants must be async-signal-safe (it runs in signal
 * handlers and atexit), and passing descriptors over a socket needs the CMSG macros. Used by
 * PopProcess's ChildProcess, ForkServer and LiveChildren only. */
#ifndef POPHOST_CPROCESSCONTROL_SHIM_H
#define POPHOST_CPROCESSCONTROL_SHIM_H
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
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

/* Sends `length` bytes (at least 1) on the connected Unix socket `socket` with the descriptors
 * fds[0..<count] (at most 4) attached (SCM_RIGHTS; the receiver gets its own copies), with
 * MSG_NOSIGNAL and `flags` (MSG_DONTWAIT: not waiting for room). The bytes sent, or -1 (errno). */
static inline ssize_t pop_send_with_descriptors(int socket, const void *bytes, size_t length, const int *fds, int count, int flags) {
    if (count < 0 || count > 4 || length == 0) { errno = EINVAL; return -1; }
    struct iovec vector = {(void *)bytes, length};
    union { struct cmsghdr header; char space[CMSG_SPACE(4 * sizeof(int))]; } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = {0};
    message.msg_iov = &vector;
    message.msg_iovlen = 1;
    if (count > 0) {
        message.msg_control = control.space;
        message.msg_controllen = CMSG_SPACE(count * sizeof(int));
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(count * sizeof(int));
        memcpy(CMSG_DATA(header), fds, count * sizeof(int));
    }
    ssize_t sent;
    do sent = sendmsg(socket, &message, MSG_NOSIGNAL | flags); while (sent < 0 && errno == EINTR);
    return sent;
}

/* Receives up to `length` bytes from the Unix socket `socket` and the descriptors sent with them
 * (close-on-exec), up to `capacity` (at most 4) into fds; *received says how many (descriptors
 * beyond `capacity` are closed), with `flags` (MSG_DONTWAIT: not waiting). The bytes received (0 at
 * end of file), or -1 (errno; EAGAIN when nothing came in time). */
static inline ssize_t pop_receive_with_descriptors(int socket, void *bytes, size_t length, int *fds, int capacity, int *received, int flags) {
    *received = 0;
    struct iovec vector = {bytes, length};
    union { struct cmsghdr header; char space[CMSG_SPACE(8 * sizeof(int))]; } control;
    struct msghdr message = {0};
    message.msg_iov = &vector;
    message.msg_iovlen = 1;
    message.msg_control = control.space;
    message.msg_controllen = sizeof control.space;
    ssize_t count;
    do count = recvmsg(socket, &message, MSG_CMSG_CLOEXEC | flags); while (count < 0 && errno == EINTR);
    if (count < 0) return count;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        int carried = (int)((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        for (int index = 0; index < carried; index++) {
            int fd;
            memcpy(&fd, CMSG_DATA(header) + index * sizeof(int), sizeof fd);
            if (*received < capacity && *received < 4) fds[(*received)++] = fd; else close(fd);
        }
    }
    return count;
}

/* Closes every descriptor of this process from `from` up (close_range, else one by one). */
static inline void pop_close_from(int from) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)from, ~0U, 0) == 0) return;
#endif
    long limit = sysconf(_SC_OPEN_MAX);
    for (long fd = from; fd < (limit > 0 ? limit : 65536); fd++) close((int)fd);
}

/* Makes this process the reaper of every orphan among its descendants (PR_SET_CHILD_SUBREAPER):
 * a process that a child leaves behind — forked, double-forked, in a session of its own — becomes
 * this process's child instead of init's, so it can still be found and ended. 0, or -1 (errno). */
static inline int pop_set_child_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1UL, 0UL, 0UL, 0UL);
}

/* Reads the parent pid, the process group and the session of process `pid` from /proc/<pid>/stat;
 * 0, or -1 when it is gone. The command name, in parentheses, may hold spaces and parentheses: the
 * fields follow its last ')'. Async-signal-safe. */
static inline int pop_process_ids(pid_t pid, pid_t *parent, pid_t *group, pid_t *session) {
    char path[32] = "/proc/", digits[12];
    int length = 0, at = 6;
    for (pid_t rest = pid; rest > 0 && length < 11; rest /= 10) digits[length++] = (char)('0' + rest % 10);
    while (length > 0) path[at++] = digits[--length];
    const char *tail = "/stat";
    while (*tail) path[at++] = *tail++;
    path[at] = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char text[512];
    ssize_t count;
    do count = read(fd, text, sizeof text - 1); while (count < 0 && errno == EINTR);
    close(fd);
    if (count <= 0) return -1;
    ssize_t close_paren = -1;
    for (ssize_t index = 0; index < count; index++)
        if (text[index] == ')') close_paren = index;
    /* ") S PPID PGRP SID ": the state, then the three numbers. */
    ssize_t index = close_paren + 4;
    if (close_paren < 0 || index >= count) return -1;
    pid_t numbers[3] = {0, 0, 0};
    for (int field = 0; field < 3; field++) {
        int negative = index < count && text[index] == '-';
        if (negative) index++;
        while (index < count && text[index] >= '0' && text[index] <= '9') numbers[field] = numbers[field] * 10 + (text[index++] - '0');
        if (negative) numbers[field] = -numbers[field];
        if (index >= count || text[index] != ' ') return -1;
        index++;
    }
    *parent = numbers[0];
    *group = numbers[1];
    *session = numbers[2];
    return 0;
}

/* Kills (SIGKILL) and reaps every child of this process except those whose pid is among
 * keep[0..<count] (0 entries are free slots); with `left_by` > 0, only those a child that led that
 * process group left behind: still in the group, or in a session other than this process's (they
 * called setsid()) — never an ordinary child of this process. Then again, until a pass finds none:
 * in a subreaper the orphans of a killed process become its children. Each pass first asks whether
 * this process has any child at all (waitid); only then does it read every process's parent from
 * /proc. Raw system calls only (waitid, open, getdents64, read, close, kill, waitpid):
 * async-signal-safe, for signal handlers and a process
 * that is exiting. Returns how many it ended. */
static inline int pop_end_children(const pid_t *keep, int count, pid_t left_by) {
    pid_t self = getpid(), own_session = getsid(0);
    int ended = 0;
    for (int pass = 0; pass < 1000; pass++) {
        /* No child at all (ECHILD, one system call): nothing to look for among every process of the
         * system — the usual end of a test's process, whose plugin started nothing. */
        siginfo_t info;
        if (syscall(SYS_waitid, P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT | __WALL, NULL) < 0 && errno == ECHILD) break;
        int found = 0;
        int directory = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (directory < 0) return ended;
        char entries[4096] __attribute__((aligned(8)));
        long size;
        while ((size = syscall(SYS_getdents64, directory, entries, sizeof entries)) > 0) {
            for (long offset = 0; offset < size;) {
                /* struct linux_dirent64: d_ino (8), d_off (8), d_reclen (2), d_type (1), d_name. */
                unsigned short record = *(unsigned short *)(entries + offset + 16);
                const char *name = entries + offset + 19;
                offset += record;
                pid_t pid = 0;
                for (; *name >= '0' && *name <= '9'; name++) pid = pid * 10 + (*name - '0');
                if (*name != 0 || pid <= 0) continue;
                pid_t parent, group, session;
                if (pop_process_ids(pid, &parent, &group, &session) != 0 || parent != self) continue;
                if (left_by > 0 && group != left_by && session == own_session) continue;
                int kept = 0;
                for (int slot = 0; slot < count && !kept; slot++) kept = keep[slot] == pid;
                if (kept) continue;
                kill(pid, SIGKILL);
                int status;
                while (waitpid(pid, &status, __WALL) < 0 && errno == EINTR) {}
                found++;
            }
        }
        close(directory);
        ended += found;
        if (found == 0) break;
    }
    return ended;
}
#endif
