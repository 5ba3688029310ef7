// com.pophost.samples.swift.slide-controller: a CSPopKit-style slide-in alert.

import PluginABI
import PopPluginKit

/// CSPopKit's theme (dimmed black at 0.7, corner radius 16, at most 300 wide): slides in from the
/// top with an angled bounce, leaves to the bottom at an angle in the guide theme's 0.45 s; a tap
/// on the background dismisses it.
enum SlideController {
    static let component = Component.controllerLoader(
        .sample(
            id: "com.pophost.samples.swift.slide-controller",
            name: "Slide-in promotion",
            description: "Slides in from the top with an angled bounce over a dark dimming and leaves to the bottom.",
            features: ["alert", "dimmed", "slide"]
        )
    ) { controller in
        controller.configure = { _, _, presentation in
            guard let p = presentation else { return }
            p.pointee.style = Int32(POP_STYLE_ALERT)
            p.pointee.mask = Int32(POP_MASK_DIMMED)
            p.pointee.dim_color = 0x000000B3  // black at 0.7
            p.pointee.corner_radius = 16
            p.pointee.width_mode = Int32(POP_WIDTH_MAXIMUM)
            p.pointee.width = 300
            p.pointee.show_animation = Int32(POP_SHOW_SLIDE_FROM_TOP_ANGLE_BOUNCE)
            p.pointee.show_duration = 0.6
            p.pointee.hide_animation = Int32(POP_HIDE_SLIDE_TO_BOTTOM_ANGLE)
            p.pointee.hide_duration = 0.45
            p.pointee.dismiss_on_background_tap = true
        }
    }
}
