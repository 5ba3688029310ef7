import PopChef
import PopModel
import PopScenario
import PopTerminal

/// What a person did in the player — taps, drags, typing, rotation, the keyboard, traits, a screen
/// reader's gestures — kept as the scenario steps that do it again, each with when it came.
/// `document` writes them between the scenario's own steps, at the times those ran, with
/// expectations for the popups' final events: a scenario that plays the session back identically
/// (as Playwright's codegen turns a browser session into a test).
///
/// A touch is kept as the finger moved: a tap is written `tap` with how long the finger rested
/// (`hold`), anything else a `drag` along its `path`. Input that came while a finger was down is
/// written after that touch, so it plays when the finger has lifted.
public struct ScenarioRecording: Sendable {
    /// One step the person's input made.
    struct Entry: Sendable {
        /// When it came, and how many of the scenario's own steps had run by then.
        var time: VirtualTime
        var stepsRun: Int
        var step: Value.Object
        /// When it is over: a touch lasts until the finger lifts.
        var end: VirtualTime
    }

    private(set) var entries: [Entry] = []
    /// The touch under way: its place among the entries, when it began and where the finger went.
    private var touch: (index: Int, stepsRun: Int, start: VirtualTime, touches: [TouchPath.Touch])?
    /// The labels the recording gave popups the person showed again, by request.
    private var labels: [RequestID: String] = [:]

    public init() {}

    /// Keeps `step`, which came at `time` after `stepsRun` of the scenario's steps had run.
    mutating func add(_ step: Value.Object, at time: VirtualTime, stepsRun: Int) {
        entries.append(Entry(time: time, stepsRun: stepsRun, step: step, end: time))
    }

    /// Typed `text` into the focused field: keystrokes at one instant (a paste, the page's type
    /// box) make one `type` step.
    mutating func typed(_ text: String, at time: VirtualTime, stepsRun: Int) {
        if let last = entries.last, last.time == time, last.stepsRun == stepsRun, case .object(let type)? = last.step["type"],
            case .string(let before)? = type["text"]
        {
            entries[entries.count - 1].step["type"] = .object(["text": .string(before + text)])
            return
        }
        add(["type": .object(["text": .string(text)])], at: time, stepsRun: stepsRun)
    }

    /// Pressed the keyboard's delete key once; presses at one instant make one step.
    mutating func deletedBackward(at time: VirtualTime, stepsRun: Int) {
        if let last = entries.last, last.time == time, last.stepsRun == stepsRun, case .int(let count)? = last.step["delete_backward"] {
            entries[entries.count - 1].step["delete_backward"] = .int(count + 1)
            return
        }
        add(["delete_backward": .int(1)], at: time, stepsRun: stepsRun)
    }

    /// A finger went down, moved or lifted at `point`.
    mutating func pointer(_ phase: PointerPhase, at point: Point, time: VirtualTime, stepsRun: Int) {
        switch phase {
        case .down:
            // A second touch down replaces the first, as the stage's tracker does.
            if let touch { entries.removeSubrange(touch.index...) }
            touch = (entries.count, stepsRun, time, [TouchPath.Touch(point, at: .zero)])
            entries.append(Entry(time: time, stepsRun: stepsRun, step: [:], end: time))
        case .moved:
            guard let start = touch?.start else { return }
            touch?.touches.append(TouchPath.Touch(point, at: time - start))
        case .up:
            guard var touch else { return }
            self.touch = nil
            touch.touches.append(TouchPath.Touch(point, at: time - touch.start))
            entries[touch.index].step = Self.step(of: touch.touches)
            entries[touch.index].end = time
        }
    }

    /// A tap where the finger never left the point it touched down at (moves to that same point change
    /// nothing a touch does); else a drag along its path.
    private static func step(of touches: [TouchPath.Touch]) -> Value.Object {
        if let down = touches.first, let up = touches.last, touches.allSatisfy({ $0.point == down.point }) {
            var tap = ScenarioWriter.point(down.point)
            tap["hold"] = ScenarioWriter.milliseconds(up.time)
            return ["tap": .object(tap)]
        }
        let path = touches.map { touch -> Value in
            var object = ScenarioWriter.point(touch.point)
            object["t"] = ScenarioWriter.milliseconds(touch.time)
            return .object(object)
        }
        return ["drag": .object(["path": .array(path)])]
    }

    /// The label the recording gives request `id`, which the person showed again.
    mutating func label(_ id: RequestID, as label: String) {
        labels[id] = label
    }

    /// Whether a label is taken, by the scenario or by the recording.
    func isUsed(_ label: String, in scenario: Scenario) -> Bool {
        scenario.labels.contains(label) || labels.values.contains(label)
    }

    /// The scenario that plays the run of `runner`, with this input, again up to `end` (the
    /// current instant): its own steps that have run, each at the time it ran (waits left out,
    /// since every step has its time; steps that failed left out, since they did nothing), the input between them, a wait to `end`, and expectations
    /// for every popup's final event. `directory` is where it will be saved (plugin directories are
    /// written relative to it). Throws for a scenario step made in code, which has no document to
    /// write.
    public func document(
        of runner: ScenarioRunner, name: String, description: String?, directory: String?, at end: VirtualTime
    ) throws(ScenarioError) -> Value.Object {
        let scenario = runner.scenario
        var steps: [Value] = []
        var finished = VirtualTime.zero
        var next = 0
        func takeEntries(upTo stepsRun: Int) {
            while next < entries.count, entries[next].stepsRun <= stepsRun {
                let entry = entries[next]
                next += 1
                // A touch still under way when the recording is written is left out: it has not ended.
                guard !entry.step.isEmpty else { continue }
                var step: Value.Object = ["at": ScenarioWriter.milliseconds(entry.time)]
                for member in entry.step { step[member.key] = member.value }
                steps.append(.object(step))
                finished = max(finished, entry.end)
            }
        }
        // A step that could not do what it says did nothing (a show still made its request): left out,
        // the recording plays what happened without the problem.
        let failed = Set(runner.problems.map { $0.path.split(separator: ".").first.map(String.init) ?? $0.path })
        for (index, start) in runner.stepStarts.enumerated() {
            takeEntries(upTo: index)
            let step = scenario.steps[index]
            if case .wait = step.action { continue }
            if failed.contains(step.path), step.action.name != "show" { continue }
            guard case .object(let source)? = step.source else {
                throw ScenarioError(
                    .step, file: scenario.file, path: step.path,
                    message: "was made in code, not read from a document: a recording cannot write it")
            }
            var written: Value.Object = ["at": ScenarioWriter.milliseconds(start)]
            for member in ScenarioWriter.newest(source) where member.key != "at" { written[member.key] = member.value }
            steps.append(.object(written))
            finished = max(finished, start + Self.length(of: step.action))
        }
        takeEntries(upTo: .max)
        if end > finished { steps.append(.object(["wait": ScenarioWriter.milliseconds(end - finished)])) }

        var document = ScenarioWriter.header(of: scenario, name: name, description: description, directory: directory)
        document["steps"] = .array(steps)
        document["expect"] = .object(expectations(of: runner))
        return document
    }

    /// How long a step of the scenario's keeps the next one waiting (waits are not written).
    private static func length(of action: ScenarioAction) -> VirtualTime {
        switch action {
        case .drag(_, _, let duration, _): duration
        case .touches(let paths, _): paths.map(\.duration).max() ?? .zero
        case .tap(.touch(_, let hold)): hold
        default: .zero
        }
    }

    /// Every popup's final event so far, in order (the request by its label when it has one), and
    /// the page stack when there is one.
    private func expectations(of runner: ScenarioRunner) -> Value.Object {
        var trace: [Value] = []
        for event in runner.recorder.events where event.kind == .dismissed || event.kind == .cancelled {
            var expected: Value.Object = ["event": .string(event.kind.rawValue)]
            if let label = runner.label(of: event.request) ?? labels[event.request] { expected["request"] = .string(label) }
            if let reason = event.reason { expected["reason"] = .string(reason.description) }
            trace.append(.object(expected))
        }
        var expect: Value.Object = ["trace": .array(trace)]
        let pages = runner.engine.pages.navigation.pages.map(\.kind)
        if !pages.isEmpty { expect["pages"] = .array(pages.map(Value.string)) }
        return expect
    }
}
