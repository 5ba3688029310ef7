/* The registry cache's checksum (PopLoader, RegistryCache.checksum): its running sums over 64-byte
 * blocks, the part that reads every byte of every record on every warm discovery. In C so that a
 * processor with AVX2 adds four words an instruction instead of two (docs/benchmarks.md, "Warm
 * discovery"); the result is the same on every processor. */
#ifndef POPHOST_REGISTRY_CHECKSUM_H
#define POPHOST_REGISTRY_CHECKSUM_H
#include <stddef.h>
#include <stdint.h>

/* Adds each of `blocks` 64-byte blocks at `bytes` (eight little-endian 64-bit words) to `sums`, lane
 * by lane, and after each block adds `sums` to `sums_of_sums`. Both arrays hold eight words. */
void pop_registry_checksum_blocks(const uint8_t *bytes, size_t blocks, uint64_t sums[8], uint64_t sums_of_sums[8]);
#endif
