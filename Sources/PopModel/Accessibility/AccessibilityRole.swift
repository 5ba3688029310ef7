/// What an accessibility element is, as a screen reader announces it: UIKit's `UIAccessibilityTraits`
/// roles for elements, and the roles of the containers popups put them in. The raw value is the name
/// used in JSON frames, traces and scenarios; `abi` is the `POP_A11Y_ROLE_*` number of ext/accessibility.h.
public enum AccessibilityRole: String, Hashable, Sendable, CaseIterable, Codable {
    /// Performs an action when activated ("Button").
    case button
    /// Opens something elsewhere ("Link").
    case link
    /// Titles a part of the screen ("Heading"): a popup's title.
    case header
    /// Text that is read, not acted on.
    case text
    case image
    /// Takes typing.
    case textField = "text-field"
    /// Takes typing to search.
    case searchField = "search-field"
    /// A modal popup or sheet (ARIA `dialog`): while it is up, only its elements are reachable.
    case dialog
    /// An alert (ARIA `alertdialog`): modal, announced as "Alert".
    case alertDialog = "alert-dialog"
    /// A banner (ARIA `status`): announced when it arrives, never focused, the screen stays reachable.
    case status
    /// The app or a page of the navigation stack.
    case page

    /// The roles a plugin may give an element (`POP_A11Y_ROLE_*`), by their ABI number.
    public init?(abi: Int32) {
        switch abi {
        case 1: self = .button
        case 2: self = .link
        case 3: self = .header
        case 4: self = .text
        case 5: self = .image
        case 6: self = .textField
        case 7: self = .searchField
        default: return nil
        }
    }

    /// Whether an element of this role is a control: it must have a label and a target a finger can hit.
    public var isControl: Bool { self == .button || self == .link || self == .textField || self == .searchField }

    /// Whether this is a container's role rather than an element's.
    public var isContainer: Bool { self == .dialog || self == .alertDialog || self == .status || self == .page }
}
