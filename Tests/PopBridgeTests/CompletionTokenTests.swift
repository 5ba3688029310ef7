import Foundation
import PluginABI
import PopRuntimeTestSupport
import Synchronization
import Testing

@testable import PopBridge
@testable import PopChef
@testable import PopLoader
@testable import PopModel

/// ABI 1.1's `pop_completion_t`: a token looked up in a process-wide table, so that every call —
/// the first, a second, one after the request ended, one with a token never issued — is checked,
/// never undefined behaviour.
///
/// Serialized: the count of ignored calls is process-wide, and these are the tests that make
/// plugins call stale tokens on purpose.
@Suite(.serialized) struct CompletionTokenTests {
    /// What a completion received.
    final class Received: Sendable {
        let values = Mutex<[Bool]>([])
        let repeats = Atomic<Int>(0)

        func completion() -> Completion<Bool> {
            Completion { value in
                self.values.withLock { $0.append(value) }
            } repeated: { _ in
                self.repeats.add(1, ordering: .relaxed)
            }
        }
    }

    @Test("the first call delivers, a second reaches the completion as a repeat, a revoked or unknown token is ignored")
    func tokenTable() {
        let received = Received()
        let answer = CompletionTokens.answer(received.completion())
        #expect(answer.token != 0 && answer.complete != nil)
        let ignoredBefore = CompletionTokens.ignoredCalls
        pop_complete(answer, false)
        pop_complete(answer, true)
        #expect(received.values.withLock { $0 } == [false])
        #expect(received.repeats.load(ordering: .relaxed) == 1)
        #expect(CompletionTokens.ignoredCalls == ignoredBefore)

        CompletionTokens.revoke([answer.token], owner: "handler com.test.handler")
        pop_complete(answer, true)
        answer.complete!(UInt64.max, true)  // never issued
        answer.complete!(0, true)  // never issued either: tokens start at 1
        #expect(received.repeats.load(ordering: .relaxed) == 1)
        #expect(CompletionTokens.ignoredCalls - ignoredBefore >= 3)

        // A zeroed pop_completion_t is a no-op for pop_complete.
        pop_complete(pop_completion_t(), true)

        // Every completion has a token of its own and the same host function.
        let done = CompletionTokens.done(
            Completion<Void> { _ in
            } repeated: { _ in
            })
        #expect(done.token > answer.token)
        #expect(unsafeBitCast(done.complete, to: UnsafeRawPointer.self) == unsafeBitCast(answer.complete, to: UnsafeRawPointer.self))
        CompletionTokens.revoke([done.token], owner: "controller loader com.test.controller")
    }

    @Test("calls from many threads at once: exactly one is delivered, the others are repeats")
    func concurrentCalls() {
        let received = Received()
        let answer = CompletionTokens.answer(received.completion())
        DispatchQueue.concurrentPerform(iterations: 16) { index in pop_complete(answer, index % 2 == 0) }
        #expect(received.values.withLock { $0.count } == 1)
        #expect(received.repeats.load(ordering: .relaxed) == 15)
        CompletionTokens.revoke([answer.token], owner: "handler com.test.handler")
    }

    /// The fixture plugins' defects: should_present_ex misuses its completion.
    static let defects = ["COMPLETE_TWICE", "COMPLETE_AFTER_END", "STALE_TOKEN", "FORGED_TOKEN"]

    let fixtures = try! DefectFixtures(Self.defects)

    /// Shows the fixture's handler, view and controller.
    func show(_ defect: String, on t: TracedHost) -> RequestID { t.chef.show(DefectFixtures.request(defect)) }

    func misbehaviour(_ t: TracedHost, _ id: RequestID) -> [String] {
        t.recorder.events.filter { $0.request == id && $0.kind == .misbehaviour }.compactMap(\.detail)
    }

    @Test("called twice: the second answer is ignored and reported as misbehaviour")
    func completeTwice() {
        let t = TracedHost(plugins: fixtures.discovery, staged: true)
        let ignoredBefore = CompletionTokens.ignoredCalls
        let id = show("COMPLETE_TWICE", on: t)
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: id) == .shown)
        #expect(misbehaviour(t, id) == ["should_present's answer called again after it fired; ignored"])
        #expect(CompletionTokens.ignoredCalls == ignoredBefore, "a repeat reaches the completion, which reports it")
        t.chef.dismiss(id)
        t.chef.runUntilIdle()
        #expect(t.finals[id] == [.dismissed(.requested)])
        #expect(t.source!.liveInstances == 0)
    }

    @Test("called again from finished(): a logged no-op — the request ends once, as it was going to")
    func completeAfterEnd() {
        let t = TracedHost(plugins: fixtures.discovery, staged: true)
        let ignoredBefore = CompletionTokens.ignoredCalls
        let id = show("COMPLETE_AFTER_END", on: t)
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: id) == .shown)
        #expect(CompletionTokens.ignoredCalls == ignoredBefore)
        t.chef.dismiss(id)
        t.chef.runUntilIdle()
        #expect(t.finals[id] == [.dismissed(.requested)])
        #expect(CompletionTokens.ignoredCalls > ignoredBefore)
        #expect(misbehaviour(t, id).isEmpty)
        #expect(t.source!.liveInstances == 0)
    }

    @Test("a stale token — the previous request's veto — does not touch the request asking now")
    func staleToken() {
        let t = TracedHost(plugins: fixtures.discovery, staged: true)
        let first = show("STALE_TOKEN", on: t)
        t.chef.runUntilIdle()
        t.chef.dismiss(first)
        t.chef.runUntilIdle()
        #expect(t.finals[first] == [.dismissed(.requested)])
        let ignoredBefore = CompletionTokens.ignoredCalls
        let second = show("STALE_TOKEN", on: t)
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: second) == .shown)
        #expect(CompletionTokens.ignoredCalls > ignoredBefore)
        #expect(misbehaviour(t, second).isEmpty)
        #expect(t.finals[second] == nil)
    }

    @Test("a forged token — one the host never issued — is ignored; the real answer goes through")
    func forgedToken() {
        let t = TracedHost(plugins: fixtures.discovery, staged: true)
        let ignoredBefore = CompletionTokens.ignoredCalls
        let id = show("FORGED_TOKEN", on: t)
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: id) == .shown)
        #expect(CompletionTokens.ignoredCalls > ignoredBefore)
        #expect(misbehaviour(t, id).isEmpty)
    }
}
