// com.pophost.samples.swift.pop-controller: a QMUI-style alert.

import PluginABI
import PopPluginKit

/// Centred over a light dimming, popping in and out (QMUI's popup animation, 0.25 s each way);
/// a tap on the background dismisses it.
enum PopController {
    static let component = Component.controllerLoader(
        .sample(
            id: "com.pophost.samples.swift.pop-controller",
            name: "Pop controller",
            description: "Presents the content as a centred alert over a dimmed background.",
            features: ["alert", "dimmed"]
        )
    ) { controller in
        controller.configure = { _, _, presentation in
            guard let p = presentation else { return }
            p.pointee.style = Int32(POP_STYLE_ALERT)
            p.pointee.mask = Int32(POP_MASK_DIMMED)
            p.pointee.dim_color = 0x00000059  // black at 0.35
            p.pointee.corner_radius = 12
            p.pointee.width_mode = Int32(POP_WIDTH_MAXIMUM)
            p.pointee.width = 300
            p.pointee.show_animation = Int32(POP_SHOW_POPUP)
            p.pointee.hide_animation = Int32(POP_HIDE_POPUP)
            p.pointee.show_duration = 0.25
            p.pointee.hide_duration = 0.25
            p.pointee.dismiss_on_background_tap = true
        }
    }
}
