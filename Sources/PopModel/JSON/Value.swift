/// A request's data: the JSON data model, with integers and doubles kept apart and object members
/// kept in order.
public enum Value: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([Value])
    case object(Object)

    /// The member `key` of an object; nil when absent or not an object.
    public subscript(key: String) -> Value? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// Element `index` of an array; nil outside it or when not an array.
    public subscript(index: Int) -> Value? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// Follows a dotted path of keys and array indices ("order.items.0.price"); nil when any step is
    /// missing. The empty path is `self`. On an object a step is a key; on an array it is a decimal
    /// index without sign or leading zeros; on anything else it fails. Walks the path in place (a
    /// path followed many times is better parsed once: `lookup(_:)`).
    public func lookup(path: String) -> Value? {
        if path.isEmpty { return self }
        let bytes = path.utf8
        var current = self
        var start = bytes.startIndex
        while true {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
            guard let next = current.step(path[start..<end]) else { return nil }
            current = next
            guard end != bytes.endIndex else { return current }
            start = bytes.index(after: end)
        }
    }

    /// Follows `path`, as `lookup(path:)` follows its text, without scanning or allocating.
    public func lookup(_ path: ValuePath) -> Value? {
        var current = self
        for step in path.steps {
            switch current {
            case .object(let object):
                guard let member = object[step.key] else { return nil }
                current = member
            case .array(let elements):
                guard let index = step.index, index < elements.count else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The member or element one path step names.
    private func step(_ step: Substring) -> Value? {
        switch self {
        case .object(let object): object[String(step)]
        case .array(let elements):
            // Not a ternary with nil: `Value` is `ExpressibleByNilLiteral`, so that nil would be `.null`.
            if let index = Value.arrayIndex(pathStep: step.utf8), index < elements.count { elements[index] } else { nil }
        default: nil
        }
    }

    /// The array index a path step names: ASCII digits, no sign, no leading zero; nil otherwise.
    /// Shared with the C `lookup` so both sides read paths alike.
    package static func arrayIndex(pathStep bytes: some Collection<UInt8>) -> Int? {
        guard let first = bytes.first, first != UInt8(ascii: "0") || bytes.count == 1 else { return nil }
        var index = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (times10, overflow1) = index.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            index = sum
        }
        return index
    }
}

extension Value: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: Value...) { self = .array(elements) }

    /// An object with the members in literal order. Repeating a key is a programmer error (traps).
    public init(dictionaryLiteral members: (String, Value)...) {
        guard let object = Object(members.map { Member(key: $0.0, value: $0.1) }) else {
            preconditionFailure("a Value dictionary literal repeats a key")
        }
        self = .object(object)
    }
}
