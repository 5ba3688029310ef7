/// Decodes `Decodable` values from a `Value` (read from JSON by `Value(json:)`): the reading side of
/// `ValueEncoder`. Numbers convert where no information is lost (an integral double is an integer;
/// any number is a double).
public struct ValueDecoder {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from value: Value) throws -> T {
        try T(from: NodeDecoder(value: value, codingPath: []))
    }

    /// Decodes a JSON text.
    public func decode<T: Decodable>(_ type: T.Type, json bytes: some Collection<UInt8>) throws -> T {
        try decode(type, from: Value(jsonBytes: bytes))
    }
}

private func mismatch(_ expected: String, _ value: Value, _ codingPath: [any CodingKey]) -> DecodingError {
    .typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(value.json.prefix(80))"))
}

/// A scalar of type `T` from `value` (or `value` itself when `T` is `Value`), or nil when `T` is not a
/// scalar type.
private func scalar<T: Decodable>(_ type: T.Type, _ value: Value, _ codingPath: [any CodingKey]) throws -> T? {
    func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        let result: I? =
            switch value {
            case .int(let int): I(exactly: int)
            case .double(let double): I(exactly: double)
            default: nil
            }
        guard let result else { throw mismatch("an integer that fits \(I.self)", value, codingPath) }
        return result
    }
    switch type {
    case is Value.Type:
        return value as? T
    case is Bool.Type:
        guard case .bool(let bool) = value else { throw mismatch("a boolean", value, codingPath) }
        return bool as? T
    case is String.Type:
        guard case .string(let string) = value else { throw mismatch("a string", value, codingPath) }
        return string as? T
    case is Double.Type, is Float.Type:
        let number: Double
        switch value {
        case .int(let int): number = Double(int)
        case .double(let double): number = double
        default: throw mismatch("a number", value, codingPath)
        }
        return (type == Float.self ? Float(number) as Any : number as Any) as? T
    case is Int.Type: return try integer(Int.self) as? T
    case is Int8.Type: return try integer(Int8.self) as? T
    case is Int16.Type: return try integer(Int16.self) as? T
    case is Int32.Type: return try integer(Int32.self) as? T
    case is Int64.Type: return try integer(Int64.self) as? T
    case is UInt.Type: return try integer(UInt.self) as? T
    case is UInt8.Type: return try integer(UInt8.self) as? T
    case is UInt16.Type: return try integer(UInt16.self) as? T
    case is UInt32.Type: return try integer(UInt32.self) as? T
    case is UInt64.Type: return try integer(UInt64.self) as? T
    default: return nil
    }
}

private func decode<T: Decodable>(_ type: T.Type, from value: Value, codingPath: [any CodingKey]) throws -> T {
    if let scalar = try scalar(type, value, codingPath) { return scalar }
    return try T(from: NodeDecoder(value: value, codingPath: codingPath))
}

private struct NodeDecoder: Decoder {
    let value: Value
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw mismatch("an object", value, codingPath) }
        return KeyedDecodingContainer(KeyedContainer(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch("an array", value, codingPath) }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleContainer(value: value, codingPath: codingPath) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: Value.Object
    let codingPath: [any CodingKey]

    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func member(_ key: Key) throws -> Value {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no member \"\(key.stringValue)\""))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try PopModel.decode(type, from: member(key), codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try NodeDecoder(value: member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try NodeDecoder(value: member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { NodeDecoder(value: object["super"] ?? .null, codingPath: codingPath) }

    func superDecoder(forKey key: Key) throws -> any Decoder { NodeDecoder(value: try member(key), codingPath: codingPath + [key]) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [Value]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [Value], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> (Value, [any CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: codingPath, debugDescription: "the array has only \(elements.count) elements"))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next()
        return try PopModel.decode(type, from: value, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, path) = try next()
        return try NodeDecoder(value: value, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next()
        return try NodeDecoder(value: value, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next()
        return NodeDecoder(value: value, codingPath: path)
    }
}

private struct SingleContainer: SingleValueDecodingContainer {
    let value: Value
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try PopModel.decode(type, from: value, codingPath: codingPath) }
}
