/* pophost plugin ABI — the entry point.
 *
 * A plugin is a shared library that exports exactly one symbol:
 *
 *     POP_EXPORT const pop_plugin_entry_t *pop_plugin_entry_v1(void);
 *
 * The major version is part of the name, so a host never mistakes a plugin of another major
 * version for its own. The function must return the same pointer on every call, do no other work,
 * and be callable before init().
 *
 * Exporting only the entry:
 *   C      build with -fvisibility=hidden and mark the entry POP_EXPORT, or link with a version script
 *          `{ global: pop_plugin_entry_v1; local: *; };` (-Wl,--version-script=FILE).
 *   C++    both: the standard library's templates a plugin instantiates keep default visibility
 *          whatever -fvisibility says, so only the version script hides them.
 *   Swift  `@_cdecl("pop_plugin_entry_v1") public func ...`; `public` is required for the symbol to
 *          exist. Swift also exports its own metadata symbols; link with the same version script
 *          (-Xlinker --version-script=FILE) to hide them. The Swift runtime does not need them.
 *
 * Lifetime: the host opens the library once and never unloads it (RTLD_NODELETE; unloading a Swift
 * image is unsafe). To "reload" a plugin, restart the process.
 *
 * Versions: the host checks the entry's abi_version and struct_size by version.h's rule before it
 * reads anything else, so a plugin built against any 1.x minor loads in any 1.x host.
 */
#ifndef POPHOST_ENTRY_H
#define POPHOST_ENTRY_H

#include "component.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The name of the entry symbol of ABI major 1. */
#define POP_PLUGIN_ENTRY_SYMBOL "pop_plugin_entry_v1"

typedef struct pop_plugin_entry {
    pop_version_t abi_version; /* POP_VERSION_INIT: the ABI the plugin was built against */
    uint32_t struct_size;      /* sizeof(pop_plugin_entry_t) */

    /* The plugin's own descriptor (its id identifies the plugin in the registry). Constant data,
     * readable before init(). */
    const pop_descriptor_t *plugin;

    /* [main-thread] Prepares the plugin. `host` stays valid until the matching last deinit();
     * `plugin_path` is the library's real path, valid only during the call (copy it if needed).
     * May be called more than once: every call that returns true is balanced by one deinit(); set
     * up on the first, tear down on the last. Must be fast (well under 100 ms), print nothing, open
     * no UI, start no threads the host does not know of. Returns false on failure (report why
     * through POP_HOST_EXT_LOG); the host then calls nothing else but the entry function. */
    bool (*init)(const pop_host_t *host, const char *plugin_path);

    /* [main-thread] Balances one successful init(). After the last one, no component of the plugin
     * is alive and the plugin must not call the host again. */
    void (*deinit)(void);

    /* [thread-safe] Returns the factory with this id (POP_FACTORY_HANDLER, ...), or NULL when the
     * plugin has none — including for any id it does not know exactly. Only valid after init(). */
    const void *(*get_factory)(const char *factory_id);

    /* [main-thread] Called by the host after the plugin asked for it with
     * host->request_callback(). May be NULL when the plugin never asks.
     * When, on the host's virtual clock: the host delivers it on its loop before it fires its next
     * timer or moves its clock on — for a request made on the main thread, at the virtual time of
     * the request. Whatever the plugin does from here (an answer, an animation's completion) takes
     * no virtual time. To act after some virtual time, use the host extension "pop.timer/1"
     * (ext/timer.h). */
    void (*on_main_thread)(void);
} pop_plugin_entry_t;

/* The type of pop_plugin_entry_v1, for hosts that look it up with dlsym(). */
typedef const pop_plugin_entry_t *(*pop_plugin_entry_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_ENTRY_H */
