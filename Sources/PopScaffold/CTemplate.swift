/// The C project `pophost new NAME --lang c` writes: a Makefile for plain `cc`, the vendored ABI
/// headers in `include/pophost`, and the plugin in `src/` — the entry and factories in `plugin.c`,
/// one file per component. Only the names (NAME, the plugin id, the component ids, the library
/// file) are substituted; everything else is the same for every project.
struct CTemplate {
    let identity: PluginIdentity

    func files(headers: [GeneratedFile]) -> [GeneratedFile] {
        [GeneratedFile("Makefile", makefile)]
            + headers.map { GeneratedFile("include/" + $0.path, $0.contents) }
            + [
                GeneratedFile("src/plugin.h", pluginHeader),
                GeneratedFile("src/plugin.c", pluginSource),
                GeneratedFile("src/handler.c", handlerSource),
                GeneratedFile("src/view.c", viewSource),
                GeneratedFile("src/controller.c", controllerSource),
            ]
    }

    /// The Makefile: plain `cc`, C11, warnings as errors, only the entry exported.
    var makefile: String {
        #"""
            # Builds \#(identity.libraryFileName) with plain cc: C11, warnings as errors, only pop_plugin_entry_v1 exported.
            #   make                            -> ./\#(identity.libraryFileName)
            #   make CFLAGS="-O0 -g"            a debug build (CFLAGS holds only optimisation and debug flags)
            #   make POPHOST_INCLUDE=DIR        compile against the ABI headers in DIR instead of ./include
            #   make clean
            POPHOST_INCLUDE ?= include
            CC ?= cc
            CFLAGS ?= -O2 -g
            PLUGIN_CFLAGS = -std=c11 -Wall -Wextra -Werror -fPIC -fvisibility=hidden -I$(POPHOST_INCLUDE)
            PLUGIN_LDFLAGS = -shared -Wl,--version-script=exports.map -Wl,--no-undefined

            LIBRARY = \#(identity.libraryFileName)
            SOURCES = $(wildcard src/*.c)
            HEADERS = $(wildcard src/*.h $(POPHOST_INCLUDE)/pophost/*.h)

            $(LIBRARY): $(SOURCES) $(HEADERS) exports.map Makefile
            \#t$(CC) $(PLUGIN_CFLAGS) $(CFLAGS) $(PLUGIN_LDFLAGS) $(LDFLAGS) -o $@ $(SOURCES) $(LDLIBS)

            clean:
            \#trm -f $(LIBRARY)

            .PHONY: clean

            """#
    }

    /// `src/plugin.h`: what the source files share (nothing of it is exported).
    var pluginHeader: String {
        #"""
            /* \#(identity.name): what the plugin's source files share.
             *
             * Nothing declared here is exported: the library is compiled with -fvisibility=hidden and linked
             * with exports.map, so pop_plugin_entry_v1 (plugin.c) is its only visible symbol. */
            #ifndef PLUGIN_H
            #define PLUGIN_H

            #include <pophost/pophost.h>

            #include <stddef.h>

            #define PLUGIN_ID "\#(identity.id)"
            #define PLUGIN_NAME "\#(identity.name)"
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
            void plugin_log(int32_t severity, const char *format, ...);

            /* The string member `key` of the request's data, or `fallback` (missing, not a string, or no
             * "pop.value/1"). Valid until the request's final event. */
            const char *data_string(const pop_value_t *data, const char *key, const char *fallback);

            /* The boolean member `key` of the request's data, or `fallback`. */
            bool data_bool(const pop_value_t *data, const char *key, bool fallback);

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

            """#
    }

    /// `src/plugin.c`: the entry, the plugin-wide state, the host's services and the factories.
    var pluginSource: String {
        #"""
            /* \#(identity.name): a pophost popup plugin (\#(identity.id)), written in C11 against the plugin ABI
             * vendored in include/pophost (see README.md).
             *
             *   \#(identity.handlerID)     handler: when the popup shows, and its action "confirm"
             *   \#(identity.viewID)        view loader: a title, a message, OK (confirm) and Not now
             *   \#(identity.controllerID)  controller loader: a dimmed alert that fades in and out
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

            void plugin_log(int32_t severity, const char *format, ...) {
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

            """#
    }

    /// `src/handler.c`: the handler and its action "confirm".
    var handlerSource: String {
        #"""
            /* \#(identity.handlerID): whether the popup shows, where it queues, and what OK does.
             *
             * Normal priority, waits its turn; shows unless the request's data says "eligible": false; its
             * action "confirm" (the view's OK button) dismisses the popup. */
            #include "plugin.h"

            /* The host's defaults arrive filled in: change only what this popup needs. */
            static void handler_get_options(const pop_handler_t *self, const pop_value_t *data, pop_request_options_t *options) {
                (void)self;
                (void)data;
                options->priority = POP_PRIORITY_NORMAL;
                options->policy = POP_POLICY_ENQUEUE; /* wait while another popup is on screen */
            }

            /* Call `answer` exactly once: here, right away, or later from the entry's on_main_thread. */
            static void handler_should_present(const pop_handler_t *self, const pop_value_t *data, pop_answer_fn answer) {
                (void)self;
                if (answer) answer(data_bool(data, "eligible", true)); /* only an explicit false vetoes */
            }

            /* Background taps, swipes and hide-all may dismiss it. Answer at once: never block here. */
            static bool handler_should_dismiss(const pop_handler_t *self, int32_t reason) {
                (void)self;
                (void)reason;
                return true;
            }

            /* The request's final event, exactly once; the host destroys the components right after it. */
            static void handler_finished(const pop_handler_t *self, int32_t outcome, int32_t reason) {
                const instance_t *instance = instance_of(self);
                plugin_log(POP_LOG_DEBUG, PLUGIN_NAME ": finished (outcome %d, reason %d), %u confirmation(s)", (int)outcome,
                           (int)reason, instance ? (unsigned)instance->confirmations : 0u);
            }

            /* The action "confirm", "bool(self:ptr, data.title:str)": the host calls it through libffi with
             * exactly these C types (ptr: the handler, str: const char *, valid during the call). Returning true
             * dismisses the popup. */
            static bool handler_confirm(const pop_handler_t *self, const char *title) {
                instance_t *instance = instance_of(self);
                if (instance) instance->confirmations++;
                plugin_log(POP_LOG_INFO, PLUGIN_NAME ": confirmed \"%s\"", title ? title : "");
                return true;
            }

            /* The ABI stores `function` as void *: ISO C leaves that conversion undefined (-Wpedantic warns),
             * POSIX requires it to work. The grammar of signatures is in handler.h. */
            static const pop_action_t handler_actions[] = {
                {
                    .abi_version = POP_VERSION_INIT,
                    .struct_size = sizeof(pop_action_t),
                    .name = "confirm", /* what the view's button names */
                    .signature = "bool(self:ptr, data.title:str)",
                    .function = (void *)handler_confirm,
                },
            };

            static uint32_t handler_action_count(const pop_handler_t *self) {
                (void)self;
                return COUNT_OF(handler_actions);
            }

            static const pop_action_t *handler_get_action(const pop_handler_t *self, uint32_t index) {
                (void)self;
                return index < COUNT_OF(handler_actions) ? &handler_actions[index] : NULL;
            }

            static void handler_setup(instance_t *self) {
                self->iface.handler.get_options = handler_get_options;
                self->iface.handler.should_present = handler_should_present;
                self->iface.handler.should_dismiss = handler_should_dismiss;
                self->iface.handler.finished = handler_finished;
                self->iface.handler.action_count = handler_action_count;
                self->iface.handler.get_action = handler_get_action;
            }

            static const char *const handler_features[] = {"enqueue", "confirm", NULL};

            const component_class_t handler_class = {
                .descriptor = DESCRIPTOR(PLUGIN_ID ".handler", PLUGIN_NAME " handler",
                                         "Shows the popup when it is eligible; OK confirms and dismisses it.", handler_features),
                .kind_size = sizeof(pop_handler_t),
                .setup = handler_setup,
            };

            """#
    }

    /// `src/view.c`: the view loader.
    var viewSource: String {
        #"""
            /* \#(identity.viewID): what is inside the popup.
             *
             * A title and a message from the request's data, OK (the handler's action "confirm") and Not now
             * (the host action "pop.dismiss"). */
            #include "plugin.h"

            /* Sizes in points, colours 0xRRGGBBAA; every begin_* is balanced by an end(). Returning false ends
             * the request with a plugin error (say why with plugin_log). */
            static bool view_build(const pop_view_loader_t *self, const pop_value_t *data, const pop_content_builder_t *b) {
                (void)self;
                if (!b) return false;
                b->begin_vstack(b, 12, POP_ALIGN_CENTER);
                b->text(b, data_string(data, "title", PLUGIN_NAME), 17, POP_WEIGHT_SEMIBOLD, 0x000000FF, POP_ALIGN_CENTER, 0);
                b->text(b, data_string(data, "message", "Made with pophost new."), 14, POP_WEIGHT_REGULAR, 0x333333FF,
                        POP_ALIGN_CENTER, 0);
                b->begin_hstack(b, 8, POP_ALIGN_FILL);
                b->button(b, "Not now", POP_BUTTON_CANCEL, "pop.dismiss"); /* a host action: dismisses */
                b->button(b, "OK", POP_BUTTON_DEFAULT, "confirm");        /* the handler's action */
                b->end(b);
                b->end(b);
                /* Modifiers apply to the vstack just closed. */
                b->padding(b, 20, 20, 20, 20);
                b->background(b, 0xFFFFFFFF);
                b->corner_radius(b, 16);
                return true;
            }

            static void view_setup(instance_t *self) {
                self->iface.view_loader.build = view_build;
            }

            static const char *const view_features[] = {"alert", "text", "buttons", NULL};

            const component_class_t view_class = {
                .descriptor = DESCRIPTOR(PLUGIN_ID ".view", PLUGIN_NAME " view", "A title, a message, and OK and Not now buttons.",
                                         view_features),
                .kind_size = sizeof(pop_view_loader_t),
                .setup = view_setup,
            };

            """#
    }

    /// `src/controller.c`: the controller loader.
    var controllerSource: String {
        #"""
            /* \#(identity.controllerID): how the popup is presented.
             *
             * A centred alert, at most 300 points wide, over a dimmed background; it fades in and out, and a
             * tap on the background dismisses it (the handler's should_dismiss is asked first). */
            #include "plugin.h"

            /* The presentation arrives filled with the host's alert: set only what differs. */
            static void controller_configure(const pop_controller_loader_t *self, const pop_value_t *data,
                                             pop_presentation_t *p) {
                (void)self;
                (void)data;
                p->style = POP_STYLE_ALERT;
                p->mask = POP_MASK_DIMMED;
                p->width_mode = POP_WIDTH_MAXIMUM;
                p->width = 300;
                p->corner_radius = 16;
                /* Or POP_SHOW_SLIDE_FROM_BOTTOM / POP_HIDE_SLIDE_TO_BOTTOM, POP_SHOW_POPUP, ... (controller_loader.h). */
                p->show_animation = POP_SHOW_FADE_IN;
                p->hide_animation = POP_HIDE_FADE_OUT;
                p->show_duration = 0.25;
                p->hide_duration = 0.25;
                p->dismiss_on_background_tap = true;
            }

            static void controller_setup(instance_t *self) {
                self->iface.controller_loader.configure = controller_configure;
            }

            static const char *const controller_features[] = {"alert", "dimmed", "fade", NULL};

            const component_class_t controller_class = {
                .descriptor = DESCRIPTOR(PLUGIN_ID ".controller", PLUGIN_NAME " controller", "A dimmed alert that fades in and out.",
                                         controller_features),
                .kind_size = sizeof(pop_controller_loader_t),
                .setup = controller_setup,
            };

            """#
    }
}
