/* A test plugin for what plugins are told of the display traits (ABI 1.1): "pop.traits/1",
 * "pop.content_style/1" and "pop.trait_observer/1" (ext/traits.h, ext/content_style.h). The test
 * compiles it with cc.
 *
 * com.pophost.traitsfixture.view, a view loader offering "pop.trait_observer/1", builds a vstack of
 * lines that say what it was told, so that a test sees it in the content, in this process and
 * across a plugin host alike:
 *   "traits dark ax5 ltr off"          get() during build ("traits none" when get answers false)
 *   "label #FFFFFFFF body 53"           resolve_color(POP_COLOR_LABEL), text_size(POP_TEXT_STYLE_BODY)
 *   "heard 2: view dark ax5 ltr off"   how many traits_changed calls the plugin had, and the last
 *   "Styled"                           body text in label, on a system background with a separator
 *                                      border, direction playback (by meaning, for the host to resolve)
 * com.pophost.traitsfixture.controller, a controller loader offering "pop.trait_observer/1" too,
 * presents an alert. Every traits_changed is logged, with what get() says during it, where the test
 * reads it (traits_fixture_log()).
 *
 * Built with -DTRAITS_FIXTURE_FAILS_IN_DARK, the view loader refuses to build in dark (what
 * `pophost test`'s component.traits must catch).
 *
 * Request data "misuse" makes the build misuse "pop.content_style/1":
 *   "no-node"        text_style before any node
 *   "not-text"       foreground on a button
 *   "unknown-style"  text_style(99)
 *   "unknown-color"  background(99)
 *   "bad-direction"  direction(7)
 *   "bad-width"      border(-1, POP_COLOR_SEPARATOR)
 */
#include <pophost/pophost.h>
#include <pophost/ext/content_style.h>
#include <pophost/ext/traits.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const pop_host_t *host;
static const pop_host_value_t *values;
static const pop_host_traits_t *traits_ext;
static const pop_host_content_style_t *style;
static unsigned heard;
static char last_heard[128] = "-";
static char log_text[8192];

POP_EXPORT const char *traits_fixture_log(void) { return log_text; }
POP_EXPORT void traits_fixture_reset(void) { log_text[0] = 0; }

static void note(const char *line) {
    size_t used = strlen(log_text);
    snprintf(log_text + used, sizeof log_text - used, "%s\n", line);
}

static const char *const content_sizes[] = {"xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"};

/* "dark ax5 ltr off", or "?" for values this plugin does not know. */
static void describe(const pop_traits_t *t, char *out, size_t size) {
    const char *appearance = t->appearance == POP_APPEARANCE_LIGHT ? "light" : t->appearance == POP_APPEARANCE_DARK ? "dark" : "?";
    const char *content = t->content_size >= 0 && t->content_size <= POP_CONTENT_SIZE_AX5 ? content_sizes[t->content_size] : "?";
    const char *direction = t->layout_direction == POP_LAYOUT_LTR ? "ltr" : t->layout_direction == POP_LAYOUT_RTL ? "rtl" : "?";
    snprintf(out, size, "%s %s %s %s", appearance, content, direction, t->reduce_motion ? "on" : "off");
}

/* What get() says now: "dark ax5 ltr off", or "none". */
static void current(char *out, size_t size) {
    pop_traits_t t;
    memset(&t, 0xFF, sizeof t);
    if (!traits_ext || !traits_ext->get(host, &t)) {
        snprintf(out, size, "none");
        return;
    }
    if (t.struct_size != sizeof(pop_traits_t) || !pop_version_is_compatible(t.abi_version)) {
        snprintf(out, size, "bad header");
        return;
    }
    describe(&t, out, size);
}

static const char *misuse(const pop_value_t *data) {
    const pop_value_t *value = values && data ? values->lookup(data, "misuse") : NULL;
    return value ? values->get_string(value) : NULL;
}

static void line(const pop_content_builder_t *b, const char *text) {
    b->text(b, text, 13, POP_WEIGHT_REGULAR, 0x000000FF, POP_ALIGN_LEADING, 1);
}

static bool build(const pop_view_loader_t *self, const pop_value_t *data, const pop_content_builder_t *b) {
    (void)self;
    if (!style || !traits_ext) return false;
    const char *wrong = misuse(data);
    if (wrong && strcmp(wrong, "no-node") == 0) style->text_style(b, POP_TEXT_STYLE_BODY);
    char text[256], told[64];
    current(told, sizeof told);
#ifdef TRAITS_FIXTURE_FAILS_IN_DARK
    if (strncmp(told, "dark", 4) == 0) return false;
#endif
    b->begin_vstack(b, 4, POP_ALIGN_LEADING);
    snprintf(text, sizeof text, "traits %s", told);
    line(b, text);
    snprintf(text, sizeof text, "label #%08X body %g", (unsigned)traits_ext->resolve_color(host, POP_COLOR_LABEL),
             traits_ext->text_size(host, POP_TEXT_STYLE_BODY));
    line(b, text);
    snprintf(text, sizeof text, "heard %u: %s", heard, last_heard);
    line(b, text);
    b->text(b, "Styled", 17, POP_WEIGHT_REGULAR, 0x000000FF, POP_ALIGN_LEADING, 0);
    style->text_style(b, POP_TEXT_STYLE_BODY);
    style->foreground(b, POP_COLOR_LABEL);
    if (wrong) {
        if (strcmp(wrong, "not-text") == 0) {
            b->button(b, "OK", POP_BUTTON_DEFAULT, "pop.dismiss");
            style->foreground(b, POP_COLOR_LABEL);
        } else if (strcmp(wrong, "unknown-style") == 0) {
            style->text_style(b, 99);
        } else if (strcmp(wrong, "unknown-color") == 0) {
            style->background(b, 99);
        } else if (strcmp(wrong, "bad-direction") == 0) {
            style->direction(b, 7);
        } else if (strcmp(wrong, "bad-width") == 0) {
            style->border(b, -1, POP_COLOR_SEPARATOR);
        }
    }
    b->end(b);
    b->padding(b, 16, 16, 16, 16);
    style->background(b, POP_COLOR_SYSTEM_BACKGROUND);
    style->border(b, 1, POP_COLOR_SEPARATOR);
    style->direction(b, POP_DIRECTION_PLAYBACK);
    return true;
}

static void traits_changed(const pop_component_t *component, const pop_traits_t *traits) {
    char told[64], now[64], text[256];
    const char *who = component->desc->id[strlen("com.pophost.traitsfixture.")] == 'v' ? "view" : "controller";
    describe(traits, told, sizeof told);
    current(now, sizeof now);
    heard++;
    snprintf(last_heard, sizeof last_heard, "%s %s", who, told);
    snprintf(text, sizeof text, "%s %s (get: %s)", who, told, now);
    note(text);
}

static const pop_trait_observer_ext_t observer = {
    .abi_version = POP_VERSION_INIT,
    .struct_size = sizeof(pop_trait_observer_ext_t),
    .traits_changed = traits_changed,
};

static const void *get_extension(const pop_component_t *component, const char *id) {
    (void)component;
    return id && strcmp(id, POP_EXT_TRAIT_OBSERVER) == 0 ? &observer : NULL;
}

static void configure(const pop_controller_loader_t *self, const pop_value_t *data, pop_presentation_t *p) {
    (void)self;
    (void)data;
    char told[64], text[128];
    current(told, sizeof told);
    snprintf(text, sizeof text, "configure %s", told);
    note(text);
    p->style = POP_STYLE_ALERT;
}

static void destroy(const pop_component_t *component) { free(component->component_data); }

static const pop_descriptor_t view_descriptor = {
    POP_VERSION_INIT, sizeof(pop_descriptor_t), "com.pophost.traitsfixture.view", "Traits fixture view", NULL, NULL, NULL, NULL};
static const pop_descriptor_t controller_descriptor = {
    POP_VERSION_INIT, sizeof(pop_descriptor_t), "com.pophost.traitsfixture.controller", "Traits fixture controller",
    NULL, NULL, NULL, NULL};
static const pop_descriptor_t plugin_descriptor = {
    POP_VERSION_INIT, sizeof(pop_descriptor_t), "com.pophost.traitsfixture", "Traits fixture plugin", NULL, NULL, NULL, NULL};

static uint32_t count(const pop_component_factory_t *factory) { (void)factory; return 1; }

static const pop_descriptor_t *view_get_descriptor(const pop_component_factory_t *factory, uint32_t index) {
    (void)factory;
    return index == 0 ? &view_descriptor : NULL;
}

static const pop_descriptor_t *controller_get_descriptor(const pop_component_factory_t *factory, uint32_t index) {
    (void)factory;
    return index == 0 ? &controller_descriptor : NULL;
}

static const pop_component_t *create_view(const pop_component_factory_t *factory, const pop_host_t *h, const char *id) {
    (void)factory;
    (void)h;
    if (!id || strcmp(id, view_descriptor.id) != 0) return NULL;
    pop_view_loader_t *view = calloc(1, sizeof *view);
    if (!view) return NULL;
    view->component = (pop_component_t){POP_VERSION_INIT, sizeof(pop_view_loader_t), &view_descriptor, view, destroy, get_extension};
    view->build = build;
    return &view->component;
}

static const pop_component_t *create_controller(const pop_component_factory_t *factory, const pop_host_t *h, const char *id) {
    (void)factory;
    (void)h;
    if (!id || strcmp(id, controller_descriptor.id) != 0) return NULL;
    pop_controller_loader_t *loader = calloc(1, sizeof *loader);
    if (!loader) return NULL;
    loader->component =
        (pop_component_t){POP_VERSION_INIT, sizeof(pop_controller_loader_t), &controller_descriptor, loader, destroy, get_extension};
    loader->configure = configure;
    return &loader->component;
}

static const pop_component_factory_t view_factory = {
    POP_VERSION_INIT, sizeof(pop_component_factory_t), count, view_get_descriptor, create_view};
static const pop_component_factory_t controller_factory = {
    POP_VERSION_INIT, sizeof(pop_component_factory_t), count, controller_get_descriptor, create_controller};

static bool init(const pop_host_t *h, const char *path) {
    (void)path;
    host = h;
    values = h->get_extension ? h->get_extension(h, POP_HOST_EXT_VALUE) : NULL;
    traits_ext = h->get_extension ? h->get_extension(h, POP_HOST_EXT_TRAITS) : NULL;
    style = h->get_extension ? h->get_extension(h, POP_HOST_EXT_CONTENT_STYLE) : NULL;
    return true;
}

static void deinit(void) {}

static const void *get_factory(const char *id) {
    if (id && strcmp(id, POP_FACTORY_VIEW_LOADER) == 0) return &view_factory;
    if (id && strcmp(id, POP_FACTORY_CONTROLLER_LOADER) == 0) return &controller_factory;
    return NULL;
}

static const pop_plugin_entry_t entry = {
    .abi_version = POP_VERSION_INIT, .struct_size = sizeof(pop_plugin_entry_t), .plugin = &plugin_descriptor,
    .init = init, .deinit = deinit, .get_factory = get_factory};

POP_EXPORT const pop_plugin_entry_t *pop_plugin_entry_v1(void) { return &entry; }
