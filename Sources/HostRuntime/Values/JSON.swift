/// JSON text ⇄ `Value`, keeping object members in document order (see `JSONParser` for the rules).
extension Value {
    /// Parses a JSON text holding exactly one value.
    public init(json: String) throws(JSONError) {
        var text = json
        self = try text.withUTF8 { bytes in Result { () throws(JSONError) in try JSONParser.parse(bytes) } }.get()
    }

    /// Parses UTF-8 JSON bytes holding exactly one value.
    public init(jsonBytes: some Collection<UInt8>) throws(JSONError) {
        let parse = { (bytes: UnsafeBufferPointer<UInt8>) in Result { () throws(JSONError) in try JSONParser.parse(bytes) } }
        let result = jsonBytes.withContiguousStorageIfAvailable(parse) ?? Array(jsonBytes).withUnsafeBufferPointer(parse)
        self = try result.get()
    }

    /// Compact, deterministic JSON: members in order, no whitespace, strings escaped minimally
    /// (quote, backslash and control characters), doubles in their shortest round-tripping form
    /// that always has a '.' or an exponent (1.0, 1e+16), so they read back as doubles. Non-finite
    /// doubles, which JSON cannot express, are written as null.
    public var json: String {
        var bytes: [UInt8] = []
        write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func write(to bytes: inout [UInt8]) {
        switch self {
        case .null:
            bytes.append(contentsOf: "null".utf8)
        case .bool(let bool):
            bytes.append(contentsOf: (bool ? "true" : "false").utf8)
        case .int(let int):
            bytes.append(contentsOf: String(int).utf8)
        case .double(let double):
            bytes.append(contentsOf: (double.isFinite ? double.description : "null").utf8)
        case .string(let string):
            Value.writeString(string, to: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                element.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in object.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Value.writeString(member.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                member.value.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
            case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
            case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
            case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
            case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
            case ..<0x20:
                let digits = Array("0123456789ABCDEF".utf8)
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

extension Value: CustomStringConvertible {
    /// The compact JSON.
    public var description: String { json }
}
