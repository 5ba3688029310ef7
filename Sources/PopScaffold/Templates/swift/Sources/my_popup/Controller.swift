// com.example.my-popup.controller: how the popup is presented.

import PluginABI
import PopPluginKit

/// A centred alert, at most 300 points wide, over a dimmed background; it fades in and out, and a
/// tap on the background dismisses it (the handler's should_dismiss is asked first).
enum Controller {
    static let component = Component.controllerLoader(
        describe(
            "com.example.my-popup.controller", "my-popup controller", "A dimmed alert that fades in and out.",
            features: ["alert", "dimmed", "fade"])
    ) { controller in
        // The presentation arrives filled with the host's alert: set only what differs.
        controller.configure = { _, _, presentation in
            guard let p = presentation else { return }
            p.pointee.style = Int32(POP_STYLE_ALERT)
            p.pointee.mask = Int32(POP_MASK_DIMMED)
            p.pointee.width_mode = Int32(POP_WIDTH_MAXIMUM)
            p.pointee.width = 300
            p.pointee.corner_radius = 16
            // Or POP_SHOW_SLIDE_FROM_BOTTOM / POP_HIDE_SLIDE_TO_BOTTOM, POP_SHOW_POPUP, ... (controller_loader.h).
            p.pointee.show_animation = Int32(POP_SHOW_FADE_IN)
            p.pointee.hide_animation = Int32(POP_HIDE_FADE_OUT)
            p.pointee.show_duration = 0.25
            p.pointee.hide_duration = 0.25
            p.pointee.dismiss_on_background_tap = true
        }
    }
}
