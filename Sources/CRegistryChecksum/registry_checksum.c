#include "registry_checksum.h"

#include <string.h>

/* Any processor: eight lanes in plain C (the compiler uses its baseline vector adds). */
static void blocks_portable(const uint8_t *bytes, size_t blocks, uint64_t sums[8], uint64_t sums_of_sums[8]) {
    uint64_t s[8], t[8];
    memcpy(s, sums, sizeof s);
    memcpy(t, sums_of_sums, sizeof t);
    for (size_t block = 0; block < blocks; block++) {
        uint64_t words[8];
        memcpy(words, bytes + 64 * block, sizeof words);
        for (int lane = 0; lane < 8; lane++) {
            s[lane] += words[lane];
            t[lane] += s[lane];
        }
    }
    memcpy(sums, s, sizeof s);
    memcpy(sums_of_sums, t, sizeof t);
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#include <immintrin.h>
#include <stdatomic.h>

__attribute__((target("avx2"))) static void blocks_avx2(const uint8_t *bytes, size_t blocks, uint64_t sums[8],
                                                         uint64_t sums_of_sums[8]) {
    __m256i low = _mm256_loadu_si256((const __m256i *)sums), high = _mm256_loadu_si256((const __m256i *)(sums + 4));
    __m256i lowSums = _mm256_loadu_si256((const __m256i *)sums_of_sums);
    __m256i highSums = _mm256_loadu_si256((const __m256i *)(sums_of_sums + 4));
    for (size_t block = 0; block < blocks; block++) {
        const __m256i *words = (const __m256i *)(bytes + 64 * block);
        low = _mm256_add_epi64(low, _mm256_loadu_si256(words));
        high = _mm256_add_epi64(high, _mm256_loadu_si256(words + 1));
        lowSums = _mm256_add_epi64(lowSums, low);
        highSums = _mm256_add_epi64(highSums, high);
    }
    _mm256_storeu_si256((__m256i *)sums, low);
    _mm256_storeu_si256((__m256i *)(sums + 4), high);
    _mm256_storeu_si256((__m256i *)sums_of_sums, lowSums);
    _mm256_storeu_si256((__m256i *)(sums_of_sums + 4), highSums);
}

/* Whether the processor has AVX2 and the system saves its registers (OSXSAVE, XCR0's SSE and AVX
 * state bits). */
static int detect_avx2(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & bit_OSXSAVE) || !(ecx & bit_AVX)) return 0;
    unsigned int xcr0_low, xcr0_high;
    __asm__("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    if ((xcr0_low & 6) != 6) return 0;
    if (__get_cpuid_max(0, NULL) < 7) return 0;
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    return (ebx & bit_AVX2) != 0;
}

void pop_registry_checksum_blocks(const uint8_t *bytes, size_t blocks, uint64_t sums[8], uint64_t sums_of_sums[8]) {
    /* Asked once a process (cpuid can trap to a hypervisor); -1 until then. */
    static _Atomic int has_avx2 = -1;
    int known = atomic_load_explicit(&has_avx2, memory_order_relaxed);
    if (known < 0) {
        known = detect_avx2();
        atomic_store_explicit(&has_avx2, known, memory_order_relaxed);
    }
    if (known) blocks_avx2(bytes, blocks, sums, sums_of_sums);
    else blocks_portable(bytes, blocks, sums, sums_of_sums);
}
#else
void pop_registry_checksum_blocks(const uint8_t *bytes, size_t blocks, uint64_t sums[8], uint64_t sums_of_sums[8]) {
    blocks_portable(bytes, blocks, sums, sums_of_sums);
}
#endif
