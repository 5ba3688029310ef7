import PopLoader
import PopModel
import PopProcess
import Synchronization

/// What a plugin host has to tell its parent, and the one writer of its channel. Events of a call
/// (completions called, callbacks asked for, log messages) wait for the call's answer and go with
/// it, in order; an event between calls — on one of the plugin's own threads — goes at once, as a
/// notice. Any thread may post; the lock keeps lines whole and in order.
final class ChildOutbox: Sendable {
    private struct State {
        /// Calls being served: one from the start (opening the plugin is call 0), more while a call
        /// the parent made during a question is served.
        var depth = 1
        var events: [ChildEvent] = []
        var inCall: Bool { depth > 0 }
    }

    private let state = Mutex(State())

    /// Passes `event` on: with the current call's answer, or now.
    func post(_ event: ChildEvent) {
        state.withLock { state in
            guard state.inCall else {
                _ = Self.write(ChildMessage(serial: nil, events: [event], reply: nil))
                return
            }
            // Several callback requests before the answer ask for one callback.
            if event == .callbackRequested && state.events.contains(.callbackRequested) { return }
            state.events.append(event)
        }
    }

    /// A call is being served: events wait for its answer.
    func beginCall() {
        state.withLock { $0.depth += 1 }
    }

    /// Answers call `serial` with `reply` and the call's events; false when the parent has gone.
    func answer(_ serial: UInt64, _ reply: ChildReply) -> Bool {
        state.withLock { state in
            defer {
                state.events = []
                state.depth -= 1
            }
            return Self.write(ChildMessage(serial: serial, events: state.events, reply: reply))
        }
    }

    /// Asks the parent `question` during a call and waits for the answer, serving the calls the
    /// parent makes meanwhile (answering may call back into the plugin, as it would in one process)
    /// with `serveNested`; the call's events so far go first, with the question. False when the
    /// parent has gone or answers nonsense.
    func ask(_ question: ChildQuestion, serveNested: ([UInt8]) -> Bool) -> Bool {
        let sent = state.withLock { state in
            defer { state.events = [] }
            return Self.write(ChildMessage(serial: nil, events: state.events, reply: nil, question: question))
        }
        guard sent else { return false }
        while let frame = ChildProcess.readChannelFrame() {
            if let answer = MessageFrame.decode(QuestionAnswer.self, frame) { return answer.answer }
            guard serveNested(frame) else { return false }
        }
        return false
    }

    private static func write(_ message: ChildMessage) -> Bool {
        guard let frame = message.frame() else { return false }
        return ChildProcess.writeChannel(frame: frame)
    }
}
