/// Encodes `Encodable` values as a `Value`, so that everything pophost writes as JSON — the scanner's
/// and the harness's line protocols, the registry cache, `--json` output — goes through one writer
/// (`Value.json`). Keys keep the order the type encodes them in; integers stay integers.
public struct ValueEncoder {
    public init() {}

    public func encode(_ value: some Encodable) throws -> Value {
        let node = EncodingNode()
        try value.encode(to: NodeEncoder(node: node, codingPath: []))
        return node.value
    }
}

/// What an encoder has written so far: a container grows in place while its children are encoded.
private final class EncodingNode {
    enum Content {
        case empty
        case value(Value)
        case object([(key: String, node: EncodingNode)])
        case array([EncodingNode])
    }

    var content = Content.empty

    /// The value written; an encoder that wrote nothing gives an empty object (as a struct without
    /// stored properties encodes).
    var value: Value {
        switch content {
        case .empty: return .object(Value.Object())
        case .value(let value): return value
        case .array(let elements): return .array(elements.map(\.value))
        case .object(let members):
            var object = Value.Object()
            for member in members { object[member.key] = member.node.value }
            return .object(object)
        }
    }

    func child(forKey key: String) -> EncodingNode {
        let child = EncodingNode()
        if case .object(var members) = content {
            // Let go of `content`'s reference first, or the append copies every member so far.
            content = .empty
            members.append((key, child))
            content = .object(members)
        } else {
            content = .object([(key, child)])
        }
        return child
    }

    func appendChild() -> EncodingNode {
        let child = EncodingNode()
        if case .array(var elements) = content {
            content = .empty
            elements.append(child)
            content = .array(elements)
        } else {
            content = .array([child])
        }
        return child
    }
}

/// The scalars every container writes alike, and a `Value`, which is written as it is.
private func scalar(_ value: some Encodable, codingPath: [any CodingKey]) throws -> Value? {
    switch value {
    case let value as Bool: return .bool(value)
    case let value as String: return .string(value)
    case let value as Double: return .double(value)
    case let value as Float: return .double(Double(value))
    case let value as Int: return .int(Int64(value))
    case let value as Int8: return .int(Int64(value))
    case let value as Int16: return .int(Int64(value))
    case let value as Int32: return .int(Int64(value))
    case let value as Int64: return .int(value)
    case let value as UInt: return try unsigned(UInt64(value), codingPath)
    case let value as UInt8: return .int(Int64(value))
    case let value as UInt16: return .int(Int64(value))
    case let value as UInt32: return .int(Int64(value))
    case let value as UInt64: return try unsigned(value, codingPath)
    case let value as Value: return value
    default: return nil
    }
}

private func unsigned(_ value: UInt64, _ codingPath: [any CodingKey]) throws -> Value {
    guard let int = Int64(exactly: value) else {
        throw EncodingError.invalidValue(
            value, .init(codingPath: codingPath, debugDescription: "\(value) does not fit a signed 64-bit integer"))
    }
    return .int(int)
}

/// Encodes `value` into `node`: a scalar directly, anything else through its own `encode(to:)`.
private func encode(_ value: some Encodable, into node: EncodingNode, codingPath: [any CodingKey]) throws {
    if let scalar = try scalar(value, codingPath: codingPath) {
        node.content = .value(scalar)
    } else {
        try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
    }
}

private struct NodeEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([]) }
        return KeyedEncodingContainer(KeyedContainer(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(node: node, codingPath: codingPath) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.child(forKey: key.stringValue).content = .value(.null) }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try PopModel.encode(value, into: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey>
    {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.child(forKey: "super"), codingPath: codingPath) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var count: Int {
        if case .array(let elements) = node.content { elements.count } else { 0 }
    }

    mutating func encodeNil() throws { node.appendChild().content = .value(.null) }

    mutating func encode(_ value: some Encodable) throws {
        try PopModel.encode(value, into: node.appendChild(), codingPath: codingPath + [IndexKey(count)])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.appendChild(), codingPath: codingPath + [IndexKey(count)]).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.appendChild(), codingPath: codingPath + [IndexKey(count)]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.appendChild(), codingPath: codingPath) }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .value(.null) }
    mutating func encode(_ value: some Encodable) throws { try PopModel.encode(value, into: node, codingPath: codingPath) }
}

/// The coding key of an array element.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }

    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}
