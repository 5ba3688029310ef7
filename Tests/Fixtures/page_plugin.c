/* A test plugin for "pop.page/1" and "pop.page-handler/1" (ext/page.h), written from the header
 * alone: a view loader, a page controller and a handler that records every page event in a log
 * the test reads through the exported page_fixture_log(). The test compiles it with cc.
 *
 * Request data:
 *   "title"        the bar's title (NULL when absent: the page's kind)
 *   "transparent"  background_alpha 0, no hairline
 *   "hidden"       the bar is hidden
 *   "large"        a large title
 *   "no_swipe"     pop_gesture_enabled false
 *   "distance"     pop_gesture_max_initial_distance: the number, or NaN for the string "nan" and
 *                  +infinity for "inf"
 *   "bad_alpha"    background_alpha 2 (a plugin error: the page is not made)
 *   "not_page"     configure() chooses POP_STYLE_ALERT (the host refuses to make a page)
 *   "floating"     configure() chooses POP_STYLE_FLOATING; "pop.floating/1" declares `url` as what
 *                  the bubble keeps and `logo` as what it shows (NULL when absent: the defaults)
 *   "buttons"      the view adds three buttons: Done ("done", which the handler declares as
 *                  bool(self:ptr, data.title:str) and answers true), Stay ("stay",
 *                  bool(self:ptr, request:i64), answers false) and Back ("pop.dismiss")
 * PAGE_LOG_FILE (compile-time, a string): every log line is also appended to that file, so that a
 * test sees what the plugin heard in another process (a plugin host).
 * Sample data ("pop.factory.sample-data/1", ext/sample_data.h): two for the view loader, one for
 * the controller loader.
 * Defects for `pophost test` (compile-time):
 *   FIX_PAGE_RANDOM          the title differs from call to call
 *   FIX_PAGE_SLOW            each page event takes 1.5 s
 *   FIX_PAGE_SAMPLE_DATA_BAD the view loader's sample data is not JSON (pophost test fails it)
 *   FIX_PAGE_SAMPLE_DATA_FAILS the controller loader's sample declares a bad page (it fails to configure)
 *   FIX_PAGE_BAD_ALPHA       every page declares bar.background_alpha 2
 *   FIX_PAGE_EXT_SIZE        the "pop.page/1" table claims a struct_size of 8
 *   FIX_PAGE_RANDOM_TINT     bar.tint alternates between 0x07C160FF and 0x07C16100 from call to call
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <pophost/pophost.h>
#include <pophost/ext/floating.h>
#include <pophost/ext/page.h>
#include <pophost/ext/sample_data.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const pop_host_value_t *values;
static char log_text[8192];
static unsigned handlers_made;

/* The page events heard since the last reset, one per line: "h<n> <event> <animated>". */
POP_EXPORT const char *page_fixture_log(void) { return log_text; }
POP_EXPORT void page_fixture_reset(void) { log_text[0] = 0; handlers_made = 0; }

static void note(const char *line) {
    size_t used = strlen(log_text);
    snprintf(log_text + used, sizeof log_text - used, "%s\n", line);
#if defined(PAGE_LOG_FILE)
    FILE *file = fopen(PAGE_LOG_FILE, "a");
    if (file) {
        fprintf(file, "%s\n", line);
        fclose(file);
    }
#endif
}

static const pop_value_t *member(const pop_value_t *data, const char *key) {
    return values && data ? values->lookup(data, key) : NULL;
}
static bool flag(const pop_value_t *data, const char *key) {
    const pop_value_t *value = member(data, key);
    return value && values->get_bool(value, false);
}

/* The view loader: the title as a line of text. */
static bool build(const pop_view_loader_t *self, const pop_value_t *data, const pop_content_builder_t *b) {
    (void)self;
    const pop_value_t *title = member(data, "title");
    const char *text = title ? values->get_string(title) : NULL;
    if (!flag(data, "buttons")) {
        b->text(b, text ? text : "page", 17, POP_WEIGHT_REGULAR, 0x000000FF, POP_ALIGN_LEADING, 1);
        return true;
    }
    b->begin_vstack(b, 8, POP_ALIGN_LEADING);
    b->text(b, text ? text : "page", 17, POP_WEIGHT_REGULAR, 0x000000FF, POP_ALIGN_LEADING, 1);
    b->button(b, "Done", POP_BUTTON_DEFAULT, "done");
    b->button(b, "Stay", POP_BUTTON_PLAIN, "stay");
    b->button(b, "Back", POP_BUTTON_CANCEL, "pop.dismiss");
    b->end(b);
    return true;
}

/* The controller loader. */
static void configure(const pop_controller_loader_t *self, const pop_value_t *data, pop_presentation_t *p) {
    (void)self;
    p->style = flag(data, "not_page") ? POP_STYLE_ALERT : flag(data, "floating") ? POP_STYLE_FLOATING : POP_STYLE_PAGE;
}
static const char *string_member(const pop_value_t *data, const char *key) {
    const pop_value_t *value = member(data, key);
    return value ? values->get_string(value) : NULL;
}
static void configure_floating(const pop_controller_loader_t *self, const pop_value_t *data, pop_floating_config_t *config) {
    (void)self;
    config->keep = string_member(data, "url");
    config->logo = string_member(data, "logo");
}
static const pop_floating_ext_t floating_ext = {
    .abi_version = POP_VERSION_INIT, .struct_size = sizeof(pop_floating_ext_t), .configure_floating = configure_floating};
static void configure_page(const pop_controller_loader_t *self, const pop_value_t *data, pop_page_config_t *config) {
    (void)self;
    const pop_value_t *title = member(data, "title");
    config->title = title ? values->get_string(title) : NULL;
#if defined(FIX_PAGE_RANDOM)
    static unsigned calls;
    static char varying[32];
    snprintf(varying, sizeof varying, "page %u", ++calls);
    config->title = varying;
#endif
    if (flag(data, "transparent")) {
        config->bar.background_alpha = 0;
        config->bar.shadow = false;
    }
    config->bar.hidden = flag(data, "hidden");
    config->bar.large_title = flag(data, "large");
    if (flag(data, "no_swipe")) config->pop_gesture_enabled = false;
    const pop_value_t *distance = member(data, "distance");
    if (distance) {
        const char *word = values->get_string(distance);
        config->pop_gesture_max_initial_distance =
            word && strcmp(word, "nan") == 0 ? NAN : word && strcmp(word, "inf") == 0 ? INFINITY : values->get_double(distance, 0);
    }
    if (flag(data, "bad_alpha")) config->bar.background_alpha = 2;
#if defined(FIX_PAGE_BAD_ALPHA)
    config->bar.background_alpha = 2;
#endif
#if defined(FIX_PAGE_RANDOM_TINT)
    static unsigned tints;
    config->bar.tint = tints++ % 2 ? 0x07C16100 : 0x07C160FF;
#endif
}
#if defined(FIX_PAGE_EXT_SIZE)
#define PAGE_EXT_SIZE 8
#else
#define PAGE_EXT_SIZE sizeof(pop_page_ext_t)
#endif
static const pop_page_ext_t page_ext = {
    .abi_version = POP_VERSION_INIT, .struct_size = PAGE_EXT_SIZE, .configure_page = configure_page};

/* The handler: its number in the log. */
static const char *event_names[] = {"did-load", "will-appear", "did-appear", "will-disappear", "did-disappear", "released"};
static void page_event(const pop_handler_t *self, pop_page_event_t event, bool animated) {
#if defined(FIX_PAGE_SLOW)
    struct timespec pause = {1, 500 * 1000 * 1000};
    nanosleep(&pause, NULL);
#endif
    char line[96];
    const char *name = event >= 0 && event <= POP_PAGE_RELEASED ? event_names[event] : "unknown";
    snprintf(line, sizeof line, "h%u %s %d", *(unsigned *)self->component.component_data, name, animated ? 1 : 0);
    note(line);
}
/* Its actions, which the view's buttons name when the data asks for buttons. */
static bool action_done(const pop_handler_t *self, const char *title) {
    char line[160];
    snprintf(line, sizeof line, "h%u action done %s", *(unsigned *)self->component.component_data, title);
    note(line);
    return true;
}
static bool action_stay(const pop_handler_t *self, int64_t request) {
    char line[96];
    snprintf(line, sizeof line, "h%u action stay %lld", *(unsigned *)self->component.component_data, (long long)request);
    note(line);
    return false;
}
static const pop_action_t actions[] = {
    {POP_VERSION_INIT, sizeof(pop_action_t), "done", "bool(self:ptr, data.title:str)", (void *)(uintptr_t)action_done},
    {POP_VERSION_INIT, sizeof(pop_action_t), "stay", "bool(self:ptr, request:i64)", (void *)(uintptr_t)action_stay},
};
static uint32_t action_count(const pop_handler_t *self) { (void)self; return 2; }
static const pop_action_t *get_action(const pop_handler_t *self, uint32_t index) { (void)self; return index < 2 ? &actions[index] : NULL; }

static const pop_page_handler_ext_t handler_ext = {
    .abi_version = POP_VERSION_INIT, .struct_size = sizeof(pop_page_handler_ext_t), .page_event = page_event};

static const void *controller_extension(const pop_component_t *component, const char *id) {
    (void)component;
    if (id && strcmp(id, POP_EXT_PAGE) == 0) return &page_ext;
    if (id && strcmp(id, POP_EXT_FLOATING) == 0) return &floating_ext;
    return NULL;
}
static const void *handler_extension(const pop_component_t *component, const char *id) {
    (void)component;
    return id && strcmp(id, POP_EXT_PAGE_HANDLER) == 0 ? &handler_ext : NULL;
}
static const void *no_extension(const pop_component_t *component, const char *id) {
    (void)component;
    (void)id;
    return NULL;
}
static void destroy(const pop_component_t *component) { free(component->component_data); }

#define DESCRIPTOR(name, id) \
    static const pop_descriptor_t name = {POP_VERSION_INIT, sizeof(pop_descriptor_t), id, #name, NULL, NULL, NULL, NULL}
DESCRIPTOR(view_descriptor, "com.pophost.pagefixture.view");
DESCRIPTOR(controller_descriptor, "com.pophost.pagefixture.controller");
DESCRIPTOR(handler_descriptor, "com.pophost.pagefixture.handler");
DESCRIPTOR(plugin_descriptor, "com.pophost.pagefixture");

static uint32_t count(const pop_component_factory_t *factory) { (void)factory; return 1; }
static const pop_descriptor_t *view_at(const pop_component_factory_t *f, uint32_t i) { (void)f; return i == 0 ? &view_descriptor : NULL; }
static const pop_descriptor_t *controller_at(const pop_component_factory_t *f, uint32_t i) {
    (void)f;
    return i == 0 ? &controller_descriptor : NULL;
}
static const pop_descriptor_t *handler_at(const pop_component_factory_t *f, uint32_t i) { (void)f; return i == 0 ? &handler_descriptor : NULL; }

static const pop_component_t *create_view(const pop_component_factory_t *f, const pop_host_t *h, const char *id) {
    (void)f;
    (void)h;
    if (!id || strcmp(id, view_descriptor.id) != 0) return NULL;
    pop_view_loader_t *view = calloc(1, sizeof *view);
    if (!view) return NULL;
    view->component = (pop_component_t){POP_VERSION_INIT, sizeof *view, &view_descriptor, view, destroy, no_extension};
    view->build = build;
    return &view->component;
}
static const pop_component_t *create_controller(const pop_component_factory_t *f, const pop_host_t *h, const char *id) {
    (void)f;
    (void)h;
    if (!id || strcmp(id, controller_descriptor.id) != 0) return NULL;
    pop_controller_loader_t *loader = calloc(1, sizeof *loader);
    if (!loader) return NULL;
    loader->component = (pop_component_t){POP_VERSION_INIT, sizeof *loader, &controller_descriptor, loader, destroy, controller_extension};
    loader->configure = configure;
    return &loader->component;
}
static void destroy_handler(const pop_component_t *component) {
    /* component_data is the number inside the allocation that starts with the handler. */
    free((void *)component);
}

static const pop_component_t *create_handler(const pop_component_factory_t *f, const pop_host_t *h, const char *id) {
    (void)f;
    (void)h;
    if (!id || strcmp(id, handler_descriptor.id) != 0) return NULL;
    /* The handler struct and its number in one allocation: component_data points at the number. */
    struct numbered { pop_handler_t handler; unsigned number; } *made = calloc(1, sizeof *made);
    if (!made) return NULL;
    made->number = ++handlers_made;
    made->handler.component =
        (pop_component_t){POP_VERSION_INIT, sizeof(pop_handler_t), &handler_descriptor, NULL, destroy_handler, handler_extension};
    made->handler.component.component_data = &made->number;
    made->handler.action_count = action_count;
    made->handler.get_action = get_action;
    return &made->handler.component;
}

static const pop_component_factory_t views = {POP_VERSION_INIT, sizeof(pop_component_factory_t), count, view_at, create_view};
static const pop_component_factory_t controllers = {POP_VERSION_INIT, sizeof(pop_component_factory_t), count, controller_at, create_controller};
static const pop_component_factory_t handlers = {POP_VERSION_INIT, sizeof(pop_component_factory_t), count, handler_at, create_handler};

static const char *sample_data(const pop_sample_data_factory_t *factory, const char *id) {
    (void)factory;
    if (!id) return NULL;
#if defined(FIX_PAGE_SAMPLE_DATA_BAD)
    if (strcmp(id, view_descriptor.id) == 0) return "[{\"name\": \"Broken\", \"data\": ";
#else
    if (strcmp(id, view_descriptor.id) == 0)
        return "[{\"name\": \"Order\", \"data\": {\"title\": \"Order A-1001\"}}, {\"name\": \"Untitled\", \"data\": null}]";
#endif
#if defined(FIX_PAGE_SAMPLE_DATA_FAILS)
    if (strcmp(id, controller_descriptor.id) == 0) return "[{\"name\": \"Too opaque\", \"data\": {\"bad_alpha\": true}}]";
#else
    if (strcmp(id, controller_descriptor.id) == 0) return "[{\"name\": \"Transparent\", \"data\": {\"transparent\": true}}]";
#endif
    return NULL;
}
static const pop_sample_data_factory_t samples = {POP_VERSION_INIT, sizeof(pop_sample_data_factory_t), sample_data};

static bool init(const pop_host_t *h, const char *path) {
    (void)path;
    values = h->get_extension ? h->get_extension(h, POP_HOST_EXT_VALUE) : NULL;
    return true;
}
static void deinit(void) {}
static const void *get_factory(const char *id) {
    if (!id) return NULL;
    if (strcmp(id, POP_FACTORY_VIEW_LOADER) == 0) return &views;
    if (strcmp(id, POP_FACTORY_CONTROLLER_LOADER) == 0) return &controllers;
    if (strcmp(id, POP_FACTORY_HANDLER) == 0) return &handlers;
    if (strcmp(id, POP_FACTORY_SAMPLE_DATA) == 0) return &samples;
    return NULL;
}

static const pop_plugin_entry_t entry = {
    .abi_version = POP_VERSION_INIT, .struct_size = sizeof(pop_plugin_entry_t), .plugin = &plugin_descriptor,
    .init = init, .deinit = deinit, .get_factory = get_factory};

POP_EXPORT const pop_plugin_entry_t *pop_plugin_entry_v1(void) { return &entry; }
