import PopChef
import PopChefTestSupport
import PopModel
import PopRuntimeTestSupport
import Testing

@testable import PopBridge

/// A completion a plugin calls from a thread of its own (`FIX_ANSWER_FROM_THREAD`: 20 ms of real
/// time later) in a run whose virtual clock runs ahead of real time: awaited, it lands at the
/// virtual time of an answer given at once, every run alike; not awaited (a host whose clock follows
/// real time), the clock runs on to the completion timeout first.
@Suite struct ThreadAnswerTests {
    static let defect = "ANSWER_FROM_THREAD"
    let fixtures = try! DefectFixtures([Self.defect])

    func play(waiting: Bool) -> (trace: [String], final: [FinalEvent]) {
        var configuration = ChefConfiguration()
        if waiting { configuration.threadAnswerWait = ChefConfiguration.headlessThreadAnswerWait }
        let source = PluginComponents(discovery: fixtures.discovery)
        let catalog = ComponentCatalog()
        catalog.add(source)
        let t = TracedChef(configuration: configuration, catalog: catalog)
        let id = t.chef.show(DefectFixtures.request(Self.defect))
        t.chef.runUntilIdle()
        t.chef.dismiss(id)
        t.chef.runUntilIdle()
        return (t.recorder.events.map { "\($0.time.milliseconds) \($0.kind.rawValue)" }, t.finals[id] ?? [])
    }

    @Test("awaited in a headless run: answered at 0 ms, shown, and the same trace every time")
    func awaited() {
        let first = play(waiting: true), second = play(waiting: true)
        #expect(first.trace.contains("0.0 answered"), "\(first.trace)")
        #expect(first.final == [.dismissed(.requested)])
        #expect(first.trace == second.trace)
    }

    @Test("not awaited: the clock reaches the completion timeout before the thread answers")
    func notAwaited() {
        let run = play(waiting: false)
        #expect(run.final == [.cancelled(.pluginError)], "\(run.trace)")
    }
}
