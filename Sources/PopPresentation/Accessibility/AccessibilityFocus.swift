import PopModel

/// Where a screen reader's focus is, and where it goes back to: iOS's modal semantics as
/// docs/accessibility.md decides them. A modal popup that finishes presenting takes the focus (an
/// alert on its title, else the first element; anything else on its first element) and remembers the
/// element it took it from; when it leaves, the focus returns there if that element is still on
/// screen, else to the first element of what is. A banner is announced and never takes the focus.
public struct AccessibilityFocus: Hashable, Sendable {
    /// The id of the focused element; nil before anything was focused.
    public internal(set) var focused: String?
    /// The element focused before each modal popup took the focus, by request.
    var openers: [RequestID: String?] = [:]

    public init() {}

    /// Where the focus goes when `container` (a popup that just finished presenting) is reachable in `tree`.
    static func target(in container: AccessibilityTree.Container) -> AccessibilityTree.Element? {
        if container.role == .alertDialog, let title = container.elements.first(where: { $0.role == .header }) { return title }
        return container.elements.first
    }

    /// What a banner's announcement reads: its elements' labels, in reading order.
    static func announcement(of container: AccessibilityTree.Container) -> String {
        container.elements.map(\.label).filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// A container's elements as the trace lists them, in reading order: `header "Payment", button "Confirm"`.
    static func reading(of container: AccessibilityTree.Container) -> String {
        let elements = container.elements.map { "\($0.role.rawValue) \"\($0.label)\"" }
        return elements.isEmpty ? "no elements" : elements.joined(separator: ", ")
    }

    /// How an element is named in the trace: its id and label.
    static func describe(_ element: AccessibilityTree.Element) -> String { "\(element.id) \"\(element.label)\"" }
}
