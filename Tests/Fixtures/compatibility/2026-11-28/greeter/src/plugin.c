/* greeter: a pophost popup plugin (com.example.greeter), written in C11 against the plugin ABI
 * vendored in include/pophost (see README.md).
 *
 *   com.example.greeter.handler     handler: when the popup shows, and its action "confirm"
 *   com.example.greeter.view        view loader: a title, a message, OK (confirm) and Not now
 *   com.example.greeter.controller  controller loader: a dimmed alert that fades in and out
 *
 * This file: the entry (the only exported symbol), the plugin's state, the host's services and the
 * factories. handler.c, view.c, controller.c: one file per component.
 *
 * The host calls everything on its main thread unless the header says [thread-safe], so the state
 * below needs no lock. The plugin starts no threads and prints nothing. */
#include "plugin.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- plugin-wide state: set up by the first init(), cleared by the last deinit() ---------------- */

static struct {
    int init_count;
    const pop_host_t *host;
    const pop_host_log_t *log;     /* "pop.log/1", or NULL */
    const pop_host_value_t *value; /* "pop.value/1", or NULL */
    const pop_host_content_style_t *style; /* "pop.content_style/1", or NULL */
} plugin;

/* ---- host services ------------------------------------------------------------------------------ */

/* Strings crossing the ABI must be valid UTF-8: after truncating `text` to `length` bytes, drop a
 * multi-byte sequence that was cut in half. */
static void trim_cut_utf8(char *text, size_t length) {
    size_t start = length;
    while (start > 0 && ((unsigned char)text[start - 1] & 0xC0) == 0x80) start--; /* continuation bytes */
    if (start == 0) return;
    unsigned char lead = (unsigned char)text[start - 1];
    size_t needed = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    if (length - (start - 1) < needed) text[start - 1] = '\0';
}

void plugin_log(pop_log_severity_t severity, const char *format, ...) {
    if (!plugin.log || !plugin.log->log) return; /* no log extension: stay silent */
    char message[512];
    va_list args;
    va_start(args, format);
    int length = vsnprintf(message, sizeof message, format, args);
    va_end(args);
    if (length < 0) return;
    if ((size_t)length >= sizeof message) trim_cut_utf8(message, sizeof message - 1);
    plugin.log->log(plugin.host, severity, message); /* the host copies it before returning */
}

const char *data_string(const pop_value_t *data, const char *key, const char *fallback) {
    const pop_host_value_t *v = plugin.value;
    if (!v || !v->get || !v->get_string) return fallback;
    const char *string = v->get_string(v->get(data, key)); /* getters are total: NULL reads as null */
    return string ? string : fallback;
}

bool data_bool(const pop_value_t *data, const char *key, bool fallback) {
    const pop_host_value_t *v = plugin.value;
    if (!v || !v->get || !v->get_bool) return fallback;
    return v->get_bool(v->get(data, key), fallback);
}

const pop_host_content_style_t *content_style(void) {
    return plugin.style;
}

/* ---- component instances ------------------------------------------------------------------------ */

instance_t *instance_of(const void *component) {
    return component ? (instance_t *)((const pop_component_t *)component)->component_data : NULL;
}

static void instance_destroy(const pop_component_t *component) {
    free(instance_of(component));
}

static const void *instance_get_extension(const pop_component_t *component, const char *extension_id) {
    (void)component;
    (void)extension_id;
    return NULL; /* no component extensions */
}

/* ---- factories: one per component kind, listing its components -------------------------------- */

/* To add a component, write its component_class_t (like handler_class in handler.c), declare it in
 * plugin.h and append it to its kind's list: never reorder or remove, ids are what apps ask for. */
static const component_class_t *const handlers[] = {&handler_class};
static const component_class_t *const view_loaders[] = {&view_class};
static const component_class_t *const controller_loaders[] = {&controller_class};

typedef struct factory {
    pop_component_factory_t table; /* first member: the host sees only this */
    const component_class_t *const *components;
    uint32_t count;
} factory_t;

/* [thread-safe] */
static uint32_t factory_count(const pop_component_factory_t *table) {
    return ((const factory_t *)table)->count;
}

/* [thread-safe] The same pointer for an index every time. */
static const pop_descriptor_t *factory_get_descriptor(const pop_component_factory_t *table, uint32_t index) {
    const factory_t *self = (const factory_t *)table;
    return index < self->count ? &self->components[index]->descriptor : NULL;
}

/* [main-thread] */
static const pop_component_t *factory_create(const pop_component_factory_t *table, const pop_host_t *host,
                                             const char *component_id) {
    const factory_t *self = (const factory_t *)table;
    const component_class_t *spec = NULL;
    for (uint32_t i = 0; i < self->count && !spec && component_id; i++)
        if (strcmp(self->components[i]->descriptor.id, component_id) == 0) spec = self->components[i];
    if (!spec) return NULL; /* an id this factory does not make */

    instance_t *instance = calloc(1, sizeof *instance);
    if (!instance) {
        plugin_log(POP_LOG_ERROR, "%s: out of memory", spec->descriptor.id);
        return NULL;
    }
    instance->iface.component = (pop_component_t){
        .abi_version = POP_VERSION_INIT,
        .struct_size = spec->kind_size, /* sizeof the kind struct, not of the union */
        .desc = &spec->descriptor,      /* the very pointer get_descriptor returns */
        .component_data = instance,
        .destroy = instance_destroy,
        .get_extension = instance_get_extension,
    };
    instance->host = host;
    spec->setup(instance);
    return &instance->iface.component;
}

#define FACTORY(components_)                                                                           \
    {                                                                                                  \
        .table = {.abi_version = POP_VERSION_INIT,                                                     \
                  .struct_size = sizeof(pop_component_factory_t),                                      \
                  .count = factory_count,                                                              \
                  .get_descriptor = factory_get_descriptor,                                            \
                  .create = factory_create},                                                           \
        .components = components_, .count = COUNT_OF(components_),                                     \
    }

static const factory_t handler_factory = FACTORY(handlers);
static const factory_t view_factory = FACTORY(view_loaders);
static const factory_t controller_factory = FACTORY(controller_loaders);

/* ---- entry -------------------------------------------------------------------------------------- */

static const pop_descriptor_t plugin_descriptor =
    DESCRIPTOR(PLUGIN_ID, PLUGIN_NAME, "A popup plugin made with pophost new.", NULL);

/* Counted: the first call sets up, later ones only count. Fast and silent: no output, no threads. */
static bool plugin_init(const pop_host_t *host, const char *plugin_path) {
    (void)plugin_path;
    if (!host) return false;
    if (plugin.init_count == 0) {
        plugin.host = host;
        plugin.log = host->get_extension ? host->get_extension(host, POP_HOST_EXT_LOG) : NULL;
        plugin.value = host->get_extension ? host->get_extension(host, POP_HOST_EXT_VALUE) : NULL;
        plugin.style = host->get_extension ? host->get_extension(host, POP_HOST_EXT_CONTENT_STYLE) : NULL;
    }
    plugin.init_count++;
    return true;
}

/* The last call tears down: no component is alive any more, and the host must not be called again. */
static void plugin_deinit(void) {
    if (plugin.init_count == 0) return;
    if (--plugin.init_count == 0) memset(&plugin, 0, sizeof plugin);
}

/* [thread-safe] Exact ids only: anything else, even a known id with more after it, gets NULL. */
static const void *plugin_get_factory(const char *factory_id) {
    if (!factory_id) return NULL;
    if (strcmp(factory_id, POP_FACTORY_HANDLER) == 0) return &handler_factory.table;
    if (strcmp(factory_id, POP_FACTORY_VIEW_LOADER) == 0) return &view_factory.table;
    if (strcmp(factory_id, POP_FACTORY_CONTROLLER_LOADER) == 0) return &controller_factory.table;
    return NULL; /* no reformer */
}

static const pop_plugin_entry_t entry = {
    .abi_version = POP_VERSION_INIT,
    .struct_size = sizeof(pop_plugin_entry_t),
    .plugin = &plugin_descriptor,
    .init = plugin_init,
    .deinit = plugin_deinit,
    .get_factory = plugin_get_factory,
    .on_main_thread = NULL, /* only needed after host->request_callback(), which this plugin never calls */
};

POP_EXPORT const pop_plugin_entry_t *pop_plugin_entry_v1(void) { return &entry; }
