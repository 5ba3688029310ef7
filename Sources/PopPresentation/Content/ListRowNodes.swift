import PopChef
import PopModel

/// The rows a page or a sheet lists on demand ("pop.list/1") drawn in its content area: only those that intersect
/// what shows at the scroll offset, plus `margin` points above and below (UITableView's visible cells), each laid
/// out in its own rect below the header content, the area's width, and kept, as frame nodes at the origin, while
/// it stays in that band. Ids: `<id>.<row>…` (`page.<name>.row.<row>`, `popup.<request>.row.<row>`), so a row
/// keeps its id whatever scrolls.
final class ListRowNodes {
    /// Points above and below the visible area whose rows are built and drawn too (POP_LIST_MARGIN).
    static let margin = 100.0

    let rows: ListRows
    private let id: String
    /// The request whose nodes they are (nil: the app's, a page's).
    private let request: RequestID?
    let width: Double
    /// Where the first row's top is: below the header content.
    let top: Double
    let traits: DisplayTraits
    /// Whether the rows are resolved on dark's elevated level, as a sheet's content is (`ScreenPopup.isElevated`).
    private let elevated: Bool
    private var kept: [Int: [FrameNode]] = [:]

    init(_ rows: ListRows, id: String, request: RequestID? = nil, width: Double, top: Double, traits: DisplayTraits, elevated: Bool = false)
    {
        self.rows = rows
        self.id = id
        self.request = request
        self.width = width
        self.top = top
        self.traits = traits
        self.elevated = elevated
    }

    /// The rows' height together.
    var height: Double { rows.layout.height }

    /// The rows that show of content scrolled to `offset` in an area `visible` high, with the margin.
    func band(offset: Double, visible: Double) -> Range<Int> {
        rows.layout.rows(from: offset - Self.margin - top, to: offset + visible + Self.margin - top)
    }

    /// The nodes of `band`'s rows, at the origin, in order; every other row's are forgotten.
    func nodes(of band: Range<Int>) -> [FrameNode] {
        let contents = rows.content(of: band)
        if kept.count > band.count || kept.keys.contains(where: { !band.contains($0) }) {
            kept = kept.filter { band.contains($0.key) }
        }
        var nodes: [FrameNode] = []
        for (row, content) in zip(band, contents) {
            if let drawn = kept[row] {
                nodes += drawn
                continue
            }
            guard let content else { continue }
            let frame = Rect(x: 0, y: top + rows.layout.top(of: row), width: width, height: rows.layout.height(of: row))
            let laid = LayoutEngine.layout(content.resolved(for: traits, elevated: elevated), in: frame, traits: traits)
            var drawn: [FrameNode] = []
            ContentStyle(request: request ?? 0, transform: .identity, opacity: 1, fields: [:], focused: nil, traits: traits).append(
                laid, id: "\(id).\(row)", to: &drawn)
            for index in drawn.indices { drawn[index].request = request }
            kept[row] = drawn
            nodes += drawn
        }
        return nodes
    }
}
