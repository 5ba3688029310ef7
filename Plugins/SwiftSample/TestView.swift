// com.pophost.samples.swift.test-view: CSPopKit's CSCustomTestViewLoader.

import PluginABI
import PopPluginKit

/// A title, a message and an OK button (the host action "pop.dismiss").
enum TestView {
    static let component = Component.viewLoader(
        .sample(
            id: "com.pophost.samples.swift.test-view",
            name: "Test view",
            description: "A title, a message and an OK button.",
            features: ["alert", "text", "buttons"],
            sampleData: #"""
                [{"name": "CSPopKit", "data": {"title": "CSPopKit", "message": "Composed from a handler, a view loader and a controller loader."}}, {"name": "Long title", "data": {"title": "A title long enough to wrap onto a second line", "message": "Short."}}]
                """#
        )
    ) { view in
        view.build = { _, data, builder in
            guard let builder else { return false }
            let data = RequestValue(data)
            let b = ContentBuilder(builder)
            b.vstack(spacing: 12, alignment: POP_ALIGN_CENTER) {
                b.text(
                    data["title"].string ?? "CSPopKit", size: 17, weight: POP_WEIGHT_SEMIBOLD,
                    color: 0x000000FF, alignment: POP_ALIGN_CENTER, maxLines: 0)
                // By meaning too: the style's default size and the colour's light value are what is written.
                b.textStyle(POP_TEXT_STYLE_HEADLINE)
                b.foreground(POP_COLOR_LABEL)
                b.text(
                    data["message"].string ?? "Composed from a handler, a view loader and a controller loader.",
                    size: 13, weight: POP_WEIGHT_REGULAR, color: 0x333333FF, alignment: POP_ALIGN_CENTER, maxLines: 0)
                b.textStyle(POP_TEXT_STYLE_FOOTNOTE)  // no semantic colour is #333333 in light: it stays
                // #333333 on the dark background is 1.34:1 (pophost test's a11y.contrast): built in dark, the label colour.
                if Host.traits.map({ Int($0.appearance) == POP_APPEARANCE_DARK }) == true { b.foreground(POP_COLOR_LABEL) }
                b.hstack(spacing: 8, alignment: POP_ALIGN_FILL) {
                    b.button("OK", style: POP_BUTTON_DEFAULT, action: "pop.dismiss")
                }
            }
            // Modifiers apply to the vstack just closed.
            b.padding(20)
            b.background(0xFFFFFFFF)
            b.background(semantic: POP_COLOR_SYSTEM_BACKGROUND)
            b.cornerRadius(16)
            return true
        }
    }
}
