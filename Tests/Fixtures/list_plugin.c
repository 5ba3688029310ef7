/* A test plugin for "pop.list/1" (ext/list.h), written from the header alone: a page (or a sheet) whose
 * view loader lists rows on demand, and its controller loader. Every row it builds is logged
 * ("row <n>"), read by the test through the exported list_fixture_log(). The test compiles it with cc.
 *
 * Request data (the page's):
 *   "title"     the header above the rows (a line of text); absent: an empty vstack
 *   "rows"      row_count's answer (any integer: a negative one is the plugin's mistake); absent: 0
 *   "height"    row_height's answer; absent: 44; 0: each row its own through height_for_row
 *               (44, 54, 64, 44, …)
 *   "fail_row"  build_row returns false for this row
 *   "huge_row"  build_row describes 4097 nodes for this row (more than POP_CONTENT_MAX_NODES)
 *   "buttons"   each row is a button naming the action "pick" (or "row_action", when given)
 *   "sheet"     the controller loader chooses POP_STYLE_SHEET (a popup) instead of POP_STYLE_PAGE
 * LIST_LOG_FILE (compile-time, a string): every log line is also appended to that file, so that a
 * test sees what the plugin built in another process (a plugin host).
 * LIST_FIXTURE_MINOR (compile-time): the ABI minor the whole plugin declares in every struct, in place of
 * the header's POP_VERSION_MINOR (2: a plugin of ABI 1.2, whose popups show build()'s content only).
 */
#include <pophost/pophost.h>
#include <pophost/ext/list.h>

#if defined(LIST_FIXTURE_MINOR)
#undef POP_VERSION_MINOR
#define POP_VERSION_MINOR LIST_FIXTURE_MINOR
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const pop_host_value_t *values;
static char log_text[65536];

/* The rows built since the last reset, one per line: "row <n>". */
POP_EXPORT const char *list_fixture_log(void) { return log_text; }
POP_EXPORT void list_fixture_reset(void) { log_text[0] = 0; }

static void note(const char *line) {
    size_t used = strlen(log_text);
    snprintf(log_text + used, sizeof log_text - used, "%s\n", line);
#if defined(LIST_LOG_FILE)
    FILE *file = fopen(LIST_LOG_FILE, "a");
    if (file) {
        fprintf(file, "%s\n", line);
        fclose(file);
    }
#endif
}

static const pop_value_t *member(const pop_value_t *data, const char *key) {
    return values && data ? values->lookup(data, key) : NULL;
}
static int64_t integer(const pop_value_t *data, const char *key, int64_t fallback) {
    const pop_value_t *value = member(data, key);
    return value ? values->get_int(value, fallback) : fallback;
}

/* The view loader: the header. */
static bool build(const pop_view_loader_t *self, const pop_value_t *data, const pop_content_builder_t *b) {
    (void)self;
    const pop_value_t *title = member(data, "title");
    const char *text = title ? values->get_string(title) : NULL;
    if (text) {
        b->text(b, text, 22, POP_WEIGHT_BOLD, 0x000000FF, POP_ALIGN_LEADING, 1);
        b->padding(b, 16, 16, 16, 16);
    } else {
        b->begin_vstack(b, 0, POP_ALIGN_FILL);
        b->end(b);
    }
    return true;
}

/* "pop.list/1". */
static int64_t row_count(const pop_view_loader_t *self, const pop_value_t *data) {
    (void)self;
    return integer(data, "rows", 0);
}
static double row_height(const pop_view_loader_t *self, const pop_value_t *data) {
    (void)self;
    const pop_value_t *value = member(data, "height");
    return value ? values->get_double(value, 44) : 44;
}
static double height_for_row(const pop_view_loader_t *self, const pop_value_t *data, int64_t row) {
    (void)self;
    (void)data;
    return 44 + (double)(row % 3) * 10;
}
static bool build_row(const pop_view_loader_t *self, const pop_value_t *data, int64_t row, const pop_content_builder_t *b) {
    (void)self;
    char line[64];
    snprintf(line, sizeof line, "row %lld", (long long)row);
    note(line);
    if (row == integer(data, "fail_row", -1)) return false;
    char title[32];
    snprintf(title, sizeof title, "Row %lld", (long long)row);
    if (row == integer(data, "huge_row", -1)) {
        b->begin_vstack(b, 0, POP_ALIGN_FILL);
        for (int i = 0; i < POP_CONTENT_MAX_NODES; i++) b->divider(b);
        b->end(b);
        return true;
    }
    const pop_value_t *buttons = member(data, "buttons");
    if (buttons && values->get_bool(buttons, false)) {
        const pop_value_t *action = member(data, "row_action");
        const char *name = action ? values->get_string(action) : NULL;
        b->button(b, title, POP_BUTTON_PLAIN, name ? name : "pick");
        return true;
    }
    b->begin_hstack(b, 8, POP_ALIGN_CENTER);
    b->text(b, title, 17, POP_WEIGHT_REGULAR, 0x000000FF, POP_ALIGN_LEADING, 1);
    b->spacer(b, 0);
    b->end(b);
    b->padding(b, 0, 16, 0, 16);
    b->background(b, 0xFFFFFFFF);
    return true;
}
static const pop_list_ext_t list_ext = {
    .abi_version = POP_VERSION_INIT, .struct_size = sizeof(pop_list_ext_t), .row_count = row_count, .row_height = row_height,
    .height_for_row = height_for_row, .build_row = build_row};

/* The controller loader: a page, or a sheet. */
static void configure(const pop_controller_loader_t *self, const pop_value_t *data, pop_presentation_t *p) {
    (void)self;
    const pop_value_t *sheet = member(data, "sheet");
    p->style = sheet && values->get_bool(sheet, false) ? POP_STYLE_SHEET : POP_STYLE_PAGE;
}

static const void *view_extension(const pop_component_t *component, const char *id) {
    (void)component;
    return id && strcmp(id, POP_EXT_LIST) == 0 ? &list_ext : NULL;
}
static const void *no_extension(const pop_component_t *component, const char *id) {
    (void)component;
    (void)id;
    return NULL;
}
static void destroy(const pop_component_t *component) { free(component->component_data); }

#define DESCRIPTOR(name, id) \
    static const pop_descriptor_t name = {POP_VERSION_INIT, sizeof(pop_descriptor_t), id, #name, NULL, NULL, NULL, NULL}
DESCRIPTOR(view_descriptor, "com.pophost.listfixture.view");
DESCRIPTOR(controller_descriptor, "com.pophost.listfixture.controller");
DESCRIPTOR(plugin_descriptor, "com.pophost.listfixture");

static uint32_t count(const pop_component_factory_t *factory) { (void)factory; return 1; }
static const pop_descriptor_t *view_at(const pop_component_factory_t *f, uint32_t i) { (void)f; return i == 0 ? &view_descriptor : NULL; }
static const pop_descriptor_t *controller_at(const pop_component_factory_t *f, uint32_t i) {
    (void)f;
    return i == 0 ? &controller_descriptor : NULL;
}

static const pop_component_t *create_view(const pop_component_factory_t *f, const pop_host_t *h, const char *id) {
    (void)f;
    (void)h;
    if (!id || strcmp(id, view_descriptor.id) != 0) return NULL;
    pop_view_loader_t *view = calloc(1, sizeof *view);
    if (!view) return NULL;
    view->component = (pop_component_t){POP_VERSION_INIT, sizeof *view, &view_descriptor, view, destroy, view_extension};
    view->build = build;
    return &view->component;
}
static const pop_component_t *create_controller(const pop_component_factory_t *f, const pop_host_t *h, const char *id) {
    (void)f;
    (void)h;
    if (!id || strcmp(id, controller_descriptor.id) != 0) return NULL;
    pop_controller_loader_t *loader = calloc(1, sizeof *loader);
    if (!loader) return NULL;
    loader->component = (pop_component_t){POP_VERSION_INIT, sizeof *loader, &controller_descriptor, loader, destroy, no_extension};
    loader->configure = configure;
    return &loader->component;
}

static const pop_component_factory_t views = {POP_VERSION_INIT, sizeof(pop_component_factory_t), count, view_at, create_view};
static const pop_component_factory_t controllers = {POP_VERSION_INIT, sizeof(pop_component_factory_t), count, controller_at, create_controller};

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
    return NULL;
}

static const pop_plugin_entry_t entry = {
    .abi_version = POP_VERSION_INIT, .struct_size = sizeof(pop_plugin_entry_t), .plugin = &plugin_descriptor,
    .init = init, .deinit = deinit, .get_factory = get_factory};

POP_EXPORT const pop_plugin_entry_t *pop_plugin_entry_v1(void) { return &entry; }
