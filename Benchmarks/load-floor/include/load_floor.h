/* The cold-load floor: a plugin loader written in C that does what PopLoader does to load a plugin
 * and read its descriptors (the ELF pre-check, dlopen, the entry, init, every descriptor copied and
 * checked, sample data checked, deinit), with one allocation per plugin and no error messages.
 * pophost-bench times it in the same run as the host and the dlopen baseline, so the report shows
 * how close to the baseline any loader with pophost's guarantees can come. Not used by the host. */
#ifndef POPHOST_BENCH_LOAD_FLOOR_H
#define POPHOST_BENCH_LOAD_FLOOR_H

/* Loads the plugin at `path` the way the host does. Returns NULL on success, otherwise a static
 * string naming the check that failed. [main-thread] */
const char *pop_bench_floor_load(const char *path);

#endif
