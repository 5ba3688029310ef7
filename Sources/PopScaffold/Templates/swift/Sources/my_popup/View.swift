// com.example.my-popup.view: what is inside the popup.

import PluginABI
import PopPluginKit

/// A title and a message from the request's data, OK (the handler's action "confirm") and Not now
/// (the host action "pop.dismiss").
enum View {
    static let component = Component.viewLoader(
        describe(
            "com.example.my-popup.view", "my-popup view", "A title, a message, and OK and Not now buttons.",
            features: ["alert", "text", "buttons"])
    ) { view in
        view.build = { _, data, builder in
            guard let builder else { return false }
            View.build(RequestValue(data), ContentBuilder(builder))
            return true  // false: the request ends with a plugin error (say why with Host.log)
        }
    }

    static func build(_ data: RequestValue, _ b: ContentBuilder) {
        b.vstack(spacing: 12, alignment: POP_ALIGN_CENTER) {
            // By meaning too: the text follows the person's text size and light or dark.
            b.text(data["title"].string ?? "my-popup", size: 17, weight: POP_WEIGHT_SEMIBOLD)
            b.textStyle(POP_TEXT_STYLE_HEADLINE)
            b.foreground(POP_COLOR_LABEL)
            b.text(data["message"].string ?? "Made with pophost new.", size: 15)
            b.textStyle(POP_TEXT_STYLE_SUBHEADLINE)
            b.foreground(POP_COLOR_LABEL)  // the secondary label colour is under 4.5:1 (a11y.contrast)
            b.hstack(spacing: 8, alignment: POP_ALIGN_FILL) {
                b.button("Not now", style: POP_BUTTON_CANCEL, action: "pop.dismiss")
                b.button("OK", style: POP_BUTTON_DEFAULT, action: "confirm")
            }
        }
        // Modifiers apply to the vstack just closed.
        b.padding(20)
        b.background(0xFFFFFFFF)
        b.background(semantic: POP_COLOR_SYSTEM_BACKGROUND)
        b.cornerRadius(16)
    }
}
