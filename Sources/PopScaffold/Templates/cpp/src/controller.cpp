// com.example.my-popup.controller: how the popup is presented.
//
// A centred alert, at most 300 points wide, over a dimmed background; it fades in and out, and a
// tap on the background dismisses it (the handler's should_dismiss is asked first).
#include "plugin.h"

extern "C" {

// The presentation arrives filled with the host's alert: set only what differs.
static void controller_configure(const pop_controller_loader_t *, const pop_value_t *, pop_presentation_t *p) noexcept {
    p->style = POP_STYLE_ALERT;
    p->mask = POP_MASK_DIMMED;
    p->width_mode = POP_WIDTH_MAXIMUM;
    p->width = 300;
    p->corner_radius = 16;
    // Or POP_SHOW_SLIDE_FROM_BOTTOM / POP_HIDE_SLIDE_TO_BOTTOM, POP_SHOW_POPUP, ... (controller_loader.h).
    p->show_animation = POP_SHOW_FADE_IN;
    p->hide_animation = POP_HIDE_FADE_OUT;
    p->show_duration = 0.25;
    p->hide_duration = 0.25;
    p->dismiss_on_background_tap = true;
}

}  // extern "C"

namespace {

const pop_component_t *controller_setup(plugin::Instance &self, const pop_component_t &header) {
    pop_controller_loader_t &controller = self.iface.controller_loader = pop_controller_loader_t{};
    controller.component = header;
    controller.component.struct_size = sizeof(pop_controller_loader_t);
    controller.configure = controller_configure;
    return &controller.component;
}

const char *const controller_features[] = {"alert", "dimmed", "fade", nullptr};

}  // namespace

const plugin::ComponentClass plugin::controller_class = {
    plugin::describe(PLUGIN_ID ".controller", PLUGIN_NAME " controller", "A dimmed alert that fades in and out.",
                     controller_features),
    controller_setup,
};
