/* The isolation floor: round trips of fixed messages between two processes over a socket pair,
 * written in C with blocking reads and writes and nothing else — what any isolated call must pay.
 * pophost-bench gives it the bytes an isolated call and its answer put on the plugin host's channel
 * and times it in the same run as the call itself. Like a plugin host, the child lives as long as
 * the measurement (a child forked afresh for each batch is scheduled more favourably under load, and
 * would not be the same pair of processes). Not used by the host. */
#ifndef POPHOST_BENCH_WIRE_FLOOR_H
#define POPHOST_BENCH_WIRE_FLOOR_H

#include <stddef.h>
#include <stdint.h>

/* A child process answering each `request_length` bytes it reads with `answer`. */
typedef struct pop_bench_wire_floor {
    int socket; /* the parent's end */
    int pid;
} pop_bench_wire_floor_t;

/* Forks the child; 0 on success, -1 when a system call failed. */
int pop_bench_wire_floor_start(pop_bench_wire_floor_t *floor, const uint8_t *answer, size_t answer_length, size_t request_length);

/* Sends `request` `count` times, reading the `answer_length` bytes of the answer each time. Returns
 * the nanoseconds of the `count` round trips, or -1 when a system call failed. */
int64_t pop_bench_wire_floor_round_trips(const pop_bench_wire_floor_t *floor, const uint8_t *request, size_t request_length,
                                         size_t answer_length, int count);

/* Closes the socket (the child reads its end and exits) and reaps the child. */
void pop_bench_wire_floor_stop(pop_bench_wire_floor_t *floor);

#endif
