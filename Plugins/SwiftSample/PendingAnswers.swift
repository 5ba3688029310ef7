// Answering should_present later when the host offers no timer ("pop.timer/1"): a plugin-wide FIFO
// of decisions, delivered from on_main_thread.

import PluginABI
import PopPluginKit

/// Decisions taken in should_present and delivered later, oldest first.
///
/// `pop_answer_fn` is a bare C function pointer with no context, so the plugin keeps it, asks the
/// host for a callback (Host.requestCallback) and calls it from the entry's onMainThread. All
/// of it runs on the host's main thread (should_present, destroy and on_main_thread are
/// [main-thread]), so the queue needs no lock.
enum PendingAnswers {
    private struct Pending {
        let owner: ObjectIdentifier  // the handler instance that was asked
        let answer: pop_answer_fn
        let present: Bool
    }

    nonisolated(unsafe) private static var queue: [Pending] = []

    /// Queues `present` for `answer` and asks the host for on_main_thread.
    static func enqueue(owner: AnyObject, answer: pop_answer_fn, present: Bool) {
        queue.append(Pending(owner: ObjectIdentifier(owner), answer: answer, present: present))
        Host.requestCallback()  // several requests before the callback coalesce into one
    }

    /// From on_main_thread: answers everything queued, in order. Each entry leaves the queue
    /// before it is answered, so an answer that leads to a new should_present is safe.
    static func deliverAll() {
        while !queue.isEmpty {
            let next = queue.removeFirst()
            next.answer(next.present)
        }
    }

    /// An answer is invalid after its request's final event, and the handler is destroyed after
    /// it: drop what `owner` still has queued.
    static func forget(owner: AnyObject) {
        queue.removeAll { $0.owner == ObjectIdentifier(owner) }
    }

    /// On the last deinit: nothing may call the host any more.
    static func removeAll() { queue.removeAll() }
}
