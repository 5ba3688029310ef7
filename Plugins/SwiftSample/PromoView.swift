// com.pophost.samples.swift.promo-view: the promotion's content.

import PluginABI
import PopPluginKit

/// A banner image, a red title, a message, Claim (the handler's action "claim") and Not now.
enum PromoView {
    static let component = Component.viewLoader(
        .sample(
            id: "com.pophost.samples.swift.promo-view",
            name: "Promotion",
            description: "A banner image, an offer, a message and claim and not-now buttons.",
            features: ["alert", "image", "text", "buttons"],
            sampleData: #"""
                [{"name": "20% off", "data": {"title": "20% off everything", "message": "Spring sale: this week only."}}, {"name": "No message", "data": {"title": "Limited offer"}}]
                """#
        )
    ) { view in
        view.build = { _, data, builder in
            guard let builder else { return false }
            let data = RequestValue(data)
            let b = ContentBuilder(builder)
            b.vstack(spacing: 10, alignment: POP_ALIGN_CENTER) {
                b.image("promo-banner", width: 240, height: 120)
                b.text(
                    data["title"].string ?? "Limited offer", size: 20, weight: POP_WEIGHT_BOLD,
                    color: 0xD0021BFF, alignment: POP_ALIGN_CENTER, maxLines: 0)
                b.textStyle(POP_TEXT_STYLE_TITLE3)  // 20 pt at the default size; the brand red stays
                b.text(
                    data["message"].string ?? "", size: 14, weight: POP_WEIGHT_REGULAR,
                    color: 0x333333FF, alignment: POP_ALIGN_CENTER, maxLines: 0)
                // #333333 on the dark background is 1.34:1 (pophost test's a11y.contrast): built in dark, the label colour.
                if Host.traits.map({ Int($0.appearance) == POP_APPEARANCE_DARK }) == true { b.foreground(POP_COLOR_LABEL) }
                b.button("Claim", style: POP_BUTTON_DEFAULT, action: "claim")
                b.button("Not now", style: POP_BUTTON_PLAIN, action: "pop.dismiss")
            }
            b.padding(16)
            b.background(0xFFFFFFFF)
            b.background(semantic: POP_COLOR_SYSTEM_BACKGROUND)
            b.cornerRadius(16)
            return true
        }
    }
}
