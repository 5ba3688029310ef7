import PopChef
import PopModel
import PopPresentation

/// Random lifecycles against the plugin's components: shows, taps, drags, typing, keyboards,
/// rotations, dismissals and hide-all in a seeded order, with the chef's rules checked after each
/// step. A failure names the seed and the steps that led to it.
enum LifecycleFuzz {
    static let all = [lifecycle]

    static let lifecycle = ConformanceTest(
        "fuzz.lifecycle", level: 5,
        "125 random steps (at strictness 5): show, tap, drag, type, keyboard, rotate, dismiss, hide-all; no misbehaviour, one final event per request, every instance destroyed"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        guard !plugin.components.isEmpty else { throw .skipped("the plugin has no components") }
        var fuzzer = Fuzzer(run: PopupRun(plugin: plugin))
        let steps = context.repetitions(125)
        for index in 0..<steps {
            let step = fuzzer.step(using: &context.random)
            if let problem = fuzzer.problem() {
                throw .failed(
                    "step \(index + 1) of \(steps) (\(step)), seed \(context.seed): \(problem)",
                    details: ["steps before it:"] + fuzzer.log.suffix(12).dropLast())
            }
        }
        if let problem = fuzzer.finish() {
            throw .failed("after all \(steps) steps, seed \(context.seed): \(problem)", details: ["last steps:"] + fuzzer.log.suffix(12))
        }
    }
}

/// One fuzzing session: a chef with a stage over the plugin's components.
private struct Fuzzer {
    let run: PopupRun
    let stage: Stage
    private(set) var log: [String] = []
    private var requests: [RequestID] = []
    private var reported = 0

    init(run: PopupRun) {
        self.run = run
        stage = run.stage
    }

    /// Takes one random step; returns what it did.
    mutating func step(using random: inout HarnessRandom) -> String {
        let chef = run.chef, watchdog = run.plugin.watchdog
        let engine = stage.engine, scene = engine.scene
        func point() -> Point {
            Point(x: Double.random(in: 0...scene.size.width, using: &random), y: Double.random(in: 0...scene.size.height, using: &random))
        }
        let description: String
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<22:
            let request = randomRequest(using: &random)
            let id = watchdog.within("showing \(PopupRun.describe(request))", seconds: 5) { chef.show(request) }
            requests.append(id)
            description = "show \(PopupRun.describe(request)) as request \(id)"
        case 22..<48:
            // Most taps aim at a button or a field; the rest, and those with nothing to aim at, land anywhere.
            let targets = stage.frame().nodes.filter { $0.action != nil || $0.field != nil }
            if roll < 40, let node = targets.randomElement(using: &random) {
                let center = node.bounds.center
                _ = watchdog.within("tapping \(node.id)", seconds: 5) { stage.tap(at: center) }
                description = "tap \(node.action.map { "button \($0)" } ?? "field \(node.field ?? "")") of \(node.id)"
            } else {
                let at = point()
                _ = watchdog.within("tapping", seconds: 5) { stage.tap(at: at) }
                description = "tap at \(at.x.rounded()),\(at.y.rounded())"
            }
        case 48..<56:
            let from = point(), to = point()
            watchdog.within("dragging", seconds: 5) {
                stage.pointerDown(at: from)
                for fraction in stride(from: 0.25, through: 1, by: 0.25) {
                    chef.advance(by: .milliseconds(16))
                    stage.pointerMoved(to: Point(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction))
                }
                stage.pointerUp(at: to)
            }
            description = "drag \(from.x.rounded()),\(from.y.rounded()) → \(to.x.rounded()),\(to.y.rounded())"
        case 56..<63:
            let text = random.string()
            _ = watchdog.within("typing", seconds: 5) { stage.type(String(text.prefix(64))) }
            description = "type \(String(text.prefix(16)).debugDescription)"
        case 63..<68:
            let up = Bool.random(using: &random)
            watchdog.within("the app's keyboard", seconds: 5) { engine.setAppKeyboard(up: up) }
            description = "app keyboard \(up ? "up" : "down")"
        case 68..<73:
            let orientation: Scene.Orientation = scene.orientation == .portrait ? .landscape : .portrait
            watchdog.within("rotating", seconds: 5) { engine.rotate(to: orientation) }
            description = "rotate to \(orientation)"
        case 73..<80:
            if let id = requests.randomElement(using: &random) {
                _ = watchdog.within("dismissing request \(id)", seconds: 5) { chef.dismiss(id) }
                description = "dismiss request \(id)"
            } else {
                description = "dismiss (nothing to dismiss)"
            }
        case 80..<83:
            _ = watchdog.within("hide-all", seconds: 5) { chef.hideAllIfCan() }
            description = "hide all"
        case 83..<85:
            _ = watchdog.within("dismissing all", seconds: 5) { chef.dismissAll() }
            description = "dismiss all"
        default:
            let milliseconds = Int64.random(in: 1...1500, using: &random)
            watchdog.within("advancing the clock", seconds: 5) { chef.advance(by: .milliseconds(milliseconds)) }
            description = "wait \(milliseconds) ms"
        }
        log.append(description)
        return description
    }

    /// A request from components that fit together, with random data and options.
    private func randomRequest(using random: inout HarnessRandom) -> PopupRequest {
        let plugin = run.plugin, pairs = run.pairs
        let view = (pairs.viewIDs.map(Optional.some) + [nil]).randomElement(using: &random)!
        var request = PopupRequest(handler: pairs.handlers(for: view).randomElement(using: &random) ?? nil, viewLoader: view)
        request.controllerLoader = (plugin.ids(of: .controllerLoader).map(Optional.some) + [nil]).randomElement(using: &random)!
        if random.chance(0.3) { request.reformer = plugin.ids(of: .reformer).randomElement(using: &random) }
        request.data = random.chance(0.3) ? .null : random.value()
        if random.chance(0.5) { request.priority = Priority(rawValue: Int32.random(in: 0...1000, using: &random)) }
        if random.chance(0.3) { request.policy = Bool.random(using: &random) ? .override : .enqueue }
        if random.chance(0.2) { request.whenPreempted = Bool.random(using: &random) ? .drop : .requeue }
        return request
    }

    /// A broken rule since the last call, or nil.
    mutating func problem() -> String? {
        let problems = run.problems
        defer { reported = problems.count }
        if let violation = problems[reported...].first(where: \.isViolation) {
            return "request \(violation.request): \(violation.detail)" + (violation.owner.map { " (see \($0))" } ?? "")
        }
        if let (id, count) = run.finalEvents.first(where: { $0.value > 1 }) {
            return "request \(id) received \(count) final events"
        }
        return nil
    }

    /// Ends every request and checks that each ended exactly once and every instance is gone.
    mutating func finish() -> String? {
        let chef = run.chef
        run.plugin.watchdog.within("ending every request", seconds: 10) {
            _ = chef.runUntilIdle(limit: .seconds(600))
            _ = chef.dismissAll()
            _ = chef.runUntilIdle(limit: .seconds(600))
        }
        if let problem = problem() { return problem }
        if let id = requests.first(where: { run.finalEvents[$0] == nil }) { return "request \(id) never received its final event" }
        let alive = run.source.liveInstances
        if alive > 0 { return "\(alive) component instance\(alive == 1 ? " is" : "s are") still alive after every request ended" }
        return nil
    }
}
