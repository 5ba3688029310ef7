import PopModel

/// What a scenario's run must show: events in the trace, and nodes in frames.
public struct ScenarioExpectations: Hashable, Sendable {
    /// An ordered subsequence the trace must contain.
    public var trace: [TraceEntry]
    /// Frames to render and check, each at its own time.
    public var frames: [FrameEntry]

    /// The kinds of the pages on the stack at the end, bottom first (`"pages"`); nil: not checked.
    public var pages: [String]?
    /// The real bar's style at the end (`"bar"`): only the members given are checked.
    public var bar: BarExpectation?
    /// The floating bubbles at the end, oldest first (`"bubbles"`): as many as listed, each with
    /// the members given; nil: not checked.
    public var bubbles: [BubbleExpectation]?
    /// What a screen reader must find, each at its own time (`"accessibility"`).
    public var accessibility: [AccessibilityExpectation]

    public init(
        trace: [TraceEntry] = [], frames: [FrameEntry] = [], pages: [String]? = nil, bar: BarExpectation? = nil,
        bubbles: [BubbleExpectation]? = nil, accessibility: [AccessibilityExpectation] = []
    ) {
        self.trace = trace
        self.frames = frames
        self.pages = pages
        self.bar = bar
        self.bubbles = bubbles
        self.accessibility = accessibility
    }

    public var isEmpty: Bool { count == 0 }

    /// How many expectations there are: trace entries, frame entries, the stack, the bar, the bubbles
    /// and the accessibility entries.
    public var count: Int {
        trace.count + frames.count + (pages == nil ? 0 : 1) + (bar == nil ? 0 : 1) + (bubbles == nil ? 0 : 1) + accessibility.count
    }

    /// The times frames are taken at to check expectations: the frame entries' and the accessibility entries'.
    public var frameTimes: [VirtualTime] { Set(frames.map(\.at) + accessibility.map(\.at)).sorted() }

    /// A floating bubble expected at the end; nil members are not checked.
    public struct BubbleExpectation: Hashable, Sendable {
        /// What its page keeps.
        public var keep: String?
        public var logo: String?
        /// The kind of page it makes.
        public var page: String?
        /// Where its top-left corner rests, ± 0.5 pt.
        public var x: Double?
        public var y: Double?
        /// Whether its page is open on the stack (it is then not drawn).
        public var open: Bool?

        public init(keep: String? = nil, logo: String? = nil, page: String? = nil, x: Double? = nil, y: Double? = nil, open: Bool? = nil) {
            self.keep = keep
            self.logo = logo
            self.page = page
            self.x = x
            self.y = y
            self.open = open
        }
    }

    /// The bar style expected at the end: `style`'s members named in `keys` (the JSON's).
    public struct BarExpectation: Hashable, Sendable {
        public var style: BarStyle
        public var keys: [String]

        public init(style: BarStyle, keys: [String]) {
            self.style = style
            self.keys = keys
        }
    }

    /// A trace event that must occur (after the one expected before it).
    public struct TraceEntry: Hashable, Sendable {
        /// Where it is in the document, e.g. "expect.trace[2]".
        public var path: String
        /// The event, e.g. `.didPresent` ("did-present" in the JSON).
        public var event: TraceEvent.Kind
        /// The label of the request it must be about; nil: any request.
        public var request: String?
        /// The reason it must carry; nil: any (or none).
        public var reason: Reason?
        /// For a page event: the page's kind ("detail") or name ("detail#2"); nil: any.
        public var page: String?

        public init(path: String, event: TraceEvent.Kind, request: String? = nil, reason: Reason? = nil, page: String? = nil) {
            self.path = path
            self.event = event
            self.request = request
            self.reason = reason
            self.page = page
        }
    }

    /// A node that must be in the frame at a given time, with the properties given (nil: not checked).
    public struct FrameEntry: Hashable, Sendable {
        /// Where it is in the document, e.g. "expect.frames[0]".
        public var path: String
        /// When the frame is taken (virtual time, absolute).
        public var at: VirtualTime
        /// The label of the request whose popup holds the node; nil: `node` is a whole frame id.
        public var request: String?
        /// The node's id: within the request's popup (`content.0.1`, `dimming`) when `request` is
        /// given, else the frame's own id (`app.navigation-bar`).
        public var node: String?
        public var role: FrameNode.Role?
        public var rect: ExpectedRect?
        public var opacity: Double?
        public var visible: Bool?
        /// The node's whole text (its lines joined with a space) must be exactly this.
        public var text: String?
        /// The node's whole text must contain this (`"text_contains"`).
        public var textContains: String?
        /// How far a length or an opacity may be off; default 0.5.
        public var tolerance: Double
        /// The request's sheet rests at this detent (`"detent"`; a sheet, or a popover shown as one).
        public var detent: String?
        /// The request's sheet shows this high (`"sheet_height"`, points from its top to the screen's
        /// bottom or the keyboard's top).
        public var sheetHeight: Double?

        public static let defaultTolerance = 0.5

        public init(
            path: String, at: VirtualTime, request: String? = nil, node: String? = nil, role: FrameNode.Role? = nil,
            rect: ExpectedRect? = nil, opacity: Double? = nil, visible: Bool? = nil, text: String? = nil,
            textContains: String? = nil, tolerance: Double = FrameEntry.defaultTolerance, detent: String? = nil,
            sheetHeight: Double? = nil
        ) {
            self.path = path
            self.at = at
            self.request = request
            self.node = node
            self.role = role
            self.rect = rect
            self.opacity = opacity
            self.visible = visible
            self.text = text
            self.textContains = textContains
            self.tolerance = tolerance
            self.detent = detent
            self.sheetHeight = sheetHeight
        }
    }

    /// A node's expected rectangle, in screen points; nil members are not checked.
    public struct ExpectedRect: Hashable, Sendable {
        public var x, y, width, height: Double?

        public init(x: Double? = nil, y: Double? = nil, width: Double? = nil, height: Double? = nil) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }
}
