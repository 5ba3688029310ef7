/* pophost plugin ABI — components and their factories.
 *
 * A popup is composed from four kinds of component, each possibly from a different plugin:
 *   handler            should it show, its priority, what its buttons do, may it be dismissed
 *   view loader        the content only: what is inside the popup
 *   controller loader  how it is presented: style, theme, layout, animation
 *   reformer           optional: maps the request's data to content and presentation
 *
 * A plugin exposes one factory per kind it provides (entry->get_factory(POP_FACTORY_HANDLER), ...).
 * A factory lists its components by descriptor and creates instances by component id.
 */
#ifndef POPHOST_COMPONENT_H
#define POPHOST_COMPONENT_H

#include "descriptor.h"
#include "host.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Factory ids, one per component kind. The "/1" is the revision of the factory's interface. */
#define POP_FACTORY_HANDLER "pop.factory.handler/1"
#define POP_FACTORY_VIEW_LOADER "pop.factory.view-loader/1"
#define POP_FACTORY_CONTROLLER_LOADER "pop.factory.controller-loader/1"
#define POP_FACTORY_REFORMER "pop.factory.reformer/1"

/* The common first member of every component instance. */
typedef struct pop_component {
    pop_version_t abi_version; /* POP_VERSION_INIT */
    /* sizeof the whole kind struct this header starts (sizeof(pop_handler_t) for a handler, ...).
     * The host reads only the kind functions that lie inside it. */
    uint32_t struct_size;

    /* The same pointer the factory's get_descriptor() returns for this component's id. */
    const pop_descriptor_t *desc;

    /* Reserved for the plugin (its instance state). The host never touches it. */
    void *component_data;

    /* [main-thread] Destroys the instance and everything it owns. Called exactly once, also for
     * instances that were never shown. The host never uses the pointer afterwards. */
    void (*destroy)(const struct pop_component *component);

    /* [thread-safe] Returns the component's extension with this id, or NULL when it has none
     * (for every id it does not know exactly). The returned pointer is owned by the component and
     * stays valid, and the same, until destroy(). The host asks when it creates the instance; a
     * table whose header breaks version.h's rule makes the creation fail. Controller loaders may
     * offer "pop.layout/1" (ext/layout.h), "pop.animation/1" (ext/animation.h), "pop.sheet/1"
     * (ext/sheet.h), "pop.page/1" (ext/page.h) and "pop.floating/1" (ext/floating.h); view loaders
     * and controller loaders "pop.trait_observer/1" (ext/traits.h); view loaders "pop.list/1"
     * (ext/list.h); handlers "pop.page-handler/1" (ext/page.h). */
    const void *(*get_extension)(const struct pop_component *component, const char *extension_id);
} pop_component_t;

/* The kind structs — pop_handler_t (handler.h), pop_view_loader_t (view_loader.h),
 * pop_controller_loader_t (controller_loader.h), pop_reformer_t (reformer.h) — each start with a
 * pop_component_t. Their function pointers are optional unless marked required. They follow
 * version.h's rule: frozen as released, except what 1.1 appended before the rule was written
 * (pop_handler_t.should_present_ex), read only when it lies inside component.struct_size (at least
 * the kind struct's 1.0 size), so a 1.0 plugin stays loadable by every 1.x host; anything new is a
 * component extension. Zero-initialise the whole kind struct, then set what you implement. */

/* A factory for one component kind. Returned by entry->get_factory(); owned by the plugin; valid
 * until the plugin's last deinit(). */
typedef struct pop_component_factory {
    pop_version_t abi_version; /* POP_VERSION_INIT */
    uint32_t struct_size;      /* sizeof(pop_component_factory_t) */

    /* [thread-safe] How many components this factory makes. At most 1024. */
    uint32_t (*count)(const struct pop_component_factory *factory);

    /* [thread-safe] The descriptor at `index` (0 <= index < count), or NULL outside that range.
     * The order and the pointers never change. */
    const pop_descriptor_t *(*get_descriptor)(const struct pop_component_factory *factory,
                                              uint32_t index);

    /* [main-thread] Creates an instance of the component `component_id` (one of this factory's
     * descriptor ids), or returns NULL if the id is unknown or creation failed (say why through
     * POP_HOST_EXT_LOG). The result points at the kind struct of this factory — a pop_handler_t
     * from the handler factory, and so on — whose first member is the pop_component_t returned
     * here. The instance is owned by the plugin; the host releases it with component->destroy().
     * Each call makes a new instance: a pointer that is still alive (not yet destroyed) is refused
     * as a broken contract, and not destroyed. `host` is the table the plugin received in init(). */
    const pop_component_t *(*create)(const struct pop_component_factory *factory,
                                     const pop_host_t *host,
                                     const char *component_id);
} pop_component_factory_t;

#ifdef __cplusplus
}
#endif

#endif /* POPHOST_COMPONENT_H */
