/* pophost plugin ABI — descriptors.
 *
 * A descriptor names a plugin or one of its components. The host copies every field when it scans a
 * plugin and caches the copy, so descriptors must be constant data: the same values on every call
 * and in every process. Like every struct, it grows by version.h's rule.
 */
#ifndef POPHOST_DESCRIPTOR_H
#define POPHOST_DESCRIPTOR_H

#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Limits the host enforces when it reads a descriptor. */
#define POP_DESCRIPTOR_MAX_STRING 1024 /* bytes in any one string, NUL excluded */
#define POP_DESCRIPTOR_MAX_FEATURES 64 /* entries in `features` */

typedef struct pop_descriptor {
    pop_version_t abi_version; /* POP_VERSION_INIT */
    uint32_t struct_size;      /* sizeof(pop_descriptor_t) */

    /* Required. Reverse-DNS identifier, unique within the plugin and stable across releases:
     * two or more dot-separated labels of ASCII letters, digits, '-' or '_', the first label
     * starting with a letter. Example: "com.example.payments.password-dialog". */
    const char *id;
    /* Required. Human-readable name, e.g. "Payment password dialog". */
    const char *name;
    /* Optional (NULL or ""). Who ships it, e.g. "Example Payments Team". */
    const char *vendor;
    /* Optional. The component's own version, e.g. "1.4.2". */
    const char *version;
    /* Optional. One sentence on what it is for. */
    const char *description;
    /* Optional. NULL-terminated array of free-form tags ("alert", "secure-input"); NULL = none.
     * No duplicates. */
    const char *const *features;
} pop_descriptor_t;

/* All strings in the ABI are UTF-8 and NUL-terminated. A descriptor and everything it points to
 * stays valid from the first successful init() until the matching last deinit(). */

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_DESCRIPTOR_H */
