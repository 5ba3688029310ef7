#include "wire_floor.h"

#include <errno.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Reads exactly `length` bytes; 0 on success. */
static int read_exactly(int fd, uint8_t *buffer, size_t length) {
    size_t done = 0;
    while (done < length) {
        ssize_t count = read(fd, buffer + done, length - done);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return -1;
        done += (size_t)count;
    }
    return 0;
}

/* Writes all of `bytes`; 0 on success. */
static int write_all(int fd, const uint8_t *bytes, size_t length) {
    size_t done = 0;
    while (done < length) {
        ssize_t count = send(fd, bytes + done, length - done, MSG_NOSIGNAL);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) return -1;
        done += (size_t)count;
    }
    return 0;
}

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

int64_t pop_bench_wire_floor(const uint8_t *request, size_t request_length, const uint8_t *answer, size_t answer_length,
                             int count) {
    uint8_t buffer[65536];
    if (request_length > sizeof buffer || answer_length > sizeof buffer) return -1;
    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) return -1;
    pid_t child = fork();
    if (child < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (child == 0) {
        /* Only async-signal-safe calls from here: the parent has threads. */
        close(fds[0]);
        for (int i = 0; i < count; i++) {
            if (read_exactly(fds[1], buffer, request_length) != 0 || write_all(fds[1], answer, answer_length) != 0) _exit(1);
        }
        _exit(0);
    }
    close(fds[1]);
    int64_t start = now_ns();
    int failed = 0;
    for (int i = 0; i < count && !failed; i++) {
        failed = write_all(fds[0], request, request_length) != 0 || read_exactly(fds[0], buffer, answer_length) != 0;
    }
    int64_t elapsed = now_ns() - start;
    close(fds[0]);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    return failed || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ? -1 : elapsed;
}
