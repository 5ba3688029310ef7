import Foundation
import HostRuntime
import PopLoaderTestSupport
import PopTestSupport
import Synchronization
import Testing

/// The runtime an app embeds, used as an app uses it: Swift components beside plugins' components,
/// arbitration, events through `for await`, discovery that does not block, a real-time frame loop,
/// completions from other tasks, and a shutdown that ends it all. On the main actor, as in an app;
/// one at a time, since a test that blocks the main actor would hold up another's frame loop.
@MainActor @Suite(.serialized) struct PopupRuntimeTests {
    @Test("a Swift handler and view loader composed with a sample plugin's controller loader: typed text reaches the action")
    func composed() async throws {
        let samples = try SampleCopies()
        let runtime = PopupRuntime()
        let entered = Log()
        runtime.catalog.register(handler: CodeHandler.componentID) { CodeHandler(entered: entered) }
        runtime.catalog.register(viewLoader: CodeView.componentID) { CodeView() }
        try await runtime.discover(Self.registry(samples))

        let id = runtime.show(
            PopupRequest(
                handler: CodeHandler.componentID, viewLoader: CodeView.componentID,
                controllerLoader: "com.pophost.samples.swift.pop-controller"))
        runtime.runUntilIdle()
        #expect(runtime.chef.state(of: id) == .shown)
        let field = try #require(runtime.frame().nodes.first { $0.field == "code" })
        #expect(runtime.tap(at: field.bounds.center) == .focus(id, "code"))
        runtime.runUntilIdle()
        #expect(runtime.type("1234"))
        let confirm = try #require(runtime.frame().nodes.first { $0.action == "confirm" })
        #expect(runtime.tap(at: confirm.bounds.center) == .action(id, "confirm"))
        runtime.runUntilIdle()
        #expect(entered.lines == ["1234"])
        #expect(runtime.chef.finalEvent(of: id) == .dismissed(.action))
    }

    @Test("two popups preempting each other: the final events arrive through for await, and the stream ends at shutdown")
    func preemptionThroughForAwait() async {
        let runtime = PopupRuntime()
        let endings = runtime.finalEvents
        let received = Task {
            var received: [String] = []
            for await (request, event) in endings { received.append("\(request) \(event)") }
            return received
        }
        let first = runtime.show(PopupRequest(data: ["title": "First"]))
        runtime.runUntilIdle()
        let second = runtime.show(PopupRequest(data: ["title": "Second"], priority: .high, policy: .override))
        runtime.runUntilIdle()
        #expect(runtime.chef.state(of: second) == .shown)
        runtime.shutdown()
        #expect(await received.value == ["\(first) \(FinalEvent.dismissed(.preempted))", "\(second) \(FinalEvent.dismissed(.requested))"])
    }

    @Test("discovery runs off the caller's actor: the actor serves other work while the scanner reads the samples")
    func asyncDiscovery() async throws {
        let samples = try SampleCopies()
        let runtime = PopupRuntime()
        let discovering = Task { try await runtime.discover(Self.registry(samples)) }
        // Runs on the main actor while the discovery waits for its scan; after it, had the scan
        // blocked the actor.
        let seenMeanwhile = Task { runtime.catalog.kind(of: "com.pophost.samples.c.pop-controller") }
        let discovery = try await discovering.value
        #expect(await seenMeanwhile.value == nil)
        #expect(discovery.entries.count == 2)
        #expect(discovery.entries.allSatisfy { $0.status == .ok })
        #expect(runtime.catalog.kind(of: "com.pophost.samples.c.pop-controller") == .controllerLoader)
        #expect(runtime.catalog.kind(of: "com.pophost.samples.swift.pop-controller") == .controllerLoader)
    }

    @Test("the real-time driver follows the clock on the wall frame by frame and stops once the popup is shown")
    func realTimeDriver() async {
        let runtime = PopupRuntime()
        let id = runtime.show(PopupRequest(data: ["title": "Live"]))
        var frames: [Frame] = []
        let wall = ContinuousClock()
        let start = wall.now
        let stop = await RealTimeDriver(framesPerSecond: 60).run(runtime) { frames.append($0) }
        let elapsed = Self.seconds(wall.now - start)
        #expect(stop == .idle)
        #expect(runtime.chef.state(of: id) == .shown)
        // The entrance takes a few hundred milliseconds of virtual time, now as much real time.
        #expect(runtime.now > .zero)
        #expect(runtime.now.seconds <= elapsed)
        // At least the first frame, at once, and the last: a loaded machine may skip all between.
        #expect(frames.count >= 2, "\(frames.count) frames in \(elapsed) s")
        #expect(frames.first != frames.last)
    }

    @Test("the real-time driver that does not stop when idle stops when its task is cancelled")
    func realTimeDriverCancelled() async throws {
        let runtime = PopupRuntime()
        let frames = FrameCount()
        let driving = Task { await RealTimeDriver(stopsWhenIdle: false).run(runtime) { _ in frames.count.add(1, ordering: .relaxed) } }
        // Cancelled once it has drawn a few frames, however long a loaded machine takes to get there.
        let wall = ContinuousClock(), deadline = wall.now + .seconds(30)
        while frames.count.load(ordering: .relaxed) < 3 && wall.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        driving.cancel()
        #expect(await driving.value == .cancelled)
        #expect(runtime.now > .zero)
    }

    @Test("a should-present answer given from a detached task is applied by the runtime, not on the answering thread")
    func completionFromAnotherTask() async throws {
        let runtime = PopupRuntime()
        let threads = Threads()
        defer { threads.released.withLock { $0 = true } }
        runtime.catalog.register(handler: DetachedAnswerHandler.componentID) { DetachedAnswerHandler(threads: threads) }
        let id = runtime.show(PopupRequest(handler: DetachedAnswerHandler.componentID, data: ["title": "Later"]))
        #expect(runtime.chef.state(of: id) == .idle)
        #expect(await RealTimeDriver().run(runtime) == .idle)
        #expect(runtime.chef.state(of: id) == .shown)
        // The answering thread is held until here, so nothing else can have run on it meanwhile: a
        // popup presented on it was presented inside the answer, off the runtime's actor. (Which
        // thread the main actor runs on is the executor's business, so it is not compared.)
        let answered = try #require(threads.answered.withLock { $0 })
        let presented = try #require(threads.presented.withLock { $0 })
        #expect(pthread_equal(presented, answered) == 0)
    }

    @Test("a runtime owned by an actor of the app's own: its driver and its components run on that actor")
    func ownedByAnotherActor() async {
        #expect(await PopupHost().showAndSettle("Elsewhere") == .shown)
    }

    @Test("shutdown ends every request and every event stream, stops the plugin hosts, and cancels later requests")
    func shutdown() async throws {
        let samples = try SampleCopies()
        // A link, named as the process will be, to find it; not a copy: a copy being written while
        // another test forks can be "text file busy" when it is started.
        let host = samples.directory.file("runtime-tests-host")
        try FileManager.default.createSymbolicLink(atPath: host, withDestinationPath: Build.pluginHost)
        let runtime = PopupRuntime()
        try await runtime.discover(Self.registry(samples), isolated: IsolationOptions(executable: host))
        let events = runtime.events
        let received = Task {
            var received: [RuntimeEvent] = []
            for await event in events { received.append(event) }
            return received
        }
        let id = runtime.show(
            PopupRequest(
                viewLoader: "com.pophost.samples.swift.test-view", controllerLoader: "com.pophost.samples.swift.pop-controller",
                data: ["title": "Isolated"]))
        runtime.runUntilIdle()
        #expect(runtime.chef.state(of: id) == .shown)
        #expect(Self.children(named: "runtime-tests-h") == 1)

        runtime.shutdown()
        #expect(Self.children(named: "runtime-tests-h") == 0)
        let all = await received.value
        let kinds = all.compactMap { if case .lifecycle(let event) = $0 { event.kind } else { nil } }
        #expect(kinds.contains(.willPresent) && kinds.contains(.didPresent))
        guard case .ended(id, .dismissed(.requested))? = all.last else {
            Issue.record("the last event is not the request's end: \(String(describing: all.last))")
            return
        }
        let later = runtime.show(PopupRequest(data: ["title": "Too late"]))
        #expect(runtime.chef.finalEvent(of: later) == .cancelled(.requested))
        for await _ in runtime.events { Issue.record("a stream made after shutdown delivered an event") }
    }

    // MARK: Support

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func registry(_ samples: SampleCopies) -> PluginRegistry {
        makeRegistry([samples.directory.path], cache: samples.directory.file("registry.cache"))
    }

    /// How many child processes of this one run an executable whose name (as the kernel keeps it:
    /// its first 15 bytes) is `name`.
    private static func children(named name: String) -> Int {
        let me = getpid()
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.filter { process in
            guard Int32(process) != nil, let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return stat[stat.index(after: open)..<close] == name && fields.count > 2 && Int32(fields[1]) == me
        }.count
    }
}

/// Lines a component writes for its test to read.
private final class Log {
    var lines: [String] = []
}

/// An app's own actor that owns a runtime: `#isolation` keeps the driver on it.
private actor PopupHost {
    private let runtime = PopupRuntime()

    func showAndSettle(_ title: String) async -> PopupState? {
        let id = runtime.show(PopupRequest(data: ["title": .string(title)]))
        await RealTimeDriver().run(runtime)
        return runtime.chef.state(of: id)
    }
}

/// How many frames a driver has drawn.
private final class FrameCount: Sendable {
    let count = Atomic(0)
}

/// The threads a handler's answer and its will-present came on.
private final class Threads: Sendable {
    let answered = Mutex<pthread_t?>(nil)
    let presented = Mutex<pthread_t?>(nil)
    /// Set by the test once it has looked; until then the answering thread waits.
    let released = Mutex(false)
}

/// Asks for a code; "confirm" reads it and dismisses the popup.
private final class CodeHandler: HandlerComponent {
    static let componentID = "com.example.tests.code-handler"
    let id = CodeHandler.componentID
    let entered: Log
    init(entered: Log) { self.entered = entered }

    var actions: [String: ActionDeclaration] { ["confirm": ActionDeclaration(name: "confirm", fields: ["code"])] }

    func perform(_ name: String, context: ActionContext) -> ActionOutcome {
        entered.lines.append(context.text(ofField: "code") ?? "no field")
        return .dismiss
    }
}

/// A code field and a Confirm button.
private final class CodeView: ViewLoaderComponent {
    static let componentID = "com.example.tests.code-view"
    let id = CodeView.componentID

    func build(data: RequestData) throws(ComponentFailure) -> ContentNode {
        ContentNode(
            .vstack(
                spacing: 12, alignment: .fill,
                children: [
                    ContentNode(.textField(id: "code", placeholder: "Code", secure: false)),
                    ContentNode(.button("Confirm", style: .default, action: "confirm")),
                ]), padding: EdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20))
    }
}

/// Decides to present from a detached task, as a handler that asks a server would.
private final class DetachedAnswerHandler: HandlerComponent {
    static let componentID = "com.example.tests.detached-answer"
    let id = DetachedAnswerHandler.componentID
    let threads: Threads
    init(threads: Threads) { self.threads = threads }

    var decidesPresentation: Bool { true }

    func shouldPresent(data: RequestData, answer: Completion<Bool>) {
        Task.detached { [threads] in
            try? await Task.sleep(for: .milliseconds(50))
            threads.answered.withLock { $0 = pthread_self() }
            answer(true)
            while !threads.released.withLock({ $0 }) { usleep(1000) }
        }
    }

    func willPresent() {
        threads.presented.withLock { $0 = pthread_self() }
    }
}
