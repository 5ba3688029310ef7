import PopChef
import PopModel

/// A page's content drawn once, at the origin, in its content area's size (from its top at its
/// intrinsic height when taller): a page keeps its content, and a transition only moves it, so a
/// frame mid-transition moves these nodes instead of laying out and drawing the page again. Moving
/// adds the area's origin to each rect — the very sums that moving a tree laid out at the origin
/// makes — so the nodes are the same as drawn in place.
struct PageContentNodes {
    /// The nodes at the origin, ids under `page.<name>.content`; the app's (no request).
    let nodes: [FrameNode]
    /// The content is taller than its area: it keeps its size and is clipped to the area.
    let clipped: Bool

    init(_ page: Page, size: Size) {
        var root = ContentScroll.layout(page.content, in: size, alert: false)
        root.node.background = nil  // drawn as the page's background
        clipped = root.frame.height > size.height + ContentScroll.tolerance
        var nodes: [FrameNode] = []
        ContentStyle(request: 0, transform: .identity, opacity: 1, fields: [:], focused: nil).append(
            root, id: "page.\(page.name).content", to: &nodes)
        for index in nodes.indices { nodes[index].request = nil }
        self.nodes = nodes
    }

    /// Appends the nodes moved to `area`, clipped to it when the content is taller.
    func append(in area: Rect, to drawn: inout [FrameNode]) {
        let clip = clipped ? area : nil
        drawn += nodes.lazy.map { node in
            var node = node
            node.rect.x += area.x
            node.rect.y += area.y
            node.clip = clip
            return node
        }
    }
}
