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
        (containers, hidden) = frame.nodes.withUnsafeBufferPointer { nodes in
            // Read in place: a frame has dozens of nodes, and copying each whole would cost more than
            // the tree. First the containers (the app, each visible popup), to know what a modal one
            // hides; then the elements of those that are reachable.
            var all = [Container(id: "app", role: .page, label: "", modal: false, request: nil, elements: [])]
            for index in nodes.indices where nodes[index].role == .popup && nodes[index].opacity >= Self.visibleOpacity {
                guard let description = nodes[index].accessibility, description.role.isContainer, let request = nodes[index].request
                else { continue }
                all.append(
                    Container(
                        id: nodes[index].id, role: description.role, label: description.label, modal: description.modal,
                        request: request, elements: []))
            }
            var reachable = all, hidden: [String] = []
            if let modal = all.lastIndex(where: \.modal) {
                reachable = [all[modal]] + all[(modal + 1)...].filter { $0.role == .status }
                hidden = all[..<modal].map(\.id)
            }
            let screen = Rect(x: 0, y: 0, width: frame.screen.width, height: frame.screen.height)
            for index in nodes.indices where nodes[index].accessibility != nil && nodes[index].role != .popup {
                guard nodes[index].opacity >= Self.visibleOpacity,
                    let position = reachable.firstIndex(where: { $0.request == nodes[index].request }),
                    let description = nodes[index].accessibility
                else { continue }
                let transform = nodes[index].transform
                var visible = transform.boundingBox(of: nodes[index].rect).intersection(screen)
                if let clip = nodes[index].clip { visible = visible.intersection(transform.boundingBox(of: clip)) }
                guard visible.width > 0, visible.height > 0 else { continue }
                reachable[position].elements.append(
                    Element(
                        id: nodes[index].id, role: description.role, label: description.label, value: description.value,
                        traits: description.traits, frame: visible, request: nodes[index].request, action: nodes[index].action))
            }
            return (reachable, hidden)
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
