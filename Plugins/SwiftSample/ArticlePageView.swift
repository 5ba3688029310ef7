// com.pophost.samples.swift.article-page: an article's page, its title and paragraphs.

import PluginABI
import PopPluginKit

/// An article: a bold headline, a byline and its paragraphs on white, 20 pt in. Data: `title`,
/// `byline`, `paragraphs` (an array of strings).
enum ArticlePageView {
    static let component = Component.viewLoader(
        .sample(
            id: "com.pophost.samples.swift.article-page",
            name: "Article page",
            description: "An article's headline, byline and paragraphs.",
            features: ["page", "article", "text"],
            sampleData: #"""
                [{"name": "Article", "data": {"title": "Floating windows", "byline": "pophost · 3 min read", "paragraphs": ["Swipe an article into the corner to keep it for later.", "Tap its bubble to read on."]}}]
                """#
        )
    ) { view in
        view.build = { _, data, builder in
            guard let builder else { return false }
            let data = RequestValue(data)
            let paragraphs = data["paragraphs"]
            let b = ContentBuilder(builder)
            b.vstack(spacing: 12, alignment: POP_ALIGN_FILL) {
                b.text(
                    data["title"].string ?? "Article", size: 26, weight: POP_WEIGHT_BOLD, color: 0x000000FF, alignment: POP_ALIGN_LEADING,
                    maxLines: 3)
                b.foreground(POP_COLOR_LABEL)  // no text style is 26 pt at the default size: the size stays
                b.text(
                    data["byline"].string ?? "", size: 13, weight: POP_WEIGHT_REGULAR, color: 0x000000FF, alignment: POP_ALIGN_LEADING,
                    maxLines: 0)
                b.textStyle(POP_TEXT_STYLE_FOOTNOTE)
                b.foreground(POP_COLOR_LABEL)  // a11y.contrast: system grey is 3.26:1 on white, under 4.5:1 at 13 pt
                for index in 0..<paragraphs.count {
                    b.text(
                        paragraphs[index].string ?? "", size: 17, weight: POP_WEIGHT_REGULAR, color: 0x1C1C1EFF,
                        alignment: POP_ALIGN_LEADING, maxLines: 0)
                    b.textStyle(POP_TEXT_STYLE_BODY)  // no semantic colour is #1C1C1E in light: it stays
                    // #1C1C1E on the dark background is 1:1 (pophost test's a11y.contrast): built in dark, the label colour.
                    if Host.traits.map({ Int($0.appearance) == POP_APPEARANCE_DARK }) == true { b.foreground(POP_COLOR_LABEL) }
                }
            }
            b.padding(top: 20, leading: 20, bottom: 20, trailing: 20)
            b.background(0xFFFFFFFF)
            b.background(semantic: POP_COLOR_SYSTEM_BACKGROUND)
            return true
        }
    }
}
