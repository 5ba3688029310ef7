import PopChef
import PopModel

extension Scenario {
    /// Reads and parses the scenario file at `path`; relative plugin directories are resolved
    /// against the file's directory. An unreadable file is an error naming it and the OS's reason.
    public static func load(path: String) throws(ScenarioError) -> Scenario {
        let bytes: [UInt8]
        do {
            bytes = try ScenarioFile.read(path)
        } catch {
            throw ScenarioError(.unreadable, file: path, path: "", message: "cannot read the scenario: \(error.reason)")
        }
        let directory = ScenarioFile.directory(of: ScenarioFile.absolute(path))
        return try parse(json: bytes, file: path, baseDirectory: directory)
    }

    /// Parses a scenario from JSON text. `file` is only used in errors and kept in the model (nil
    /// for an embedded scenario); relative plugin directories are resolved against
    /// `baseDirectory` (nil: the current directory).
    public static func parse(json: String, file: String?, baseDirectory: String?) throws(ScenarioError) -> Scenario {
        try parse(json: Array(json.utf8), file: file, baseDirectory: baseDirectory)
    }

    static func parse(json bytes: [UInt8], file: String?, baseDirectory: String?) throws(ScenarioError) -> Scenario {
        let root: Value
        do {
            root = try Value(jsonBytes: bytes)
        } catch {
            throw ScenarioError(
                .syntax, file: file, path: "", message: "expected \(error.expected), found \(error.found)",
                line: error.line, column: error.column)
        }
        var parser = ScenarioParser(baseDirectory: ScenarioFile.absolute(baseDirectory ?? "."))
        do {
            var scenario = try parser.scenario(root)
            scenario.file = file
            if let file { scenario.warnings = scenario.warnings.map { "\(file): \($0)" } }
            return scenario
        } catch {
            var error = error
            error.file = file
            throw error
        }
    }
}

/// Reads a scenario document into a `Scenario`, checking every key and value (see
/// docs/scenarios.md). Errors carry the path but not the file: `Scenario.parse` adds it.
struct ScenarioParser {
    /// Absolute; relative plugin directories are resolved against it.
    let baseDirectory: String
    /// The labels defined so far by `show` steps, in order, and the step defining each.
    var labels: [String] = []
    var labelSteps: [String: String] = [:]
    /// The format the document says it is in (`ScenarioFormat.assumed` when it does not say).
    var format = ScenarioFormat.assumed
    /// Each old spelling the document used, in the order first met, with the first place it was.
    var renamesUsed: [(rename: ScenarioFormat.Rename, path: String)] = []

    init(baseDirectory: String) { self.baseDirectory = baseDirectory }

    static let rootKeys = ["format", "name", "description", "screen", "keyboard_height", "plugins", "arbitration", "steps", "expect"]
    static let screenKeys = ["width", "height", "safe_area", "orientation", "scale"] + traitKeys
    static let arbitrationKeys = ["equal_priority", "queue_order"]
    static let safeAreaKeys = ["top", "left", "bottom", "right"]
    static let expectKeys = ["trace", "frames", "pages", "bar", "bubbles", "accessibility"]
    static let accessibilityKeys = ["at", "focus", "reachable", "unreachable", "modal"]
    static let bubbleKeys = ["keep", "logo", "page", "x", "y", "open"]
    static let traceKeys = ["event", "request", "reason", "page"]
    static let frameKeys = [
        "at", "request", "node", "role", "rect", "opacity", "visible", "text", "text_contains", "tolerance",
        "detent", "sheet_height",
    ]
    static let rectKeys = ["x", "y", "width", "height"]

    mutating func scenario(_ value: Value) throws(ScenarioError) -> Scenario {
        let root = try ScenarioRead.object(value, at: "")
        try ScenarioRead.checkKeys(root, at: "", allowed: Self.rootKeys, listing: "scenario keys are")
        if let format = root["format"] { self.format = try Self.format(format) }
        var scenario = Scenario()
        scenario.name = try ScenarioRead.optional(root, "name", at: "", ScenarioRead.string)
        scenario.description = try ScenarioRead.optional(root, "description", at: "", ScenarioRead.string)
        scenario.screen = try screen(root["screen"], keyboardHeight: root["keyboard_height"])
        scenario.plugins =
            try ScenarioRead.optional(root, "plugins", at: "") { (value, path) throws(ScenarioError) in
                try pluginDirectories(value, at: path)
            } ?? []
        if let arbitration = root["arbitration"] { scenario.configuration = try Self.arbitration(arbitration, at: "arbitration") }
        scenario.steps = try ScenarioRead.required(root, "steps", at: "") { (value, path) throws(ScenarioError) in
            try steps(value, at: path)
        }
        if let expect = root["expect"] { scenario.expectations = try expectations(expect, at: "expect") }
        if let first = renamesUsed.first {
            let old = ScenarioRead.list(renamesUsed.map { ScenarioRead.quoted($0.rename.old) })
            let new = ScenarioRead.list(renamesUsed.map { ScenarioRead.quoted($0.rename.new) })
            let one = renamesUsed.count == 1
            scenario.warnings = [
                "\(first.path): \(old) \(one ? "is" : "are") format \(format)'s name\(one ? "" : "s") of \(new), read as \(one ? "it" : "them") "
                    + "(deprecated); `pophost migrate` rewrites the file in format \(ScenarioFormat.newest)"
            ]
        }
        return scenario
    }

    /// The `format` value: one of `ScenarioFormat.readable`.
    private static func format(_ value: Value) throws(ScenarioError) -> Int {
        let readable = ScenarioFormat.readable
        let numbers = ScenarioRead.list(readable.map(String.init), conjunction: "or")
        switch value {
        case .int(let number) where readable.contains(Int(clamping: number)):
            return Int(number)
        case .double(let number) where readable.map(Double.init).contains(number):
            return Int(number)
        case .int, .double:
            throw ScenarioRead.error(
                "format", "unsupported format \(ScenarioRead.describe(value)); this version reads format \(numbers)")
        default:
            throw ScenarioRead.error("format", "expected the number \(numbers), found \(ScenarioRead.describe(value))")
        }
    }

    /// `object` with the old names this document's format still allows in `kind` (a step's `show`)
    /// put under today's, each use remembered for the warning. Both names at once is an error.
    mutating func renamingOld(_ object: Value.Object, in kind: String, at path: String) throws(ScenarioError) -> Value.Object {
        var renamed = object
        for rename in ScenarioFormat.renames(in: kind, format: format) {
            guard let value = object[rename.old] else { continue }
            guard object[rename.new] == nil else {
                throw ScenarioRead.error(
                    path,
                    "both \(ScenarioRead.quoted(rename.old)) and \(ScenarioRead.quoted(rename.new)) are given; "
                        + "they are the same key (its format \(format) name and today's): keep \(ScenarioRead.quoted(rename.new))")
            }
            renamed[rename.old] = nil
            renamed[rename.new] = value
            if !renamesUsed.contains(where: { $0.rename == rename }) {
                renamesUsed.append((rename, ScenarioRead.path(path, rename.old)))
            }
        }
        return renamed
    }

    // MARK: Screen

    /// `screen` and `keyboard_height`. Width, height and safe area describe the device upright;
    /// landscape turns them. The keyboard height is for the starting orientation.
    private func screen(_ value: Value?, keyboardHeight: Value?) throws(ScenarioError) -> ScenarioScreen {
        var upright = ScenarioScreen.portrait
        var orientation = Scene.Orientation.portrait
        if let value {
            let path = "screen"
            let object = try ScenarioRead.object(value, at: path)
            try ScenarioRead.checkKeys(object, at: path, allowed: Self.screenKeys, listing: "screen keys are")
            upright.width = try ScenarioRead.optional(object, "width", at: path, ScenarioRead.positive) ?? upright.width
            upright.height = try ScenarioRead.optional(object, "height", at: path, ScenarioRead.positive) ?? upright.height
            if let safeArea = object["safe_area"] {
                upright.safeArea = try Self.safeArea(safeArea, at: ScenarioRead.path(path, "safe_area"), screen: upright)
            }
            if let name = try ScenarioRead.optional(
                object, "orientation", at: path,
                { (value, path) throws(ScenarioError) in
                    try ScenarioRead.choice(value, at: path, Scene.Orientation.allCases.map(\.rawValue))
                })
            {
                orientation = Scene.Orientation(rawValue: name)!
            }
            upright.scale =
                try ScenarioRead.optional(object, "scale", at: path) { (value, path) throws(ScenarioError) in
                    Double(try ScenarioRead.integer(value, at: path, in: 1...3))
                } ?? upright.scale
            upright.display = try Self.traitChange(object, at: path).applied(to: DisplayTraits())
        }
        let keyboard =
            try keyboardHeight.map { (value) throws(ScenarioError) in try ScenarioRead.nonNegative(value, at: "keyboard_height") }
            ?? ScenarioScreen.defaultKeyboardHeight(orientation)
        guard orientation == .landscape else {
            upright.keyboardHeight = keyboard
            return upright
        }
        return upright.turnedToLandscape(keyboardHeight: keyboard)
    }

    /// Insets of the upright screen; members left out keep the default phone's.
    private static func safeArea(_ value: Value, at path: String, screen: ScenarioScreen) throws(ScenarioError) -> EdgeInsets {
        let object = try ScenarioRead.object(value, at: path)
        try ScenarioRead.checkKeys(object, at: path, allowed: safeAreaKeys, listing: "safe_area keys are")
        let defaults = ScenarioScreen.portrait.safeArea
        let insets = EdgeInsets(
            top: try ScenarioRead.optional(object, "top", at: path, ScenarioRead.nonNegative) ?? defaults.top,
            leading: try ScenarioRead.optional(object, "left", at: path, ScenarioRead.nonNegative) ?? defaults.leading,
            bottom: try ScenarioRead.optional(object, "bottom", at: path, ScenarioRead.nonNegative) ?? defaults.bottom,
            trailing: try ScenarioRead.optional(object, "right", at: path, ScenarioRead.nonNegative) ?? defaults.trailing)
        let f = ScenarioRead.format
        guard insets.top + insets.bottom < screen.height else {
            throw ScenarioRead.error(
                path, "top + bottom (\(f(insets.top + insets.bottom))) leave no room in the screen's height \(f(screen.height))")
        }
        guard insets.leading + insets.trailing < screen.width else {
            throw ScenarioRead.error(
                path, "left + right (\(f(insets.leading + insets.trailing))) leave no room in the screen's width \(f(screen.width))")
        }
        return insets
    }

    // MARK: Arbitration

    /// The chef's settings a scenario may choose: CSPopKit's or SwiftEntryKit's rules.
    private static func arbitration(_ value: Value, at path: String) throws(ScenarioError) -> ChefConfiguration {
        let object = try ScenarioRead.object(value, at: path)
        try ScenarioRead.checkKeys(object, at: path, allowed: arbitrationKeys, listing: "arbitration keys are")
        var configuration = ChefConfiguration()
        if let rule = try ScenarioRead.optional(
            object, "equal_priority", at: path,
            { (value, path) throws(ScenarioError) in
                try ScenarioRead.choice(value, at: path, ChefConfiguration.EqualPriorityRule.allCases.map(\.rawValue))
            })
        {
            configuration.equalPriorityRule = ChefConfiguration.EqualPriorityRule(rawValue: rule)!
        }
        if let order = try ScenarioRead.optional(
            object, "queue_order", at: path,
            { (value, path) throws(ScenarioError) in
                try ScenarioRead.choice(value, at: path, ChefConfiguration.QueueOrder.allCases.map(\.rawValue))
            })
        {
            configuration.queueOrder = ChefConfiguration.QueueOrder(rawValue: order)!
        }
        return configuration
    }

    // MARK: Plugins

    private func pluginDirectories(_ value: Value, at path: String) throws(ScenarioError) -> [String] {
        var directories: [String] = []
        for (index, element) in try ScenarioRead.array(value, at: path).enumerated() {
            let directory = try ScenarioRead.nonEmptyString(element, at: ScenarioRead.path(path, index))
            directories.append(ScenarioFile.resolve(directory, against: baseDirectory))
        }
        return directories
    }

    // MARK: Labels

    /// A reference to a request labelled by an earlier `show` step.
    func labelReference(_ value: Value, at path: String) throws(ScenarioError) -> String {
        try label(value, at: path, known: "labels so far: ", none: "no request is labelled before this step")
    }

    /// A reference from an expectation: any label of the steps.
    private func expectationLabel(_ value: Value, at path: String) throws(ScenarioError) -> String {
        try label(value, at: path, known: "labels: ", none: "no step labels a request")
    }

    private func label(_ value: Value, at path: String, known: String, none: String) throws(ScenarioError) -> String {
        let label = try ScenarioRead.nonEmptyString(value, at: path)
        guard labels.contains(label) else {
            let listing = labels.isEmpty ? none : known + labels.joined(separator: ", ")
            throw ScenarioRead.error(path, "no request is labelled \(ScenarioRead.quoted(label)) (\(listing))")
        }
        return label
    }

    // MARK: Expectations

    private func expectations(_ value: Value, at path: String) throws(ScenarioError) -> ScenarioExpectations {
        let object = try ScenarioRead.object(value, at: path)
        try ScenarioRead.checkKeys(object, at: path, allowed: Self.expectKeys, listing: "expect keys are")
        var expectations = ScenarioExpectations()
        if let trace = object["trace"] {
            let tracePath = ScenarioRead.path(path, "trace")
            for (index, element) in try ScenarioRead.array(trace, at: tracePath).enumerated() {
                expectations.trace.append(try traceEntry(element, at: ScenarioRead.path(tracePath, index)))
            }
        }
        if let frames = object["frames"] {
            let framesPath = ScenarioRead.path(path, "frames")
            for (index, element) in try ScenarioRead.array(frames, at: framesPath).enumerated() {
                expectations.frames.append(try frameEntry(element, at: ScenarioRead.path(framesPath, index)))
            }
        }
        if let pages = object["pages"] {
            let pagesPath = ScenarioRead.path(path, "pages")
            expectations.pages = try ScenarioRead.array(pages, at: pagesPath).enumerated().map { (index, element) throws(ScenarioError) in
                try ScenarioRead.nonEmptyString(element, at: ScenarioRead.path(pagesPath, index))
            }
        }
        if let bar = object["bar"] {
            let barPath = ScenarioRead.path(path, "bar")
            expectations.bar = ScenarioExpectations.BarExpectation(
                style: try ScenarioPage.barStyle(bar, at: barPath), keys: try ScenarioRead.object(bar, at: barPath).keys.sorted())
        }
        if let entries = object["accessibility"] {
            let entriesPath = ScenarioRead.path(path, "accessibility")
            for (index, element) in try ScenarioRead.array(entries, at: entriesPath).enumerated() {
                expectations.accessibility.append(try accessibilityEntry(element, at: ScenarioRead.path(entriesPath, index)))
            }
        }
        if let bubbles = object["bubbles"] {
            let bubblesPath = ScenarioRead.path(path, "bubbles")
            expectations.bubbles = try ScenarioRead.array(bubbles, at: bubblesPath).enumerated().map {
                (index, element) throws(ScenarioError) in
                try Self.bubble(element, at: ScenarioRead.path(bubblesPath, index))
            }
        }
        return expectations
    }

    /// One of `expect.accessibility`: `{"at", "focus", "reachable", "unreachable", "modal"}`, `at` required.
    private func accessibilityEntry(_ value: Value, at path: String) throws(ScenarioError) -> AccessibilityExpectation {
        let object = try ScenarioRead.object(value, at: path)
        try ScenarioRead.checkKeys(object, at: path, allowed: Self.accessibilityKeys, listing: "accessibility entry keys are")
        let labels = { (value: Value, path: String) throws(ScenarioError) -> [String] in
            try ScenarioRead.array(value, at: path).enumerated().map { (index, element) throws(ScenarioError) in
                try ScenarioRead.nonEmptyString(element, at: ScenarioRead.path(path, index))
            }
        }
        var focus: String?? = nil
        if let value = object["focus"] {
            focus = value == .null ? .some(nil) : .some(try ScenarioRead.nonEmptyString(value, at: ScenarioRead.path(path, "focus")))
        }
        var modal: AccessibilityExpectation.ModalExpectation?
        if let value = object["modal"] {
            let modalPath = ScenarioRead.path(path, "modal")
            if case .bool(false) = value {
                modal = AccessibilityExpectation.ModalExpectation.none
            } else if case .bool = value {
                throw ScenarioRead.error(modalPath, "expected the label of the modal popup's request, or false for none")
            } else {
                modal = .request(try expectationLabel(value, at: modalPath))
            }
        }
        return AccessibilityExpectation(
            path: path, at: try ScenarioRead.required(object, "at", at: path, ScenarioRead.time), focus: focus,
            reachable: try ScenarioRead.optional(object, "reachable", at: path, labels),
            unreachable: try ScenarioRead.optional(object, "unreachable", at: path, labels), modal: modal)
    }

    /// One of `expect.bubbles`: `{"keep", "logo", "page", "x", "y", "open"}`, each optional.
    private static func bubble(_ value: Value, at path: String) throws(ScenarioError) -> ScenarioExpectations.BubbleExpectation {
        let object = try ScenarioRead.object(value, at: path)
        try ScenarioRead.checkKeys(object, at: path, allowed: bubbleKeys, listing: "bubble keys are")
        return ScenarioExpectations.BubbleExpectation(
            keep: try ScenarioRead.optional(object, "keep", at: path, ScenarioRead.string),
            logo: try ScenarioRead.optional(object, "logo", at: path, ScenarioRead.string),
            page: try ScenarioRead.optional(object, "page", at: path, ScenarioRead.nonEmptyString),
            x: try ScenarioRead.optional(object, "x", at: path, ScenarioRead.number),
            y: try ScenarioRead.optional(object, "y", at: path, ScenarioRead.number),
            open: try ScenarioRead.optional(object, "open", at: path, ScenarioRead.bool))
    }

    private func traceEntry(_ value: Value, at path: String) throws(ScenarioError) -> ScenarioExpectations.TraceEntry {
        let object = try ScenarioRead.object(value, at: path)
        try ScenarioRead.checkKeys(object, at: path, allowed: Self.traceKeys, listing: "trace entry keys are")
        return ScenarioExpectations.TraceEntry(
            path: path,
            event: try ScenarioRead.required(object, "event", at: path, Self.traceEvent),
            request: try ScenarioRead.optional(object, "request", at: path, expectationLabel),
            reason: try ScenarioRead.optional(object, "reason", at: path, Self.reason),
            page: try ScenarioRead.optional(object, "page", at: path, ScenarioRead.nonEmptyString))
    }

    private static func traceEvent(_ value: Value, at path: String) throws(ScenarioError) -> TraceEvent.Kind {
        let names = TraceEvent.Kind.allCases.map(\.rawValue)
        return TraceEvent.Kind(rawValue: try ScenarioRead.name(value, at: path, kind: "event", plural: "events", names))!
    }

    private static func reason(_ value: Value, at path: String) throws(ScenarioError) -> Reason {
        let names = Reason.allCases.map(\.description)
        let name = try ScenarioRead.name(value, at: path, kind: "reason", plural: "reasons", names)
        return Reason.allCases.first { $0.description == name }!
    }

    private func frameEntry(_ value: Value, at path: String) throws(ScenarioError) -> ScenarioExpectations.FrameEntry {
        let object = try ScenarioRead.object(value, at: path)
        try ScenarioRead.checkKeys(object, at: path, allowed: Self.frameKeys, listing: "frame entry keys are")
        return ScenarioExpectations.FrameEntry(
            path: path,
            at: try ScenarioRead.required(object, "at", at: path, ScenarioRead.time),
            request: try ScenarioRead.optional(object, "request", at: path, expectationLabel),
            node: try ScenarioRead.optional(object, "node", at: path, ScenarioRead.nonEmptyString),
            role: try ScenarioRead.optional(object, "role", at: path) { (value, path) throws(ScenarioError) in
                let name = try ScenarioRead.name(value, at: path, kind: "role", plural: "roles", FrameNode.Role.allCases.map(\.rawValue))
                return FrameNode.Role(rawValue: name)!
            },
            rect: try ScenarioRead.optional(object, "rect", at: path, Self.expectedRect),
            opacity: try ScenarioRead.optional(object, "opacity", at: path) { (value, path) throws(ScenarioError) in
                try ScenarioRead.number(value, at: path, in: 0...1)
            },
            visible: try ScenarioRead.optional(object, "visible", at: path, ScenarioRead.bool),
            text: try ScenarioRead.optional(object, "text", at: path, ScenarioRead.string),
            textContains: try ScenarioRead.optional(object, "text_contains", at: path, ScenarioRead.string),
            tolerance: try ScenarioRead.optional(object, "tolerance", at: path, ScenarioRead.nonNegative)
                ?? ScenarioExpectations.FrameEntry.defaultTolerance,
            detent: try ScenarioRead.optional(object, "detent", at: path, ScenarioRead.nonEmptyString),
            sheetHeight: try ScenarioRead.optional(object, "sheet_height", at: path, ScenarioRead.nonNegative))
    }

    private static func expectedRect(_ value: Value, at path: String) throws(ScenarioError) -> ScenarioExpectations.ExpectedRect {
        let object = try ScenarioRead.object(value, at: path)
        try ScenarioRead.checkKeys(object, at: path, allowed: rectKeys, listing: "rect keys are")
        return ScenarioExpectations.ExpectedRect(
            x: try ScenarioRead.optional(object, "x", at: path, ScenarioRead.number),
            y: try ScenarioRead.optional(object, "y", at: path, ScenarioRead.number),
            width: try ScenarioRead.optional(object, "width", at: path, ScenarioRead.nonNegative),
            height: try ScenarioRead.optional(object, "height", at: path, ScenarioRead.nonNegative))
    }
}
