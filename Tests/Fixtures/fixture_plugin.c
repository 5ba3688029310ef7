/* A test plugin whose every defect is switched on by a -D flag, so the test suite builds its corpus
 * of broken plugins from this one source with `cc` at test time (see PluginFixtures.swift).
 * Without flags it is a small valid plugin with one handler and one view loader.
 *
 *   FIX_PLUGIN_ID="..."     the plugin id (default "com.pophost.fixture")
 *   FIX_MAJOR=N, FIX_MINOR=N the ABI version the entry claims
 *   FIX_ENTRY_SIZE=N        the entry's struct_size
 *   FIX_NULL_ENTRY          the entry function returns NULL
 *   FIX_NO_ENTRY            the entry is exported under another name
 *   FIX_MISSING_ID          the handler descriptor has no id
 *   FIX_BAD_ID              the handler descriptor id is not reverse-DNS
 *   FIX_BAD_UTF8_NAME       the view loader's name is not valid UTF-8
 *   FIX_DUPLICATE_ID        the view loader reuses the handler's id
 *   FIX_UNRESOLVED          init calls a function no library defines
 *   FIX_SEGV_IN_INIT        init dereferences NULL
 *   FIX_HANG_IN_INIT        init never returns
 *   FIX_INIT_FAILS          init returns false
 *   FIX_MARKER              a constructor appends a line to $POPHOST_FIXTURE_MARKER when loaded
 *   FIX_ANSWER_TWICE        should_present answers true, then again
 *   FIX_ANSWER_NEVER        should_present never answers
 *   FIX_BAD_SIGNATURE       the handler declares an action whose signature cannot be satisfied
 *   FIX_DONE_TWICE          the controller's show animation calls its completion twice
 *   FIX_DONE_NEVER          the controller's show animation never calls its completion
 *   FIX_BAD_CONTENT         the view loader builds content with a negative text size
 *   FIX_LAYOUT              the controller's layout hook pins the popup to the container's top
 *   FIX_BAD_LAYOUT          the controller's layout hook returns a frame with a NaN origin
 *
 * The components (ids FIX_PLUGIN_ID + ".handler", ".view", ".controller") are otherwise well behaved:
 * the view is a text and an OK button (the host action "pop.dismiss"). */
#include <pophost/pophost.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef FIX_PLUGIN_ID
#define FIX_PLUGIN_ID "com.pophost.fixture"
#endif
#ifndef FIX_MAJOR
#define FIX_MAJOR POP_VERSION_MAJOR
#endif
#ifndef FIX_MINOR
#define FIX_MINOR POP_VERSION_MINOR
#endif
#ifndef FIX_ENTRY_SIZE
#define FIX_ENTRY_SIZE sizeof(pop_plugin_entry_t)
#endif

#define DESCRIPTOR(id_, name_)                                                                         \
    {.abi_version = POP_VERSION_INIT, .struct_size = sizeof(pop_descriptor_t), .id = id_, .name = name_, \
     .vendor = "pophost tests", .version = "0.0.1", .description = "A test fixture.", .features = NULL}

#if defined(FIX_MISSING_ID)
#define HANDLER_ID NULL
#elif defined(FIX_BAD_ID)
#define HANDLER_ID "not reverse dns"
#else
#define HANDLER_ID FIX_PLUGIN_ID ".handler"
#endif

#if defined(FIX_DUPLICATE_ID)
#define VIEW_ID HANDLER_ID
#else
#define VIEW_ID FIX_PLUGIN_ID ".view"
#endif

#if defined(FIX_BAD_UTF8_NAME)
#define VIEW_NAME "View \xC3\x28 broken"
#else
#define VIEW_NAME "Fixture view"
#endif

static const pop_descriptor_t plugin_descriptor = DESCRIPTOR(FIX_PLUGIN_ID, "Fixture plugin");
static const pop_descriptor_t handler_descriptor = DESCRIPTOR(HANDLER_ID, "Fixture handler");
static const pop_descriptor_t view_descriptor = DESCRIPTOR(VIEW_ID, VIEW_NAME);
static const pop_descriptor_t controller_descriptor = DESCRIPTOR(FIX_PLUGIN_ID ".controller", "Fixture controller");

typedef struct fixture_factory {
    pop_component_factory_t factory;
    const pop_descriptor_t *descriptor;
    uint32_t kind_size;
} fixture_factory_t;

static void component_destroy(const pop_component_t *component) { free(component->component_data); }

static const void *component_get_extension(const pop_component_t *component, const char *id) {
    (void)component;
    (void)id;
    return NULL;
}

static uint32_t factory_count(const pop_component_factory_t *factory) {
    (void)factory;
    return 1;
}

static const pop_descriptor_t *factory_get_descriptor(const pop_component_factory_t *factory, uint32_t index) {
    return index == 0 ? ((const fixture_factory_t *)factory)->descriptor : NULL;
}

/* ---- component behaviour (switched by the FIX_ flags) ---- */

static void handler_should_present(const pop_handler_t *self, const pop_value_t *data, pop_answer_fn answer) {
    (void)self;
    (void)data;
#if defined(FIX_ANSWER_NEVER)
    (void)answer;
#elif defined(FIX_ANSWER_TWICE)
    answer(true);
    answer(true);
#else
    answer(true);
#endif
}

static bool action_go(void) { return true; }

static const pop_action_t actions[] = {{
    .abi_version = POP_VERSION_INIT,
    .struct_size = sizeof(pop_action_t),
    .name = "go",
#ifdef FIX_BAD_SIGNATURE
    .signature = "bool(self:str)",
#else
    .signature = "bool()",
#endif
    .function = (void *)action_go,
}};

static uint32_t handler_action_count(const pop_handler_t *self) {
    (void)self;
    return 1;
}

static const pop_action_t *handler_get_action(const pop_handler_t *self, uint32_t index) {
    (void)self;
    return index == 0 ? &actions[0] : NULL;
}

static bool view_build(const pop_view_loader_t *self, const pop_value_t *data, const pop_content_builder_t *b) {
    (void)self;
    (void)data;
    b->begin_vstack(b, 8, POP_ALIGN_CENTER);
#ifdef FIX_BAD_CONTENT
    b->text(b, "Fixture", -3, POP_WEIGHT_REGULAR, 0x000000FF, POP_ALIGN_CENTER, 0);
#else
    b->text(b, "Fixture", 15, POP_WEIGHT_REGULAR, 0x000000FF, POP_ALIGN_CENTER, 0);
#endif
    b->button(b, "Go", POP_BUTTON_PLAIN, "go");
    b->button(b, "OK", POP_BUTTON_DEFAULT, "pop.dismiss");
    b->end(b);
    return true;
}

#if defined(FIX_LAYOUT) || defined(FIX_BAD_LAYOUT)
static bool controller_layout(const pop_controller_loader_t *self, const pop_layout_context_t *ctx, pop_rect_t *frame) {
    (void)self;
    *frame = ctx->default_frame;
#if defined(FIX_BAD_LAYOUT)
    frame->x = 0.0 / 0.0;
#else
    frame->y = ctx->container.y;
#endif
    return true;
}
#endif

static bool controller_animate_show(const pop_controller_loader_t *self, const pop_animation_context_t *ctx, pop_done_fn done) {
    (void)self;
    (void)ctx;
#if defined(FIX_DONE_NEVER)
    (void)done;
#elif defined(FIX_DONE_TWICE)
    done();
    done();
#else
    done();
#endif
    return true;
}

static const pop_component_t *factory_create(const pop_component_factory_t *factory, const pop_host_t *host,
                                             const char *component_id) {
    (void)host;
    const fixture_factory_t *self = (const fixture_factory_t *)factory;
    if (!self->descriptor->id || strcmp(self->descriptor->id, component_id) != 0) return NULL;
    pop_component_t *component = calloc(1, self->kind_size);
    if (!component) return NULL;
    *component = (pop_component_t){POP_VERSION_INIT, self->kind_size, self->descriptor, component,
                                   component_destroy, component_get_extension};
    if (self->descriptor == &handler_descriptor) {
        pop_handler_t *handler = (pop_handler_t *)component;
        handler->should_present = handler_should_present;
        handler->action_count = handler_action_count;
        handler->get_action = handler_get_action;
    } else if (self->descriptor == &view_descriptor) {
        ((pop_view_loader_t *)component)->build = view_build;
    } else if (self->descriptor == &controller_descriptor) {
        ((pop_controller_loader_t *)component)->animate_show = controller_animate_show;
#if defined(FIX_LAYOUT) || defined(FIX_BAD_LAYOUT)
        ((pop_controller_loader_t *)component)->layout = controller_layout;
#endif
    }
    return component;
}

#define FACTORY(descriptor_, kind_type)                                                                \
    {{POP_VERSION_INIT, sizeof(pop_component_factory_t), factory_count, factory_get_descriptor,       \
      factory_create},                                                                                 \
     &descriptor_, sizeof(kind_type)}

static const fixture_factory_t handler_factory = FACTORY(handler_descriptor, pop_handler_t);
static const fixture_factory_t view_factory = FACTORY(view_descriptor, pop_view_loader_t);
static const fixture_factory_t controller_factory = FACTORY(controller_descriptor, pop_controller_loader_t);

#ifdef FIX_UNRESOLVED
extern void pophost_fixture_function_nobody_defines(void);
#endif

static bool plugin_init(const pop_host_t *host, const char *plugin_path) {
    (void)host;
    (void)plugin_path;
#ifdef FIX_UNRESOLVED
    pophost_fixture_function_nobody_defines();
#endif
#ifdef FIX_SEGV_IN_INIT
    volatile int *nowhere = NULL;
    *nowhere = 1;
#endif
#ifdef FIX_HANG_IN_INIT
    for (volatile int spin = 0;; spin++) {
    }
#endif
#ifdef FIX_INIT_FAILS
    return false;
#endif
    return true;
}

static void plugin_deinit(void) {}

static const void *plugin_get_factory(const char *factory_id) {
    if (strcmp(factory_id, POP_FACTORY_HANDLER) == 0) return &handler_factory.factory;
    if (strcmp(factory_id, POP_FACTORY_VIEW_LOADER) == 0) return &view_factory.factory;
    if (strcmp(factory_id, POP_FACTORY_CONTROLLER_LOADER) == 0) return &controller_factory.factory;
    return NULL;
}

static const pop_plugin_entry_t entry = {
    .abi_version = {FIX_MAJOR, FIX_MINOR, 0},
    .struct_size = FIX_ENTRY_SIZE,
    .plugin = &plugin_descriptor,
    .init = plugin_init,
    .deinit = plugin_deinit,
    .get_factory = plugin_get_factory,
    .on_main_thread = NULL,
};

#if defined(FIX_NO_ENTRY)
#define ENTRY_NAME pop_plugin_entry_v0
#else
#define ENTRY_NAME pop_plugin_entry_v1
#endif

POP_EXPORT const pop_plugin_entry_t *ENTRY_NAME(void) {
#ifdef FIX_NULL_ENTRY
    return NULL;
#else
    return &entry;
#endif
}

#ifdef FIX_MARKER
__attribute__((constructor)) static void record_load(void) {
    const char *marker = getenv("POPHOST_FIXTURE_MARKER");
    if (!marker) return;
    FILE *file = fopen(marker, "a");
    if (!file) return;
    fputs(FIX_PLUGIN_ID "\n", file);
    fclose(file);
}
#endif
