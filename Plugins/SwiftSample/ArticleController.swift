// com.pophost.samples.swift.article-controller: a page that can float ("pop.page/1",
// "pop.floating/1").

import PluginABI
import PopPluginKit

/// Declares an article's page as floating (POP_STYLE_FLOATING): the user may swipe it into the
/// corner circle and reopen it from its bubble. Data: `title` (the bar's), `url` (what the bubble
/// keeps; a second article with the same URL replaces its bubble) and `logo` (what the bubble shows).
enum ArticleController {
    static let component = Component.controllerLoader(
        .sample(
            id: "com.pophost.samples.swift.article-controller",
            name: "Floating article",
            description: "An article's page that can float into a bubble and be reopened from it.",
            features: ["page", "floating"],
            sampleData: #"""
                [{"name": "Article", "data": {"title": "Article", "url": "https://example.com/floating", "logo": "A"}}]
                """#
        ),
        page: { page in
            page.configure_page = { _, data, config in
                config?.pointee.title = RequestValue(data)["title"].cString  // copied by the host during the call
            }
        },
        floating: { floating in
            floating.configure_floating = { _, data, config in
                guard let config else { return }
                let data = RequestValue(data)
                config.pointee.keep = data["url"].cString
                config.pointee.logo = data["logo"].cString
            }
        }
    ) { controller in
        controller.configure = { _, _, presentation in
            presentation?.pointee.style = Int32(POP_STYLE_FLOATING)
        }
    }
}
