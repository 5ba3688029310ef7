import PopModel

/// What a tap on a page's button did.
public enum PageButtonResult: Hashable, Sendable {
    /// The action ran and kept the page.
    case kept
    /// The action (or `pop.dismiss`) asked for a pop, and the page is popping.
    case popped
    /// The action asked for a pop that could not be (why: "the root page").
    case popRefused(String)
}
