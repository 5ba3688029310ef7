import Foundation
import Synchronization
import Testing

@testable import PopBridge
@testable import PopChef

/// Completions called from C (Tests/Fixtures/ffi_targets.c) through their libffi closures, on the
/// test's thread and on others: the chef's `Completion` takes the first call and reports the others.
@Suite(.serialized) struct FFICompletionClosureTests {
    /// What a completion delivered and what it reported, from any thread.
    final class Record: Sendable {
        private let state = Mutex<(delivered: [Bool?], threads: [pthread_t], misuse: [Int])>(([], [], []))

        var delivered: [Bool?] { state.withLock { $0.delivered } }
        var threads: [pthread_t] { state.withLock { $0.threads } }
        var misuse: [Int] { state.withLock { $0.misuse } }

        func answer() -> (Completion<Bool>, CompletionClosure) {
            let completion = Completion<Bool> {
                self.deliver($0)
            } repeated: {
                self.misused($0)
            }
            return (completion, CompletionClosure.answer(completion))
        }

        func done() -> (Completion<Void>, CompletionClosure) {
            let completion = Completion<Void> { _ in
                self.deliver(nil)
            } repeated: {
                self.misused($0)
            }
            return (completion, CompletionClosure.done(completion))
        }

        private func deliver(_ value: Bool?) {
            state.withLock {
                $0.delivered.append(value)
                $0.threads.append(pthread_self())
            }
        }

        private func misused(_ callsBefore: Int) { state.withLock { $0.misuse.append(callsBefore) } }
    }

    typealias CallAnswer = @convention(c) (UnsafeRawPointer, Bool, Int32) -> Void
    typealias CallDone = @convention(c) (UnsafeRawPointer, Int32) -> Void
    typealias CallOnThreads = @convention(c) (UnsafeRawPointer, Int32) -> Void

    private func function<F>(_ name: String, as type: F.Type) throws -> F {
        unsafeBitCast(try FFITargets.shared.get().symbol(name), to: type)
    }

    @Test("answer: the first value is delivered once; later calls are misuse", arguments: [true, false])
    func answer(value: Bool) throws {
        let record = Record()
        let (completion, closure) = record.answer()
        #expect(!completion.hasFired)
        try function("call_answer", as: CallAnswer.self)(closure.functionPointer, value, 3)
        #expect(record.delivered == [value])
        #expect(record.threads.map { pthread_equal($0, pthread_self()) != 0 } == [true])
        #expect(record.misuse == [1, 2])
        #expect(completion.hasFired)
        closure.free()
    }

    @Test("done: delivered once; the second call is misuse")
    func done() throws {
        let record = Record()
        let (completion, closure) = record.done()
        try function("call_done", as: CallDone.self)(closure.functionPointer, 2)
        #expect(record.delivered == [nil])
        #expect(record.misuse == [1])
        #expect(completion.hasFired)
        closure.free()
    }

    @Test("never called: nothing delivered")
    func neverCalled() {
        let record = Record()
        let (completion, closure) = record.answer()
        closure.free()
        #expect(!completion.hasFired)
        #expect(record.delivered.isEmpty && record.misuse.isEmpty)
    }

    @Test("called from another thread: delivered on that thread")
    func otherThread() throws {
        let record = Record()
        let (_, closure) = record.answer()
        try function("call_answer_on_threads", as: CallOnThreads.self)(closure.functionPointer, 1)
        let started = try FFITargets.shared.get().symbol("last_thread").load(as: pthread_t.self)
        #expect(record.delivered == [true])
        #expect(record.threads.count == 1 && pthread_equal(record.threads[0], started) != 0)
        #expect(pthread_equal(record.threads[0], pthread_self()) == 0)
        closure.free()
    }

    @Test("16 threads racing: exactly one delivery, 15 misuses")
    func race() throws {
        let callOnThreads = try function("call_answer_on_threads", as: CallOnThreads.self)
        for _ in 0..<50 {
            let record = Record()
            let (_, closure) = record.answer()
            callOnThreads(closure.functionPointer, 16)
            #expect(record.delivered.count == 1)
            #expect(record.misuse.sorted() == Array(1...15))
            closure.free()
        }
    }

    @Test("free twice is a no-op; deinit after free is safe")
    func freeTwice() throws {
        let record = Record()
        do {
            let (completion, closure) = record.done()
            unsafeBitCast(closure.functionPointer, to: (@convention(c) () -> Void).self)()
            closure.free()
            closure.free()
            #expect(completion.hasFired)
        }
        do {
            // Freed by deinit alone.
            _ = record.answer()
        }
        #expect(record.delivered == [nil])
    }
}
