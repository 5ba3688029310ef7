/// `Value` as a member of `Codable` types: the plugin host's protocol carries request data and a
/// reformer's output this way. Through `ValueEncoder` and `ValueDecoder` a value passes through as it
/// is (integers stay integers, doubles stay doubles, members keep their order), since both take a
/// `Value` like a scalar; with another coder these conformances give the nearest shape it can hold.
extension Value: Codable {
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: MemberKey.self) {
            var members = Object()
            for key in object.allKeys { members[key.stringValue] = try object.decode(Value.self, forKey: key) }
            self = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [Value] = []
            while !array.isAtEnd { elements.append(try array.decode(Value.self)) }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let int = try? single.decode(Int64.self) {
                self = .int(int)
            } else if let double = try? single.decode(Double.self) {
                self = .double(double)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var object = encoder.container(keyedBy: MemberKey.self)
            for member in members { try object.encode(member.value, forKey: MemberKey(member.key)) }
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(element) }
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let bool):
            var single = encoder.singleValueContainer()
            try single.encode(bool)
        case .int(let int):
            var single = encoder.singleValueContainer()
            try single.encode(int)
        case .double(let double):
            var single = encoder.singleValueContainer()
            try single.encode(double)
        case .string(let string):
            var single = encoder.singleValueContainer()
            try single.encode(string)
        }
    }

    /// An object member's key, whatever it is.
    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ key: String) { stringValue = key }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }
}
