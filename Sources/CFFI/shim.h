/* libffi for Swift. In Swift 6 mode libffi's global type descriptors are not concurrency-safe to
 * touch directly, so they are reached through these accessors. */
#ifndef POPHOST_CFFI_SHIM_H
#define POPHOST_CFFI_SHIM_H
#include <ffi.h>

static inline ffi_type *pop_ffi_type_void(void) { return &ffi_type_void; }
static inline ffi_type *pop_ffi_type_uint8(void) { return &ffi_type_uint8; }
static inline ffi_type *pop_ffi_type_sint32(void) { return &ffi_type_sint32; }
static inline ffi_type *pop_ffi_type_sint64(void) { return &ffi_type_sint64; }
static inline ffi_type *pop_ffi_type_double(void) { return &ffi_type_double; }
static inline ffi_type *pop_ffi_type_pointer(void) { return &ffi_type_pointer; }
#endif
