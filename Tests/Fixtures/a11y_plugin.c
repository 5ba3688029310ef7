/* A test plugin for `pophost test`'s accessibility audits (the a11y.* tests, issue 26). The test
 * compiles it with cc.
 *
 * com.pophost.a11yfixture.view, a view loader shown with the host's built-in handler, builds a
 * popup that passes every audit:
 *   "Payment"               the title (semibold: a header), in the label colour
 *   "✕"                     a plain button labelled "Close" through "pop.accessibility/1",
 *                           padded to 44 pt wide
 *   a 44 × 44 pt image      given the role button and the label "Help"
 *   "Total due today …"     body text in the label colour (about 20:1 in light, 17:1 in dark)
 *   "Reference" "#42"       body text that follows the person's text size, one above the other
 *   "Pay"                   the default button
 *
 * One defect per -D flag, each breaking exactly one audit:
 *   -DA11Y_FIXTURE_UNLABELLED  the "✕" button has no label               (a11y.label)
 *   -DA11Y_FIXTURE_SMALL       the help image is 30 × 30 pt              (a11y.target)
 *   -DA11Y_FIXTURE_FAINT       the body text is #949494, about 3:1 on white (a11y.contrast)
 *   -DA11Y_FIXTURE_CROWDED     "Reference" and "#42" side by side: at ax5 "Reference" leaves
 *                              "#42" less room than a character, which runs past its node
 *                              over the popup's edge (a11y.text-size)
 *   -DA11Y_FIXTURE_HIDDEN      the whole content is hidden from accessibility, so the focus
 *                              stays on the page under the modal popup  (a11y.focus)
 */
#include <pophost/pophost.h>
#include <pophost/ext/accessibility.h>
#include <pophost/ext/content_style.h>

#include <stdlib.h>
#include <string.h>

static const pop_host_accessibility_t *a11y;
static const pop_host_content_style_t *style;

#ifdef A11Y_FIXTURE_SMALL
#define HELP_SIZE 30
#else
#define HELP_SIZE 44
#endif

static bool build(const pop_view_loader_t *self, const pop_value_t *data, const pop_content_builder_t *b) {
    (void)self;
    (void)data;
    if (!a11y || !style) return false;
    b->begin_vstack(b, 12, POP_ALIGN_LEADING);

    b->begin_hstack(b, 8, POP_ALIGN_CENTER);
    b->text(b, "Payment", 17, POP_WEIGHT_SEMIBOLD, 0x000000FF, POP_ALIGN_LEADING, 1);
    style->foreground(b, POP_COLOR_LABEL);
    b->spacer(b, 0);
    b->button(b, "✕", POP_BUTTON_PLAIN, "pop.dismiss");
    b->padding(b, 0, 6, 0, 6);
#ifndef A11Y_FIXTURE_UNLABELLED
    a11y->label(b, "Close");
#endif
    b->end(b);

    b->image(b, "help", HELP_SIZE, HELP_SIZE);
    a11y->role(b, POP_A11Y_ROLE_BUTTON);
    a11y->label(b, "Help");

#ifdef A11Y_FIXTURE_FAINT
    b->text(b, "Total due today: 12.00", 15, POP_WEIGHT_REGULAR, 0x949494FF, POP_ALIGN_LEADING, 0);
#else
    b->text(b, "Total due today: 12.00", 15, POP_WEIGHT_REGULAR, 0x000000FF, POP_ALIGN_LEADING, 0);
    style->foreground(b, POP_COLOR_LABEL);
#endif

#ifdef A11Y_FIXTURE_CROWDED
    b->begin_hstack(b, 16, POP_ALIGN_CENTER);
#else
    b->begin_vstack(b, 4, POP_ALIGN_LEADING);
#endif
    b->text(b, "Reference", 17, POP_WEIGHT_REGULAR, 0x000000FF, POP_ALIGN_LEADING, 0);
    style->text_style(b, POP_TEXT_STYLE_BODY);
    style->foreground(b, POP_COLOR_LABEL);
    b->text(b, "#42", 17, POP_WEIGHT_REGULAR, 0x000000FF, POP_ALIGN_LEADING, 0);
    style->text_style(b, POP_TEXT_STYLE_BODY);
    style->foreground(b, POP_COLOR_LABEL);
    b->end(b);

    b->button(b, "Pay", POP_BUTTON_DEFAULT, "pop.dismiss");
    b->end(b);
    b->padding(b, 16, 16, 16, 16);
#ifdef A11Y_FIXTURE_HIDDEN
    a11y->hidden(b, 1);
#endif
    return true;
}

static void destroy(const pop_component_t *component) { free(component->component_data); }

static const pop_descriptor_t view_descriptor = {
    POP_VERSION_INIT, sizeof(pop_descriptor_t), "com.pophost.a11yfixture.view", "Accessibility fixture view", NULL, NULL, NULL, NULL};
static const pop_descriptor_t plugin_descriptor = {
    POP_VERSION_INIT, sizeof(pop_descriptor_t), "com.pophost.a11yfixture", "Accessibility fixture plugin", NULL, NULL, NULL, NULL};

static uint32_t count(const pop_component_factory_t *factory) { (void)factory; return 1; }

static const pop_descriptor_t *get_descriptor(const pop_component_factory_t *factory, uint32_t index) {
    (void)factory;
    return index == 0 ? &view_descriptor : NULL;
}

static const pop_component_t *create(const pop_component_factory_t *factory, const pop_host_t *h, const char *id) {
    (void)factory;
    (void)h;
    if (!id || strcmp(id, view_descriptor.id) != 0) return NULL;
    pop_view_loader_t *view = calloc(1, sizeof *view);
    if (!view) return NULL;
    view->component = (pop_component_t){POP_VERSION_INIT, sizeof(pop_view_loader_t), &view_descriptor, view, destroy, NULL};
    view->build = build;
    return &view->component;
}

static const pop_component_factory_t factory = {POP_VERSION_INIT, sizeof(pop_component_factory_t), count, get_descriptor, create};

static bool init(const pop_host_t *h, const char *path) {
    (void)path;
    a11y = h->get_extension ? h->get_extension(h, POP_HOST_EXT_ACCESSIBILITY) : NULL;
    style = h->get_extension ? h->get_extension(h, POP_HOST_EXT_CONTENT_STYLE) : NULL;
    return true;
}

static void deinit(void) {}

static const void *get_factory(const char *id) { return id && strcmp(id, POP_FACTORY_VIEW_LOADER) == 0 ? &factory : NULL; }

static const pop_plugin_entry_t entry = {
    .abi_version = POP_VERSION_INIT, .struct_size = sizeof(pop_plugin_entry_t), .plugin = &plugin_descriptor,
    .init = init, .deinit = deinit, .get_factory = get_factory};

POP_EXPORT const pop_plugin_entry_t *pop_plugin_entry_v1(void) { return &entry; }
