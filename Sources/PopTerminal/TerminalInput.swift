/// An incremental parser of what a terminal in raw mode sends: keys, Ctrl-C and SGR mouse reports
/// (`ESC [ < b ; x ; y M|m`). Bytes may arrive split anywhere, even inside a sequence or a UTF-8 character:
/// what is incomplete waits for the next `feed`. Unknown sequences and stray bytes are dropped.
///
/// A lone ESC cannot be told from the start of a sequence until nothing follows it: when a read ends with
/// one, poll briefly for more and call `flush()` if none comes.
public struct TerminalInput: Sendable {
    /// What the terminal sent.
    public enum Event: Hashable, Sendable {
        case key(TerminalKey)
        /// Ctrl-C.
        case interrupt
        /// A mouse report; `column` and `row` are 0-based; `button` is 0 (left), 1 (middle) or 2 (right).
        case mouse(kind: MouseKind, button: Int, column: Int, row: Int)
    }

    public enum MouseKind: Hashable, Sendable {
        case press, drag, release
    }

    /// Longest escape sequence kept waiting for its end; longer ones are dropped.
    private static let longestSequence = 64

    /// Bytes received but not yet parsed: the start of an incomplete sequence or character.
    private var pending: [UInt8] = []
    /// Inside an overlong control sequence: bytes are dropped up to its final byte.
    private var skippingSequence = false

    public init() {}

    /// Whether bytes are waiting for more (e.g. a lone ESC): then `flush()` after a short wait.
    public var hasPending: Bool { !pending.isEmpty }

    /// The events completed by `bytes`.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Event] {
        pending.append(contentsOf: bytes)
        return parse(final: false)
    }

    /// The events of what is pending, taken as complete: a lone ESC becomes `.escape`; the rest of an
    /// unfinished sequence is read as plain keys; an unfinished UTF-8 character is dropped.
    public mutating func flush() -> [Event] { parse(final: true) }

    private mutating func parse(final: Bool) -> [Event] {
        var events: [Event] = []
        var index = 0
        while index < pending.count {
            if skippingSequence {
                skippingSequence = !(0x40...0x7E).contains(pending[index])
                index += 1
                continue
            }
            switch token(at: index) {
            case .incomplete:
                guard final else {
                    pending.removeFirst(index)
                    return events
                }
                if pending[index] == 0x1B { events.append(.key(.escape)) }
                index += 1
            case .complete(let event, let length):
                if let event { events.append(event) }
                index += length
            case .overlong:
                skippingSequence = true
                index += 2  // ESC [
            }
        }
        pending.removeAll(keepingCapacity: true)
        return events
    }

    private enum Token {
        /// More bytes are needed.
        case incomplete
        /// `length` bytes make `event` (nil: dropped).
        case complete(Event?, length: Int)
        /// A control sequence too long to keep: dropped up to its final byte.
        case overlong
    }

    private func token(at start: Int) -> Token {
        let byte = pending[start]
        switch byte {
        case 0x1B: return escape(at: start)
        case 0x0D, 0x0A: return .complete(.key(.enter), length: 1)
        case 0x7F, 0x08: return .complete(.key(.backspace), length: 1)
        case 0x09: return .complete(.key(.tab), length: 1)
        case 0x03: return .complete(.interrupt, length: 1)
        case 0..<0x20: return .complete(nil, length: 1)
        default: return character(at: start)
        }
    }

    /// ESC and what follows: CSI and SS3 sequences; ESC before anything else is a lone ESC.
    private func escape(at start: Int) -> Token {
        guard start + 1 < pending.count else { return .incomplete }
        switch pending[start + 1] {
        case 0x5B:  // [
            var end = start + 2
            while end < pending.count, !(0x40...0x7E).contains(pending[end]) {
                end += 1
                if end - start > Self.longestSequence { return .overlong }
            }
            guard end < pending.count else { return .incomplete }
            return .complete(
                controlSequence(parameters: pending[(start + 2)..<end], final: pending[end]),
                length: end - start + 1)
        case 0x4F:  // O: SS3, arrows in application cursor mode
            guard start + 2 < pending.count else { return .incomplete }
            return .complete(arrow(pending[start + 2]), length: 3)
        default:
            return .complete(.key(.escape), length: 1)
        }
    }

    private func arrow(_ final: UInt8) -> Event? {
        switch final {
        case 0x41: .key(.up)
        case 0x42: .key(.down)
        case 0x43: .key(.right)
        case 0x44: .key(.left)
        default: nil
        }
    }

    private func controlSequence(parameters: ArraySlice<UInt8>, final: UInt8) -> Event? {
        guard parameters.first == 0x3C, final == 0x4D || final == 0x6D else {  // <, M or m
            return parameters.allSatisfy({ (0x30...0x3B).contains($0) }) ? arrow(final) : nil
        }
        let fields = parameters.dropFirst().split(separator: 0x3B, omittingEmptySubsequences: false)
        guard fields.count == 3 else { return nil }
        var numbers: [Int] = []
        for field in fields {
            guard !field.isEmpty, field.count <= 6, field.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            numbers.append(field.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        let code = numbers[0]
        guard code & 64 == 0, code & 128 == 0, numbers[1] >= 1, numbers[2] >= 1 else { return nil }  // wheel, extra buttons
        let button = code & 3
        let kind: MouseKind
        if final == 0x6D {
            kind = .release
        } else if code & 32 != 0 {
            guard button != 3 else { return nil }  // motion with no button held
            kind = .drag
        } else {
            kind = .press
        }
        return .mouse(kind: kind, button: button, column: numbers[1] - 1, row: numbers[2] - 1)
    }

    /// One UTF-8 encoded character; invalid bytes are dropped one at a time.
    private func character(at start: Int) -> Token {
        let lead = pending[start]
        let length: Int
        switch lead {
        case 0x20..<0x80: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .complete(nil, length: 1)
        }
        var end = start + 1
        while end < start + length {
            guard end < pending.count else { return .incomplete }
            guard pending[end] & 0xC0 == 0x80 else { return .complete(nil, length: end - start) }
            end += 1
        }
        var decoder = UTF8()
        var iterator = pending[start..<end].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return .complete(nil, length: length) }
        return .complete(.key(.character(Character(scalar))), length: length)
    }
}
