// com.pophost.samples.swift.banner-view: a notification banner's content.

import PluginABI
import PopPluginKit

/// A bell, a white title and a light message on a dark translucent background.
enum BannerView {
    static let component = Component.viewLoader(
        .sample(
            id: "com.pophost.samples.swift.banner-view",
            name: "Banner",
            description: "An icon, a title and a message in a dark banner.",
            features: ["banner", "image", "text"],
            sampleData: #"""
                [{"name": "Shipped", "data": {"title": "Order A-1002 shipped", "message": "Arriving tomorrow by 6 pm"}}, {"name": "Long message", "data": {"title": "Delivery update", "message": "Your parcel missed the last van of the day and will be delivered tomorrow morning, before noon."}}]
                """#
        )
    ) { view in
        view.build = { _, data, builder in
            guard let builder else { return false }
            let data = RequestValue(data)
            let b = ContentBuilder(builder)
            b.hstack(spacing: 12, alignment: POP_ALIGN_CENTER) {
                b.image("bell", width: 28, height: 28)
                b.vstack(spacing: 2, alignment: POP_ALIGN_LEADING) {
                    b.text(
                        data["title"].string ?? "Notification", size: 15, weight: POP_WEIGHT_SEMIBOLD,
                        color: 0xFFFFFFFF, alignment: POP_ALIGN_LEADING, maxLines: 0)
                    // The banner is dark in both appearances: its colours stay; its text follows the text size,
                    // wrapping rather than cut short (a11y.text-size).
                    b.textStyle(POP_TEXT_STYLE_SUBHEADLINE)
                    b.text(
                        data["message"].string ?? "", size: 13, weight: POP_WEIGHT_REGULAR,
                        color: 0xEEEEEEFF, alignment: POP_ALIGN_LEADING, maxLines: 0)
                    b.textStyle(POP_TEXT_STYLE_FOOTNOTE)
                }
            }
            b.padding(12)
            b.background(0x323232F0)
            b.cornerRadius(12)
            return true
        }
    }
}
