/* Pinning the calling thread to CPUs, for pophost-bench's placements of a measured pair of processes
 * (CPUPlacement.swift): sched_setaffinity needs _GNU_SOURCE, which Swift's Glibc module does not define.
 * A child process inherits the mask of the thread that starts it. Not used by the host. */
#ifndef POPHOST_BENCH_CPU_PLACEMENT_H
#define POPHOST_BENCH_CPU_PLACEMENT_H

/* The CPUs the calling thread may run on, in order, into `cpus` (at most `capacity`): how many, or -1. */
int pop_bench_allowed_cpus(int *cpus, int capacity);

/* Lets the calling thread run on the `count` CPUs `cpus` only: 0, or -1 with errno set. */
int pop_bench_set_thread_cpus(const int *cpus, int count);

#endif
