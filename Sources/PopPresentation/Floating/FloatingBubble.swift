import PopChef
import PopModel

/// One floating bubble: the page it keeps (its kind, preferences and content, or the components and
/// data it was composed from, so a tap can make the page again and push it) and where it is. Its name (`bubble#1`) is unique for the engine's life.
public struct FloatingBubble: Hashable, Sendable {
    /// Where a bubble is in its life.
    public enum Motion: Hashable, Sendable {
        /// At rest at `origin`.
        case resting
        /// Under the finger: its top-left corner is at `at`.
        case dragging(at: Point)
        /// Springing from `from` to `origin` since `start` (it can be grabbed again).
        case snapping(from: Point, start: VirtualTime)
        /// Dropped into the delete circle at `at`: it leaves with the circle, then is gone.
        case deleting(at: Point)
    }

    public let number: Int
    /// The kind of page it makes ("article").
    public let kind: String
    public let preferences: PagePreferences
    public let content: ContentNode
    /// The components and data its page was composed from; nil for a page given as values.
    public let request: PageRequest?
    /// What it keeps and shows (the page's `preferences.floating`).
    public let declaration: FloatingDeclaration
    /// The resting (or snapping target) position of its top-left corner.
    public internal(set) var origin: Point
    public internal(set) var motion = Motion.resting
    /// The page on the stack opened from this bubble, by name; nil while it floats.
    public internal(set) var openPage: String?
    /// The name of the page it was made from, or last opened as (for the trace).
    public internal(set) var pageName: String
    /// Before this time the bubble is not drawn (its page is still shrinking into it), except while
    /// it fades out (`fadeOut`).
    var appearsAt: VirtualTime
    /// Its page swiped back into it: the bubble fades out from this opacity, from when the pan was
    /// released until the card becomes it at `appearsAt`; nil: it is not drawn before `appearsAt`.
    var fadeOut: Fade?

    /// A bubble's fade out while its page shrinks back into it.
    struct Fade: Hashable, Sendable {
        let from: Double
        let start: VirtualTime
    }

    /// "bubble#1".
    public var name: String { "bubble#\(number)" }

    /// Whether a finger may grab it: floating, at rest or springing.
    var isGrabbable: Bool {
        switch motion {
        case .resting, .snapping: openPage == nil
        case .dragging, .deleting: false
        }
    }
}
