/* The C sample plugin: CSPopKit's example trio — a high-priority handler, a test view loader and a
 * pop controller loader — written against <pophost/pophost.h> in plain C.
 *
 * Build it on its own with the Makefile beside this file (`make`), or as part of the repository with
 * `swift build` (product PopSampleC). Only pop_plugin_entry_v1 is exported. */
#include <pophost/pophost.h>

#include <stdlib.h>
#include <string.h>

/* ---- descriptors ----------------------------------------------------------------------------- */

static const char *const handler_features[] = {"priority-high", NULL};
static const char *const view_features[] = {"alert", "text", "buttons", NULL};
static const char *const controller_features[] = {"alert", "dimmed", NULL};

static const pop_descriptor_t plugin_descriptor = {
    .abi_version = POP_VERSION_INIT,
    .struct_size = sizeof(pop_descriptor_t),
    .id = "com.pophost.samples.c",
    .name = "pophost C sample",
    .vendor = "pophost",
    .version = "1.0.0",
    .description = "CSPopKit's example trio in plain C: a high-priority handler, a test view and a pop controller.",
    .features = NULL,
};

static const pop_descriptor_t handler_descriptors[] = {{
    .abi_version = POP_VERSION_INIT,
    .struct_size = sizeof(pop_descriptor_t),
    .id = "com.pophost.samples.c.high-priority-handler",
    .name = "High-priority handler",
    .vendor = "pophost",
    .version = "1.0.0",
    .description = "Shows at high priority and preempts lower-priority popups.",
    .features = handler_features,
}};

static const pop_descriptor_t view_descriptors[] = {{
    .abi_version = POP_VERSION_INIT,
    .struct_size = sizeof(pop_descriptor_t),
    .id = "com.pophost.samples.c.test-view",
    .name = "Test view",
    .vendor = "pophost",
    .version = "1.0.0",
    .description = "A title, a message and two buttons.",
    .features = view_features,
}};

static const pop_descriptor_t controller_descriptors[] = {{
    .abi_version = POP_VERSION_INIT,
    .struct_size = sizeof(pop_descriptor_t),
    .id = "com.pophost.samples.c.pop-controller",
    .name = "Pop controller",
    .vendor = "pophost",
    .version = "1.0.0",
    .description = "Presents the content as a centred alert over a dimmed background.",
    .features = controller_features,
}};

#define COUNT_OF(array) ((uint32_t)(sizeof(array) / sizeof((array)[0])))

/* ---- component instances -------------------------------------------------------------------- */

/* One allocation per instance: the kind struct the host sees, followed by the plugin's own state. */
typedef struct instance {
    union {
        pop_handler_t handler;
        pop_view_loader_t view_loader;
        pop_controller_loader_t controller_loader;
        pop_component_t component;
    } iface;
    const pop_host_t *host;
} instance_t;

static void instance_destroy(const pop_component_t *component) {
    free(component->component_data);
}

static const void *instance_get_extension(const pop_component_t *component, const char *extension_id) {
    (void)component;
    (void)extension_id;
    return NULL;
}

static const pop_component_t *instance_create(const pop_descriptor_t *desc, uint32_t kind_size, const pop_host_t *host) {
    instance_t *self = calloc(1, sizeof(*self));
    if (!self) return NULL;
    self->iface.component = (pop_component_t){
        .abi_version = POP_VERSION_INIT,
        .struct_size = kind_size,
        .desc = desc,
        .component_data = self,
        .destroy = instance_destroy,
        .get_extension = instance_get_extension,
    };
    self->host = host;
    return &self->iface.component;
}

/* ---- factories -------------------------------------------------------------------------------- */

typedef struct sample_factory {
    pop_component_factory_t factory; /* first member: the host sees only this */
    const pop_descriptor_t *descriptors;
    uint32_t count;
    uint32_t kind_size;
} sample_factory_t;

static uint32_t factory_count(const pop_component_factory_t *factory) {
    return ((const sample_factory_t *)factory)->count;
}

static const pop_descriptor_t *factory_get_descriptor(const pop_component_factory_t *factory, uint32_t index) {
    const sample_factory_t *self = (const sample_factory_t *)factory;
    return index < self->count ? &self->descriptors[index] : NULL;
}

static const pop_component_t *factory_create(const pop_component_factory_t *factory, const pop_host_t *host,
                                             const char *component_id) {
    const sample_factory_t *self = (const sample_factory_t *)factory;
    for (uint32_t i = 0; i < self->count; i++) {
        if (strcmp(self->descriptors[i].id, component_id) == 0)
            return instance_create(&self->descriptors[i], self->kind_size, host);
    }
    return NULL;
}

#define SAMPLE_FACTORY(descriptors_, kind_type)                                                         \
    {                                                                                                  \
        .factory = {.abi_version = POP_VERSION_INIT,                                                   \
                    .struct_size = sizeof(pop_component_factory_t),                                    \
                    .count = factory_count,                                                            \
                    .get_descriptor = factory_get_descriptor,                                          \
                    .create = factory_create},                                                         \
        .descriptors = descriptors_, .count = COUNT_OF(descriptors_), .kind_size = sizeof(kind_type),  \
    }

static const sample_factory_t handler_factory = SAMPLE_FACTORY(handler_descriptors, pop_handler_t);
static const sample_factory_t view_loader_factory = SAMPLE_FACTORY(view_descriptors, pop_view_loader_t);
static const sample_factory_t controller_loader_factory =
    SAMPLE_FACTORY(controller_descriptors, pop_controller_loader_t);

/* ---- entry ------------------------------------------------------------------------------------ */

static int init_count = 0;

static bool plugin_init(const pop_host_t *host, const char *plugin_path) {
    (void)host;
    (void)plugin_path;
    init_count++;
    return true;
}

static void plugin_deinit(void) {
    if (init_count > 0) init_count--;
}

static const void *plugin_get_factory(const char *factory_id) {
    if (strcmp(factory_id, POP_FACTORY_HANDLER) == 0) return &handler_factory.factory;
    if (strcmp(factory_id, POP_FACTORY_VIEW_LOADER) == 0) return &view_loader_factory.factory;
    if (strcmp(factory_id, POP_FACTORY_CONTROLLER_LOADER) == 0) return &controller_loader_factory.factory;
    return NULL;
}

static const pop_plugin_entry_t entry = {
    .abi_version = POP_VERSION_INIT,
    .struct_size = sizeof(pop_plugin_entry_t),
    .plugin = &plugin_descriptor,
    .init = plugin_init,
    .deinit = plugin_deinit,
    .get_factory = plugin_get_factory,
    .on_main_thread = NULL,
};

POP_EXPORT const pop_plugin_entry_t *pop_plugin_entry_v1(void) { return &entry; }
