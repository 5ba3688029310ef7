import PopChef
import PopModel

/// What a stage's frames share from one to the next, so that a frame costs little more than what
/// moved: the app's nodes for a scene, the keyboard's nodes at a height, each popup's content laid
/// out at its size and a sheet's rows on demand, each page's content drawn at its size and the status bar over the pages.
/// Content is laid out (a page's drawn) at the origin and moved to its frame, whether it came from
/// the cache or not, so a frame does not depend on which frames were drawn before it. Everything is
/// kept for the display traits it was drawn under (colours, text sizes and direction follow them), so
/// a change of traits mid-run draws it again.
final class FrameCache {
    /// How many nodes the last frame had: the next one makes room for as many at once.
    var nodeCount = 0
    /// Single-line measurements of popups' fields and image names, kept from frame to frame.
    let textLines = TextLines()
    private var app: (scene: Scene, app: AppScreen, traits: DisplayTraits, nodes: [FrameNode])?
    private var keyboard: (scene: Scene, traits: DisplayTraits, height: Double, numeric: Bool, nodes: [FrameNode])?
    private var layouts: [RequestID: (size: Size, traits: DisplayTraits, root: LaidOutNode, ids: ContentIDs?)] = [:]
    private var rowNodes: [RequestID: ListRowNodes] = [:]
    private var pageContents: [String: (page: Page, size: Size, traits: DisplayTraits, content: PageContentNodes)] = [:]
    private var restingPage: (scene: Scene, key: String, traits: DisplayTraits, nodes: [FrameNode])?
    private var statusBar: (scene: Scene, traits: DisplayTraits, nodes: [FrameNode])?

    func appNodes(_ screen: AppScreen, in scene: Scene, traits: DisplayTraits) -> [FrameNode] {
        if let app, app.scene == scene, app.app == screen, app.traits == traits { return app.nodes }
        let nodes = screen.nodes(in: scene, traits: traits)
        app = (scene, screen, traits, nodes)
        return nodes
    }

    func keyboardNodes(in scene: Scene, traits: DisplayTraits, visibleHeight: Double, numeric: Bool) -> [FrameNode] {
        if let keyboard, keyboard.scene == scene, keyboard.traits == traits, keyboard.height == visibleHeight,
            keyboard.numeric == numeric
        {
            return keyboard.nodes
        }
        let nodes = KeyboardLayout.nodes(in: scene, visibleHeight: visibleHeight, numeric: numeric, palette: Palette(traits.appearance))
        keyboard = (scene, traits, visibleHeight, numeric, nodes)
        return nodes
    }

    /// `content` (request `id`'s, which changes only with the traits) laid out at the origin in `size` under
    /// `traits`, or from its top at its intrinsic height when taller (`ContentScroll`); an alert's with its
    /// actions as iOS lays them out (`AlertActions`). The caller places it.
    func layout(_ content: ContentNode, of id: RequestID, in size: Size, alert: Bool, traits: DisplayTraits) -> LaidOutNode {
        if let cached = layouts[id], cached.size == size, cached.traits == traits { return cached.root }
        let root = ContentScroll.layout(content, in: size, alert: alert, traits: traits)
        layouts[id] = (size, traits, root, nil)
        return root
    }

    /// The ids of request `id`'s laid-out content (`layout`) as drawn before, to read back; or none yet, to make.
    func contentIDs(of id: RequestID) -> ContentIDs {
        layouts[id]?.ids.map { ContentIDs(reading: $0) } ?? ContentIDs()
    }

    /// Keeps the ids request `id`'s content was drawn with, made for its layout as it is now.
    func keep(_ ids: ContentIDs, of id: RequestID) {
        guard !ids.wereRead, layouts[id] != nil else { return }
        layouts[id]?.ids = ids
    }

    /// The rows `popup` (a sheet) lists on demand, drawn at the origin `width` wide below a header `top` high under
    /// `traits`, kept while those stay, so that a row built and laid out once is only moved; nil without rows.
    func rowNodes(of popup: ScreenPopup, width: Double, top: Double, traits: DisplayTraits) -> ListRowNodes? {
        guard let rows = popup.rows else { return nil }
        if let cached = rowNodes[popup.id], cached.rows === rows, cached.width == width, cached.top == top, cached.traits == traits {
            return cached
        }
        let nodes = ListRowNodes(
            rows, id: "popup.\(popup.id).row", request: popup.id, width: width, top: top, traits: traits, elevated: popup.isElevated)
        rowNodes[popup.id] = nodes
        return nodes
    }

    /// The nodes of the stack at rest under `traits` (`key` names what they show: the page, its back
    /// button), made by `make` when they changed.
    func restingPageNodes(in scene: Scene, key: String, traits: DisplayTraits, make: () -> [FrameNode]) -> [FrameNode] {
        if let restingPage, restingPage.scene == scene, restingPage.key == key, restingPage.traits == traits { return restingPage.nodes }
        let nodes = make()
        restingPage = (scene, key, traits, nodes)
        return nodes
    }

    /// `page`'s content drawn at the origin in `size` under `traits`, once per page, size and traits: a page
    /// keeps its content, and only moves during a transition.
    func pageContent(of page: Page, size: Size, traits: DisplayTraits) -> PageContentNodes {
        if let cached = pageContents[page.name], cached.page === page, cached.size == size, cached.traits == traits {
            return cached.content
        }
        let content = PageContentNodes(page, size: size, traits: traits)
        pageContents[page.name] = (page, size, traits, content)
        return content
    }

    /// The status bar's text and icons over the pages in `scene`, made by `make` when the scene or the
    /// traits changed.
    func statusBarNodes(in scene: Scene, traits: DisplayTraits, make: () -> [FrameNode]) -> [FrameNode] {
        if let statusBar, statusBar.scene == scene, statusBar.traits == traits { return statusBar.nodes }
        let nodes = make()
        statusBar = (scene, traits, nodes)
        return nodes
    }

    /// Forgets the content of pages no longer on the stack.
    func keepPageContents(of pages: [Page]) {
        guard pageContents.count > pages.count else { return }
        let names = Set(pages.map(\.name))
        pageContents = pageContents.filter { names.contains($0.key) }
    }

    /// Forgets the layouts and rows of requests no longer on screen.
    func keepLayouts(of ids: Set<RequestID>) {
        if layouts.count > ids.count { layouts = layouts.filter { ids.contains($0.key) } }
        if rowNodes.count > 0, rowNodes.keys.contains(where: { !ids.contains($0) }) { rowNodes = rowNodes.filter { ids.contains($0.key) } }
    }
}

extension LaidOutNode {
    /// The node and its descendants moved by `x`, `y`.
    func moved(x: Double, y: Double) -> LaidOutNode {
        var moved = self
        moved.frame.x = frame.x + x
        moved.frame.y = frame.y + y
        moved.children = children.map { $0.moved(x: x, y: y) }
        moved.separators = separators.map { Rect(x: $0.x + x, y: $0.y + y, width: $0.width, height: $0.height) }
        return moved
    }
}
