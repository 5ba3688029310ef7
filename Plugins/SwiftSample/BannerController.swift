// com.pophost.samples.swift.banner-controller: a SwiftEntryKit-style top banner.

import PluginABI
import PopPluginKit

/// A banner at the top edge, in the banner layer: no dimming, touches behind it reach the app, on
/// screen for 3 s after it has slid in.
enum BannerController {
    static let component = Component.controllerLoader(
        .sample(
            id: "com.pophost.samples.swift.banner-controller",
            name: "Top banner",
            description: "A banner that slides in at the top, stays 3 seconds and lets touches through to the app.",
            features: ["banner", "top"]
        )
    ) { controller in
        controller.configure = { _, _, presentation in
            guard let p = presentation else { return }
            p.pointee.style = Int32(POP_STYLE_BANNER)  // the banner layer, with its own queue
            p.pointee.banner_edge = Int32(POP_EDGE_TOP)
            p.pointee.mask = Int32(POP_MASK_NONE)
            p.pointee.banner_behind = Int32(POP_BEHIND_FORWARD)
            p.pointee.display_duration = 3  // counted after the entrance animation
            p.pointee.show_animation = Int32(POP_SHOW_SLIDE_FROM_TOP)
            p.pointee.show_duration = 0.3
            p.pointee.hide_animation = Int32(POP_HIDE_SLIDE_TO_TOP)
            p.pointee.hide_duration = 0.25
            p.pointee.corner_radius = 12
            p.pointee.width_mode = Int32(POP_WIDTH_FIT)
        }
    }
}
