import PopLoader
import PopModel
import Synchronization

/// What a plugin host has to tell its parent, and the one writer of its channel. Events of a call
/// (completions called, callbacks asked for, log messages) wait for the call's answer and go with
/// it, in order; an event between calls — on one of the plugin's own threads — goes at once, as a
/// notice. Any thread may post; the lock keeps lines whole and in order.
final class ChildOutbox: Sendable {
    private struct State {
        /// A call is being served (from the start: opening the plugin is call 0).
        var inCall = true
        var events: [ChildEvent] = []
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
        state.withLock { $0.inCall = true }
    }

    /// Answers call `serial` with `reply` and the call's events; false when the parent has gone.
    func answer(_ serial: UInt64, _ reply: ChildReply) -> Bool {
        state.withLock { state in
            defer {
                state.events = []
                state.inCall = false
            }
            return Self.write(ChildMessage(serial: serial, events: state.events, reply: reply))
        }
    }

    private static func write(_ message: ChildMessage) -> Bool {
        guard let line = try? ValueEncoder().encode(message).json else { return false }
        return ChildProcess.writeChannel(line: line)
    }
}
