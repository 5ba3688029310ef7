import Foundation
import PopLoaderTestSupport
import PopRuntimeTestSupport
import PopTestSupport
import Testing

@testable import PopChef
@testable import PopIsolation
@testable import PopLoader
@testable import PopModel
@testable import PopScenario

/// The crash corpus, isolated: whatever the broken plugin does, this process survives, each of its
/// popups ends once with the right reason, the other plugin's banner stays and renders, and the
/// plugin host is restarted for the next use.
@Suite(.serialized) struct CrashCorpusTests {
    static let corpus = try! IsolationCrashCorpus()
    /// Scanned before the crash in `init` is armed.
    static let discovery: PluginRegistry.Discovery = {
        let discovery = try! makeRegistry([corpus.directory.path], cache: corpus.directory.file("registry.cache")).discover()
        corpus.armCrashInInit()
        return discovery
    }()

    static let options = IsolationOptions(executable: Build.pluginHost, callTimeout: 0.5)

    @Test("the host survives; each popup of the broken plugin ends once, for its reason; the banner renders", arguments: corpus.cases)
    func survives(_ testCase: IsolationCrashCorpus.Case) throws {
        let source = IsolatedComponents(discovery: Self.discovery, options: Self.options)
        var events: [IsolationEvent] = []
        source.onEvent = { events.append($0) }
        let catalog = ComponentCatalog()
        catalog.add(source)
        let scenario = try Scenario.parse(json: Self.corpus.scenario(testCase), file: "\(testCase.name).json", baseDirectory: nil)
        let runner = ScenarioRunner(scenario: scenario, catalog: catalog)
        var finals: [RequestID: [FinalEvent]] = [:]
        runner.chef.onFinalEvent = { finals[$0, default: []].append($1) }
        runner.runToEnd()

        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(runner.verify().isEmpty, "\(runner.verify())")
        let first = try #require(runner.labels["first"]), second = try #require(runner.labels["second"])
        let good = try #require(runner.labels["good"])
        #expect(finals[first] == [testCase.first])
        if let expected = testCase.second {
            #expect(finals[second] == [expected])
        } else {
            #expect(finals[second] == nil)
            #expect(runner.chef.state(of: second) == .shown)
        }
        #expect(finals[good] == nil)
        #expect(runner.chef.state(of: good) == .shown)
        #expect(runner.stage.frame().node("popup.\(good)") != nil)
        // One misbehaviour line per lost popup names the plugin host and how it ended.
        if testCase.first.reason == .pluginCrashed || testCase.first.reason == .pluginTimeout {
            let details = runner.recorder.events.filter { $0.request == first && $0.kind == .misbehaviour }.compactMap(\.detail)
            #expect(details.contains { $0.contains("\(testCase.name).so") }, "\(details)")
            #expect(events.contains { $0.kind == (testCase.first.reason == .pluginTimeout ? .timedOut : .crashed) })
        } else {
            #expect(events.isEmpty)
        }
    }

    @Test("after a crash the plugin gets a new plugin host: its next popup shows and works")
    func restarts() throws {
        let testCase = try #require(Self.corpus.cases.first { $0.name == "crash-in-action" })
        let source = IsolatedComponents(discovery: Self.discovery, options: Self.options)
        let catalog = ComponentCatalog()
        catalog.add(source)
        let chef = Chef(catalog: catalog)
        let id = IsolationCrashCorpus.pluginID(testCase)
        let request = PopupRequest(handler: "\(id).handler", viewLoader: "\(id).view", controllerLoader: "\(id).controller")
        let crashed = chef.show(request)
        chef.runUntilIdle()
        #expect(chef.tap(action: "go", on: crashed))
        #expect(chef.finalEvent(of: crashed) == .dismissed(.pluginCrashed))
        let next = chef.show(request)
        chef.runUntilIdle()
        #expect(chef.state(of: next) == .shown)
        #expect(chef.tap(action: "pop.dismiss", on: next))
        chef.runUntilIdle()
        #expect(chef.finalEvent(of: next) == .dismissed(.action))
    }

    @Test("a plugin that keeps crashing is quarantined for the session, with a message that says so")
    func quarantine() throws {
        let testCase = try #require(Self.corpus.cases.first { $0.name == "crash-in-callback" })
        let source = IsolatedComponents(discovery: Self.discovery, options: Self.options)
        var events: [IsolationEvent] = []
        source.onEvent = { events.append($0) }
        let catalog = ComponentCatalog()
        catalog.add(source)
        let chef = Chef(catalog: catalog)
        let id = IsolationCrashCorpus.pluginID(testCase)
        let request = PopupRequest(handler: "\(id).handler", viewLoader: "\(id).view", controllerLoader: "\(id).controller")
        var finals: [FinalEvent?] = []
        for _ in 0..<4 {
            let request = chef.show(request)
            chef.runUntilIdle()
            finals.append(chef.finalEvent(of: request))
        }
        #expect(finals == Array(repeating: .dismissed(.pluginCrashed), count: 3) + [.cancelled(.pluginCrashed)])
        #expect(events.map(\.kind) == [.crashed, .crashed, .crashed, .quarantined])
        let message = try #require(events.last?.message)
        #expect(message.contains("\(testCase.name).so is quarantined for the rest of this session"), "\(message)")
        #expect(message.contains("failed 3 times"))
        // Other plugins are not affected.
        let good = chef.show(
            PopupRequest(handler: "\(IsolationCrashCorpus.goodID).handler", viewLoader: "\(IsolationCrashCorpus.goodID).view"))
        chef.runUntilIdle()
        #expect(chef.state(of: good) == .shown)
    }
}
