/* System C interfaces for Swift: libffi, and glibc's heap statistics (not in Swift's Glibc module).
 * In Swift 6 mode libffi's global type descriptors are not concurrency-safe to touch directly, so
 * they are reached through these accessors. */
#ifndef POPHOST_CFFI_SHIM_H
#define POPHOST_CFFI_SHIM_H
#include <ffi.h>
#include <malloc.h>

static inline ffi_type *pop_ffi_type_void(void) { return &ffi_type_void; }
static inline ffi_type *pop_ffi_type_uint8(void) { return &ffi_type_uint8; }
static inline ffi_type *pop_ffi_type_sint32(void) { return &ffi_type_sint32; }
static inline ffi_type *pop_ffi_type_sint64(void) { return &ffi_type_sint64; }
static inline ffi_type *pop_ffi_type_double(void) { return &ffi_type_double; }
static inline ffi_type *pop_ffi_type_pointer(void) { return &ffi_type_pointer; }

/* Bytes the process has allocated with malloc and not freed (small blocks and mmapped ones). */
static inline size_t pop_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
#endif
