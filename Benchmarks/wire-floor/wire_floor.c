#define _GNU_SOURCE
#include "wire_floor.h"

#include <errno.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { capacity = 65536 };

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

int pop_bench_wire_floor_start(pop_bench_wire_floor_t *floor, const uint8_t *answer, size_t answer_length, size_t request_length) {
    if (request_length > capacity || answer_length > capacity) return -1;
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
        /* It keeps its end alone as descriptor 3: another floor's end, or a plugin host's channel,
         * held here would keep that child from reading its end of file. */
        static uint8_t buffer[capacity];
        if (fds[1] != 3 && dup2(fds[1], 3) != 3) _exit(1);
        close_range(4, ~0U, 0);
        while (read_exactly(3, buffer, request_length) == 0 && write_all(3, answer, answer_length) == 0) {}
        _exit(0);
    }
    close(fds[1]);
    floor->socket = fds[0];
    floor->pid = child;
    return 0;
}

int64_t pop_bench_wire_floor_round_trips(const pop_bench_wire_floor_t *floor, const uint8_t *request, size_t request_length,
                                         size_t answer_length, int count) {
    static uint8_t buffer[capacity];
    if (answer_length > capacity) return -1;
    int64_t start = now_ns();
    for (int i = 0; i < count; i++) {
        if (write_all(floor->socket, request, request_length) != 0 || read_exactly(floor->socket, buffer, answer_length) != 0) return -1;
    }
    return now_ns() - start;
}

void pop_bench_wire_floor_stop(pop_bench_wire_floor_t *floor) {
    close(floor->socket);
    int status = 0;
    while (waitpid(floor->pid, &status, 0) < 0 && errno == EINTR) {}
}
