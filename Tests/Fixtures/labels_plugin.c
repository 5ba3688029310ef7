/* A test plugin for what plugins tell a screen reader (ABI 1.1): "pop.accessibility/1"
 * (ext/accessibility.h). The test compiles it with cc.
 *
 * com.pophost.labelsfixture.view builds, in a vstack:
 *   text "Rate your order", semibold               read as the content's title (a header)
 *   button "✕" labelled "Close", selected           an icon button with a label and a state
 *   image "logo" labelled "Acme"                     an image that means something
 *   text "★★★★★" hidden                              decoration, not read
 *   hstack labelled "4.5 stars" { "4.5", "stars" }   one element; its children are not read
 *   text "Terms" with role link and value "v2"
 *
 * Request data "misuse" makes the build misuse the extension:
 *   "no-node"        label before any node
 *   "null-label"     label(NULL)
 *   "unknown-role"   role(42)
 *   "unknown-trait"  traits(1u << 9)
 */
#include <pophost/pophost.h>
#include <pophost/ext/accessibility.h>

#include <stdlib.h>
#include <string.h>

static const pop_host_value_t *values;
static const pop_host_accessibility_t *a11y;

static const char *misuse(const pop_value_t *data) {
    const pop_value_t *value = values && data ? values->lookup(data, "misuse") : NULL;
    return value ? values->get_string(value) : NULL;
}

static void text(const pop_content_builder_t *b, const char *string, pop_weight_t weight) {
    b->text(b, string, 17, weight, 0x000000FF, POP_ALIGN_CENTER, 0);
}

static bool build(const pop_view_loader_t *self, const pop_value_t *data, const pop_content_builder_t *b) {
    (void)self;
    if (!a11y) return false;
    const char *wrong = misuse(data);
    if (wrong && strcmp(wrong, "no-node") == 0) a11y->label(b, "Nothing");
    b->begin_vstack(b, 8, POP_ALIGN_FILL);
    text(b, "Rate your order", POP_WEIGHT_SEMIBOLD);
    b->button(b, "\xE2\x9C\x95", POP_BUTTON_PLAIN, "pop.dismiss");
    a11y->label(b, "Close");
    a11y->traits(b, POP_A11Y_SELECTED);
    b->image(b, "logo", 40, 40);
    a11y->label(b, "Acme");
    a11y->role(b, POP_A11Y_ROLE_IMAGE);
    text(b, "\xE2\x98\x85\xE2\x98\x85\xE2\x98\x85\xE2\x98\x85\xE2\x98\x85", POP_WEIGHT_REGULAR);
    a11y->hidden(b, 1);
    b->begin_hstack(b, 4, POP_ALIGN_CENTER);
    text(b, "4.5", POP_WEIGHT_REGULAR);
    text(b, "stars", POP_WEIGHT_REGULAR);
    b->end(b);
    a11y->label(b, "4.5 stars");
    text(b, "Terms", POP_WEIGHT_REGULAR);
    a11y->role(b, POP_A11Y_ROLE_LINK);
    a11y->value(b, "v2");
    if (wrong) {
        if (strcmp(wrong, "null-label") == 0) a11y->label(b, NULL);
        if (strcmp(wrong, "unknown-role") == 0) a11y->role(b, 42);
        if (strcmp(wrong, "unknown-trait") == 0) a11y->traits(b, 1u << 9);
    }
    b->end(b);
    b->padding(b, 16, 16, 16, 16);
    return true;
}

static void destroy(const pop_component_t *component) { free(component->component_data); }

static const pop_descriptor_t view_descriptor = {
    POP_VERSION_INIT, sizeof(pop_descriptor_t), "com.pophost.labelsfixture.view", "Labels fixture view", NULL, NULL, NULL, NULL};
static const pop_descriptor_t plugin_descriptor = {
    POP_VERSION_INIT, sizeof(pop_descriptor_t), "com.pophost.labelsfixture", "Labels fixture plugin", NULL, NULL, NULL, NULL};

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
    values = h->get_extension ? h->get_extension(h, POP_HOST_EXT_VALUE) : NULL;
    a11y = h->get_extension ? h->get_extension(h, POP_HOST_EXT_ACCESSIBILITY) : NULL;
    return true;
}

static void deinit(void) {}

static const void *get_factory(const char *id) { return id && strcmp(id, POP_FACTORY_VIEW_LOADER) == 0 ? &factory : NULL; }

static const pop_plugin_entry_t entry = {
    .abi_version = POP_VERSION_INIT, .struct_size = sizeof(pop_plugin_entry_t), .plugin = &plugin_descriptor,
    .init = init, .deinit = deinit, .get_factory = get_factory};

POP_EXPORT const pop_plugin_entry_t *pop_plugin_entry_v1(void) { return &entry; }
