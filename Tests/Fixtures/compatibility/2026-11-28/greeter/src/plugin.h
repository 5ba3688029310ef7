/* greeter: what the plugin's source files share.
 *
 * Nothing declared here is exported: the library is compiled with -fvisibility=hidden and linked
 * with exports.map, so pop_plugin_entry_v1 (plugin.c) is its only visible symbol. */
#ifndef PLUGIN_H
#define PLUGIN_H

#include <pophost/pophost.h>
#include <pophost/ext/content_style.h>

#include <stddef.h>

#define PLUGIN_ID "com.example.greeter"
#define PLUGIN_NAME "greeter"
#define PLUGIN_VERSION "0.1.0"

#define COUNT_OF(array) ((uint32_t)(sizeof(array) / sizeof((array)[0])))

/* ---- the host's services (plugin.c) -------------------------------------------------------------
 *
 * Looked up in the first init(), cleared by the last deinit(). A host may offer no extension at all
 * (get_extension returns NULL): then the plugin logs nothing and reads every request as empty. */

/* Logs through the host's "pop.log/1" (printf-style); does nothing when the host has no log. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
void plugin_log(pop_log_severity_t severity, const char *format, ...);

/* The string member `key` of the request's data, or `fallback` (missing, not a string, or no
 * "pop.value/1"). Valid until the request's final event. */
const char *data_string(const pop_value_t *data, const char *key, const char *fallback);

/* The boolean member `key` of the request's data, or `fallback`. */
bool data_bool(const pop_value_t *data, const char *key, bool fallback);

/* "pop.content_style/1": the host's modifiers that name text sizes and colours by meaning, so the
 * popup follows the person's text size and light or dark; NULL when the host does not offer them
 * (then the content keeps the sizes and colours it was written with). */
const pop_host_content_style_t *content_style(void);

/* ---- component instances (plugin.c) ------------------------------------------------------------
 *
 * One allocation per instance: the kind struct the host sees, then the plugin's own state. It is
 * zero-filled, so every kind function a component does not set stays NULL (the host's default). */
typedef struct instance {
    union {
        pop_component_t component; /* the common first member of every kind struct */
        pop_handler_t handler;
        pop_view_loader_t view_loader;
        pop_controller_loader_t controller_loader;
    } iface;
    const pop_host_t *host;  /* the table the instance was created with */
    uint32_t confirmations;  /* the handler: how often its OK was tapped */
} instance_t;

/* The instance behind a component the host passes back (`self` of any kind function), or NULL. */
instance_t *instance_of(const void *component);

/* A component this plugin makes: its descriptor (what its factory lists), the size of its kind
 * struct, and the function that fills in its kind functions. */
typedef struct component_class {
    pop_descriptor_t descriptor;
    uint32_t kind_size;
    void (*setup)(instance_t *self);
} component_class_t;

#define DESCRIPTOR(id_, name_, description_, features_)                                                \
    {                                                                                                  \
        .abi_version = POP_VERSION_INIT, .struct_size = sizeof(pop_descriptor_t), .id = id_,           \
        .name = name_, .vendor = "", .version = PLUGIN_VERSION, .description = description_,           \
        .features = features_,                                                                         \
    }

/* The components, one file each. */
extern const component_class_t handler_class;    /* handler.c */
extern const component_class_t view_class;       /* view.c */
extern const component_class_t controller_class; /* controller.c */

#endif /* PLUGIN_H */
