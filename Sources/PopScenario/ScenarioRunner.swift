import PopChef
import PopModel
import PopPresentation

/// Plays a scenario's timeline on a stage, on the virtual clock: each step starts at its `at` time or
/// when the step before it has finished (a wait, a drag, a wait for idle), whichever is later. The
/// clock is driven from outside — to the end at once (`runToEnd`), or bit by bit as real time passes
/// (`advance(to:)`, the interactive host) — and `onSample` sees a frame at every time in
/// `sampleTimes` (and at every frame of `framesPerSecond`) the clock passes.
///
/// A frame sampled at time t — a sample time, an interval sample or a frame expectation alike —
/// shows t after everything that happens at t: first the timers due at t (animation ends,
/// timeouts, plugin timers), then every step that starts at t (and each touch of a drag at t), in
/// order, then the timers those scheduled for t. A tap at 1000 ms is visible in the frame at 1000 ms.
public final class ScenarioRunner {
    public let scenario: Scenario
    public let stage: Stage
    public let recorder = TraceRecorder()
    /// Steps that could not do what they say (a label not on screen, no such button…), as errors
    /// naming the step; the run goes on.
    public private(set) var problems: [ScenarioError] = []
    /// The requests the scenario's labels name.
    public private(set) var labels: [String: RequestID] = [:]

    /// Times to draw a frame at, besides those `framesPerSecond` sets.
    public var sampleTimes: [VirtualTime] = [] { didSet { sampleTimes.sort() } }
    /// Draw frames at this rate from 0: frame k at k / rate seconds, rounded to the clock's
    /// microsecond, so the times do not drift (at most a million a second; nil, or not a positive
    /// number: only at `sampleTimes`).
    public var framesPerSecond: Double?
    /// Receives the sampled frames, in time order.
    public var onSample: ((Frame) -> Void)?
    /// At most this many frames are sampled (nil: no limit). A scenario may wait for years of
    /// virtual time, which costs the clock nothing but would make a renderer draw frames without end;
    /// past the limit sampling stops and `sampleLimitReached` says so.
    public var sampleLimit: Int?
    /// Whether sampling stopped at `sampleLimit` before the clock's end.
    public private(set) var sampleLimitReached = false
    private var samplesTaken = 0

    /// The longest a `wait: idle` waits (a popup with a time-to-live or a banner shown until
    /// dismissed would keep the clock busy forever).
    public static let idleLimit = VirtualTime.seconds(60)

    private var nextStep = 0
    /// When each step that has run so far started, in step order: a recording of the run writes
    /// the scenario's own steps at these times.
    public private(set) var stepStarts: [VirtualTime] = []
    /// When the next step may start.
    private var cursor = VirtualTime.zero
    private var drag: DragPlayback?
    private var idleDeadline: VirtualTime?
    private var nextSample = 0
    /// The index of the next frame `framesPerSecond` asks for.
    private var nextRateFrame: Int64 = 0
    /// The frame expectations' times, and the frames drawn at them.
    private let expectationTimes: [VirtualTime]
    private var nextExpectation = 0
    public private(set) var expectedFrames: [VirtualTime: Frame] = [:]
    /// Each sheet's detent and height at the frame expectations' times.
    private(set) var expectedSheets: [VirtualTime: [RequestID: (detent: String, height: Double)]] = [:]

    /// A runner over `catalog`'s components, on the scenario's screen.
    public init(scenario: Scenario, catalog: ComponentCatalog) {
        self.scenario = scenario
        let screen = scenario.screen
        let chef = Chef(catalog: catalog, configuration: scenario.configuration)
        stage = Stage(
            chef: chef,
            scene: Scene(
                width: screen.width, height: screen.height, safeArea: screen.safeArea,
                keyboardHeight: screen.keyboardHeight, scale: screen.scale))
        // The screen's traits are where the scenario starts, not a change: set before the trace records.
        stage.engine.setDisplayTraits(screen.display)
        chef.trace = recorder
        expectationTimes = scenario.expectations.frameTimes
    }

    public var chef: Chef { stage.chef }
    public var engine: PresentationEngine { stage.engine }

    /// Every step has run (and the last one has finished).
    public var isFinished: Bool { nextStep == scenario.steps.count && drag == nil && idleDeadline == nil }

    /// Runs every step, then stops (the clock stays at the end of the last step, or at the last
    /// frame expectation's time if that is later).
    public func runToEnd() {
        advance(to: .longest, stoppingAtEnd: true)
        if let last = expectationTimes.last, last > chef.now { clock(to: last, including: true) }
    }

    /// Moves the clock to `time`, running every step whose time has come on the way.
    public func advance(to time: VirtualTime) {
        advance(to: time, stoppingAtEnd: false)
    }

    private func advance(to target: VirtualTime, stoppingAtEnd: Bool) {
        while true {
            if var playback = drag {
                let reached = playback.play(until: target, on: self)
                drag = playback.isOver ? nil : playback
                if !playback.isOver { break }
                cursor = reached
                continue
            }
            if let deadline = idleDeadline {
                let due = chef.nextDue()
                if let due, due <= deadline {
                    guard due <= target else { break }
                    clock(to: due, including: false)
                    continue
                }
                if due != nil {
                    // Still busy at the deadline: wait until then, and go on.
                    guard deadline <= target else { break }
                    clock(to: deadline, including: false)
                    problems.append(
                        ScenarioError(
                            .step, file: scenario.file, path: "steps[\(nextStep - 1)].wait",
                            message: "still busy after \(Self.idleLimit.seconds) s; going on"))
                }
                idleDeadline = nil
                cursor = chef.now
                continue
            }
            guard nextStep < scenario.steps.count else {
                if stoppingAtEnd {
                    // The last step may be a wait: it ends at `cursor`.
                    clock(to: cursor, including: true)
                    return
                }
                break
            }
            let step = scenario.steps[nextStep]
            let start = max(cursor, step.at ?? cursor)
            guard start <= target else { break }
            clock(to: start, including: false)
            nextStep += 1
            run(step)
        }
        clock(to: target, including: true)
    }

    /// Advances the chef to `time`, drawing the frames sampled (and expected) on the way: those
    /// before `time`, and those at `time` too when `including` (nothing more is to happen at `time`:
    /// a frame shows a time after everything that happens at it).
    func clock(to time: VirtualTime, including: Bool) {
        while true {
            let sampling = !sampleLimitReached
            let sample = sampling && sampleTimes.indices.contains(nextSample) ? sampleTimes[nextSample] : nil
            let interval = sampling ? rateFrameTime(nextRateFrame) : nil
            let expected = expectationTimes.indices.contains(nextExpectation) ? expectationTimes[nextExpectation] : nil
            guard let due = [sample, interval, expected].compactMap({ $0 }).min(), due < time || (including && due == time) else { break }
            let sampled = sample == due || interval == due
            if sampled, let sampleLimit, samplesTaken >= sampleLimit {
                sampleLimitReached = true
                continue
            }
            // Also at the chef's own time: timers a step scheduled for now fire before the frame.
            chef.advance(to: due)
            let frame = stage.frame()
            if sampled {
                samplesTaken += 1
                onSample?(frame)
            }
            if expected == due {
                expectedFrames[due] = frame
                expectedSheets[due] = sheetStates()
                nextExpectation += 1
            }
            while sampleTimes.indices.contains(nextSample) && sampleTimes[nextSample] <= due { nextSample += 1 }
            while let next = rateFrameTime(nextRateFrame), next <= due { nextRateFrame += 1 }
        }
        // At the chef's own time too: a timer a step set for now (a zero-length settle) fires.
        if time >= chef.now { chef.advance(to: time) }
    }

    /// When frame `index` of `framesPerSecond` is due; nil without a valid rate.
    private func rateFrameTime(_ index: Int64) -> VirtualTime? {
        guard let rate = framesPerSecond, rate > 0, rate.isFinite else { return nil }
        // The clock counts microseconds: a faster rate would only draw the same instants again.
        return .seconds(Double(index) / min(rate, 1_000_000))
    }

    private func run(_ step: ScenarioStep) {
        cursor = chef.now
        stepStarts.append(chef.now)
        switch step.action {
        case .show(let show):
            let id = chef.show(show.request)
            if let label = show.label { labels[label] = id }
            // A misspelt id is the scenario's mistake, not the plugin's: the step fails.
            if let failure = chef.failure(of: id), failure.category == .unknownComponent || failure.category == .wrongKind {
                problem(step, "show", failure.description)
            }
        case .tap(.point(let point)):
            stage.tap(at: point)
        case .tap(.action(let action, let label)):
            // Without `on`, a button of the top page's content when no popup on screen has one.
            if label == nil, engine.frontmost(where: { $0.actionNames.contains(action) }) == nil, let page = engine.pages.navigation.top,
                page.actionNames.contains(action)
            {
                switch engine.pages.tapPageButton(action, on: page) {
                case nil:
                    problem(step, "tap", "page \(page.name)'s button \"\(action)\" ran nothing (a transition, or no handler declares it)")
                case .popRefused(let why):
                    problem(step, "tap", "page \(page.name)'s button \"\(action)\" asked for a pop that was refused: \(why)")
                case .kept, .popped:
                    break
                }
                return
            }
            guard let id = popup(label, step, "tap", wanted: "a button \"\(action)\"", where: { $0.actionNames.contains(action) }) else {
                return
            }
            if !chef.tap(action: action, on: id) { problem(step, "tap", "the popup has no button \"\(action)\" it can take a tap on now") }
        case .drag(let from, let to, let duration, let velocity):
            let path = TouchPath.straight(from: from, to: to, duration: duration, step: DragPlayback.step)
            drag = DragPlayback(path: path, start: chef.now, velocity: velocity)
        case .touches(let paths, let velocity):
            drag = DragPlayback(paths: paths, start: chef.now, velocity: velocity)
        case .tap(.touch(let point, let hold)):
            drag = DragPlayback(path: TouchPath([.init(point, at: .zero), .init(point, at: hold)]), start: chef.now)
        case .type(let text, let field, let label):
            if field == nil && label == nil {
                if !stage.type(text) { problem(step, "type", "no text field has the focus") }
                return
            }
            // popup(…) reports its own problem: one message a step.
            guard
                let id = popup(
                    label, step, "type", wanted: field.map { "a text field \"\($0)\"" } ?? "a text field",
                    where: { content in field.map { content.textFieldIDs.contains($0) } ?? true })
            else { return }
            guard let name = field ?? engine.keyboard.focusedField.flatMap({ $0.request == id ? $0.field : nil }) else {
                return problem(step, "type", "no text field of that popup has the focus")
            }
            if !chef.setText((chef.fields(of: id)[name] ?? "") + text, field: name, on: id) {
                problem(step, "type", "the popup has no text field \"\(name)\"")
            }
        case .focus(let field, let label):
            guard let id = popup(label, step, "focus", wanted: "a text field \"\(field)\"", where: { $0.textFieldIDs.contains(field) })
            else {
                return
            }
            if !engine.focus(field: field, on: id) { problem(step, "focus", "the popup has no text field \"\(field)\" on screen") }
        case .keyboard(let visible):
            engine.setAppKeyboard(up: visible)
        case .rotate(let orientation):
            engine.rotate(to: orientation)
        case .traits(let change):
            engine.setDisplayTraits(change.applied(to: engine.traits.display))
        case .resize(let size):
            var scene = engine.scene
            scene.width = size.width
            scene.height = size.height
            engine.resize(to: scene)
        case .openURL(let url):
            chef.record(.openURL, request: 0, detail: url)
            chef.hideAllIfCan()
        case .dismiss(.label(let label)):
            guard let id = labels[label] else { return problem(step, "dismiss", "no request is labelled \"\(label)\" yet") }
            chef.dismiss(id)
        case .dismiss(.all):
            chef.dismissAll()
        case .dismiss(.dedupeKey(let key)):
            chef.dismiss(dedupeKey: key)
        case .dismiss(.priorityAtMost(let priority)):
            chef.dismiss(priorityAtMost: priority)
        case .reshow(let label):
            guard let id = labels[label] else { return problem(step, "reshow", "no request is labelled \"\(label)\" yet") }
            chef.reshow(id)
        case .selectDetent(let detent, let label):
            guard let id = popup(label, step, "select_detent", where: { _ in true }) else { return }
            if !engine.sheets.selectDetent(detent, on: id) {
                problem(
                    step, "select_detent",
                    "\"\(label)\" has no active detent \"\(detent)\" (its detents: "
                        + engine.sheets.detents(of: id).map(\.id).joined(separator: ", ") + ")")
            }
        case .scroll(let delta, nil, let animated):
            // Without a label, the top page's content scrolls.
            if engine.pages.navigation.pages.isEmpty {
                return problem(step, "scroll", "no page is on the stack (name a popup with \"on\")")
            }
            if !engine.pages.scroll(by: delta, animated: animated) {
                problem(step, "scroll", "the top page does not scroll: its content fits, or a transition is under way")
            }
        case .scroll(let delta, let label?, let animated):
            guard let id = popup(label, step, "scroll", where: { _ in true }) else { return }
            // A sheet grows or scrolls its content (`engine.sheets.scroll`); any other popup scrolls its content when taller.
            if engine.sheets.selectedDetent(of: id) != nil {
                engine.sheets.scroll(id, by: delta, animated: animated)
            } else if !engine.scrollContent(id, by: delta, animated: animated) {
                problem(step, "scroll", "\"\(label)\" is not a sheet and its content fits: nothing scrolls")
            }
        case .invalidateDetents(let label):
            guard let id = popup(label, step, "invalidate_detents", where: { _ in true }) else { return }
            engine.sheets.invalidateDetents(of: id)
        case .endEditing:
            if engine.keyboard.focusedField == nil { return problem(step, "end_editing", "no text field has the focus") }
            engine.unfocus()
        case .wait(.duration(let duration)):
            cursor = chef.now + duration
        case .wait(.idle):
            idleDeadline = chef.now + Self.idleLimit
        case .push(let page, let animated):
            let made: Page
            if let components = page.components {
                do throws(ComponentFailure) {
                    made = try engine.pages.navigation.makePage(components)
                } catch {
                    return problem(step, "push", "the page cannot be made: \(error.description)")
                }
            } else {
                made = engine.pages.navigation.makePage(kind: page.kind, preferences: page.preferences, content: page.content)
            }
            if !engine.pages.push(made, animated: animated) { problem(step, "push", "refused: a transition is under way") }
        case .pop(let animated):
            if !engine.pages.pop(animated: animated) { problem(step, "pop", "refused: one page on the stack, or a transition under way") }
        case .activate(let target):
            guard let element = accessibilityElement(target, step, "activate") else { return }
            stage.activateAccessibilityElement(element.id)
        case .accessibilityFocus(.move(let move)):
            if stage.moveAccessibilityFocus(move) == nil { problem(step, "accessibility_focus", "nothing on screen is reachable") }
        case .accessibilityFocus(.element(let target)):
            guard let element = accessibilityElement(target, step, "accessibility_focus") else { return }
            stage.focusAccessibilityElement(element.id)
        case .escape:
            stage.accessibilityEscape()
        case .deleteBackward(let count):
            if engine.keyboard.focusedField == nil { return problem(step, "delete_backward", "no text field has the focus") }
            for _ in 0..<count { stage.deleteBackward() }
        case .hideAll:
            chef.hideAllIfCan()
        case .float:
            let refusal = engine.floating.floatTopPageRefusal
            if !engine.floating.floatTopPage() { problem(step, "float", "refused: \(refusal ?? "the stack cannot pop now")") }
        case .swipeBack(let from, let distance, let velocity, let endY):
            let kind = engine.pages.popGestureKind(startingAt: from)
            // The finger first moves along x (the gesture rules see that), then lifts at `endY`.
            guard engine.pages.beginInteractivePop(kind, start: from, translation: Point(x: distance, y: 0)) == nil else { return }
            engine.pages.endInteractivePop(velocity: velocity, finger: Point(x: from.x + distance, y: endY ?? from.y))
        }
    }

    /// The request `label` names, or (nil label) the frontmost popup on screen whose content
    /// `matches`.
    /// The popup labelled `label`, else the frontmost one that `matches`; `wanted` ("a button
    /// \"pay\"") names what the step looked for when none has it.
    private func popup(
        _ label: String?, _ step: ScenarioStep, _ action: String, wanted: String = "it", where matches: (ContentNode) -> Bool
    ) -> RequestID? {
        if let label {
            guard let id = labels[label] else { problem(step, action, "no request is labelled \"\(label)\" yet"); return nil }
            guard engine.isOnScreen(id) else {
                problem(step, action, "\"\(label)\" is not on screen (\(chef.state(of: id).map { "\($0)" } ?? "unknown"))")
                return nil
            }
            return id
        }
        guard let front = engine.frontmost(where: matches) else {
            problem(step, action, "no popup on screen has \(wanted)")
            return nil
        }
        return front
    }

    /// The one reachable element `target` names now; nil after reporting why there is none, or more than one.
    private func accessibilityElement(_ target: AccessibilityTarget, _ step: ScenarioStep, _ action: String) -> AccessibilityTree.Element? {
        let tree = stage.accessibilityTree()
        let reachable = tree.elements.map { "\"\($0.label)\"" }.joined(separator: ", ")
        switch target {
        case .id(let id):
            guard let element = tree.element(id) else {
                problem(step, action, "no reachable element has id \"\(id)\" (reachable: \(reachable.isEmpty ? "nothing" : reachable))")
                return nil
            }
            return element
        case .label(let label, let on):
            var found = tree.elements(labelled: label)
            if let on {
                guard let id = labels[on] else { problem(step, action, "no request is labelled \"\(on)\" yet"); return nil }
                found = found.filter { $0.request == id }
            }
            guard found.count == 1 else {
                problem(
                    step, action,
                    found.isEmpty
                        ? "no reachable element is labelled \"\(label)\"\(on.map { " in \"\($0)\"" } ?? "") (reachable: \(reachable.isEmpty ? "nothing" : reachable))"
                        : "\(found.count) reachable elements are labelled \"\(label)\" (\(found.map(\.id).joined(separator: ", "))): name it by id"
                )
                return nil
            }
            return found[0]
        }
    }

    private func problem(_ step: ScenarioStep, _ key: String, _ message: String) {
        problems.append(ScenarioError(.step, file: scenario.file, path: "\(step.path).\(key)", message: message))
    }

    /// The detent and height of every sheet on screen now.
    private func sheetStates() -> [RequestID: (detent: String, height: Double)] {
        var states: [RequestID: (detent: String, height: Double)] = [:]
        for id in labels.values {
            if let detent = engine.sheets.selectedDetent(of: id), let height = engine.sheets.height(of: id) {
                states[id] = (detent, height)
            }
        }
        return states
    }

    /// The label of a request, if the scenario gave it one.
    public func label(of id: RequestID) -> String? {
        labels.first { $0.value == id }?.key
    }
}

/// A scenario's drag, played as the touch events of its fingers' paths at their times: each finger
/// down at its path's first touch, moved at each one between, up at its last. Events at one instant
/// go in finger order.
struct DragPlayback {
    /// How often a straight drag's finger moves.
    static let step = VirtualTime.milliseconds(16)

    private struct Event {
        var time: VirtualTime
        var touch: Int
        var phase: Phase
        var point: Point
    }
    private enum Phase { case down, moved, up }

    private let events: [Event]
    /// The release speed the gesture's last finger lifts at (pt/s along y); nil: the speed it moved at.
    let velocity: Double?
    private var next = 0

    init(paths: [TouchPath], start: VirtualTime, velocity: Double? = nil) {
        var events: [Event] = []
        for (touch, path) in paths.enumerated() {
            for (index, step) in path.touches.enumerated() {
                let phase: Phase = index == 0 ? .down : index == path.touches.count - 1 ? .up : .moved
                events.append(Event(time: start + step.time, touch: touch, phase: phase, point: step.point))
            }
        }
        // Stable: at one instant, finger order, and each finger's own order.
        self.events = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        self.velocity = velocity
    }

    init(path: TouchPath, start: VirtualTime, velocity: Double? = nil) {
        self.init(paths: [path], start: start, velocity: velocity)
    }

    var isOver: Bool { next >= events.count }

    /// Plays the events due by `target`; returns the time of the last one played.
    mutating func play(until target: VirtualTime, on runner: ScenarioRunner) -> VirtualTime {
        var reached = events.first?.time ?? .zero
        while !isOver, events[next].time <= target {
            let event = events[next]
            reached = event.time
            runner.clock(to: reached, including: false)
            switch event.phase {
            case .down: runner.stage.pointerDown(at: event.point, touch: event.touch)
            case .moved: runner.stage.pointerMoved(to: event.point, touch: event.touch)
            case .up: runner.stage.pointerUp(at: event.point, touch: event.touch, velocity: velocity)
            }
            next += 1
        }
        return reached
    }
}
