import PopChef
import PopModel

/// A page's content drawn once, at the origin, in its content area's size (from its top at its
/// intrinsic height when taller), resolved for the display traits (at the base level): a page keeps
/// its content, and a transition only moves it, so a frame mid-transition moves these nodes instead
/// of laying out and drawing the page again. Moving adds the area's origin to each rect — the very
/// sums that moving a tree laid out at the origin makes — so the nodes are the same as drawn in place.
/// A page that lists rows on demand ("pop.list/1") has its content at its intrinsic height as the rows'
/// header, and below it only the rows that show (`ListRowNodes`).
struct PageContentNodes {
    /// The nodes at the origin, ids under `page.<name>.content`; the app's (no request).
    let nodes: [FrameNode]
    /// The content's height as laid out (its intrinsic height when taller than its area), its rows included.
    let contentHeight: Double
    /// The page's background under the traits, drawn by the page's node: its own, else the app's.
    let background: ContentNode.Color
    /// The rows below the content, when the page lists rows on demand.
    private let rows: ListRowNodes?

    init(_ page: Page, size: Size, traits: DisplayTraits) {
        let palette = Palette(traits.appearance)
        // Above rows the content is a header at its intrinsic height: laid out in no height, it takes that.
        let room = page.rows == nil ? size : Size(width: size.width, height: 0)
        var root = ContentScroll.layout(page.content(for: traits), in: room, alert: false, traits: traits)
        background = root.node.background ?? palette.appBackground
        root.node.background = nil  // drawn as the page's background
        var nodes: [FrameNode] = []
        let id = "page.\(page.name).content"
        ContentStyle(
            request: 0, transform: .identity, opacity: 1, fields: [:], focused: nil, traits: traits,
            titleID: root.node.titleFrameID(under: id)
        ).append(root, id: id, to: &nodes)
        for index in nodes.indices { nodes[index].request = nil }
        self.nodes = nodes
        rows = page.rows.map { ListRowNodes($0, id: "page.\(page.name).row", width: size.width, top: root.frame.height, traits: traits) }
        contentHeight = root.frame.height + (rows?.height ?? 0)
    }

    /// How the content scrolls in `area` at `offset` (clamped); nil when it fits.
    func scroll(in area: Rect, offset: Double) -> Scroll? {
        ContentScroll.scroll(contentHeight: contentHeight, visible: area.height, offset: offset)
    }

    /// Appends the nodes moved to `area` and scrolled by `scroll`, clipped to the area when they
    /// scroll (content taller than its area keeps its size); of the rows, those that show.
    func append(in area: Rect, scroll: Scroll?, to drawn: inout [FrameNode]) {
        let clip = scroll == nil ? nil : area
        func moved(_ node: FrameNode) -> FrameNode {
            var node = node
            node.rect.x += area.x
            node.rect.y += area.y
            if let scroll { node.rect.y -= scroll.offset }
            node.clip = clip
            return node
        }
        drawn += nodes.lazy.map(moved)
        if let rows { drawn += rows.nodes(of: rows.band(offset: scroll?.offset ?? 0, visible: area.height)).lazy.map(moved) }
    }

    /// The height of `page`'s content laid out `width` wide in an area `height` high under `traits`, its rows
    /// included: what its scroll is clamped to.
    static func contentHeight(of page: Page, width: Double, height: Double, traits: DisplayTraits) -> Double {
        let content = page.content(for: traits)
        guard let rows = page.rows else {
            return ContentScroll.layout(content, in: Size(width: width, height: height), alert: false, traits: traits).frame.height
        }
        return LayoutEngine.sizeThatFits(content, limit: Size(width: width, height: .infinity), traits: traits).height + rows.layout.height
    }
}

extension Page {
    /// The page's content as it is drawn under `traits`: its semantic colours and text styles resolved
    /// (at the base level: a page is the window's own content).
    func content(for traits: DisplayTraits) -> ContentNode { content.resolved(for: traits) }
}
