/// A navigation transition under way: which page leaves, which arrives, how it was started.
public struct PageTransition {
    public enum Kind: String, Sendable {
        case push, pop
        /// A pop the user drives with a pan; it may complete or be cancelled.
        case interactivePop = "interactive-pop"
    }

    public let kind: Kind
    /// The page on screen when it started.
    public let leaving: Page
    /// The page on screen when it completes.
    public let arriving: Page
    /// The transition's own flag: the pages' events and their bars' visibility changes carry it.
    public let animated: Bool

    public var isPop: Bool { kind != .push }
}
