import Foundation
import Synchronization
import Testing
@testable import HostRuntime

/// Completions called from C (Tests/Fixtures/ffi_targets.c), on the test's thread and on others.
@Suite(.serialized) struct FFIOneShotClosureTests {
    /// What a closure delivered and what it reported, from any thread.
    final class Record: Sendable {
        private let state = Mutex<(delivered: [Bool?], threads: [pthread_t], closures: [ObjectIdentifier], misuse: [Int])>(([], [], [], []))

        var delivered: [Bool?] { state.withLock { $0.delivered } }
        var threads: [pthread_t] { state.withLock { $0.threads } }
        var closures: [ObjectIdentifier] { state.withLock { $0.closures } }
        var misuse: [Int] { state.withLock { $0.misuse } }

        func answer() -> OneShotClosure {
            OneShotClosure.answer { closure, value in self.deliver(closure, value) } onMisuse: { self.misused($0) }
        }

        func done() -> OneShotClosure {
            OneShotClosure.done { closure in self.deliver(closure, nil) } onMisuse: { self.misused($0) }
        }

        private func deliver(_ closure: OneShotClosure, _ value: Bool?) {
            state.withLock {
                $0.delivered.append(value)
                $0.threads.append(pthread_self())
                $0.closures.append(ObjectIdentifier(closure))
            }
        }

        private func misused(_ extraCall: Int) { state.withLock { $0.misuse.append(extraCall) } }
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
        let closure = record.answer()
        #expect(!closure.hasFired)
        #expect(closure.extraCalls == 0)
        try function("call_answer", as: CallAnswer.self)(closure.functionPointer, value, 3)
        #expect(record.delivered == [value])
        #expect(record.closures == [ObjectIdentifier(closure)])
        #expect(record.threads.map { pthread_equal($0, pthread_self()) != 0 } == [true])
        #expect(record.misuse == [1, 2])
        #expect(closure.hasFired)
        #expect(closure.extraCalls == 2)
        closure.free()
    }

    @Test("done: delivered once; the second call is misuse")
    func done() throws {
        let record = Record()
        let closure = record.done()
        try function("call_done", as: CallDone.self)(closure.functionPointer, 2)
        #expect(record.delivered == [nil])
        #expect(record.misuse == [1])
        #expect(closure.hasFired && closure.extraCalls == 1)
        closure.free()
    }

    @Test("never called: nothing delivered")
    func neverCalled() {
        let record = Record()
        let closure = record.answer()
        closure.free()
        #expect(!closure.hasFired && closure.extraCalls == 0)
        #expect(record.delivered.isEmpty && record.misuse.isEmpty)
    }

    @Test("called from another thread: delivered on that thread")
    func otherThread() throws {
        let record = Record()
        let closure = record.answer()
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
            let closure = record.answer()
            callOnThreads(closure.functionPointer, 16)
            #expect(record.delivered.count == 1)
            #expect(record.misuse.sorted() == Array(1...15))
            #expect(closure.extraCalls == 15)
            closure.free()
        }
    }

    @Test("free twice is a no-op; deinit after free is safe")
    func freeTwice() throws {
        let record = Record()
        do {
            let closure = record.done()
            unsafeBitCast(closure.functionPointer, to: (@convention(c) () -> Void).self)()
            closure.free()
            closure.free()
            #expect(closure.hasFired)
        }
        do {
            // Freed by deinit alone.
            _ = record.answer()
        }
        #expect(record.delivered == [nil])
    }
}
