// com.example.my-popup.view: what is inside the popup.
//
// A title and a message from the request's data, OK (the handler's action "confirm") and Not now
// (the host action "pop.dismiss").
#include "plugin.h"

extern "C" {

// Sizes in points, colours 0xRRGGBBAA; every begin_* is balanced by an end(). Returning false ends
// the request with a plugin error (say why with plugin::log).
static bool view_build(const pop_view_loader_t *, const pop_value_t *data, const pop_content_builder_t *b) noexcept {
    if (!b) return false;
    b->begin_vstack(b, 12, POP_ALIGN_CENTER);
    const pop_host_content_style_t *style = plugin::content_style();  // by meaning too, when the host offers it
    b->text(b, plugin::data_string(data, "title", PLUGIN_NAME), 17, POP_WEIGHT_SEMIBOLD, 0x000000FF, POP_ALIGN_CENTER, 0);
    if (style) {
        style->text_style(b, POP_TEXT_STYLE_HEADLINE);  // 17 pt at the default text size
        style->foreground(b, POP_COLOR_LABEL);          // black in light, white in dark
    }
    b->text(b, plugin::data_string(data, "message", "Made with pophost new."), 15, POP_WEIGHT_REGULAR, 0x000000FF,
            POP_ALIGN_CENTER, 0);
    if (style) {
        style->text_style(b, POP_TEXT_STYLE_SUBHEADLINE);
        style->foreground(b, POP_COLOR_LABEL);  // the secondary label colour is under 4.5:1 (a11y.contrast)
    }
    b->begin_hstack(b, 8, POP_ALIGN_FILL);
    b->button(b, "Not now", POP_BUTTON_CANCEL, "pop.dismiss");  // a host action: dismisses
    b->button(b, "OK", POP_BUTTON_DEFAULT, "confirm");         // the handler's action
    b->end(b);
    b->end(b);
    // Modifiers apply to the vstack just closed.
    b->padding(b, 20, 20, 20, 20);
    b->background(b, 0xFFFFFFFF);
    if (style) style->background(b, POP_COLOR_SYSTEM_BACKGROUND);
    b->corner_radius(b, 16);
    return true;
}

}  // extern "C"

namespace {

const pop_component_t *view_setup(plugin::Instance &self, const pop_component_t &header) {
    pop_view_loader_t &view = self.iface.view_loader = pop_view_loader_t{};
    view.component = header;
    view.component.struct_size = sizeof(pop_view_loader_t);
    view.build = view_build;
    return &view.component;
}

const char *const view_features[] = {"alert", "text", "buttons", nullptr};

}  // namespace

const plugin::ComponentClass plugin::view_class = {
    plugin::describe(PLUGIN_ID ".view", PLUGIN_NAME " view", "A title, a message, and OK and Not now buttons.", view_features),
    view_setup,
};
