import PopModel

/// The app behind the popups, drawn so that frames look like a phone: a status bar (the time, the cellular
/// signal, Wi-Fi and the battery), a navigation bar with `title`, and a list of `rows` (a title and a
/// subtitle each, hairline separators drawn over the rows as a table view draws them), with the home
/// indicator. The rows' text follows the person's text size as a self-sizing table view's cells do (title
/// Body, subtitle Footnote; the rows grow with it); the bars' text does not, as UIKit's bars do not.
public struct AppScreen: Hashable, Sendable {
    /// A list row.
    public struct Row: Hashable, Sendable {
        public var title: String
        public var subtitle: String

        public init(_ title: String, _ subtitle: String) {
            self.title = title
            self.subtitle = subtitle
        }
    }

    public var title: String
    public var rows: [Row]

    /// An orders page.
    public init(
        title: String = "Orders",
        rows: [Row] = [
            Row("Order A-1001", "Wireless earbuds · $42.50"), Row("Order A-1002", "Phone case · $19.00"),
            Row("Order A-1003", "USB-C cable, 2 m · $12.99"), Row("Order A-1004", "Smart watch band · $29.00"),
            Row("Order A-1005", "Screen protector · $9.99"), Row("Order A-1006", "Charging stand · $35.00"),
        ]
    ) {
        self.title = title
        self.rows = rows
    }

    static let navigationBarHeight = 44.0
    static let rowInset = 16.0
    static let titleStyle = TextStyle.body, subtitleStyle = TextStyle.footnote

    /// A row's title and subtitle heights under `traits`: 24 and 20 pt at the default text size, each
    /// growing as much as its line does.
    static func rowLines(_ traits: DisplayTraits) -> (title: Double, subtitle: Double) {
        func growth(_ style: TextStyle) -> Double {
            TextMetrics.lineHeight(size: style.size(at: traits.contentSize)) - TextMetrics.lineHeight(size: style.size(at: .large))
        }
        return (24 + growth(titleStyle), 20 + growth(subtitleStyle))
    }

    /// A row's height under `traits`: its lines with 8 pt above and below (60 pt at the default text size).
    static func rowHeight(_ traits: DisplayTraits) -> Double {
        let lines = rowLines(traits)
        return 8 + lines.title + lines.subtitle + 8
    }

    /// The app's nodes for `scene` under `traits` (their text size, their appearance's colours), back to front.
    func nodes(in scene: Scene, traits: DisplayTraits) -> [FrameNode] {
        let palette = Palette(traits.appearance)
        let width = scene.width, safe = scene.safeArea
        let text = {
            (lines: [String], size: Double, weight: ContentNode.Weight, color: ContentNode.Color, alignment: ContentNode.Alignment) in
            TextRun(
                lines: lines, size: size, weight: weight, color: color, alignment: alignment,
                inset: EdgeInsets(top: 0, leading: Self.rowInset + safe.leading, bottom: 0, trailing: Self.rowInset + safe.trailing),
                centeredVertically: true)
        }
        var nodes = [
            FrameNode(
                id: "app.background", role: .app, rect: Rect(x: 0, y: 0, width: width, height: scene.height),
                fill: palette.appBackground),
            FrameNode(
                id: "app.status-bar", role: .app, rect: Rect(x: 0, y: 0, width: width, height: safe.top),
                fill: palette.bar, text: safe.top >= 20 ? text(["9:41"], 15, .semibold, palette.label, .leading) : nil),
            FrameNode(
                id: "app.navigation-bar", role: .app,
                rect: Rect(x: 0, y: safe.top, width: width, height: Self.navigationBarHeight),
                fill: palette.bar, text: text([title], 17, .semibold, palette.label, .center),
                accessibility: AccessibilityDescription(role: .header, label: title)),
            FrameNode(
                id: "app.navigation-bar.separator", role: .app,
                rect: Rect(x: 0, y: safe.top + Self.navigationBarHeight, width: width, height: 0.5), fill: palette.separator),
        ]
        if safe.top >= 20 { nodes += StatusBarIcons.nodes(width: width - safe.trailing, centerY: safe.top / 2, palette: palette) }
        var separators: [FrameNode] = []
        var y = safe.top + Self.navigationBarHeight + 20
        let rowHeight = Self.rowHeight(traits), lines = Self.rowLines(traits)
        let titleSize = Self.titleStyle.size(at: traits.contentSize), subtitleSize = Self.subtitleStyle.size(at: traits.contentSize)
        for (index, row) in rows.enumerated() {
            guard y + rowHeight <= scene.height - safe.bottom else { break }
            nodes.append(
                FrameNode(
                    id: "app.row.\(index)", role: .app, rect: Rect(x: 0, y: y, width: width, height: rowHeight),
                    fill: palette.cell, accessibility: AccessibilityDescription(role: .text, label: "\(row.title), \(row.subtitle)")))
            nodes.append(
                FrameNode(
                    id: "app.row.\(index).title", role: .app,
                    rect: Rect(x: 0, y: y + 8, width: width, height: lines.title),
                    text: text([row.title], titleSize, .regular, palette.label, .leading)))
            nodes.append(
                FrameNode(
                    id: "app.row.\(index).subtitle", role: .app,
                    rect: Rect(x: 0, y: y + 8 + lines.title, width: width, height: lines.subtitle),
                    text: text([row.subtitle], subtitleSize, .regular, palette.secondaryLabel, .leading)))
            if index + 1 < rows.count {
                separators.append(
                    FrameNode(
                        id: "app.row.\(index).separator", role: .app,
                        rect: Rect(
                            x: Self.rowInset + safe.leading, y: y + rowHeight - 0.5,
                            width: width - Self.rowInset - safe.leading, height: 0.5),
                        fill: palette.separator))
            }
            y += rowHeight
        }
        nodes += separators
        if safe.bottom > 0 {
            nodes.append(
                FrameNode(
                    id: "app.home-indicator", role: .app,
                    rect: Rect(x: (width - 134) / 2, y: scene.height - 13, width: 134, height: 5),
                    fill: palette.homeIndicator, cornerRadius: 2.5))
        }
        return nodes
    }
}
