/* pophost plugin ABI — versions.
 *
 * Every struct that crosses the boundary starts with the ABI version it was written against,
 * followed by its own size in bytes:
 *
 *     pop_version_t abi_version;   // POP_VERSION_INIT in the plugin's build
 *     uint32_t      struct_size;   // sizeof(the struct) in the writer's build
 *
 * Compatibility rule (checked by the host before it uses anything):
 *   - abi_version.major must equal the reader's major (a breaking change is a new major, and a new
 *     entry symbol name: pop_plugin_entry_v2);
 *   - abi_version.minor must be <= the reader's minor (a newer plugin may rely on things this host
 *     does not have);
 *   - readers read only the fields that lie inside struct_size. Fields are appended in new minor
 *     versions, never inserted, removed or reordered.
 */
#ifndef POPHOST_VERSION_H
#define POPHOST_VERSION_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define POP_VERSION_MAJOR 1
#define POP_VERSION_MINOR 0
#define POP_VERSION_PATCH 0

typedef struct pop_version {
    uint32_t major; /* incompatible changes; part of the entry symbol's name */
    uint32_t minor; /* appended fields and functions */
    uint32_t patch; /* fixes without any layout change */
} pop_version_t;

/* The version this header describes; put it in every struct you hand to the host. */
#define POP_VERSION_INIT { POP_VERSION_MAJOR, POP_VERSION_MINOR, POP_VERSION_PATCH }

/* True when something written against `v` can be read by code built with this header. */
static inline bool pop_version_is_compatible(pop_version_t v) {
    return v.major == POP_VERSION_MAJOR && v.minor <= POP_VERSION_MINOR;
}

/* Exports a symbol from a library built with -fvisibility=hidden. Only the entry needs it. */
#if defined(__GNUC__) || defined(__clang__)
#define POP_EXPORT __attribute__((visibility("default")))
#else
#define POP_EXPORT
#endif

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_VERSION_H */
