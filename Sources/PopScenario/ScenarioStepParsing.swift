import PopModel

/// Reading `steps`: one action per step, times that never go backwards, labels defined before use.
extension ScenarioParser {
    static let showKeys = [
        "handler", "view_loader", "controller_loader", "reformer", "data", "as", "priority", "policy",
        "when_preempted", "time_to_live", "dedupe_key",
    ]
    /// The named priority levels a `show` step may give instead of a number.
    static let priorityNames: [String: Priority] = ["low": .low, "normal": .normal, "high": .high, "max": .max]
    static let tapKeys = ["x", "y", "hold", "action", "on"]
    static let pointKeys = ["x", "y"]
    static let dragKeys = ["from", "to", "duration", "path", "touches", "velocity"]
    static let fingerKeys = ["path"]
    static let touchKeys = ["x", "y", "t"]
    static let selectDetentKeys = ["detent", "on"]
    static let scrollKeys = ["by", "on", "animated"]
    static let swipeBackKeys = ["from", "distance", "to", "velocity"]
    static let typeKeys = ["text", "field", "on"]
    static let focusKeys = ["field", "on"]
    static let resizeKeys = ["width", "height"]
    static let dismissKeys = ["all", "dedupe_key", "priority_at_most"]
    static let accessibilityTargetKeys = ["label", "on", "id"]
    /// The longest drag: the finger moves every frame of it, so an hour-long drag would be played
    /// move by move for as long as the machine takes.
    static let longestDrag = VirtualTime.seconds(60)

    /// A drag's duration: a duration no longer than `longestDrag`.
    static func dragDuration(_ value: Value, at path: String) throws(ScenarioError) -> VirtualTime {
        let duration = try ScenarioRead.duration(value, at: path)
        guard duration <= longestDrag else {
            throw ScenarioRead.error(
                path,
                "a drag lasts at most \(ScenarioRead.format(longestDrag.milliseconds)) ms, found \(ScenarioRead.format(duration.milliseconds))"
            )
        }
        return duration
    }

    /// A drag's duration when left out.
    static let defaultDragDuration = VirtualTime.milliseconds(250)

    mutating func steps(_ value: Value, at path: String) throws(ScenarioError) -> [ScenarioStep] {
        var steps: [ScenarioStep] = []
        // What the parser knows of the clock: the time the previous step ended at the earliest (its
        // `at`, or the one before's end, plus a fixed wait's length).
        var clock = VirtualTime.zero
        var previousWasWait = false
        for (index, element) in try ScenarioRead.array(value, at: path).enumerated() {
            let step = try self.step(element, at: ScenarioRead.path(path, index)) { (at, atPath) throws(ScenarioError) in
                guard at >= clock else {
                    let at = ScenarioRead.format(at.milliseconds), clock = ScenarioRead.format(clock.milliseconds)
                    throw ScenarioRead.error(
                        atPath,
                        previousWasWait
                            ? "\"at\" \(at) is before \(clock) ms, when the previous step's wait ends"
                            : "\"at\" \(at) is before the previous step's time \(clock) ms")
                }
            }
            let start = step.at ?? clock
            if case .wait(.duration(let duration)) = step.action {
                clock = start + duration
                previousWasWait = true
            } else {
                clock = start
                previousWasWait = false
            }
            steps.append(step)
        }
        return steps
    }

    /// One step; `checkTime` vets its `at` before the action is read.
    private mutating func step(
        _ value: Value, at path: String,
        checkTime: (VirtualTime, String) throws(ScenarioError) -> Void
    ) throws(ScenarioError) -> ScenarioStep {
        let object = try ScenarioRead.object(value, at: path)
        let names = ScenarioAction.names
        let allowed = names + ["at", "note"]
        for key in object.keys where !allowed.contains(key) {
            throw ScenarioRead.error(
                path,
                "unknown key \(ScenarioRead.quoted(key))\(ScenarioRead.suggestion(for: key, among: allowed)); "
                    + "a step has one of: \(names.joined(separator: ", ")), and optionally at and note")
        }
        let actions = object.keys.filter(names.contains)
        guard actions.count == 1, let name = actions.first else {
            throw ScenarioRead.error(
                path,
                actions.isEmpty
                    ? "a step must have exactly one action, found none; actions are: \(names.joined(separator: ", "))"
                    : "a step must have exactly one action, found \(ScenarioRead.list(actions.map(ScenarioRead.quoted)))")
        }
        let at = try ScenarioRead.optional(object, "at", at: path, ScenarioRead.time)
        if let at { try checkTime(at, ScenarioRead.path(path, "at")) }
        let note = try ScenarioRead.optional(object, "note", at: path, ScenarioRead.string)
        let action = try self.action(name, object[name]!, at: ScenarioRead.path(path, name), step: path)
        return ScenarioStep(path: path, at: at, note: note, action: action, source: value)
    }

    /// An element by its label (a string, or `{"label", "on"}`) or its frame node id (`{"id"}`).
    private func accessibilityTarget(_ value: Value, at path: String) throws(ScenarioError) -> AccessibilityTarget {
        if case .string = value { return .label(try ScenarioRead.nonEmptyString(value, at: path), on: nil) }
        let object = try ScenarioRead.object(value, at: path)
        try ScenarioRead.checkKeys(object, at: path, allowed: Self.accessibilityTargetKeys, listing: "element keys are")
        switch (object["label"], object["id"]) {
        case (.some, .none):
            return .label(
                try ScenarioRead.required(object, "label", at: path, ScenarioRead.nonEmptyString),
                on: try ScenarioRead.optional(object, "on", at: path, labelReference))
        case (.none, .some) where object["on"] == nil:
            return .id(try ScenarioRead.required(object, "id", at: path, ScenarioRead.nonEmptyString))
        default:
            throw ScenarioRead.error(path, "name the element by label (with on, optionally) or by id, one of them")
        }
    }

    private mutating func action(_ name: String, _ value: Value, at path: String, step: String) throws(ScenarioError) -> ScenarioAction {
        switch name {
        case "show": return .show(try show(value, at: path, step: step))
        case "tap": return .tap(try tap(value, at: path))
        case "drag":
            let object = try ScenarioRead.object(value, at: path)
            try ScenarioRead.checkKeys(object, at: path, allowed: Self.dragKeys, listing: "drag keys are")
            let velocity = try ScenarioRead.optional(object, "velocity", at: path, ScenarioRead.number)
            let forms = ["path", "touches"].filter { object[$0] != nil }
            if let form = forms.first {
                if forms.count > 1 {
                    throw ScenarioRead.error(
                        ScenarioRead.path(path, "touches"), "a drag has path (one finger) or touches (several), not both")
                }
                if let key = ["from", "to", "duration"].first(where: { object[$0] != nil }) {
                    throw ScenarioRead.error(
                        ScenarioRead.path(path, key), "a drag has either \(form), or from and to (and duration), not both")
                }
                if form == "path" {
                    return .touches([try ScenarioRead.required(object, "path", at: path, Self.touchPath)], velocity: velocity)
                }
                return .touches(try ScenarioRead.required(object, "touches", at: path, Self.fingers), velocity: velocity)
            }
            return .drag(
                from: try ScenarioRead.required(object, "from", at: path, Self.point),
                to: try ScenarioRead.required(object, "to", at: path, Self.point),
                duration: try ScenarioRead.optional(object, "duration", at: path, Self.dragDuration) ?? Self.defaultDragDuration,
                velocity: velocity)
        case "select_detent":
            let object = try ScenarioRead.object(value, at: path)
            try ScenarioRead.checkKeys(object, at: path, allowed: Self.selectDetentKeys, listing: "select_detent keys are")
            return .selectDetent(
                try ScenarioRead.required(object, "detent", at: path, ScenarioRead.nonEmptyString),
                on: try ScenarioRead.required(object, "on", at: path, labelReference))
        case "scroll":
            let object = try ScenarioRead.object(value, at: path)
            try ScenarioRead.checkKeys(object, at: path, allowed: Self.scrollKeys, listing: "scroll keys are")
            return .scroll(
                by: try ScenarioRead.required(object, "by", at: path, ScenarioRead.number),
                on: try ScenarioRead.optional(object, "on", at: path, labelReference),
                animated: try ScenarioRead.optional(object, "animated", at: path, ScenarioRead.bool) ?? false)
        case "invalidate_detents":
            return .invalidateDetents(try labelReference(value, at: path))
        case "type":
            let object = try ScenarioRead.object(value, at: path)
            try ScenarioRead.checkKeys(object, at: path, allowed: Self.typeKeys, listing: "type keys are")
            return .type(
                text: try ScenarioRead.required(object, "text", at: path, ScenarioRead.string),
                field: try ScenarioRead.optional(object, "field", at: path, ScenarioRead.nonEmptyString),
                on: try ScenarioRead.optional(object, "on", at: path, labelReference))
        case "focus":
            let object = try ScenarioRead.object(value, at: path)
            try ScenarioRead.checkKeys(object, at: path, allowed: Self.focusKeys, listing: "focus keys are")
            return .focus(
                field: try ScenarioRead.required(object, "field", at: path, ScenarioRead.nonEmptyString),
                on: try ScenarioRead.optional(object, "on", at: path, labelReference))
        case "keyboard":
            return .keyboard(visible: try ScenarioRead.choice(value, at: path, ["show", "hide"]) == "show")
        case "rotate":
            let orientation = try ScenarioRead.choice(value, at: path, Scene.Orientation.allCases.map(\.rawValue))
            return .rotate(Scene.Orientation(rawValue: orientation)!)
        case "traits":
            let object = try ScenarioRead.object(value, at: path)
            try ScenarioRead.checkKeys(object, at: path, allowed: Self.traitKeys, listing: "traits keys are")
            guard !object.isEmpty else {
                throw ScenarioRead.error(path, "names no trait (traits keys are: \(Self.traitKeys.joined(separator: ", ")))")
            }
            return .traits(try Self.traitChange(object, at: path))
        case "resize":
            let object = try ScenarioRead.object(value, at: path)
            try ScenarioRead.checkKeys(object, at: path, allowed: Self.resizeKeys, listing: "resize keys are")
            return .resize(
                Size(
                    width: try ScenarioRead.required(object, "width", at: path, ScenarioRead.positive),
                    height: try ScenarioRead.required(object, "height", at: path, ScenarioRead.positive)))
        case "open_url":
            return .openURL(try ScenarioRead.nonEmptyString(value, at: path))
        case "dismiss":
            return .dismiss(try dismissal(value, at: path))
        case "reshow":
            return .reshow(try labelReference(value, at: path))
        case "push":
            let object = try ScenarioRead.object(value, at: path)
            let animated = try ScenarioRead.optional(object, "animated", at: path, ScenarioRead.bool) ?? true
            return .push(try ScenarioPage.read(object, at: path), animated: animated)
        case "pop":
            let object = try ScenarioRead.object(value, at: path)
            try ScenarioRead.checkKeys(object, at: path, allowed: ["animated"], listing: "pop keys are")
            return .pop(animated: try ScenarioRead.optional(object, "animated", at: path, ScenarioRead.bool) ?? true)
        case "delete_backward":
            return .deleteBackward(Int(try ScenarioRead.integer(value, at: path, in: 1...10_000)))
        case "hide_all":
            guard try ScenarioRead.bool(value, at: path) else { throw ScenarioRead.error(path, "expected true, found false") }
            return .hideAll
        case "float":
            if let key = try ScenarioRead.object(value, at: path).keys.first {
                throw ScenarioRead.error(path, "unknown key \"\(key)\"; float takes none: {}")
            }
            return .float
        case "swipe_back":
            let object = try ScenarioRead.object(value, at: path)
            try ScenarioRead.checkKeys(object, at: path, allowed: Self.swipeBackKeys, listing: "swipe_back keys are")
            let from = try ScenarioRead.required(object, "from", at: path, Self.point)
            let velocity = try ScenarioRead.optional(object, "velocity", at: path, ScenarioRead.number) ?? 0
            // Either how far the finger goes along x, or where it lifts (`to`, for the corner circle).
            switch (object["distance"], object["to"]) {
            case (.some, .some):
                throw ScenarioRead.error(path, "swipe_back needs either distance or to, not both")
            case (.none, .some):
                let to = try ScenarioRead.required(object, "to", at: path, Self.point)
                return .swipeBack(from: from, distance: to.x - from.x, velocity: velocity, endY: to.y)
            default:
                return .swipeBack(
                    from: from, distance: try ScenarioRead.required(object, "distance", at: path, ScenarioRead.number), velocity: velocity)
            }
        case "end_editing":
            guard try ScenarioRead.bool(value, at: path) else { throw ScenarioRead.error(path, "expected true, found false") }
            return .endEditing
        case "escape":
            guard try ScenarioRead.bool(value, at: path) else { throw ScenarioRead.error(path, "expected true, found false") }
            return .escape
        case "activate":
            return .activate(try accessibilityTarget(value, at: path))
        case "accessibility_focus":
            if case .string(let move) = value, move == "next" || move == "previous" {
                return .accessibilityFocus(.move(move == "next" ? .next : .previous))
            }
            if case .string = value {
                throw ScenarioRead.error(path, "expected \"next\", \"previous\" or an element ({\"label\": …} or {\"id\": …})")
            }
            return .accessibilityFocus(.element(try accessibilityTarget(value, at: path)))
        default:
            return .wait(try Self.wait(value, at: path))
        }
    }

    private mutating func show(_ value: Value, at path: String, step: String) throws(ScenarioError) -> ScenarioAction.Show {
        let object = try renamingOld(ScenarioRead.object(value, at: path), in: "show", at: path)
        try ScenarioRead.checkKeys(object, at: path, allowed: Self.showKeys, listing: "show keys are")
        let show = ScenarioAction.Show(
            handler: try ScenarioRead.optional(object, "handler", at: path, ScenarioRead.nonEmptyString),
            viewLoader: try ScenarioRead.optional(object, "view_loader", at: path, ScenarioRead.nonEmptyString),
            controllerLoader: try ScenarioRead.optional(object, "controller_loader", at: path, ScenarioRead.nonEmptyString),
            reformer: try ScenarioRead.optional(object, "reformer", at: path, ScenarioRead.nonEmptyString),
            data: object["data"] ?? .null,
            label: try ScenarioRead.optional(object, "as", at: path, ScenarioRead.nonEmptyString),
            priority: try ScenarioRead.optional(object, "priority", at: path, Self.priority),
            policy: try ScenarioRead.optional(object, "policy", at: path) { (value, path) throws(ScenarioError) in
                try ScenarioRead.choice(value, at: path, ["override", "enqueue"]) == "override" ? .override : .enqueue
            },
            whenPreempted: try ScenarioRead.optional(object, "when_preempted", at: path) { (value, path) throws(ScenarioError) in
                try ScenarioRead.choice(value, at: path, ["drop", "requeue"]) == "drop" ? .drop : .requeue
            },
            timeToLive: try ScenarioRead.optional(object, "time_to_live", at: path, ScenarioRead.duration),
            dedupeKey: try ScenarioRead.optional(object, "dedupe_key", at: path, ScenarioRead.nonEmptyString))
        if let label = show.label {
            if let first = labelSteps[label] {
                throw ScenarioRead.error(
                    ScenarioRead.path(path, "as"), "the label \(ScenarioRead.quoted(label)) is already used by \(first)")
            }
            labels.append(label)
            labelSteps[label] = step
        }
        return show
    }

    /// A whole number 0–1000, or a level's name.
    private static func priority(_ value: Value, at path: String) throws(ScenarioError) -> Priority {
        if case .string = value {
            let names = ["low", "normal", "high", "max"]
            return priorityNames[try ScenarioRead.choice(value, at: path, names)]!
        }
        switch value {
        case .int, .double:
            return Priority(rawValue: Int32(try ScenarioRead.integer(value, at: path, in: 0...1000)))
        default:
            throw ScenarioRead.error(
                path,
                "expected a whole number from 0 to 1000 or \"low\", \"normal\", \"high\" or \"max\", "
                    + "found \(ScenarioRead.describe(value))")
        }
    }

    private func tap(_ value: Value, at path: String) throws(ScenarioError) -> ScenarioAction.Tap {
        let object = try ScenarioRead.object(value, at: path)
        try ScenarioRead.checkKeys(object, at: path, allowed: Self.tapKeys, listing: "tap keys are")
        let atPoint = object["x"] != nil || object["y"] != nil
        let hasAction = object["action"] != nil
        switch (atPoint, hasAction) {
        case (true, true):
            throw ScenarioRead.error(path, "tap needs either x and y, or action, not both")
        case (false, false):
            throw ScenarioRead.error(path, "tap needs either x and y, or action")
        case (true, false):
            if object["on"] != nil {
                throw ScenarioRead.error(ScenarioRead.path(path, "on"), "\"on\" goes with \"action\", not with x and y")
            }
            let point = try Self.point(in: object, at: path)
            guard let hold = try ScenarioRead.optional(object, "hold", at: path, ScenarioRead.time) else { return .point(point) }
            guard hold <= Self.longestDrag else {
                throw ScenarioRead.error(
                    ScenarioRead.path(path, "hold"),
                    "a finger rests at most \(ScenarioRead.format(Self.longestDrag.milliseconds)) ms, found \(ScenarioRead.format(hold.milliseconds))"
                )
            }
            return .touch(point, hold: hold)
        case (false, true):
            if object["hold"] != nil {
                throw ScenarioRead.error(ScenarioRead.path(path, "hold"), "\"hold\" goes with x and y, not with \"action\"")
            }
            return .action(
                try ScenarioRead.required(object, "action", at: path, ScenarioRead.nonEmptyString),
                on: try ScenarioRead.optional(object, "on", at: path, labelReference))
        }
    }

    /// A drag's `path`: at least two touches `{"x", "y", "t"}`, the first at t 0, times (ms after the
    /// touch down) that never go back, the last within `longestDrag`.
    /// A drag's `touches`: one `{"path"}` per finger, at least one; a finger's path may begin after t
    /// 0 (it comes down later), but the first finger down is down at t 0.
    private static func fingers(_ value: Value, at path: String) throws(ScenarioError) -> [TouchPath] {
        let elements = try ScenarioRead.array(value, at: path)
        guard !elements.isEmpty else { throw ScenarioRead.error(path, "touches needs at least one finger: {\"path\": [...]}") }
        var paths: [TouchPath] = []
        for (index, element) in elements.enumerated() {
            let fingerPath = ScenarioRead.path(path, index)
            let object = try ScenarioRead.object(element, at: fingerPath)
            try ScenarioRead.checkKeys(object, at: fingerPath, allowed: fingerKeys, listing: "a finger's keys are")
            paths.append(
                try ScenarioRead.required(object, "path", at: fingerPath) { (value, at) throws(ScenarioError) in
                    try touchPath(value, at: at, downAtZero: false)
                })
        }
        if let first = paths.compactMap({ $0.touches.first?.time }).min(), first != .zero {
            throw ScenarioRead.error(path, "the first finger comes down at t 0, found \(ScenarioRead.format(first.milliseconds))")
        }
        return paths
    }

    private static func touchPath(_ value: Value, at path: String) throws(ScenarioError) -> TouchPath {
        try touchPath(value, at: path, downAtZero: true)
    }

    private static func touchPath(_ value: Value, at path: String, downAtZero: Bool) throws(ScenarioError) -> TouchPath {
        let elements = try ScenarioRead.array(value, at: path)
        guard elements.count >= 2 else {
            throw ScenarioRead.error(path, "a path needs at least two touches (down and up), found \(elements.count)")
        }
        var touches: [TouchPath.Touch] = []
        for (index, element) in elements.enumerated() {
            let touchPath = ScenarioRead.path(path, index)
            let object = try ScenarioRead.object(element, at: touchPath)
            try ScenarioRead.checkKeys(object, at: touchPath, allowed: touchKeys, listing: "touch keys are")
            let point = try Self.point(in: object, at: touchPath)
            let time = try ScenarioRead.required(object, "t", at: touchPath, ScenarioRead.time)
            let timePath = ScenarioRead.path(touchPath, "t")
            if downAtZero && index == 0 && time != .zero {
                throw ScenarioRead.error(
                    timePath, "the first touch is the touch down, at t 0, found \(ScenarioRead.format(time.milliseconds))")
            }
            if let previous = touches.last, time < previous.time {
                throw ScenarioRead.error(
                    timePath,
                    "t \(ScenarioRead.format(time.milliseconds)) is before the previous touch's \(ScenarioRead.format(previous.time.milliseconds))"
                )
            }
            if time > longestDrag {
                throw ScenarioRead.error(
                    timePath,
                    "a drag lasts at most \(ScenarioRead.format(longestDrag.milliseconds)) ms, found \(ScenarioRead.format(time.milliseconds))"
                )
            }
            touches.append(TouchPath.Touch(point, at: time))
        }
        return TouchPath(touches)
    }

    /// `{"x": n, "y": n}`.
    private static func point(_ value: Value, at path: String) throws(ScenarioError) -> Point {
        let object = try ScenarioRead.object(value, at: path)
        try ScenarioRead.checkKeys(object, at: path, allowed: pointKeys, listing: "point keys are")
        return try point(in: object, at: path)
    }

    /// The members x and y of an object whose other keys the caller has checked.
    private static func point(in object: Value.Object, at path: String) throws(ScenarioError) -> Point {
        Point(
            x: try ScenarioRead.required(object, "x", at: path, ScenarioRead.number),
            y: try ScenarioRead.required(object, "y", at: path, ScenarioRead.number))
    }

    private func dismissal(_ value: Value, at path: String) throws(ScenarioError) -> ScenarioAction.Dismissal {
        switch value {
        case .string:
            return .label(try labelReference(value, at: path))
        case .object(let object):
            try ScenarioRead.checkKeys(object, at: path, allowed: Self.dismissKeys, listing: "dismiss keys are")
            guard object.count == 1, let member = object.first else {
                throw ScenarioRead.error(
                    path,
                    object.isEmpty
                        ? "dismiss needs one of: \(Self.dismissKeys.joined(separator: ", "))"
                        : "dismiss takes one of \(Self.dismissKeys.joined(separator: ", ")), found \(ScenarioRead.list(object.keys.map(ScenarioRead.quoted)))"
                )
            }
            let memberPath = ScenarioRead.path(path, member.key)
            switch member.key {
            case "all":
                guard try ScenarioRead.bool(member.value, at: memberPath) else {
                    throw ScenarioRead.error(memberPath, "expected true, found false")
                }
                return .all
            case "dedupe_key":
                return .dedupeKey(try ScenarioRead.nonEmptyString(member.value, at: memberPath))
            default:
                let priority = try ScenarioRead.integer(member.value, at: memberPath, in: 0...1000)
                return .priorityAtMost(Priority(rawValue: Int32(priority)))
            }
        default:
            throw ScenarioRead.error(path, "expected a label or an object, found \(ScenarioRead.describe(value))")
        }
    }

    private static func wait(_ value: Value, at path: String) throws(ScenarioError) -> ScenarioAction.Wait {
        switch value {
        case .int, .double:
            return .duration(try ScenarioRead.duration(value, at: path))
        case .string("idle"):
            return .idle
        case .string(let string):
            throw ScenarioRead.error(
                path,
                "expected a duration in milliseconds or \"idle\", found \(ScenarioRead.describe(value))"
                    + ScenarioRead.suggestion(for: string, among: ["idle"]))
        default:
            throw ScenarioRead.error(path, "expected a duration in milliseconds or \"idle\", found \(ScenarioRead.describe(value))")
        }
    }
}
