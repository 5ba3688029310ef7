/// What a screen reader can reach in a frame, in reading order: the containers on screen (the app or
/// page, popups) with their elements, as iOS's modal semantics allow — while a modal popup or sheet
/// is up, only its elements and those of banners above it (`accessibilityViewIsModal`). Elements that
/// are transparent or off screen are not reachable. Built from the frame alone, so every renderer and
/// test sees the same tree.
public struct AccessibilityTree: Hashable, Sendable {
    /// One element: a drawn node a screen reader reads and may activate.
    public struct Element: Hashable, Sendable {
        /// The frame node's id (`popup.3.content.0.2`).
        public var id: String
        public var role: AccessibilityRole
        public var label: String
        public var value: String?
        public var traits: AccessibilityTraits
        /// Where it is on the screen (its bounds, clipped to what is visible).
        public var frame: Rect
        /// The popup it belongs to; nil for the app's, a page's and the floating window's.
        public var request: RequestID?
        /// A button's action name.
        public var action: String?
    }

    /// A popup, or the app with its page, and its reachable elements.
    public struct Container: Hashable, Sendable {
        /// `app`, or the popup's node id (`popup.3`).
        public var id: String
        public var role: AccessibilityRole
        public var label: String
        public var modal: Bool
        public var request: RequestID?
        public var elements: [Element]
    }

    /// The reachable containers, back to front (the app first).
    public var containers: [Container]
    /// The containers a modal popup hides (the app and popups under it); empty when none is modal.
    public var hidden: [String]
    /// The element with the screen reader's focus, when it is reachable.
    public var focus: String?

    /// Every reachable element, in reading order.
    public var elements: [Element] { containers.flatMap(\.elements) }

    /// The reachable element with this id.
    public func element(_ id: String) -> Element? { elements.first { $0.id == id } }

    /// The reachable elements whose label is `label`, compared without case and surrounding spaces.
    public func elements(labelled label: String) -> [Element] {
        let wanted = Self.folded(label)
        return elements.filter { Self.folded($0.label) == wanted }
    }

    /// The focused element, if any.
    public var focusedElement: Element? { focus.flatMap(element) }

    /// The tree of `frame`.
    public init(frame: Frame) {
        // One pass over the nodes (a frame has dozens; reading each once is most of the cost): the
        // containers in draw order, every visible element by the request it belongs to.
        var all = [Container(id: "app", role: .page, label: "", modal: false, request: nil, elements: [])]
        var elements: [RequestID?: [Element]] = [:]
        let screen = Rect(x: 0, y: 0, width: frame.screen.width, height: frame.screen.height)
        for node in frame.nodes {
            guard let description = node.accessibility, node.opacity >= Self.visibleOpacity else { continue }
            if description.role.isContainer {
                guard let request = node.request else { continue }
                all.append(
                    Container(
                        id: node.id, role: description.role, label: description.label, modal: description.modal, request: request,
                        elements: []))
                continue
            }
            var visible = node.transform.boundingBox(of: node.rect).intersection(screen)
            if let clip = node.clip { visible = visible.intersection(node.transform.boundingBox(of: clip)) }
            guard visible.width > 0, visible.height > 0 else { continue }
            elements[node.request, default: []].append(
                Element(
                    id: node.id, role: description.role, label: description.label, value: description.value, traits: description.traits,
                    frame: visible, request: node.request, action: node.action))
        }
        for index in all.indices { all[index].elements = elements[all[index].request] ?? [] }
        if let modal = all.lastIndex(where: \.modal) {
            containers = [all[modal]] + all[(modal + 1)...].filter { $0.role == .status }
            hidden = all[..<modal].map(\.id)
        } else {
            containers = all
            hidden = []
        }
        focus = nil
        if let focused = frame.accessibilityFocus, containers.contains(where: { $0.elements.contains { $0.id == focused } }) {
            focus = focused
        }
    }

    /// Below this opacity a node is not read (UIKit ignores views that are all but transparent).
    public static let visibleOpacity = 0.01

    private static func folded(_ label: String) -> String {
        String(label.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()).lowercased()
    }
}
