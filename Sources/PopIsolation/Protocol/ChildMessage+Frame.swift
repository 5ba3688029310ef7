import PopModel

/// A child's message in its frame: compact when its events are completions, callback requests and
/// timers and its answer says nothing or a yes or no (`done`, `answer`, `outcome`) — the answers of
/// the calls `HostRequest` writes compact, as a popup's life makes them; as JSON otherwise (content,
/// a log message, a question…).
extension ChildMessage {
    /// The event kinds with a compact form, by the byte that names them.
    private enum CompactEvent: UInt8 {
        case completed = 1, callbackRequested, timerDue
    }

    /// The answers with a compact form, by the byte that names them (`notice`: none).
    private enum CompactReply: UInt8 {
        case notice = 0, done, answer, outcome
    }

    /// The message's frame; nil when it cannot be encoded.
    func frame() -> [UInt8]? { compactFrame() ?? MessageFrame.encode(self) }

    /// The message in `frame`; nil when it holds none.
    static func read(_ frame: [UInt8]) -> ChildMessage? {
        frame.first == MessageFrame.compact ? readCompact(frame) : MessageFrame.decode(ChildMessage.self, frame)
    }

    private func compactFrame() -> [UInt8]? {
        guard question == nil else { return nil }
        var writer = CompactWriter()
        writer.bool(serial != nil)
        if let serial { writer.number(serial) }
        writer.number(UInt64(events.count))
        for event in events {
            switch event {
            case .completed(let completion, let value):
                writer.byte(CompactEvent.completed.rawValue)
                writer.number(completion)
                writer.bool(value)
            case .callbackRequested:
                writer.byte(CompactEvent.callbackRequested.rawValue)
            case .timerDue(let instance, let due):
                writer.byte(CompactEvent.timerDue.rawValue)
                writer.number(instance)
                writer.bool(due != nil)
                if let due { writer.number(due.microseconds) }
            case .log, .misbehaved:
                return nil
            }
        }
        switch reply {
        case nil: writer.byte(CompactReply.notice.rawValue)
        case .done?: writer.byte(CompactReply.done.rawValue)
        case .answer(let agrees)?:
            writer.byte(CompactReply.answer.rawValue)
            writer.bool(agrees)
        case .outcome(let dismisses)?:
            writer.byte(CompactReply.outcome.rawValue)
            writer.bool(dismisses)
        default: return nil
        }
        return writer.bytes
    }

    private static func readCompact(_ frame: [UInt8]) -> ChildMessage? {
        var reader = CompactReader(frame)
        guard let hasSerial = reader.bool() else { return nil }
        var serial: UInt64?
        if hasSerial {
            guard let number = reader.number() else { return nil }
            serial = number
        }
        guard let count = reader.count() else { return nil }
        var events: [ChildEvent] = []
        for _ in 0..<count {
            guard let event = readEvent(&reader) else { return nil }
            events.append(event)
        }
        let reply: ChildReply?
        switch reader.byte().flatMap(CompactReply.init(rawValue:)) {
        case .notice?: reply = nil
        case .done?: reply = .done
        case .answer?:
            guard let agrees = reader.bool() else { return nil }
            reply = .answer(agrees)
        case .outcome?:
            guard let dismisses = reader.bool() else { return nil }
            reply = .outcome(dismisses: dismisses)
        case nil: return nil
        }
        guard reader.isAtEnd else { return nil }
        return ChildMessage(serial: serial, events: events, reply: reply)
    }

    private static func readEvent(_ reader: inout CompactReader) -> ChildEvent? {
        switch reader.byte().flatMap(CompactEvent.init(rawValue:)) {
        case .completed?:
            guard let completion = reader.number(), let value = reader.bool() else { return nil }
            return .completed(completion: completion, value: value)
        case .callbackRequested?:
            return .callbackRequested
        case .timerDue?:
            guard let instance = reader.number(), let pending = reader.bool() else { return nil }
            guard pending else { return .timerDue(instance: instance, at: nil) }
            return reader.signed().map { .timerDue(instance: instance, at: VirtualTime(microseconds: $0)) }
        case nil:
            return nil
        }
    }
}
