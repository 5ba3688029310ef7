import PopChef
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

extension PresentationEngine {
    /// A tap on a button of `page`'s content naming `action`: the page handler's action runs
    /// (`NavigationStack.runAction`), and the page pops when its result says so. Traced
    /// `page-action` with what happened ("list#1: open → keep", "→ pop", "→ pop refused: the root
    /// page"). Nil when nothing ran.
    @discardableResult
    public func tapPageButton(_ action: String, on page: Page) -> PageButtonResult? {
        guard let outcome = navigation.runAction(action, on: page) else { return nil }
        let result: PageButtonResult
        if outcome == .dismiss {
            result =
                pop(animated: true) ? .popped : .popRefused(navigation.pages.count < 2 ? "the root page" : "a transition is under way")
        } else {
            result = .kept
        }
        let said =
            switch result {
            case .kept: "keep"
            case .popped: "pop"
            case .popRefused(let why): "pop refused: \(why)"
            }
        chef.record(.pageAction, request: 0, detail: "\(page.name): \(action) → \(said)")
        return result
    }
}
