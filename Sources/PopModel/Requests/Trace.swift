import Synchronization

/// One lifecycle event of one request (or of the scene, request 0).
public struct TraceEvent: Hashable, Sendable {
    /// What happened. The raw values are the names the JSON lines, scenarios and snapshots use.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        // Composition and arbitration
        case requested
        case shouldPresent = "should-present"
        case answered
        case duplicate
        case waiting
        case lost
        case queued
        case requeued
        case requeueCancelled = "requeue-cancelled"
        // The lifecycle
        case willPresent = "will-present"
        case presenting
        case didPresent = "did-present"
        case willDismiss = "will-dismiss"
        case dismissing
        case didDismiss = "did-dismiss"
        case reversed
        case showIgnored = "show-ignored"
        case dismissVetoed = "dismiss-vetoed"
        /// A user's dismissal of a sheet was refused (modal in presentation, or vetoed): it snaps back.
        case dismissAttempted = "dismiss-attempted"
        // The final events
        case dismissed
        case cancelled
        // Input and the presentation engine
        case action
        case typed
        case focus
        case unfocus
        case layout
        case displayTimerHeld = "display-timer-held"
        case displayTimerResumed = "display-timer-resumed"
        case dragEnded = "drag-ended"
        /// A sheet came to rest at another detent (`detail`: the detent, and "user" or "programmatic").
        case detentChanged = "detent-changed"
        // The scene (request 0)
        case resize
        case appKeyboard = "app-keyboard"
        case appTap = "app-tap"
        case openURL = "open-url"
        /// The person's display traits changed (`detail`: what changed, as `appearance dark, content-size ax5`).
        case traits
        /// A component of a popup on screen heard the traits change ("pop.trait_observer/1";
        /// `detail`: "view-loader <id>" or "controller-loader <id>").
        case traitsObserved = "traits-observed"
        // The navigation stack (request 0; `detail` names the page)
        case pagePush = "page-push"
        case pagePop = "page-pop"
        case pagePopBegan = "page-pop-began"
        case pagePopCancelled = "page-pop-cancelled"
        case pageRefused = "page-refused"
        case pageDidLoad = "page-did-load"
        case pageWillAppear = "page-will-appear"
        case pageDidAppear = "page-did-appear"
        case pageWillDisappear = "page-will-disappear"
        case pageDidDisappear = "page-did-disappear"
        case pageReleased = "page-released"
        /// A button of the top page's content ran an action (`detail`: "list#1: open → keep", "→ pop", "→ pop refused: …").
        case pageAction = "page-action"
        /// The top page's content scrolled (`detail`: "list#1: 0.0 → 300.0", "… animated 0.3 s" when it moves over time).
        case pageScroll = "page-scroll"
        // The floating window (request 0; `detail`: the page, the bubble and what it keeps or where it went)
        /// A page shrank into a new bubble.
        case bubbleCreated = "bubble-created"
        /// A new bubble took the place of an old one (same `keep`, or the limit reached).
        case bubbleReplaced = "bubble-replaced"
        /// A tap on a bubble pushed its page again.
        case bubbleOpened = "bubble-opened"
        /// A page opened from its bubble was popped back into it.
        case bubbleClosed = "bubble-closed"
        /// A dragged bubble came to rest at its snapping position.
        case bubbleMoved = "bubble-moved"
        /// A bubble dropped into the corner circle is gone.
        case bubbleDeleted = "bubble-deleted"
        /// A bubble could not be grabbed or opened (`detail` says why).
        case bubbleRefused = "bubble-refused"
        // A screen reader (docs/accessibility.md)
        /// Its focus moved (`detail`: the element and why: "popup.3.content.0 \"Pay\": into popup 3");
        /// traced while VoiceOver runs.
        case accessibilityFocus = "a11y-focus"
        /// A modal popup has presented and is what a screen reader reaches (UIKit's screen change;
        /// `detail`: its elements in reading order, `header "Payment", button "Confirm"`); traced while
        /// VoiceOver runs, just before the focus moves into it.
        case accessibilityScreenChanged = "a11y-screen-changed"
        /// A banner was announced (`detail`: what was read); traced while VoiceOver runs.
        case accessibilityAnnouncement = "a11y-announce"
        /// The escape gesture (two-finger scrub; `detail`: what it escaped, or that nothing could be).
        case accessibilityEscape = "a11y-escape"
        /// A plugin broke its contract; `detail` says how.
        case misbehaviour
    }

    /// Virtual time of the event.
    public var time: VirtualTime
    /// The request; 0 for the scene's events.
    public var request: RequestID
    public var kind: Kind
    public var reason: Reason?
    /// The request's component ids ("handler", "view_loader", "controller_loader", "reformer"),
    /// "builtin" for a built-in default.
    public var components: [String: String]
    /// Free text: the action's name, the plugin's misbehaviour, the priority...
    public var detail: String?

    public init(
        time: VirtualTime, request: RequestID, kind: Kind, reason: Reason? = nil, components: [String: String] = [:],
        detail: String? = nil
    ) {
        self.time = time
        self.request = request
        self.kind = kind
        self.reason = reason
        self.components = components
        self.detail = detail
    }

    /// The event as one JSON line (fields in this order, absent ones left out), without the newline.
    public var jsonLine: String {
        var object = Value.Object()
        object["t"] = .double(time.milliseconds)
        object["request"] = .int(Int64(request))
        object["event"] = .string(kind.rawValue)
        if let reason { object["reason"] = .string(reason.description) }
        if !components.isEmpty {
            var members = Value.Object()
            for (key, value) in components.sorted(by: { $0.key < $1.key }) { members[key] = .string(value) }
            object["components"] = .object(members)
        }
        if let detail { object["detail"] = .string(detail) }
        return Value.object(object).json
    }
}

/// Where a chef's trace goes.
public protocol TraceSink: AnyObject {
    func record(_ event: TraceEvent)
}

/// Keeps every event in memory (for tests and for writing out at the end).
public final class TraceRecorder: TraceSink, @unchecked Sendable {
    private let storage = Mutex<[TraceEvent]>([])

    public init() {}

    public func record(_ event: TraceEvent) { storage.withLock { $0.append(event) } }

    public var events: [TraceEvent] { storage.withLock { $0 } }

    /// The events as JSON lines.
    public var jsonLines: String { events.map { $0.jsonLine + "\n" }.joined() }
}
