import PopModel

/// What a screen reader must find at a given time (`expect.accessibility[i]`); nil members are not checked.
public struct AccessibilityExpectation: Hashable, Sendable {
    /// Where it is in the document, e.g. "expect.accessibility[0]".
    public var path: String
    /// When the tree is taken (virtual time, absolute).
    public var at: VirtualTime
    /// The label of the focused element (`"focus"`); `.some(nil)` (JSON null): nothing has the focus.
    public var focus: String??
    /// Labels that must be reachable, in this reading order (others may come between).
    public var reachable: [String]?
    /// Labels no reachable element may have.
    public var unreachable: [String]?
    /// The request whose popup is modal (`"modal"`: its label), or false: no popup is modal.
    public var modal: ModalExpectation?

    public enum ModalExpectation: Hashable, Sendable {
        case request(String)
        case none
    }

    public init(
        path: String, at: VirtualTime, focus: String?? = nil, reachable: [String]? = nil, unreachable: [String]? = nil,
        modal: ModalExpectation? = nil
    ) {
        self.path = path
        self.at = at
        self.focus = focus
        self.reachable = reachable
        self.unreachable = unreachable
        self.modal = modal
    }
}
