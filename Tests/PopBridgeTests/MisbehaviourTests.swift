import Foundation
import PluginABI
import PopRuntimeTestSupport
import Testing

@testable import PopBridge
@testable import PopChef
@testable import PopLoader
@testable import PopModel
@testable import PopPresentation

/// Plugins that break the contract at run time: each gets a clear message and exactly one final
/// event, and the chef goes on.
@Suite struct MisbehaviourTests {
    /// The fixture plugins' defects, and well-behaved hooks: LAYOUT (1.0), EXT_ANIMATION and
    /// EXT_LAYOUT (1.1 extensions beside 1.0 hooks).
    static let defects = [
        "ANSWER_TWICE", "ANSWER_NEVER", "BAD_SIGNATURE", "DONE_TWICE", "DONE_NEVER", "BAD_CONTENT",
        "LAYOUT", "BAD_LAYOUT", "EXT_ANIMATION", "EXT_LAYOUT", "BAD_EXTENSION", "REUSE_INSTANCE", "ODD_OPTIONS",
    ]

    let fixtures = try! DefectFixtures(Self.defects)

    /// Shows the fixture's handler, view and controller.
    func show(_ defect: String, on t: TracedHost) -> RequestID { t.chef.show(DefectFixtures.request(defect)) }

    func chef() -> TracedHost { TracedHost(plugins: fixtures.discovery, staged: true) }

    func misbehaviour(_ t: TracedHost, _ id: RequestID) -> [String] {
        t.recorder.events.filter { $0.request == id && $0.kind == .misbehaviour }.compactMap(\.detail)
    }

    @Test("a factory handing out an instance that is still alive: refused without destroying it, the request ends once")
    func reusedInstance() {
        let t = chef()
        let id = show("REUSE_INSTANCE", on: t)
        t.chef.runUntilIdle()
        #expect(t.finals[id] == [.cancelled(.pluginError)])
        let failure = t.chef.failure(of: id)
        #expect(failure?.category == .contractBroken)
        #expect(failure?.description.contains("an instance that is still alive") == true, "\(String(describing: failure))")
        // The handler made first was destroyed once, by the host, and nothing is left alive.
        #expect(t.source!.liveInstances == 0)
        // The next request is made afresh and shows.
        let next = t.chef.show(PopupRequest(handler: "\(DefectFixtures.pluginID("REUSE_INSTANCE")).handler"))
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: next) == .shown)
    }

    @Test("get_options outside its ranges: each value taken as the header says, and reported")
    func oddOptions() {
        let t = chef()
        let id = show("ODD_OPTIONS", on: t)
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: id) == .shown)
        #expect(
            misbehaviour(t, id) == [
                "get_options set the priority 2000, outside 0...1000; taken as 1000",
                "get_options set the unknown policy 7; the policy stays enqueue",
                "get_options set the time_to_live nan (seconds, finite and ≥ 0; 0: none); none taken",
            ])
    }

    @Test("should_present answering twice: the second answer is ignored and reported")
    func answerTwice() {
        let t = chef()
        let id = show("ANSWER_TWICE", on: t)
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: id) == .shown)
        #expect(misbehaviour(t, id) == ["should_present's answer called again after it fired; ignored"])
        t.chef.dismiss(id)
        t.chef.runUntilIdle()
        #expect(t.finals[id] == [.dismissed(.requested)])
    }

    @Test("should_present never answering: cancelled with plugin-error after the completion timeout")
    func answerNever() {
        let t = chef()
        let id = show("ANSWER_NEVER", on: t)
        t.chef.runUntilIdle()
        #expect(t.finals[id] == [.cancelled(.pluginError)])
        #expect(t.time(of: "cancelled", id) == 10_000)
        #expect(misbehaviour(t, id).first?.contains("did not answer within 10") == true)
        #expect(t.source!.liveInstances == 0)
    }

    @Test("an action whose declared signature cannot be satisfied: cancelled with plugin-error at once")
    func malformedSignature() {
        let t = chef()
        let id = show("BAD_SIGNATURE", on: t)
        #expect(t.finals[id] == [.cancelled(.pluginError)])
        let message = misbehaviour(t, id).first ?? ""
        #expect(message.contains("action \"go\" has a malformed signature"), "\(message)")
        #expect(message.contains("\"bool(self:str)\""), "\(message)")
        #expect(t.source!.liveInstances == 0)
    }

    @Test("an animation completion called twice: the second call is ignored and reported")
    func doneTwice() {
        let t = chef()
        let id = show("DONE_TWICE", on: t)
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: id) == .shown)
        #expect(misbehaviour(t, id) == ["an animation's completion called again after it fired; ignored"])
    }

    @Test("an animation completion never called: dismissed with plugin-error after the timeout")
    func doneNever() {
        let t = chef()
        let id = show("DONE_NEVER", on: t)
        t.chef.runUntilIdle()
        #expect(t.finals[id] == [.dismissed(.pluginError)])
        #expect(misbehaviour(t, id).first?.contains("did not call its completion") == true)
        #expect(t.source!.liveInstances == 0)
    }

    @Test("invalid content: cancelled with plugin-error, naming the problem")
    func badContent() {
        let t = chef()
        let id = show("BAD_CONTENT", on: t)
        t.chef.runUntilIdle()
        #expect(t.finals[id] == [.cancelled(.pluginError)])
        #expect(misbehaviour(t, id).first?.contains("negative") == true)
    }

    @Test("unknown ids and kind mismatches are clear errors")
    func unknownAndMismatched() {
        let t = chef()
        let unknown = t.chef.show(PopupRequest(handler: "com.example.nothing"))
        let mismatch = t.chef.show(PopupRequest(handler: "com.fixture.answer-twice.view"))
        #expect(t.finals[unknown] == [.cancelled(.pluginError)])
        #expect(t.finals[mismatch] == [.cancelled(.pluginError)])
        let handlers = Self.defects.map { "\(DefectFixtures.pluginID($0)).handler" }.sorted().joined(separator: ", ")
        #expect(
            misbehaviour(t, unknown) == ["no handler with id \"com.example.nothing\" in the loaded plugins; the handlers are: \(handlers)"])
        let typo = t.chef.show(PopupRequest(handler: "com.fixture.answer-twice.handlr"))
        #expect(misbehaviour(t, typo).first?.contains("(did you mean \"com.fixture.answer-twice.handler\"?)") == true)
        #expect(misbehaviour(t, mismatch) == ["\"com.fixture.answer-twice.view\" is a view-loader, not a handler"])
    }

    @Test("after every kind of misbehaviour the chef goes on")
    func chefGoesOn() {
        let t = chef()
        for defect in Self.defects { _ = show(defect, on: t) }
        t.chef.runUntilIdle()
        t.chef.dismissAll()
        t.chef.runUntilIdle()
        let good = t.chef.show(PopupRequest(data: ["title": "Still here"]))
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: good) == .shown)
        #expect(t.finals.values.allSatisfy { $0.count == 1 })
        #expect(t.finals.count == Self.defects.count)
        #expect(t.source!.liveInstances == 0)  // only the built-in request is alive
    }

    @Test("a layout hook places the popup, and is asked again when the container changes")
    func layoutHook() throws {
        let t = chef()
        let id = show("LAYOUT", on: t)
        t.chef.runUntilIdle()
        let portrait = try #require(t.engine.visualState(of: id)).frame
        #expect(portrait.y == 20)  // the container's top, not centred
        t.engine.rotate(to: .landscape)
        let landscape = try #require(t.engine.visualState(of: id)).frame
        #expect(landscape.y == 20 && landscape.x > portrait.x)
        #expect(misbehaviour(t, id).isEmpty)
    }

    @Test("a layout hook returning NaN: reported, and the default frame is used")
    func badLayoutHook() throws {
        let t = chef()
        let id = show("BAD_LAYOUT", on: t)
        t.chef.runUntilIdle()
        let frame = try #require(t.engine.visualState(of: id)).frame
        #expect(frame.x.isFinite && frame.y > 20)
        #expect(misbehaviour(t, id).first?.contains("layout returned an invalid frame") == true)
        t.chef.dismiss(id)
        t.chef.runUntilIdle()
        #expect(t.finals[id] == [.dismissed(.requested)])
    }
}

extension MisbehaviourTests {
    @Test("\"pop.animation/1\" wins over the kind struct's animate_show: its keyframe, its pop_completion_t")
    func animationExtensionWins() throws {
        let t = chef()
        let id = show("EXT_ANIMATION", on: t)
        // The extension schedules one keyframe; the 1.0 animate_show, none.
        guard case .keyframes(let track)? = t.engine.popups[id]?.motion else { Issue.record("no keyframes"); return }
        #expect(track.animations.count == 1)
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: id) == .shown)
        #expect(misbehaviour(t, id).isEmpty)
    }

    @Test("\"pop.layout/1\" wins over the kind struct's layout (which would return NaN)")
    func layoutExtensionWins() throws {
        let t = chef()
        let id = show("EXT_LAYOUT", on: t)
        t.chef.runUntilIdle()
        let frame = try #require(t.engine.visualState(of: id)).frame
        #expect(frame.y == 20 && frame.x.isFinite)  // the container's top
        #expect(misbehaviour(t, id).isEmpty)
    }

    @Test("an extension table that breaks the growth rule fails the controller loader's creation")
    func brokenExtension() {
        let t = chef()
        let id = show("BAD_EXTENSION", on: t)
        #expect(t.finals[id] == [.cancelled(.pluginError)])
        #expect(
            misbehaviour(t, id) == [
                "extension \"pop.animation/1\" has struct_size 8, below its \(MemoryLayout<pop_animation_ext_t>.size) bytes"
            ])
        #expect(t.source!.liveInstances == 0)
    }
}

/// A long queue of requests whose content fails to build does not grow the stack.
@Suite struct FailingQueueTests {
    @Test("3,000 queued requests with invalid content each end with plugin-error, one after another")
    func longFailingQueue() throws {
        let fixtures = try DefectFixtures(MisbehaviourTests.defects)
        let t = TracedHost(plugins: fixtures.discovery)
        t.chef.trace = nil
        let first = t.chef.show(PopupRequest())
        t.chef.runUntilIdle()
        let queued = (0..<3000).map { _ in
            t.chef.show(PopupRequest(viewLoader: "com.fixture.bad-content.view", policy: .enqueue))
        }
        t.chef.dismiss(first)
        t.chef.runUntilIdle()
        #expect(queued.allSatisfy { t.finals[$0] == [.cancelled(.pluginError)] })
        #expect(t.chef.liveCount == 0)
    }
}
