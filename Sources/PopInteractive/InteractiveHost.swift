import PopChef
import PopIsolation
import PopModel
import PopPresentation
import PopScenario
import PopTerminal

/// `pophost run`'s app: a scenario playing on a stage in real time, with the user's mouse and keys.
///
/// - The mouse taps and drags (buttons, fields, dimming, banners; hit testing decides); a tap that runs
///   a handler's action shows it in the status line ("ran confirm → dismiss").
/// - With a popup's field focused, keys type into it; Backspace deletes; Enter or Esc ends editing.
/// - Otherwise the keys of `KeyBinding.all`, which the status line and `--help` list: `q` quits;
///   `1`…`9` show the scenario's first nine popups again; `r` rotates; `k` raises or lowers the app's
///   keyboard; `m` turns Reduce Motion on or off; `a` switches light and dark; `t` steps the text size
///   (`nextTextSize`); `l` switches the layout direction; `h` hides what agrees to go; `d` dismisses
///   everything; Esc taps the background (the top-left corner); ↑ / ↓ flick the banner, or the front sheet.
///
/// A screen reader's input (`AccessibilityInput`: focus moves, activation, the escape gesture,
/// VoiceOver on or off) goes to the stage's accessibility API and into the same journal.
///
/// With a `HotReload` (`pophost run --watch`), a rewritten plugin file is loaded in a fresh plugin
/// host and the run starts again on it, replayed — the scenario's steps and every input the user
/// gave, each at the virtual time it came — up to the current instant: runs are deterministic, so
/// the author sees the changed popup where the old one was.
public final class InteractiveHost: TerminalApp {
    public private(set) var runner: ScenarioRunner
    private let reload: HotReload?
    /// The user's input so far, with the virtual time each came at: what a replay gives again.
    private var journal: [(time: VirtualTime, input: Input)] = []
    /// The input so far as scenario steps (`pophost run --record`, the preview's Record button).
    public private(set) var recording = ScenarioRecording()
    private var message = ""
    /// Told of each hot reload's outcome with the message the status line shows: a front end other
    /// than the terminal (`pophost preview`'s page) shows it its own way.
    public var onReload: ((HotReload.Outcome, String) -> Void)?

    public init(runner: ScenarioRunner, reload: HotReload? = nil) {
        self.runner = runner
        self.reload = reload
    }

    /// What the person did since the run began, as a scenario document's text (`ScenarioRecording`):
    /// it plays this run again up to the current instant. `directory` is where it will be saved.
    public func recordedScenario(name: String, description: String?, directory: String?) throws(ScenarioError) -> String {
        ScenarioWriter.text(try recording.document(of: runner, name: name, description: description, directory: directory, at: chef.now))
    }

    /// Shows `message` on the status line (an isolated plugin that crashed, say).
    public func note(_ message: String) {
        self.message = message
    }

    private var stage: Stage { runner.stage }
    private var chef: Chef { runner.chef }
    private var engine: PresentationEngine { runner.engine }

    public var screen: Size { engine.scene.size }

    public func advance(by time: VirtualTime) {
        let problems = runner.problems.count
        runner.advance(to: chef.now + time)
        if let problem = runner.problems.dropFirst(problems).last { message = problem.description }
        if let reload { take(reload.poll(), from: reload) }
    }

    public func frame() -> Frame { stage.frame() }

    public func handle(_ event: TerminalAppEvent) -> TerminalAppResponse {
        journal.append((chef.now, .terminal(event)))
        return apply(event)
    }

    /// A screen reader's input (the browser preview's ARIA mirror) at the current instant; the status
    /// line says what it did.
    public func handle(_ input: AccessibilityInput) {
        journal.append((chef.now, .accessibility(input)))
        apply(input)
    }

    /// A key of `KeyBinding.all` from a control of another front end (the browser player's toggles):
    /// it does what it says even while a popup's field has the focus, where the same key would type.
    public func handle(command key: TerminalKey) -> TerminalAppResponse {
        journal.append((chef.now, .command(key)))
        return command(key)
    }

    /// One input of the journal: the terminal's, a control's command or a screen reader's.
    private enum Input {
        case terminal(TerminalAppEvent)
        case command(TerminalKey)
        case accessibility(AccessibilityInput)
    }

    /// After a look for rewritten plugin files: on new components, the run replayed on them up to
    /// now replaces the current one (whose chef, ending, ends its requests and plugin hosts).
    private func take(_ outcome: HotReload.Outcome, from reload: HotReload) {
        switch outcome {
        case .unchanged:
            return
        case .failed(let problem):
            message = problem
        case .reloaded(let files):
            let start = ContinuousClock.now
            let now = chef.now
            let catalog = ComponentCatalog()
            catalog.add(reload.source)
            replay(on: catalog, to: now)
            let names = files.map { $0.split(separator: "/").last.map(String.init) ?? $0 }.joined(separator: ", ")
            let milliseconds = Int(((ContinuousClock.now - start).seconds * 1000).rounded())
            message = "reloaded \(names), replayed to \(String(Int(now.milliseconds / 100)).paddingDecimal) s in \(milliseconds) ms"
        }
        onReload?(outcome, message)
    }

    /// Goes back to `time`: the run starts again on the same components and is replayed up to it,
    /// with the input given up to it (what came later is forgotten; a frame at `time` shows what
    /// happened at `time`, input included). A scrubbed timeline's way back, since a run cannot be
    /// unwound.
    public func rewind(to time: VirtualTime) {
        journal.removeAll { $0.time > time }
        replay(on: chef.catalog, to: time)
    }

    /// The run starts again at time zero with no input: what the Record button begins with.
    public func restart() {
        journal.removeAll()
        replay(on: chef.catalog, to: .zero)
    }

    /// A new run of the scenario on `catalog`, given the journal's input at its times, up to `time`.
    private func replay(on catalog: ComponentCatalog, to time: VirtualTime) {
        runner = ScenarioRunner(scenario: runner.scenario, catalog: catalog)
        recording = ScenarioRecording()
        for entry in journal {
            runner.advance(to: entry.time)
            switch entry.input {
            case .terminal(let event): _ = apply(event)
            case .command(let key): _ = command(key)
            case .accessibility(let input): apply(input)
            }
        }
        runner.advance(to: time)
    }

    /// Applies one input to the run.
    private func apply(_ event: TerminalAppEvent) -> TerminalAppResponse {
        switch event {
        case .pointer(let phase, let point): touch(phase, at: point)
        case .key(let key): return press(key)
        }
        return .continue
    }

    /// The finger goes down, moves or lifts at `point`: the stage's touch handling, and the recording.
    private func touch(_ phase: PointerPhase, at point: Point) {
        recording.pointer(phase, at: point, time: chef.now, stepsRun: stepsRun)
        switch phase {
        case .down: stage.pointerDown(at: point)
        case .moved: stage.pointerMoved(to: point)
        case .up:
            let before = runner.recorder.events.count
            stage.pointerUp(at: point)
            if let ran = runner.recorder.events.dropFirst(before).last(where: { $0.kind == .action }) {
                message = "ran \(ran.detail ?? "an action")"
            }
        }
    }

    /// How many of the scenario's own steps have run: where the recording puts the input among them.
    private var stepsRun: Int { runner.stepStarts.count }

    /// Keeps `step` in the recording, at the current instant.
    private func record(_ step: Value.Object) {
        recording.add(step, at: chef.now, stepsRun: stepsRun)
    }

    /// Applies a screen reader's input to the run.
    private func apply(_ input: AccessibilityInput) {
        switch input {
        case .move(let move):
            let focused = stage.moveAccessibilityFocus(move)
            if focused != nil { record(["accessibility_focus": .string(move == .next ? "next" : "previous")]) }
            message = focused.map(Self.reading) ?? "nothing to focus"
        case .focus(let id):
            let focused = stage.focusAccessibilityElement(id)
            if focused != nil { record(["accessibility_focus": .object(["id": .string(id)])]) }
            message = focused.map(Self.reading) ?? "\(id) is not reachable"
        case .activate(let id):
            let before = runner.recorder.events.count
            guard let element = stage.accessibilityTree().element(id), stage.activateAccessibilityElement(id) != nil else {
                message = "\(id) is not reachable"
                return
            }
            record(["activate": .object(["id": .string(id)])])
            let ran = runner.recorder.events.dropFirst(before).last { $0.kind == .action }
            message = ran.map { "ran \($0.detail ?? "an action")" } ?? "activated " + Self.reading(element)
        case .escape:
            record(["escape": true])
            message =
                switch stage.accessibilityEscape() {
                case .dismissed(let id): "escaped popup \(id)"
                case .refused(let id): "popup \(id) refused to go"
                case .back: "went back a page"
                case .nothing: "nothing to escape"
                }
        case .voiceOver(let on):
            let display = changeTraits { $0.voiceOver = on }
            message = "VoiceOver \(display.voiceOver ? "on" : "off")"
        }
    }

    private func press(_ key: TerminalKey) -> TerminalAppResponse {
        if engine.keyboard.focusedField != nil {
            switch key {
            case .character(let character):
                recording.typed(String(character), at: chef.now, stepsRun: stepsRun)
                stage.type(String(character))
            case .backspace:
                recording.deletedBackward(at: chef.now, stepsRun: stepsRun)
                stage.deleteBackward()
            case .enter, .escape:
                record(["end_editing": true])
                engine.unfocus()
            default: break
            }
            return .continue
        }
        return command(key)
    }

    /// What a key of `KeyBinding.all` does (and the keys the status line does not list: Tab, Enter,
    /// Backspace, the arrows), whether or not a field has the focus.
    private func command(_ key: TerminalKey) -> TerminalAppResponse {
        switch key {
        case .character("q"), .character("Q"):
            return .quit
        case .character(let digit) where digit.wholeNumberValue.map({ (1...9).contains($0) }) == true:
            let shows = runner.scenario.steps.compactMap { step -> (show: ScenarioAction.Show, step: ScenarioStep)? in
                if case .show(let show) = step.action { (show, step) } else { nil }
            }
            let index = digit.wholeNumberValue! - 1
            if shows.indices.contains(index) {
                showAgain(shows[index].show, writtenAs: shows[index].step.source)
                message = "showed \(shows[index].show.label ?? "popup \(index + 1)")"
            }
        case .character("r"):
            let orientation: Scene.Orientation = engine.scene.orientation == .portrait ? .landscape : .portrait
            record(["rotate": .string(orientation.rawValue)])
            engine.rotate(to: orientation)
        case .character("k"):
            let up = engine.keyboard.owner == nil
            record(["keyboard": .string(up ? "show" : "hide")])
            engine.setAppKeyboard(up: up)
        case .character("m"):
            let display = changeTraits { $0.reduceMotion.toggle() }
            message = "Reduce Motion \(display.reduceMotion ? "on" : "off")"
        case .character("a"):
            let display = changeTraits { $0.appearance = $0.appearance == .light ? .dark : .light }
            message = "\(display.appearance == .dark ? "Dark" : "Light") appearance"
        case .character("t"):
            let display = changeTraits { $0.contentSize = Self.nextTextSize(after: $0.contentSize) }
            message = "Text size \(display.contentSize.name)"
        case .character("l"):
            let display = changeTraits { $0.layoutDirection = $0.layoutDirection == .leftToRight ? .rightToLeft : .leftToRight }
            message = display.layoutDirection == .rightToLeft ? "Right-to-left" : "Left-to-right"
        case .character("v"):
            let display = changeTraits { $0.voiceOver.toggle() }
            message = "VoiceOver \(display.voiceOver ? "on" : "off")"
        case .tab:
            apply(AccessibilityInput.move(.next))
        case .enter:
            guard let focused = stage.accessibilityTree().focusedElement else {
                message = "nothing has VoiceOver's focus (Tab moves it)"
                break
            }
            apply(AccessibilityInput.activate(focused.id))
        case .character("z"):
            apply(AccessibilityInput.escape)
        case .character("h"):
            record(["hide_all": true])
            message = chef.hideAllIfCan() ? "hid everything" : "a popup refused to hide"
        case .character("d"):
            record(["dismiss": .object(["all": true])])
            chef.dismissAll()
        case .escape:
            let corner = Point(x: 2, y: 2)
            record(["tap": .object(ScenarioWriter.point(corner))])
            stage.tap(at: corner)
        case .backspace:
            let popped = engine.pages.pop(animated: true)
            if popped { record(["pop": .object([:])]) }
            message = popped ? "popped \(engine.pages.navigation.top?.name ?? "the page")" : "nothing to pop"
        case .up, .down:
            flickBanner(up: key == .up)
        default:
            break
        }
        return .continue
    }

    /// An element as VoiceOver reads it: `"Pay", button`.
    private static func reading(_ element: AccessibilityTree.Element) -> String {
        "\"\(element.label)\", \(element.role.rawValue)" + (element.value.map { ", \($0)" } ?? "")
    }

    /// The person changes one of their display traits (`change`) now; the traits as they are after it.
    private func changeTraits(_ change: (inout DisplayTraits) -> Void) -> DisplayTraits {
        let before = engine.traits.display
        var display = before
        change(&display)
        let changed = ScenarioWriter.traits(display, from: before)
        if !changed.isEmpty { record(["traits": .object(changed)]) }
        engine.setDisplayTraits(display)
        return display
    }

    /// The app shows the scenario's popup `show` again (keys 1–9), under a label of its own so
    /// that a recording can name it.
    private func showAgain(_ show: ScenarioAction.Show, writtenAs source: Value?) {
        let id = chef.show(show.request)
        guard case .object(let source)? = source else { return }
        var step = ScenarioWriter.newest(source)
        guard case .object(var written)? = step["show"] else { return }
        let base = show.label ?? "popup"
        var number = 2
        while recording.isUsed("\(base)-\(number)", in: runner.scenario) { number += 1 }
        written["as"] = .string("\(base)-\(number)")
        step["show"] = .object(written)
        step["at"] = nil
        step["note"] = nil
        record(step)
        recording.label(id, as: "\(base)-\(number)")
    }

    /// The text sizes `t` steps through: the default, the largest without and with Larger
    /// Accessibility Sizes, and the smallest; any other size steps to the default.
    static let textSizeSteps: [ContentSizeCategory] = [.large, .extraExtraExtraLarge, .accessibilityExtraExtraExtraLarge, .extraSmall]

    static func nextTextSize(after size: ContentSizeCategory) -> ContentSizeCategory {
        guard let index = textSizeSteps.firstIndex(of: size) else { return .large }
        return textSizeSteps[(index + 1) % textSizeSteps.count]
    }

    /// A pan from the keys: a quick 48-point flick on the front banner (a swipe toward its edge
    /// dismisses it; away from it, it rubber-bands and springs back), else on the front sheet, just
    /// below its top (up: the next detent; down: the one below, or away).
    private func flickBanner(up: Bool) {
        let popups = stage.frame().nodes.filter { $0.role == .popup }
        let target =
            popups.last { $0.request.map(engine.isBanner) == true }.map { $0.bounds.center }
            ?? popups.last { $0.request.flatMap(engine.sheets.selectedDetent(of:)) != nil }.map {
                Point(x: $0.bounds.center.x, y: $0.bounds.y + 20)
            }
        guard let target else { return }
        let start = target, step = VirtualTime.milliseconds(16)
        touch(.down, at: start)
        for offset in [24.0, 48.0] {
            chef.advance(by: step)
            touch(.moved, at: Point(x: start.x, y: start.y + (up ? -offset : offset)))
        }
        touch(.up, at: Point(x: start.x, y: start.y + (up ? -48 : 48)))
    }

    public var statusLine: String {
        let help = engine.keyboard.focusedField != nil ? "type · Backspace · Enter/Esc done" : KeyBinding.statusText
        return "\(statusSummary) · \(help)"
    }

    /// The status line without the terminal's keys: the time, the scenario while it plays, the
    /// last message (what the browser player shows beside its own shortcuts), and with VoiceOver on
    /// what has its focus.
    public var statusSummary: String {
        let time = String(Int(chef.now.milliseconds / 100)).paddingDecimal
        let state = runner.isFinished ? "" : " ▶ \(runner.scenario.name ?? "scenario")"
        var summary = "\(time) s\(state)\(message.isEmpty ? "" : " · \(message)")"
        if engine.traits.display.voiceOver, let focused = stage.accessibilityTree().focusedElement {
            summary += " · VoiceOver: " + Self.reading(focused)
        }
        return summary
    }
}

private extension String {
    /// "123" (tenths of a second) as "12.3".
    var paddingDecimal: String {
        let digits = count < 2 ? String(repeating: "0", count: 2 - count) + self : self
        return digits.dropLast() + "." + digits.suffix(1)
    }
}
