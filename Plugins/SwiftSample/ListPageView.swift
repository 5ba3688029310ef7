// com.pophost.samples.swift.list-page: a page's content, a plain list of rows.

import PluginABI
import PopPluginKit

/// A page's rows as the app's list style: 17 pt text, 16 pt in, on white, 0.5 pt apart, 20 pt
/// below the bar. Data: `rows`, an array of strings, built whole; or `rowCount`, a number of rows
/// ("Row 1", "Row 2", …) listed on demand through "pop.list/1" (ext/list.h), so that 10,000 of them
/// cost a frame what a screenful does.
enum ListPageView {
    /// A row listed on demand: its text (56 pt with the list style's padding) and a hairline, 56.5 pt as the rows built whole are apart.
    static let rowHeight = 56.5

    static let component = Component.viewLoader(
        .sample(
            id: "com.pophost.samples.swift.list-page",
            name: "List page",
            description: "A page's content: its rows as a plain list.",
            features: ["page", "list", "text"],
            sampleData: #"""
                [{"name": "Orders", "data": {"rows": ["Order A-1001 · Wireless earbuds", "Order A-1002 · Phone case", "Order A-1003 · USB-C cable"]}}, {"name": "Empty", "data": {"rows": []}}]
                """#
        ),
        list: { list in
            list.row_count = { _, data in Int64(RequestValue(data)["rowCount"].number ?? 0) }
            list.row_height = { _, _ in ListPageView.rowHeight }
            list.build_row = { _, _, row, builder in
                guard let builder else { return false }
                let b = ContentBuilder(builder)
                b.vstack(spacing: 0, alignment: POP_ALIGN_FILL) {
                    ListPageView.listRow(b, "Row \(row + 1)")
                    b.divider()
                }
                return true
            }
        }
    ) { view in
        view.build = { _, data, builder in
            guard let builder else { return false }
            let rows = RequestValue(data)["rows"]
            let b = ContentBuilder(builder)
            b.vstack(spacing: 0.5, alignment: POP_ALIGN_FILL) {
                for index in 0..<rows.count { ListPageView.listRow(b, rows[index].string ?? "") }
            }
            b.padding(top: 20, leading: 0, bottom: 0, trailing: 0)
            return true
        }
    }

    /// One row's text in the list style.
    private static func listRow(_ b: ContentBuilder, _ text: String) {
        b.text(
            text, size: 17, weight: POP_WEIGHT_REGULAR, color: 0x000000FF, alignment: POP_ALIGN_LEADING,
            maxLines: 0)  // wraps at the accessibility sizes rather than cut short (a11y.text-size)
        b.textStyle(POP_TEXT_STYLE_BODY)
        b.foreground(POP_COLOR_LABEL)
        b.padding(top: 18, leading: 16, bottom: 18, trailing: 16)
        b.background(0xFFFFFFFF)
        b.background(semantic: POP_COLOR_SYSTEM_BACKGROUND)
    }
}
