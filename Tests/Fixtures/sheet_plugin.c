/* A test plugin for "pop.sheet/1" (ext/sheet.h): one controller loader that presents a sheet (or,
 * with data "popover": true, an adaptive popover) and records every sheet callback in a log the
 * test reads through the exported sheet_fixture_log(). The test compiles it with cc. The test also
 * drives the host's side ("pop.sheet-host/1") through the exported sheet_fixture_select() and
 * sheet_fixture_invalidate(), on the last controller made.
 *
 * Request data:
 *   "detent_count"  written to config->detent_count (default 3: small, medium, large)
 *   "modal"         presentation->modal
 *   "bad_resolve"   the "small" detent resolves to NaN (a misbehaviour)
 *   "null_detent"   detents[1] is NULL (a plugin error)
 *   "no_config"     configure_sheet leaves the defaults
 *   "settle_back"   when the user moves the sheet to large, the plugin resizes "small" and takes the
 *                   sheet back to medium itself, from detent_changed (invalidate, then select)
 * Defects for `pophost test` (compile-time):
 *   FIX_SHEET_NAN        "small" always resolves to NaN
 *   FIX_SHEET_SHRINKING  "small" gets smaller as the maximum grows
 *   FIX_SHEET_RANDOM     "small" differs from call to call
 *   FIX_SHEET_SLOW       each resolve takes 80 ms
 *   FIX_SHEET_NULL_DETENT detents[1] is always NULL (the sheet cannot be configured)
 * And FIX_SHEET_NO_EXT: the controller offers no extension (a plugin that knows nothing of
 * "pop.sheet/1" and sets POP_STYLE_SHEET).
 * FIX_SHEET_ORPHAN_VIEW: the plugin also has two view loaders and no handler; the first in factory
 * order (".orphan") has a button naming the action "nowhere", which no handler declares, and the
 * second (".plain") a line of text, which the built-in handler fits.
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <pophost/pophost.h>
#include <pophost/ext/sheet.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const pop_host_t *host;
static const pop_host_value_t *values;
static const pop_host_sheet_t *sheets;
static const pop_component_t *last_controller;
static double small_fraction = 0.25;
static char log_text[8192];

/* The callbacks heard since the last reset, one per line. */
POP_EXPORT const char *sheet_fixture_log(void) { return log_text; }
POP_EXPORT void sheet_fixture_reset(void) { log_text[0] = 0; }

/* The host's side, on the last controller made: select a detent, or change "small" and invalidate. */
POP_EXPORT bool sheet_fixture_select(const char *detent) {
    return sheets && last_controller && sheets->select_detent(host, last_controller, detent);
}
POP_EXPORT bool sheet_fixture_invalidate(double fraction) {
    small_fraction = fraction;
    return sheets && last_controller && sheets->invalidate_detents(host, last_controller);
}

static void note(const char *line) {
    size_t used = strlen(log_text);
    snprintf(log_text + used, sizeof log_text - used, "%s\n", line);
}

static bool flag(const pop_value_t *data, const char *key) {
    const pop_value_t *value = values && data ? values->lookup(data, key) : NULL;
    return value && values->get_bool(value, false);
}

static double number(const pop_value_t *data, const char *key, double fallback) {
    const pop_value_t *value = values && data ? values->lookup(data, key) : NULL;
    return value ? values->get_double(value, fallback) : fallback;
}

static bool bad_resolve;
static bool settle_back;

static void configure(const pop_controller_loader_t *self, const pop_value_t *data, pop_presentation_t *p) {
    (void)self;
    p->style = flag(data, "popover") ? POP_STYLE_POPOVER : POP_STYLE_SHEET;
    p->modal = flag(data, "modal");
    bad_resolve = flag(data, "bad_resolve");
    settle_back = flag(data, "settle_back");
}

static void configure_sheet(const pop_controller_loader_t *self, const pop_value_t *data, pop_sheet_config_t *config) {
    (void)self;
    if (flag(data, "no_config")) return;
    config->detent_count = (uint32_t)number(data, "detent_count", 3);
    config->detents[0] = "small";
#if defined(FIX_SHEET_NULL_DETENT)
    config->detents[1] = NULL;
#else
    config->detents[1] = flag(data, "null_detent") ? NULL : POP_DETENT_MEDIUM;
#endif
    config->detents[2] = POP_DETENT_LARGE;
    config->selected_detent = POP_DETENT_MEDIUM;
    config->prefers_grabber_visible = true;
    config->preferred_corner_radius = 20;
    config->preferred_content_width = 300;
    config->preferred_content_height = 180;
    config->has_source_rect = true;
    config->source_rect = (pop_rect_t){600, 100, 40, 40};
    config->passthrough_count = 1;
    config->passthrough[0] = (pop_rect_t){0, 700, 1024, 68};
}

static bool resolve_detent(const pop_controller_loader_t *self, const char *detent, double maximum, double *height) {
    (void)self;
    if (strcmp(detent, "small") != 0) return false;
    *height = bad_resolve ? NAN : maximum * small_fraction;
#if defined(FIX_SHEET_NAN)
    *height = NAN;
#elif defined(FIX_SHEET_SHRINKING)
    *height = 600 - maximum / 4;
#elif defined(FIX_SHEET_RANDOM)
    static unsigned calls;
    *height = maximum / 4 + (double)(++calls % 7);
#elif defined(FIX_SHEET_SLOW)
    struct timespec pause = {0, 80 * 1000 * 1000};
    nanosleep(&pause, NULL);
#endif
    return true;
}

static void detent_changed(const pop_controller_loader_t *self, const char *detent) {
    (void)self;
    char line[128];
    snprintf(line, sizeof line, "detent %s", detent);
    note(line);
    /* "settle_back": the plugin answers the user's move to large by resizing "small" and taking the
       sheet back to medium itself, from inside this callback (the host asks resolve_detent again
       before select_detent returns). */
    if (settle_back && strcmp(detent, POP_DETENT_LARGE) == 0 && sheets && last_controller) {
        small_fraction = 0.3;
        if (sheets->invalidate_detents(host, last_controller)) note("invalidated");
        if (sheets->select_detent(host, last_controller, POP_DETENT_MEDIUM)) note("selected medium");
    }
}

static void drag_progress(const pop_controller_loader_t *self, const pop_sheet_drag_t *drag) {
    (void)self;
    char line[160];
    snprintf(line, sizeof line, "drag %.2f %s %s %.3f", drag->height, drag->lower ? drag->lower : "-",
             drag->upper ? drag->upper : "-", drag->fraction);
    note(line);
}

static void did_attempt(const pop_controller_loader_t *self) { (void)self; note("did-attempt"); }
static void will_dismiss(const pop_controller_loader_t *self) { (void)self; note("will-dismiss"); }
static void did_dismiss(const pop_controller_loader_t *self) { (void)self; note("did-dismiss"); }

static const pop_sheet_ext_t sheet_ext = {
    .abi_version = POP_VERSION_INIT,
    .struct_size = sizeof(pop_sheet_ext_t),
    .configure_sheet = configure_sheet,
    .resolve_detent = resolve_detent,
    .detent_changed = detent_changed,
    .drag_progress = drag_progress,
    .did_attempt_to_dismiss = did_attempt,
    .will_dismiss = will_dismiss,
    .did_dismiss = did_dismiss,
};

static const void *get_extension(const pop_component_t *component, const char *id) {
    (void)component;
#if defined(FIX_SHEET_NO_EXT)
    (void)id;
    return NULL;
#else
    return id && strcmp(id, POP_EXT_SHEET) == 0 ? &sheet_ext : NULL;
#endif
}

static void destroy(const pop_component_t *component) {
    if (component == last_controller) last_controller = NULL;
    free(component->component_data);
}

static const pop_descriptor_t controller_descriptor = {
    POP_VERSION_INIT, sizeof(pop_descriptor_t), "com.pophost.sheetfixture.controller", "Sheet fixture", NULL, NULL, NULL, NULL};
static const pop_descriptor_t plugin_descriptor = {
    POP_VERSION_INIT, sizeof(pop_descriptor_t), "com.pophost.sheetfixture", "Sheet fixture plugin", NULL, NULL, NULL, NULL};

static uint32_t count(const pop_component_factory_t *factory) { (void)factory; return 1; }

static const pop_descriptor_t *get_descriptor(const pop_component_factory_t *factory, uint32_t index) {
    (void)factory;
    return index == 0 ? &controller_descriptor : NULL;
}

static const pop_component_t *create(const pop_component_factory_t *factory, const pop_host_t *h, const char *id) {
    (void)factory;
    (void)h;
    if (!id || strcmp(id, controller_descriptor.id) != 0) return NULL;
    pop_controller_loader_t *loader = calloc(1, sizeof *loader);
    if (!loader) return NULL;
    loader->component = (pop_component_t){POP_VERSION_INIT, sizeof(pop_controller_loader_t), &controller_descriptor, loader, destroy, get_extension};
    loader->configure = configure;
    last_controller = &loader->component;
    return &loader->component;
}

static const pop_component_factory_t factory = {POP_VERSION_INIT, sizeof(pop_component_factory_t), count, get_descriptor, create};

#if defined(FIX_SHEET_ORPHAN_VIEW)
static const pop_descriptor_t view_descriptors[] = {
    {POP_VERSION_INIT, sizeof(pop_descriptor_t), "com.pophost.sheetfixture.orphan", "Orphan view", NULL, NULL, NULL, NULL},
    {POP_VERSION_INIT, sizeof(pop_descriptor_t), "com.pophost.sheetfixture.plain", "Plain view", NULL, NULL, NULL, NULL},
};
static bool build_view(const pop_view_loader_t *self, const pop_value_t *data, const pop_content_builder_t *b) {
    (void)data;
    if (self->component.desc == &view_descriptors[0]) {
        b->button(b, "Go", POP_BUTTON_PLAIN, "nowhere");
    } else {
        b->text(b, "plain", 17, POP_WEIGHT_REGULAR, 0x000000FF, POP_ALIGN_LEADING, 1);
    }
    return true;
}
static void destroy_view(const pop_component_t *component) { free(component->component_data); }
static const void *no_extension(const pop_component_t *component, const char *id) {
    (void)component;
    (void)id;
    return NULL;
}
static uint32_t view_count(const pop_component_factory_t *factory) { (void)factory; return 2; }
static const pop_descriptor_t *view_descriptor(const pop_component_factory_t *factory, uint32_t index) {
    (void)factory;
    return index < 2 ? &view_descriptors[index] : NULL;
}
static const pop_component_t *create_view(const pop_component_factory_t *factory, const pop_host_t *h, const char *id) {
    (void)factory;
    (void)h;
    for (int i = 0; id && i < 2; i++) {
        if (strcmp(id, view_descriptors[i].id) != 0) continue;
        pop_view_loader_t *view = calloc(1, sizeof *view);
        if (!view) return NULL;
        view->component = (pop_component_t){POP_VERSION_INIT, sizeof(pop_view_loader_t), &view_descriptors[i], view, destroy_view, no_extension};
        view->build = build_view;
        return &view->component;
    }
    return NULL;
}
static const pop_component_factory_t view_factory = {
    POP_VERSION_INIT, sizeof(pop_component_factory_t), view_count, view_descriptor, create_view};
#endif

static bool init(const pop_host_t *h, const char *path) {
    (void)path;
    host = h;
    values = h->get_extension ? h->get_extension(h, POP_HOST_EXT_VALUE) : NULL;
    sheets = h->get_extension ? h->get_extension(h, POP_HOST_EXT_SHEET) : NULL;
    return true;
}

static void deinit(void) {}

static const void *get_factory(const char *id) {
#if defined(FIX_SHEET_ORPHAN_VIEW)
    if (id && strcmp(id, POP_FACTORY_VIEW_LOADER) == 0) return &view_factory;
#endif
    return id && strcmp(id, POP_FACTORY_CONTROLLER_LOADER) == 0 ? &factory : NULL;
}

static const pop_plugin_entry_t entry = {
    .abi_version = POP_VERSION_INIT, .struct_size = sizeof(pop_plugin_entry_t), .plugin = &plugin_descriptor,
    .init = init, .deinit = deinit, .get_factory = get_factory};

POP_EXPORT const pop_plugin_entry_t *pop_plugin_entry_v1(void) { return &entry; }
