import Logging
import PopModel

#if canImport(Glibc)
import Glibc
#endif

/// The chef: composes popups from components of any plugins, decides what is on screen, and runs
/// every request through its lifecycle on a virtual clock, ending each with exactly one final event.
/// It knows nothing of layout, motion or input: its `presenter` (the presentation engine) hears of
/// every transition and moves the popups.
///
/// Not `Sendable`: it belongs to one actor (or thread) — the one that owns it, the main actor in an
/// app (`PopupRuntime`) — and the compiler refuses to send it to another. Components are called on
/// that actor only; they may call the completions they are given from any thread or task, and the
/// chef takes them on its next `advance`.
public final class Chef {
    public let configuration: ChefConfiguration
    public let catalog: ComponentCatalog
    /// The virtual clock: the chef's timers and the presentation engine's motions run on it.
    public let clock = VirtualClock()
    /// The app's pages behind the popups.
    public private(set) lazy var navigation = NavigationStack(chef: self)
    let inbox = CompletionInbox()
    /// Where lifecycle events go; nil to trace nothing (the fastest).
    @exclusivity(unchecked) public var trace: TraceSink?
    /// Who puts the popups on screen; told of every transition. Not retained.
    @exclusivity(unchecked) public weak var presenter: (any PopupPresenter)?
    /// The person's display traits, which its components are told of when the host calls them
    /// (`ComponentContext.displayTraits`); the presentation engine keeps it up to date.
    public var displayTraits = DisplayTraits()
    /// Called with every final event, after teardown and before the next queued popup starts.
    @exclusivity(unchecked) public var onFinalEvent: ((RequestID, FinalEvent) -> Void)?

    // The chef is used from one thread (see above), so its hot state skips the runtime's dynamic
    // exclusivity checks, which cost more than the work they guard on the show / dismiss path.
    @exclusivity(unchecked) var popups = LiveRequests()
    let layers = Layers()
    /// The final events of the most recent requests: slot `id % count` holds request `id`'s, until
    /// a request 4,096 later takes the slot (a long-running host must not grow).
    @exclusivity(unchecked) private var finalEvents = [(id: RequestID, event: FinalEvent, failure: ComponentFailure?)?](
        repeating: nil, count: 4096)
    /// The id of the most recent request (0 before the first).
    @exclusivity(unchecked) private(set) var lastRequestID: RequestID = 0
    static let logger = Logger(label: "pophost.chef")

    /// Set while the chef goes away: ending requests then starts no others.
    @exclusivity(unchecked) var isShuttingDown = false
    /// What is left of `configuration.threadAnswerWait`.
    private var threadAnswerWaitLeft: Duration?

    public init(catalog: ComponentCatalog = ComponentCatalog(), configuration: ChefConfiguration = ChefConfiguration()) {
        self.catalog = catalog
        self.configuration = configuration
        threadAnswerWaitLeft = configuration.threadAnswerWait
    }

    /// Requests still alive end now (`shutDown`).
    deinit {
        shutDown()
    }

    /// Ends the chef for good: every request still alive ends now — dismissed if it is on screen,
    /// cancelled if not, reason requested — each with its final event, its components destroyed and
    /// its completions freed; none waiting is started, and a request shown later is cancelled at
    /// once (reason requested).
    public func shutDown() {
        isShuttingDown = true
        for popup in popups.values.sorted(by: { $0.id < $1.id }) {
            finish(popup, popup.state == .idle ? .cancelled(.requested) : .dismissed(.requested))
        }
    }

    /// The virtual time.
    public var now: VirtualTime { clock.now }

    // MARK: Requests

    /// Starts a request; its id names it in every later call and in the trace.
    @discardableResult
    public func show(_ request: PopupRequest) -> RequestID {
        lastRequestID += 1
        let popup = Popup(id: lastRequestID, request: request)
        popups.insert(popup)
        if isShuttingDown {
            finish(popup, .cancelled(.requested))
            return popup.id
        }
        navigation.bind(popup.id, to: request.page)
        compose(popup)
        settleLosses()
        return popup.id
    }

    /// Dismisses (or, if not on screen yet, cancels) a request for `reason` (default: the app
    /// requested it), without asking its handler. False when it has already ended.
    @discardableResult
    public func dismiss(_ id: RequestID, reason: Reason = .requested) -> Bool {
        guard let popup = popups[id] else { return false }
        end(popup, reason: reason)
        settleLosses()
        return true
    }

    /// Dismisses every request with this dedupe key; returns how many.
    @discardableResult
    public func dismiss(dedupeKey: String) -> Int {
        dismissAll { $0.options.dedupeKey == dedupeKey }
    }

    /// Dismisses every request with a priority at most `priority`; returns how many.
    @discardableResult
    public func dismiss(priorityAtMost priority: Priority) -> Int {
        dismissAll { $0.options.priority <= priority }
    }

    /// Dismisses every request; returns how many.
    @discardableResult
    public func dismissAll() -> Int {
        dismissAll { _ in true }
    }

    private func dismissAll(where matches: (Popup) -> Bool) -> Int {
        let chosen = Self.waitingFirst(popups.values.filter(matches))
        for popup in chosen where popups[popup.id] != nil { end(popup, reason: .requested) }
        settleLosses()
        return chosen.count
    }

    /// Waiting requests first, then those on screen, each by id: ending a shown popup (at once, with
    /// no animation) must not let a waiting one onto the screen in the middle of a bulk operation.
    private static func waitingFirst(_ popups: some Collection<Popup>) -> [Popup] {
        popups.sorted { ($0.state.isVisible ? 1 : 0, $0.id) < ($1.state.isVisible ? 1 : 0, $1.id) }
    }

    /// Hides every popup whose handler agrees (`should_dismiss(hide-all)`), shown or waiting, as an
    /// app does before it navigates elsewhere. True when all of them agreed.
    @discardableResult
    public func hideAllIfCan() -> Bool {
        var all = true
        // Waiting ones first, so that hiding a shown one does not let a queued one in. A popup already
        // leaving is hidden, unless it leaves only to be requeued.
        for popup in Self.waitingFirst(popups.values)
        where popups[popup.id] != nil && (popup.state != .dismissing || popup.requeueWhenDismissed) {
            if ask(popup, mayDismissFor: .hideAll) {
                end(popup, reason: .hideAll)
            } else {
                all = false
            }
        }
        settleLosses()
        return all
    }

    /// A dismissal by the user (a background tap, a swipe) that the handler may veto. True when the
    /// popup is going away.
    @discardableResult
    public func userDismiss(_ id: RequestID, reason: Reason) -> Bool {
        guard let popup = popups[id], popup.state == .presenting || popup.state == .shown else { return false }
        defer { settleLosses() }
        guard ask(popup, mayDismissFor: reason) else { return false }
        beginDismiss(popup, reason: reason)
        return true
    }

    /// Shows again a popup that is being dismissed: it reverses from where it is. Anything else is
    /// a no-op, traced `show-ignored` with why: a popup presenting, shown or waiting (a second show),
    /// one leaving because it was preempted (an override waits for the layer), one whose dedupe key
    /// a newer request took once it started leaving, and a request that has ended. True when it
    /// reversed.
    @discardableResult
    public func reshow(_ id: RequestID) -> Bool {
        guard let popup = popups[id] else {
            if let final = finalEvent(of: id) { record(.showIgnored, request: id, detail: "already \(final)") }
            return false
        }
        let keyHolder = popup.options.dedupeKey.flatMap { self.holder(of: $0, besides: popup) }
        guard popup.state == .dismissing, !popup.requeueWhenDismissed, layers[popup.layer].next == nil, keyHolder == nil else {
            record(
                popup, .showIgnored,
                detail: keyHolder.map { "its dedupe key is held by request \($0.id)" } ?? "already \(popup.state.rawValue)")
            return false
        }
        popup.dismissReason = nil
        record(popup, .reversed)
        popup.state = .presenting
        popup.handler.willPresent()
        record(popup, .willPresent)
        startTransition(popup, to: 1)
        settleLosses()
        return true
    }

    // MARK: Time

    /// Moves the clock forward by `delta`, delivering plugin callbacks and completions and firing
    /// timers (animation ends, time-to-live, timeouts) in order.
    public func advance(by delta: VirtualTime) {
        advance(to: clock.now + delta)
    }

    /// Moves the clock to `time` (never backwards).
    public func advance(to time: VirtualTime) {
        pump()
        if time > clock.now { awaitThreadAnswers() }
        clock.advance(to: time) { self.pump() }
        pump()
    }

    /// Advances until no timer is pending (every animation has finished and every queue has
    /// drained), or until `limit` has passed; `step` runs each time a due time is reached (to look
    /// at the state between timers). Returns the time reached.
    @discardableResult
    public func runUntilIdle(limit: VirtualTime = .seconds(3600), afterEach step: () -> Void = {}) -> VirtualTime {
        let end = clock.now + limit
        while let due = nextDue(), due <= end {
            advance(to: due)
            step()
        }
        return clock.now
    }

    /// When the next timer is due, once the main-thread callbacks and completions already waiting
    /// have been taken — an answer a plugin gave through `on_main_thread` cancels its completion
    /// timeout first, so that timeout is not mistaken for pending work —; nil when nothing is pending.
    public func nextDue() -> VirtualTime? {
        pump()
        awaitThreadAnswers()
        return clock.nextDue
    }

    /// With `configuration.threadAnswerWait`: while the next thing due is the timeout of a
    /// completion a popup waits for, waits in real time (from what is left of that budget) for the
    /// plugin to call it from another thread, taking what arrives at the current virtual time.
    private func awaitThreadAnswers() {
        guard let left = threadAnswerWaitLeft, left > .zero, onlyCompletionsAreDue() else { return }
        let start = ContinuousClock.now
        while onlyCompletionsAreDue(), ContinuousClock.now - start < left {
            usleep(200)
            pump()
        }
        threadAnswerWaitLeft = left - (ContinuousClock.now - start)
    }

    /// Whether a popup waits for a completion and nothing is due before its timeout.
    private func onlyCompletionsAreDue() -> Bool {
        guard let next = clock.nextDue else { return false }
        return popups.values.contains { popup in
            popup.pendingCompletion != nil && popup.completionDeadline.map { $0 <= next } == true
        }
    }

    /// Delivers plugins' main-thread callbacks and the completions they have called, and ends the
    /// requests whose components were lost on the way.
    func pump() {
        var rounds = 0
        while rounds < 64 {
            rounds += 1
            let delivered = catalog.deliverMainThreadCallbacks()
            let messages = inbox.take()
            for message in messages { receive(message) }
            let settled = settleLosses()
            if messages.isEmpty && !delivered && !settled { return }
        }
    }

    /// Ends every live request that uses a component instance its source has lost (the plugin's
    /// process crashed or hung): one final event each, for the loss's reason — dismissed if it is
    /// on screen, cancelled if not —, waiting requests first so that none of them slips onto the
    /// screen in between. Called after every public operation that calls components, and by the
    /// clock's pump; a request that ends here may start another, whose components may be lost too,
    /// so it runs until the sources report nothing new. True when any loss was reported.
    @discardableResult
    func settleLosses() -> Bool {
        var settled = false
        while true {
            let losses = catalog.takeLosses()
            if losses.isEmpty { return settled }
            settled = true
            for popup in Self.waitingFirst(popups.values) where popups[popup.id] != nil {
                guard let loss = losses.first(where: popup.uses) else { continue }
                misbehaviour(popup, loss.message)
                popup.failure = ComponentFailure(loss.reason == .pluginTimeout ? .timedOut : .crashed, loss.message)
                finish(popup, popup.state.isVisible ? .dismissed(loss.reason) : .cancelled(loss.reason))
            }
        }
    }

    // MARK: Queries

    /// Whether any popup is presenting, shown or dismissing.
    public var isAnyVisible: Bool { popups.values.contains { $0.state.isVisible } }

    /// The popups on screen (presenting, shown, dismissing), by id.
    public var shown: [PopupSnapshot] {
        popups.values.filter { $0.state.isVisible }.sorted { $0.id < $1.id }.map { $0.snapshot(at: now) }
    }

    /// The requests waiting in the layers' queues, in the order they will be shown.
    public var queued: [PopupSnapshot] {
        Layer.allCases.flatMap { layers[$0].queue.elements.map { $0.snapshot(at: now) } }
    }

    /// The state of a request; nil for an unknown id.
    public func state(of id: RequestID) -> PopupState? {
        if let popup = popups[id] { return popup.state }
        return finalEvent(of: id).map { if case .dismissed = $0 { .dismissed } else { .cancelled } }
    }

    /// How a request ended, once it has (remembered for the 4,096 most recent requests; use
    /// `onFinalEvent` to keep them all).
    public func finalEvent(of id: RequestID) -> FinalEvent? {
        guard let slot = finalEvents[Int(id % RequestID(finalEvents.count))], slot.id == id else { return nil }
        return slot.event
    }

    /// Why a request that a component failure ended (its final event's reason `plugin-error`,
    /// `plugin-crashed` or `plugin-timeout`) ended: the failure, with its category — an unknown
    /// component id, a contract mismatch, a plugin that cannot load. Nil for a request still alive,
    /// ended otherwise, or older than the 4,096 most recent.
    public func failure(of id: RequestID) -> ComponentFailure? {
        guard let slot = finalEvents[Int(id % RequestID(finalEvents.count))], slot.id == id else { return nil }
        return slot.failure
    }

    /// How many requests are still alive (not yet ended).
    public var liveCount: Int { popups.count }

    /// The text typed into each text field of a request's popup, by field id.
    public func fields(of id: RequestID) -> [String: String] { popups[id]?.fields ?? [:] }

    /// The content of a request's popup, once it has started presenting.
    public func content(of id: RequestID) -> ContentNode? { popups[id]?.content }

    // MARK: Trace

    /// Records an event of request `id` (0: the scene's) when tracing, with its component ids;
    /// `detail` is only built then. For the presentation engine's events (focus, layout, drags…).
    public func record(_ kind: TraceEvent.Kind, request id: RequestID, reason: Reason? = nil, detail: @autoclosure () -> String? = nil) {
        guard let trace else { return }
        trace.record(
            TraceEvent(
                time: clock.now, request: id, kind: kind, reason: reason,
                components: popups[id]?.componentIDs ?? [:], detail: detail()))
    }

    /// A component of request `id` broke its contract (an invalid layout, say): logged and traced.
    public func reportMisbehaviour(of id: RequestID, _ message: String) {
        if let popup = popups[id] { misbehaviour(popup, message) }
    }

    /// Records an event when tracing; `detail` is only built then.
    func record(_ popup: Popup, _ kind: TraceEvent.Kind, reason: Reason? = nil, detail: @autoclosure () -> String? = nil) {
        guard let trace else { return }
        trace.record(
            TraceEvent(
                time: clock.now, request: popup.id, kind: kind, reason: reason,
                components: popup.componentIDs, detail: detail()))
    }

    /// A component broke its contract: log it and put it in the trace.
    func misbehaviour(_ popup: Popup, _ message: String) {
        Self.logger.warning("request \(popup.id): \(message)")
        record(popup, .misbehaviour, detail: message)
    }

    /// Records `event` as final and removes the request from the live set.
    func recordFinal(_ popup: Popup, _ event: FinalEvent) {
        popups.remove(popup.id)
        finalEvents[Int(popup.id % RequestID(finalEvents.count))] = (popup.id, event, popup.failure)
        switch event {
        case .dismissed(let reason): record(popup, .dismissed, reason: reason)
        case .cancelled(let reason): record(popup, .cancelled, reason: reason)
        }
        onFinalEvent?(popup.id, event)
    }
}

/// One actor's: see the type's documentation.
@available(*, unavailable)
extension Chef: Sendable {}
