// com.pophost.samples.swift.page-controller: a page's title and bar ("pop.page/1").

import PluginABI
import PopPluginKit

/// Declares a page (POP_STYLE_PAGE) through the kit's "pop.page/1" table. Data: `title` (the
/// bar's title), `bar` — "default", "transparent" (KMNavigationBarTransition's recipe: no
/// background, no hairline) or "hidden" — and `pop_gesture` (false: no swipe pops it).
enum PageController {
    static let component = Component.controllerLoader(
        .sample(
            id: "com.pophost.samples.swift.page-controller",
            name: "Page",
            description: "A page of the navigation stack with a default, transparent or hidden bar.",
            features: ["page", "navigation-bar"],
            sampleData: #"""
                [{"name": "Default bar", "data": {"title": "Orders"}}, {"name": "Transparent bar", "data": {"title": "Order A-1001", "bar": "transparent"}}, {"name": "Hidden bar", "data": {"title": "Tracking", "bar": "hidden"}}]
                """#
        ),
        page: { page in
            page.configure_page = { _, data, config in
                guard let config else { return }
                let data = RequestValue(data)
                config.pointee.title = data["title"].cString  // copied by the host during the call
                switch data["bar"].string {
                case "transparent":
                    config.pointee.bar.background_alpha = 0
                    config.pointee.bar.shadow = false
                case "hidden":
                    config.pointee.bar.hidden = true
                default:
                    break
                }
                if let gesture = data["pop_gesture"].bool { config.pointee.pop_gesture_enabled = gesture }
            }
        }
    ) { controller in
        controller.configure = { _, _, presentation in
            presentation?.pointee.style = Int32(POP_STYLE_PAGE)
        }
    }
}
