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
        write(to: &bytes, indent: nil)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same JSON laid out for people: each member and element on its own line, indented by two
    /// spaces a level (what `--json` prints).
    public var indentedJSON: String {
        var bytes: [UInt8] = []
        write(to: &bytes, indent: 0)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes the value; `indent` is the current depth when laying out for people, nil for compact.
    private func write(to bytes: inout [UInt8], indent: Int?) {
        func newline(_ depth: Int) {
            bytes.append(0x0A)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
        }
        switch self {
        case .null:
            bytes.appendUTF8("null")
        case .bool(let bool):
            bytes.appendUTF8(bool ? "true" : "false")
        case .int(let int):
            Value.writeInteger(int, to: &bytes)
        case .double(let double):
            bytes.appendUTF8(double.isFinite ? double.description : "null")
        case .string(let string):
            Value.writeString(string, to: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                if let indent { newline(indent + 1) }
                element.write(to: &bytes, indent: indent.map { $0 + 1 })
            }
            if let indent, !elements.isEmpty { newline(indent) }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in object.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                if let indent { newline(indent + 1) }
                Value.writeString(member.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                if indent != nil { bytes.append(UInt8(ascii: " ")) }
                member.value.write(to: &bytes, indent: indent.map { $0 + 1 })
            }
            if let indent, !object.isEmpty { newline(indent) }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// `String(value)`'s digits, without making the String.
    private static func writeInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        var magnitude = value.magnitude
        repeat {
            bytes.append(0x30 + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude != 0
        bytes[start...].reverse()
    }

    private static func writeString(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings have nothing to escape: copy them whole.
        let copied = string.withUTF8Buffer { utf8 in
            guard utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if copied {
            bytes.append(UInt8(ascii: "\""))
            return
        }
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
