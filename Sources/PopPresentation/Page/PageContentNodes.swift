import PopChef
import PopModel

/// A page's content drawn once, at the origin, in its content area's size (from its top at its
/// intrinsic height when taller), resolved for the display traits (at the base level): a page keeps
/// its content, and a transition only moves it, so a frame mid-transition moves these nodes instead
/// of laying out and drawing the page again. Moving adds the area's origin to each rect — the very
/// sums that moving a tree laid out at the origin makes — so the nodes are the same as drawn in place.
struct PageContentNodes {
    /// The nodes at the origin, ids under `page.<name>.content`; the app's (no request).
    let nodes: [FrameNode]
    /// The content's height as laid out (its intrinsic height when taller than its area).
    let contentHeight: Double
    /// The page's background under the traits, drawn by the page's node: its own, else the app's.
    let background: ContentNode.Color

    init(_ page: Page, size: Size, traits: DisplayTraits) {
        let palette = Palette(traits.appearance)
        var root = ContentScroll.layout(page.content(for: traits), in: size, alert: false, traits: traits)
        background = root.node.background ?? palette.appBackground
        root.node.background = nil  // drawn as the page's background
        contentHeight = root.frame.height
        var nodes: [FrameNode] = []
        let id = "page.\(page.name).content"
        ContentStyle(
            request: 0, transform: .identity, opacity: 1, fields: [:], focused: nil, traits: traits,
            titleID: root.node.titleFrameID(under: id)
        ).append(root, id: id, to: &nodes)
        for index in nodes.indices { nodes[index].request = nil }
        self.nodes = nodes
    }

    /// How the content scrolls in `area` at `offset` (clamped); nil when it fits.
    func scroll(in area: Rect, offset: Double) -> Scroll? {
        ContentScroll.scroll(contentHeight: contentHeight, visible: area.height, offset: offset)
    }

    /// Appends the nodes moved to `area` and scrolled by `scroll`, clipped to the area when they
    /// scroll (content taller than its area keeps its size).
    func append(in area: Rect, scroll: Scroll?, to drawn: inout [FrameNode]) {
        let clip = scroll == nil ? nil : area
        drawn += nodes.lazy.map { node in
            var node = node
            node.rect.x += area.x
            node.rect.y += area.y
            if let scroll { node.rect.y -= scroll.offset }
            node.clip = clip
            return node
        }
    }
}

extension Page {
    /// The page's content as it is drawn under `traits`: its semantic colours and text styles resolved
    /// (at the base level: a page is the window's own content).
    func content(for traits: DisplayTraits) -> ContentNode { content.resolved(for: traits) }
}
