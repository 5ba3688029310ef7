import PopModel

/// A page's lifecycle event, as UIKit's view controller hears it (seed 003 §2.2). The navigation
/// stack sends them in the order the spec lists for each transition; a page hears its own only.
public enum PageEvent: String, Hashable, Sendable, CaseIterable, Codable {
    case didLoad = "did-load"
    case willAppear = "will-appear"
    case didAppear = "did-appear"
    case willDisappear = "will-disappear"
    case didDisappear = "did-disappear"
    /// The page left the stack for good (after a completed pop); it hears nothing more.
    case released

    /// The trace's name for it.
    var traceKind: TraceEvent.Kind {
        switch self {
        case .didLoad: .pageDidLoad
        case .willAppear: .pageWillAppear
        case .didAppear: .pageDidAppear
        case .willDisappear: .pageWillDisappear
        case .didDisappear: .pageDidDisappear
        case .released: .pageReleased
        }
    }
}
