// com.pophost.samples.swift.sheet-controller: a sheet at medium and large ("pop.sheet/1").

import PluginABI
import PopPluginKit

/// A sheet with a grabber at medium and large, undimmed at medium so the app behind stays usable,
/// configured through the kit's "pop.sheet/1" table; a tap on the dimming above medium dismisses it.
enum SheetController {
    static let component = Component.controllerLoader(
        .sample(
            id: "com.pophost.samples.swift.sheet-controller",
            name: "Share sheet",
            description: "A sheet at medium and large with a grabber, undimmed at medium so the app stays usable.",
            features: ["sheet", "detents", "undimmed"]
        ),
        sheet: { sheet in
            sheet.configure_sheet = { _, _, config in
                guard let config else { return }
                config.pointee.detent_count = 2
                config.pointee.detents.0 = SheetDetent.medium
                config.pointee.detents.1 = SheetDetent.large
                config.pointee.largest_undimmed_detent = SheetDetent.medium
                config.pointee.prefers_grabber_visible = true
            }
        }
    ) { controller in
        controller.configure = { _, _, presentation in
            guard let p = presentation else { return }
            p.pointee.style = Int32(POP_STYLE_SHEET)  // the sheet layer: stacks, below alerts and banners
            p.pointee.dismiss_on_background_tap = true
        }
    }
}
