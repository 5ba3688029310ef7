import PopModel

/// The app behind the popups as a stack of pages (UINavigationController's model). It runs the
/// pages' lifecycle in the spec's order (sheets-navigation-floating.md, "Navigation"): a push or a
/// pop starts a transition and sends the "will" events; `finishTransition` ends it and sends the
/// "did" events (and releases a popped page); an interactive pop may instead be cancelled. It knows
/// nothing of how a transition moves: the presentation engine animates it and calls back.
///
/// At most one transition runs at a time: a push or pop asked for during one is refused (traced
/// `page-refused`), as UIKit refuses a pop gesture during a transition (FD #163: fast repeated
/// swipes must not corrupt the stack).
///
/// Not thread-safe: use it from its chef's thread.
public final class NavigationStack {
    // Read on every show (`bind`), from the chef's thread only: no dynamic exclusivity checks.
    /// The pages, bottom first; the arriving page of a push is on it from the push's start.
    @exclusivity(unchecked) public private(set) var pages: [Page] = []
    /// The transition under way, if any.
    @exclusivity(unchecked) public private(set) var transition: PageTransition?
    unowned let chef: Chef
    private var sequence = 0
    /// The page each live request belongs to, by page name; "" for a request naming no page on
    /// the stack.
    @exclusivity(unchecked) private var owners: [RequestID: String] = [:]

    init(chef: Chef) { self.chef = chef }

    /// The page on top: during a pop, still the leaving one.
    public var top: Page? { pages.last }

    /// The page a user sees as current: the arriving page during a transition, else the top.
    public var current: Page? { transition?.arriving ?? top }

    /// A new page of `kind`, numbered within this stack ("list#1").
    public func makePage(kind: String, preferences: PagePreferences, content: ContentNode, handler: PageHandler? = nil) -> Page {
        sequence += 1
        return Page(kind: kind, preferences: preferences, content: content, handler: handler, sequence: sequence)
    }

    /// A page composed from `request`, numbered within this stack (NavigationStack+Composition).
    func makeComposedPage(
        kind: String, preferences: PagePreferences, content: ContentNode, rows: ListRows?, handler: PageHandler, request: PageRequest
    ) -> Page {
        sequence += 1
        return Page(
            kind: kind, preferences: preferences, content: content, rows: rows, handler: handler, request: request, sequence: sequence)
    }

    /// The style on the real bar: the arriving page's from a transition's start (on pop KM applies
    /// it at once; on push the arriving page sets it in its will-appear), else the top page's; nil
    /// with no page.
    public var barStyle: BarStyle? { current?.bar }

    /// Whether the real bar's background is hidden: during a transition each page's fake bar draws
    /// its own background instead (KMNavigationBarTransition).
    public var barBackgroundHidden: Bool { transition != nil }

    // MARK: Operations

    /// Puts `page` at the bottom of an empty stack: it loads and appears without animation.
    @discardableResult
    public func setRoot(_ page: Page) -> Bool {
        guard pages.isEmpty, transition == nil else {
            refuse("root", page.name, because: "the stack is not empty")
            return false
        }
        pages = [page]
        chef.record(.pagePush, request: 0, detail: page.name)
        send(.didLoad, to: page, animated: false)
        send(.willAppear, to: page, animated: false)
        send(.didAppear, to: page, animated: false)
        return true
    }

    /// Pushes `page` over the top page: (page did-load) top will-disappear, page will-appear; the
    /// "did" events follow at `finishTransition` (at once when not `animated`).
    @discardableResult
    public func push(_ page: Page, animated: Bool) -> PageTransition? {
        guard let top else {
            setRoot(page)
            return nil
        }
        guard transition == nil else {
            refuse("push", page.name, because: "a transition is under way")
            return nil
        }
        guard !pages.contains(where: { $0 === page }) else {
            refuse("push", page.name, because: "the page is already on the stack")
            return nil
        }
        pages.append(page)
        let started = PageTransition(kind: .push, leaving: top, arriving: page, animated: animated)
        transition = started
        chef.record(.pagePush, request: 0, detail: page.name)
        send(.didLoad, to: page, animated: animated)
        send(.willDisappear, to: top, animated: animated)
        send(.willAppear, to: page, animated: animated)
        endRequests(of: top)
        if !animated { finishTransition() }
        return started
    }

    /// Pops the top page: top will-disappear, the one under it will-appear; then at
    /// `finishTransition` top did-disappear, under did-appear, top released. Refused with one page.
    @discardableResult
    public func pop(animated: Bool) -> PageTransition? {
        guard let started = startPop(.pop, animated: animated) else { return nil }
        if !animated { finishTransition() }
        return started
    }

    /// Starts a pop the user drives (the pan began): the same "will" events as a pop; it ends with
    /// `finishTransition` (completed) or `cancelInteractivePop` (released back).
    @discardableResult
    public func beginInteractivePop() -> PageTransition? {
        startPop(.interactivePop, animated: true)
    }

    /// Ends the transition under way: a push's leaving page did-disappear and arriving did-appear; a
    /// pop's leaving page did-disappear, arriving did-appear, then the leaving page is released.
    public func finishTransition() {
        guard let ended = transition else { return }
        transition = nil
        send(.didDisappear, to: ended.leaving, animated: ended.animated)
        send(.didAppear, to: ended.arriving, animated: ended.animated)
        if ended.isPop {
            pages.removeLast()
            send(.released, to: ended.leaving, animated: ended.animated)
            endRequests(of: ended.leaving)
        }
    }

    /// The user released an interactive pop short of completing it: the page underneath
    /// will-disappear, the top page will-appear, under did-disappear, top did-appear (the spec's
    /// Decisions); the top page's bar style is back on the real bar.
    public func cancelInteractivePop() {
        guard let cancelled = transition, cancelled.kind == .interactivePop else { return }
        transition = nil
        chef.record(.pagePopCancelled, request: 0, detail: cancelled.leaving.name)
        send(.willDisappear, to: cancelled.arriving, animated: true)
        send(.willAppear, to: cancelled.leaving, animated: true)
        send(.didDisappear, to: cancelled.arriving, animated: true)
        send(.didAppear, to: cancelled.leaving, animated: true)
    }

    // MARK: Popups and pages

    /// Binds request `id` to its page: the page `named` (a name, or a kind for the topmost page of
    /// that kind), else the current page. Without pages and without a name it belongs to none (the
    /// app of old) and navigation never ends it.
    func bind(_ id: RequestID, to named: String?) {
        if let named {
            owners[id] = pages.last { $0.name == named || $0.kind == named }?.name ?? ""
        } else if let current {
            owners[id] = current.name
        }
    }

    /// The page request `id` belongs to when that page is not the current one (it may not present:
    /// a popup never shows on another page); nil when it may present.
    func pageElsewhere(for id: RequestID) -> String? {
        guard !owners.isEmpty, let owner = owners[id], owner != current?.name else { return nil }
        return owner.isEmpty ? "(none on the stack)" : owner
    }

    /// The page the live request `id` belongs to, if any.
    public func page(of id: RequestID) -> String? { owners[id].flatMap { $0.isEmpty ? nil : $0 } }

    /// Ends every live request of `page`: it was covered by a push or popped. On screen they are
    /// dismissed, waiting they are cancelled, with reason preempted.
    private func endRequests(of page: Page) {
        owners = owners.filter { chef.popups[$0.key] != nil }
        for (id, owner) in owners.sorted(by: { $0.key < $1.key }) where owner == page.name {
            chef.dismiss(id, reason: .preempted)
        }
    }

    // MARK: Helpers

    private func startPop(_ kind: PageTransition.Kind, animated: Bool) -> PageTransition? {
        let operation = kind == .pop ? "pop" : "interactive pop"
        guard pages.count > 1, let top else {
            refuse(operation, top?.name ?? "none", because: "only one page is on the stack")
            return nil
        }
        guard transition == nil else {
            refuse(operation, top.name, because: "a transition is under way")
            return nil
        }
        let under = pages[pages.count - 2]
        let started = PageTransition(kind: kind, leaving: top, arriving: under, animated: animated)
        transition = started
        chef.record(kind == .pop ? .pagePop : .pagePopBegan, request: 0, detail: top.name)
        send(.willDisappear, to: top, animated: animated)
        send(.willAppear, to: under, animated: animated)
        return started
    }

    private func refuse(_ operation: String, _ page: String, because reason: String) {
        chef.record(.pageRefused, request: 0, detail: "\(operation) \(page): \(reason)")
    }

    private func send(_ event: PageEvent, to page: Page, animated: Bool) {
        chef.record(event.traceKind, request: 0, detail: page.name)
        page.handler?.page(page, did: event, animated: animated)
    }
}
