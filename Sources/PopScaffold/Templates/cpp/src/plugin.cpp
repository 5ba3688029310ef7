// my-popup: a pophost popup plugin (com.example.my-popup), written in C++17 against the plugin ABI
// vendored in include/pophost (see README.md).
//
//   com.example.my-popup.handler     handler: when the popup shows, and its action "confirm"
//   com.example.my-popup.view        view loader: a title, a message, OK (confirm) and Not now
//   com.example.my-popup.controller  controller loader: a dimmed alert that fades in and out
//
// This file: the entry (the only exported symbol), the plugin's state, the host's services and the
// factories. handler.cpp, view.cpp, controller.cpp: one file per component.
//
// The host calls everything on its main thread unless the header says [thread-safe], so the state
// below needs no lock. The plugin starts no threads and prints nothing.
#include "plugin.h"

#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <new>
#include <type_traits>

namespace {

// ---- plugin-wide state: set up by the first init(), cleared by the last deinit() ----------------

struct State {
    int init_count = 0;
    const pop_host_t *host = nullptr;
    const pop_host_log_t *log = nullptr;                  // "pop.log/1", or NULL
    const pop_host_value_t *value = nullptr;              // "pop.value/1", or NULL
    const pop_host_content_style_t *style = nullptr;      // "pop.content_style/1", or NULL
} state;

// Strings crossing the ABI must be valid UTF-8: after truncating `text` to `length` bytes, drop a
// multi-byte sequence that was cut in half.
void trim_cut_utf8(char *text, size_t length) {
    size_t start = length;
    while (start > 0 && (static_cast<unsigned char>(text[start - 1]) & 0xC0) == 0x80) start--;  // continuation bytes
    if (start == 0) return;
    unsigned char lead = static_cast<unsigned char>(text[start - 1]);
    size_t needed = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    if (length - (start - 1) < needed) text[start - 1] = '\0';
}

}  // namespace

// ---- host services -------------------------------------------------------------------------------

void plugin::log(pop_log_severity_t severity, const char *format, ...) noexcept {
    if (!state.log || !state.log->log) return;  // no log extension: stay silent
    char message[512];
    va_list args;
    va_start(args, format);
    int length = std::vsnprintf(message, sizeof message, format, args);
    va_end(args);
    if (length < 0) return;
    if (static_cast<size_t>(length) >= sizeof message) trim_cut_utf8(message, sizeof message - 1);
    state.log->log(state.host, severity, message);  // the host copies it before returning
}

const char *plugin::data_string(const pop_value_t *data, const char *key, const char *fallback) noexcept {
    const pop_host_value_t *v = state.value;
    if (!v || !v->get || !v->get_string) return fallback;
    const char *string = v->get_string(v->get(data, key));  // getters are total: NULL reads as null
    return string ? string : fallback;
}

bool plugin::data_bool(const pop_value_t *data, const char *key, bool fallback) noexcept {
    const pop_host_value_t *v = state.value;
    if (!v || !v->get || !v->get_bool) return fallback;
    return v->get_bool(v->get(data, key), fallback);
}

const pop_host_content_style_t *plugin::content_style() noexcept { return state.style; }

pop_descriptor_t plugin::describe(const char *id, const char *name, const char *description,
                                  const char *const *features) noexcept {
    pop_descriptor_t descriptor{};
    descriptor.abi_version = POP_VERSION_INIT;
    descriptor.struct_size = sizeof(pop_descriptor_t);
    descriptor.id = id;
    descriptor.name = name;
    descriptor.vendor = "";
    descriptor.version = PLUGIN_VERSION;
    descriptor.description = description;
    descriptor.features = features;
    return descriptor;
}

// ---- component instances ------------------------------------------------------------------------

plugin::Instance *plugin::instance_of(const void *component) noexcept {
    return component ? static_cast<Instance *>(static_cast<const pop_component_t *>(component)->component_data) : nullptr;
}

extern "C" {

static void instance_destroy(const pop_component_t *component) noexcept { delete plugin::instance_of(component); }

static const void *instance_get_extension(const pop_component_t *, const char *) noexcept {
    return nullptr;  // no component extensions
}

}  // extern "C"

// ---- factories: one per component kind, listing its components ---------------------------------

namespace {

// To add a component, write its ComponentClass (like handler_class in handler.cpp), declare it in
// plugin.h and append it to its kind's list: never reorder or remove, ids are what apps ask for.
const plugin::ComponentClass *const handlers[] = {&plugin::handler_class};
const plugin::ComponentClass *const view_loaders[] = {&plugin::view_class};
const plugin::ComponentClass *const controller_loaders[] = {&plugin::controller_class};

struct Factory {
    pop_component_factory_t table;  // first member: the host sees only this
    const plugin::ComponentClass *const *components;
    uint32_t count;
};
static_assert(std::is_standard_layout<Factory>::value, "the host's table pointer is a pointer to its Factory");

}  // namespace

extern "C" {

// [thread-safe]
static uint32_t factory_count(const pop_component_factory_t *table) noexcept {
    return reinterpret_cast<const Factory *>(table)->count;
}

// [thread-safe] The same pointer for an index every time.
static const pop_descriptor_t *factory_get_descriptor(const pop_component_factory_t *table, uint32_t index) noexcept {
    const Factory *self = reinterpret_cast<const Factory *>(table);
    return index < self->count ? &self->components[index]->descriptor : nullptr;
}

// [main-thread]
static const pop_component_t *factory_create(const pop_component_factory_t *table, const pop_host_t *host,
                                             const char *component_id) noexcept {
    const Factory *self = reinterpret_cast<const Factory *>(table);
    const plugin::ComponentClass *spec = nullptr;
    for (uint32_t i = 0; i < self->count && !spec && component_id; i++)
        if (std::strcmp(self->components[i]->descriptor.id, component_id) == 0) spec = self->components[i];
    if (!spec) return nullptr;  // an id this factory does not make

    plugin::Instance *instance = new (std::nothrow) plugin::Instance();
    if (!instance) {
        plugin::log(POP_LOG_ERROR, "%s: out of memory", spec->descriptor.id);
        return nullptr;
    }
    instance->host = host;
    pop_component_t header{};
    header.abi_version = POP_VERSION_INIT;
    header.desc = &spec->descriptor;  // the very pointer get_descriptor returns
    header.component_data = instance;
    header.destroy = instance_destroy;
    header.get_extension = instance_get_extension;
    return spec->setup(*instance, header);  // struct_size: sizeof the kind struct, not of the union
}

}  // extern "C"

namespace {

template <size_t count>
Factory factory(const plugin::ComponentClass *const (&components)[count]) {
    Factory factory{};
    factory.table.abi_version = POP_VERSION_INIT;
    factory.table.struct_size = sizeof(pop_component_factory_t);
    factory.table.count = factory_count;
    factory.table.get_descriptor = factory_get_descriptor;
    factory.table.create = factory_create;
    factory.components = components;
    factory.count = count;
    return factory;
}

const Factory handler_factory = factory(handlers);
const Factory view_factory = factory(view_loaders);
const Factory controller_factory = factory(controller_loaders);

const pop_descriptor_t plugin_descriptor =
    plugin::describe(PLUGIN_ID, PLUGIN_NAME, "A popup plugin made with pophost new.", nullptr);

}  // namespace

// ---- entry --------------------------------------------------------------------------------------

extern "C" {

// Counted: the first call sets up, later ones only count. Fast and silent: no output, no threads.
static bool plugin_init(const pop_host_t *host, const char *) noexcept {
    if (!host) return false;
    if (state.init_count == 0) {
        state.host = host;
        if (host->get_extension) {
            state.log = static_cast<const pop_host_log_t *>(host->get_extension(host, POP_HOST_EXT_LOG));
            state.value = static_cast<const pop_host_value_t *>(host->get_extension(host, POP_HOST_EXT_VALUE));
            state.style = static_cast<const pop_host_content_style_t *>(host->get_extension(host, POP_HOST_EXT_CONTENT_STYLE));
        }
    }
    state.init_count++;
    return true;
}

// The last call tears down: no component is alive any more, and the host must not be called again.
static void plugin_deinit(void) noexcept {
    if (state.init_count == 0) return;
    if (--state.init_count == 0) state = State();
}

// [thread-safe] Exact ids only: anything else, even a known id with more after it, gets NULL.
static const void *plugin_get_factory(const char *factory_id) noexcept {
    if (!factory_id) return nullptr;
    if (std::strcmp(factory_id, POP_FACTORY_HANDLER) == 0) return &handler_factory.table;
    if (std::strcmp(factory_id, POP_FACTORY_VIEW_LOADER) == 0) return &view_factory.table;
    if (std::strcmp(factory_id, POP_FACTORY_CONTROLLER_LOADER) == 0) return &controller_factory.table;
    return nullptr;  // no reformer
}

}  // extern "C"

namespace {

const pop_plugin_entry_t entry = [] {
    pop_plugin_entry_t table{};
    table.abi_version = POP_VERSION_INIT;
    table.struct_size = sizeof(pop_plugin_entry_t);
    table.plugin = &plugin_descriptor;
    table.init = plugin_init;
    table.deinit = plugin_deinit;
    table.get_factory = plugin_get_factory;
    table.on_main_thread = nullptr;  // only needed after host->request_callback(), which this plugin never calls
    return table;
}();

}  // namespace

extern "C" POP_EXPORT const pop_plugin_entry_t *pop_plugin_entry_v1(void) { return &entry; }
