import PopChef
import PopModel

/// One step of a scenario's timeline: an action, optionally at an absolute virtual time.
public struct ScenarioStep: Hashable, Sendable {
    /// Where it is in the document, e.g. "steps[3]" (for the runner's messages).
    public var path: String
    /// The virtual time to advance to before acting (`"at"`, milliseconds); nil: act now.
    public var at: VirtualTime?
    /// Free text (`"note"`).
    public var note: String?
    public var action: ScenarioAction
    /// The step as the document wrote it (nil for a step made in code): what a recording of a run
    /// writes again for the scenario's own steps.
    public var source: Value?

    public init(path: String, at: VirtualTime? = nil, note: String? = nil, action: ScenarioAction, source: Value? = nil) {
        self.path = path
        self.at = at
        self.note = note
        self.action = action
        self.source = source
    }

    /// Steps are equal when they do the same at the same time: how the document spelt one (its
    /// `source`) is not part of what it is.
    public static func == (lhs: ScenarioStep, rhs: ScenarioStep) -> Bool {
        lhs.path == rhs.path && lhs.at == rhs.at && lhs.note == rhs.note && lhs.action == rhs.action
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(at)
        hasher.combine(note)
        hasher.combine(action)
    }
}

/// What a step does. Labels (`on`, `dismiss`) name requests by a `show` step's `"as"`.
public enum ScenarioAction: Hashable, Sendable {
    /// The app shows a popup.
    case show(Show)
    /// The user taps a point, or a popup's button by its action.
    case tap(Tap)
    /// The user drags from one point to another over `duration`; the finger lifts at `velocity`
    /// (pt/s along y, positive: down) when given, else at the speed it moved.
    case drag(from: Point, to: Point, duration: VirtualTime, velocity: Double? = nil)
    /// The user's fingers follow their paths (a drag that pauses, turns or comes back; several
    /// fingers at once): each down at its first point, moved through the others at their times, up at
    /// its last; the gesture's last finger lifts at `velocity` (pt/s along y) when given, else at the
    /// speed it moved. Finger k is touch k (`Stage.pointerDown(at:touch:)`).
    case touches([TouchPath], velocity: Double? = nil)
    /// The user types `text` into `field` (nil: the focused field) of the popup labelled `on` (nil:
    /// the frontmost popup).
    case type(text: String, field: String?, on: String?)
    /// The user focuses a popup's text field, which raises the keyboard.
    case focus(field: String, on: String?)
    /// The app raises (true) or lowers (false) its own keyboard, which popups must ignore.
    case keyboard(visible: Bool)
    /// The device turns.
    case rotate(Scene.Orientation)
    /// The person changes display traits (those named; the others stay).
    case traits(TraitChange)
    /// The screen (window) takes a new size, points.
    case resize(Size)
    /// The app navigates to a URL: it asks the popups to go (hide-all-if-can).
    case openURL(String)
    /// The app dismisses requests.
    case dismiss(Dismissal)
    /// The app shows the request labelled so again: a dismissing popup comes back, anything else is
    /// a traced no-op (`show-ignored`).
    case reshow(String)
    /// The app selects a sheet's detent (animated; not reported to the controller loader).
    case selectDetent(String, on: String)
    /// The user scrolls a popup's content by `by` points (negative: the finger moves up): the popup labelled
    /// `on`, or without a label the top page's content, moving over time when `animated`.
    case scroll(by: Double, on: String?, animated: Bool = false)
    /// The app asks a sheet to resolve its detents again.
    case invalidateDetents(String)
    /// The user ends editing (the return key), whichever field has the focus: the keyboard goes down.
    case endEditing
    /// Time passes.
    case wait(Wait)
    /// The app pushes a page, animated or not.
    case push(ScenarioPage, animated: Bool)
    /// The app pops the top page (as Backspace or the back button do).
    case pop(animated: Bool)
    /// The user swipes back: a pan from `from` by `distance` points along x, released at once at
    /// `velocity` points per second — an edge pan when it starts within 20 pt of the leading edge (the
    /// left one; the right one in right-to-left), else the full-screen pan. Coordinates are absolute in
    /// either direction: a right-to-left swipe back starts near x = W and moves by a negative distance. The finger lifts at y `endY` (nil: the start's y): released in the
    /// floating window's armed corner circle, a floatable page becomes a bubble.
    case swipeBack(from: Point, distance: Double, velocity: Double, endY: Double? = nil)
    /// The user floats the top page without the gesture (WeChat's menu button): it shrinks into a
    /// new bubble.
    case float
    /// A screen reader's user activates an element (its double tap): the focus moves to it and it is
    /// tapped at its centre.
    case activate(AccessibilityTarget)
    /// A screen reader's user moves the focus: to the next or previous element, or to one.
    case accessibilityFocus(AccessibilityFocusStep)
    /// A screen reader's escape gesture: the frontmost modal popup is dismissed if its handler agrees
    /// (reason accessibility-escape), else the stack goes back a page.
    case escape
    /// The user presses the keyboard's delete key this many times: the focused field loses as many
    /// characters from its end.
    case deleteBackward(Int)
    /// The app asks every popup to go (hide-all-if-can; popups may refuse), as `open_url` does
    /// without navigating anywhere.
    case hideAll

    /// The action's key in the JSON: "show", "tap", ..., "open_url".
    public var name: String {
        switch self {
        case .show: "show"
        case .tap: "tap"
        case .drag, .touches: "drag"
        case .type: "type"
        case .focus: "focus"
        case .keyboard: "keyboard"
        case .rotate: "rotate"
        case .traits: "traits"
        case .resize: "resize"
        case .openURL: "open_url"
        case .dismiss: "dismiss"
        case .reshow: "reshow"
        case .selectDetent: "select_detent"
        case .scroll: "scroll"
        case .invalidateDetents: "invalidate_detents"
        case .endEditing: "end_editing"
        case .wait: "wait"
        case .push: "push"
        case .pop: "pop"
        case .swipeBack: "swipe_back"
        case .float: "float"
        case .activate: "activate"
        case .accessibilityFocus: "accessibility_focus"
        case .escape: "escape"
        case .deleteBackward: "delete_backward"
        case .hideAll: "hide_all"
        }
    }

    /// Every action's key, in the documented order.
    public static let names = [
        "show", "tap", "drag", "type", "focus", "end_editing", "keyboard", "rotate", "traits", "resize", "open_url",
        "dismiss", "reshow", "select_detent", "scroll", "invalidate_detents", "wait", "push", "pop", "swipe_back", "float",
        "activate", "accessibility_focus", "escape", "delete_backward", "hide_all",
    ]

    /// A popup request: component ids (nil: the built-in default), data, the app's options (nil:
    /// the handler's) and a label.
    public struct Show: Hashable, Sendable {
        public var handler: String?
        /// `"view_loader"` (as `--view-loader` on the command line).
        public var viewLoader: String?
        /// `"controller_loader"` (as `--controller-loader`).
        public var controllerLoader: String?
        public var reformer: String?
        /// `.null` when left out.
        public var data: Value
        /// `"as"`: the name later steps and expectations use; unique in the scenario.
        public var label: String?
        /// The options the app insists on, over the handler's `get_options`.
        public var priority: Priority?
        public var policy: Policy?
        /// `"when_preempted"`.
        public var whenPreempted: PreemptionRule?
        /// `"time_to_live"`.
        public var timeToLive: VirtualTime?
        /// `"dedupe_key"`.
        public var dedupeKey: String?

        public init(
            handler: String? = nil, viewLoader: String? = nil, controllerLoader: String? = nil,
            reformer: String? = nil, data: Value = .null, label: String? = nil, priority: Priority? = nil,
            policy: Policy? = nil, whenPreempted: PreemptionRule? = nil, timeToLive: VirtualTime? = nil,
            dedupeKey: String? = nil
        ) {
            self.handler = handler
            self.viewLoader = viewLoader
            self.controllerLoader = controllerLoader
            self.reformer = reformer
            self.data = data
            self.label = label
            self.priority = priority
            self.policy = policy
            self.whenPreempted = whenPreempted
            self.timeToLive = timeToLive
            self.dedupeKey = dedupeKey
        }

        /// The request the chef is given.
        public var request: PopupRequest {
            PopupRequest(
                handler: handler, viewLoader: viewLoader, controllerLoader: controllerLoader, reformer: reformer, data: data,
                priority: priority, policy: policy, whenPreempted: whenPreempted, timeToLive: timeToLive, dedupeKey: dedupeKey)
        }
    }

    /// Where a tap lands.
    public enum Tap: Hashable, Sendable {
        /// A point on the screen, in points: hit testing decides what it touches.
        case point(Point)
        /// The button with this action name on the popup labelled `on` (nil: the frontmost popup
        /// that has such a button).
        case action(String, on: String?)
        /// A finger down at a point and up there `hold` later, as a person taps: through the
        /// stage's touch handling, so a banner under it holds its display timer meanwhile.
        case touch(Point, hold: VirtualTime)
    }

    /// Which requests the app dismisses (reason requested).
    public enum Dismissal: Hashable, Sendable {
        /// The request labelled so.
        case label(String)
        /// Every request.
        case all
        /// The requests with this dedupe key.
        case dedupeKey(String)
        /// The requests whose priority is at most this.
        case priorityAtMost(Priority)
    }

    /// How long a `wait` lasts.
    public enum Wait: Hashable, Sendable {
        /// A fixed span of virtual time.
        case duration(VirtualTime)
        /// Until no animation or timer is pending.
        case idle
    }
}
