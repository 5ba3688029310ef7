import PopChef
import PopModel

/// A request in its frame: the lifecycle calls, actions, timers, callbacks and `destroy` — what a
/// popup's life calls most — compact; every other call (making instances, content, layout, sheets,
/// pages…) as JSON. Display traits other than the default ride in a compact request as their JSON.
extension HostRequest {
    /// The calls with a compact form, by the byte that names them.
    private enum CompactCall: UInt8 {
        case willPresent = 1, didPresent, shouldDismiss, willDismiss, didDismiss, finished, perform, advanceClock
        case deliverCallbacks, destroy
    }

    /// The request's frame; nil when it cannot be encoded.
    func frame() -> [UInt8]? { compactFrame() ?? MessageFrame.encode(self) }

    /// The request in `frame`; nil when it holds none.
    static func read(_ frame: [UInt8]) -> HostRequest? {
        frame.first == MessageFrame.compact ? readCompact(frame) : MessageFrame.decode(HostRequest.self, frame)
    }

    private func compactFrame() -> [UInt8]? {
        var writer = CompactWriter()
        writer.number(serial)
        if let traits {
            guard let json = MessageFrame.encode(traits) else { return nil }
            writer.bool(true)
            writer.data(json)
        } else {
            writer.bool(false)
        }
        func call(_ tag: CompactCall, _ instance: UInt64) {
            writer.byte(tag.rawValue)
            writer.number(instance)
        }
        switch self.call {
        case .willPresent(let instance): call(.willPresent, instance)
        case .didPresent(let instance): call(.didPresent, instance)
        case .shouldDismiss(let instance, let reason):
            call(.shouldDismiss, instance)
            writer.number(reason.rawValue)
        case .willDismiss(let instance, let reason):
            call(.willDismiss, instance)
            writer.number(reason.rawValue)
        case .didDismiss(let instance, let reason):
            call(.didDismiss, instance)
            writer.number(reason.rawValue)
        case .finished(let instance, let event):
            call(.finished, instance)
            if case .dismissed = event { writer.bool(true) } else { writer.bool(false) }
            writer.number(event.reason.rawValue)
        case .perform(let instance, let tap):
            call(.perform, instance)
            writer.text(tap.action)
            writer.number(tap.request)
            guard writer.write(tap.data) else { return nil }
            writer.number(UInt64(tap.fields.count))
            // Sorting makes an array even of nothing: most actions read no field.
            if !tap.fields.isEmpty {
                for (id, text) in tap.fields.sorted(by: { $0.key < $1.key }) {
                    writer.text(id)
                    writer.text(text)
                }
            }
        case .advanceClock(let instance, let time):
            call(.advanceClock, instance)
            writer.number(time.microseconds)
        case .deliverCallbacks: writer.byte(CompactCall.deliverCallbacks.rawValue)
        case .destroy(let instance): call(.destroy, instance)
        default: return nil
        }
        return writer.bytes
    }

    private static func readCompact(_ frame: [UInt8]) -> HostRequest? {
        var reader = CompactReader(frame)
        guard let serial = reader.number(), let hasTraits = reader.bool() else { return nil }
        var traits: DisplayTraits?
        if hasTraits {
            guard let json = reader.data(), let decoded = MessageFrame.decode(DisplayTraits.self, json) else { return nil }
            traits = decoded
        }
        guard let tag = reader.byte().flatMap(CompactCall.init(rawValue:)), let call = readCall(tag, &reader), reader.isAtEnd else {
            return nil
        }
        return HostRequest(serial: serial, call: call, traits: traits)
    }

    private static func readCall(_ tag: CompactCall, _ reader: inout CompactReader) -> HostCall? {
        if tag == .deliverCallbacks { return .deliverCallbacks }
        guard let instance = reader.number() else { return nil }
        switch tag {
        case .willPresent: return .willPresent(instance: instance)
        case .didPresent: return .didPresent(instance: instance)
        case .shouldDismiss: return reader.reason().map { .shouldDismiss(instance: instance, reason: $0) }
        case .willDismiss: return reader.reason().map { .willDismiss(instance: instance, reason: $0) }
        case .didDismiss: return reader.reason().map { .didDismiss(instance: instance, reason: $0) }
        case .finished:
            guard let dismissed = reader.bool(), let reason = reader.reason() else { return nil }
            return .finished(instance: instance, event: dismissed ? .dismissed(reason) : .cancelled(reason))
        case .perform:
            guard let action = reader.text(), let request = reader.number(), let data = reader.dataReference(),
                let count = reader.count()
            else { return nil }
            var fields: [String: String] = [:]
            for _ in 0..<count {
                guard let id = reader.text(), let text = reader.text() else { return nil }
                fields[id] = text
            }
            return .perform(instance: instance, tap: TapRequest(action: action, request: request, data: data, fields: fields))
        case .advanceClock: return reader.signed().map { .advanceClock(instance: instance, to: VirtualTime(microseconds: $0)) }
        case .destroy: return .destroy(instance: instance)
        case .deliverCallbacks: return .deliverCallbacks
        }
    }
}

extension CompactWriter {
    /// A data reference: 0 and its place, or 1 and the value's JSON. False when the value cannot be written.
    fileprivate mutating func write(_ reference: DataReference) -> Bool {
        switch reference {
        case .known(let index):
            guard let place = UInt64(exactly: index) else { return false }
            byte(0)
            number(place)
        case .new(let value):
            byte(1)
            data(Array(value.json.utf8))
        }
        return true
    }
}

extension CompactReader {
    fileprivate mutating func reason() -> Reason? { int32().flatMap(Reason.init(rawValue:)) }

    fileprivate mutating func dataReference() -> DataReference? {
        switch byte() {
        case 0: return number().flatMap { Int(exactly: $0) }.map { .known($0) }
        case 1: return data().flatMap { try? Value(jsonBytes: $0) }.map { .new($0) }
        default: return nil
        }
    }
}
