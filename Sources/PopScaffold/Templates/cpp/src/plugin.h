// my-popup: what the plugin's source files share.
//
// Nothing declared here is exported: the library is compiled with -fvisibility=hidden and linked
// with exports.map, so pop_plugin_entry_v1 (plugin.cpp) is its only visible symbol.
//
// The host calls the plugin through C: every function it calls has C language linkage (declared
// inside extern "C"), is noexcept, and lets no exception out — one that reached the host's C frames
// would end the process. Catch at the edge and return the function's failure value.
#ifndef PLUGIN_H
#define PLUGIN_H

#include <pophost/pophost.h>
#include <pophost/ext/content_style.h>

#include <cstdint>
#include <string>

#define PLUGIN_ID "com.example.my-popup"
#define PLUGIN_NAME "my-popup"
#define PLUGIN_VERSION "0.1.0"

namespace plugin {

// ---- the host's services (plugin.cpp) -----------------------------------------------------------
//
// Looked up in the first init(), cleared by the last deinit(). A host may offer no extension at all
// (get_extension returns NULL): then the plugin logs nothing and reads every request as empty.

// Logs through the host's "pop.log/1" (printf-style); does nothing when the host has no log.
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
void log(pop_log_severity_t severity, const char *format, ...) noexcept;

// The string member `key` of the request's data, or `fallback` (missing, not a string, or no
// "pop.value/1"). Valid until the request's final event.
const char *data_string(const pop_value_t *data, const char *key, const char *fallback) noexcept;

// The boolean member `key` of the request's data, or `fallback`.
bool data_bool(const pop_value_t *data, const char *key, bool fallback) noexcept;

// "pop.content_style/1": the host's modifiers that name text sizes and colours by meaning, so the
// popup follows the person's text size and light or dark; NULL when the host does not offer them
// (then the content keeps the sizes and colours it was written with).
const pop_host_content_style_t *content_style() noexcept;

// ---- component instances (plugin.cpp) -----------------------------------------------------------

// One object per instance: the kind struct the host sees, then the plugin's own state. A
// component's setup makes its kind the union's member (assigned whole, value-initialized, so every
// kind function it does not set stays NULL: the host's default); component_data points back here.
struct Instance {
    union {
        pop_component_t component;  // the common first member of every kind struct
        pop_handler_t handler;
        pop_view_loader_t view_loader;
        pop_controller_loader_t controller_loader;
    } iface;
    const pop_host_t *host = nullptr;  // the table the instance was created with
    std::string last_confirmed;        // the handler: the title its OK last confirmed
};

// The instance behind a component the host passes back (`self` of any kind function), or NULL.
Instance *instance_of(const void *component) noexcept;

// A component this plugin makes: its descriptor (what its factory lists), and the function that
// makes `self.iface` its kind struct, with `header` (abi_version, desc, component_data, destroy,
// get_extension) as its component and struct_size the kind's, and returns that component.
struct ComponentClass {
    pop_descriptor_t descriptor;
    const pop_component_t *(*setup)(Instance &self, const pop_component_t &header);
};

// A descriptor of this plugin's: the ABI version, its size, the vendor and version filled in.
pop_descriptor_t describe(const char *id, const char *name, const char *description, const char *const *features) noexcept;

// The components, one file each.
extern const ComponentClass handler_class;     // handler.cpp
extern const ComponentClass view_class;        // view.cpp
extern const ComponentClass controller_class;  // controller.cpp

}  // namespace plugin

#endif  // PLUGIN_H
