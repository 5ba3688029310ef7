// com.pophost.samples.swift.promo-reformer: maps raw campaign data to what the promotion's view
// and controller loaders read (CSPopKit's fetchPopViewWithData / fetchPopControllerWithData).

import PluginABI
import PopPluginKit

/// {"discount": 20, "campaign": "spring"} becomes the view data {"title": "20% off", "message":
/// "Campaign spring", "campaign": "spring"} and the controller data {"style": "slide"}. Without a
/// discount it writes nothing, and both loaders receive the request's data unchanged.
enum PromoReformer {
    static let component = Component.reformer(
        .sample(
            id: "com.pophost.samples.swift.promo-reformer",
            name: "Promotion reformer",
            description: "Turns a campaign's discount and name into the promotion's title and message.",
            features: ["promotion"],
            sampleData: #"""
                [{"name": "Spring, 20%", "data": {"discount": 20, "campaign": "spring"}}, {"name": "No campaign", "data": {"discount": 5}}]
                """#
        )
    ) { reformer in
        reformer.reform = { _, data, viewData, controllerData in
            let data = RequestValue(data)
            // No discount: leave both writers empty (pass-through).
            guard let discount = data["discount"].number, let viewData, let controllerData else { return true }
            let percent = Int(min(max(discount, 0), 100).rounded())  // a whole percentage, 0...100
            let view = ValueWriter(viewData), controller = ValueWriter(controllerData)
            view.object {
                view.member("title", "\(percent)% off")
                if let campaign = data["campaign"].string {  // no campaign: no message
                    view.member("message", "Campaign \(campaign)")
                    view.member("campaign", campaign)
                }
            }
            controller.object {
                controller.member("style", "slide")
            }
            return true
        }
    }
}
