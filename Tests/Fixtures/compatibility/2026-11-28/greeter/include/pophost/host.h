/* pophost plugin ABI — the host table and the host's extensions.
 *
 * The host gives each plugin its own pop_host_t in init(); the same pointer is passed to every
 * component the plugin creates. It stays valid until the plugin's last deinit() returns.
 *
 * The host's structs follow version.h's rule: before using a field 1.1 appended to a 1.0 struct,
 * check it lies inside the struct_size the host gave (POP_STRUCT_HAS); nothing more is appended.
 */
#ifndef POPHOST_HOST_H
#define POPHOST_HOST_H

#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pop_host {
    pop_version_t abi_version; /* the host's ABI version */
    uint32_t struct_size;      /* sizeof(pop_host_t) in the host's build */

    /* Reserved for the host. The plugin must never read, write or free it. */
    void *host_data;

    /* The host's identity, e.g. "pophost", "pophost project", "0.1.0". Valid as long as the table. */
    const char *name;
    const char *vendor;
    const char *version;

    /* [thread-safe] Returns the host extension with this id (e.g. POP_HOST_EXT_LOG), or NULL when
     * the host does not offer it — a plugin must cope with NULL for every extension. The returned
     * pointer is owned by the host and stays valid, and the same, as long as the table. */
    const void *(*get_extension)(const struct pop_host *host, const char *extension_id);

    /* [thread-safe] Asks the host to call the plugin's entry->on_main_thread() soon, on the main
     * thread (entry.h says when, in virtual time). Requests made before that call is
     * delivered are coalesced into one. */
    void (*request_callback)(const struct pop_host *host);
} pop_host_t;

/* ---- Extension "pop.log/1": report diagnostics through the host -------------------------------- */

#define POP_HOST_EXT_LOG "pop.log/1"

/* Severities. Unknown values are treated as POP_LOG_ERROR. */
typedef int32_t pop_log_severity_t;
enum {
    POP_LOG_DEBUG = 0,
    POP_LOG_INFO = 1,
    POP_LOG_WARNING = 2,
    POP_LOG_ERROR = 3,
    /* The host (or another plugin) broke the contract; the plugin is reporting it. */
    POP_LOG_HOST_MISBEHAVING = 4,
};

typedef struct pop_host_log {
    pop_version_t abi_version;
    uint32_t struct_size; /* sizeof(pop_host_log_t) in the host's build */

    /* [thread-safe] Logs `message` (UTF-8, NUL-terminated) at `severity`. The host copies the
     * message before returning; the plugin keeps ownership. Never blocks on I/O. */
    void (*log)(const pop_host_t *host, pop_log_severity_t severity, const char *message);
} pop_host_log_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_HOST_H */
