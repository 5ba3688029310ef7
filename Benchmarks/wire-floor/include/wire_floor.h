/* The isolation floor: round trips of fixed messages between two processes over a socket pair,
 * written in C with blocking reads and writes and nothing else — what any isolated call must pay.
 * pophost-bench gives it the bytes an isolated call and its answer put on the plugin host's channel
 * and times it in the same run as the call itself. Not used by the host. */
#ifndef POPHOST_BENCH_WIRE_FLOOR_H
#define POPHOST_BENCH_WIRE_FLOOR_H

#include <stddef.h>
#include <stdint.h>

/* Forks a child that answers each `request_length` bytes it reads with `answer`, and sends it
 * `request` `count` times, reading the answer each time. Returns the nanoseconds of the `count`
 * round trips (the fork and the reaping excluded), or -1 when a system call failed. */
int64_t pop_bench_wire_floor(const uint8_t *request, size_t request_length, const uint8_t *answer, size_t answer_length,
                             int count);

#endif
