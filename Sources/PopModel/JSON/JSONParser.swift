/// A strict RFC 8259 parser producing `Value`s with object members in document order. Integers
/// without fraction or exponent that fit in Int64 become `.int`, other numbers `.double`;
/// duplicate keys, numbers beyond Double's range and nesting deeper than `maxDepth` are errors.
struct JSONParser {
    /// Most arrays and objects open at once.
    static let maxDepth = 256

    private let text: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0

    /// Parses `text`, which holds exactly one JSON value (whitespace around it allowed).
    static func parse(_ text: UnsafeBufferPointer<UInt8>) throws(JSONError) -> Value {
        var parser = JSONParser(text: text)
        if let invalid = UTF8Validation.firstInvalidByte(in: text) {
            throw parser.error(at: invalid, expected: "UTF-8", found: "byte 0x" + hex(text[invalid], digits: 2))
        }
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.position == text.count else { throw parser.error(expected: "end of input") }
        return value
    }

    private init(text: UnsafeBufferPointer<UInt8>) { self.text = text }

    // MARK: Values

    /// The value at `position`; `expected` describes what else could be here, for the error.
    private mutating func parseValue(orElse expected: String = "a value") throws(JSONError) -> Value {
        guard let byte = peek() else { throw error(expected: expected) }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error(expected: expected)
        }
    }

    private mutating func parseObject() throws(JSONError) -> Value {
        try enterContainer()
        var object = Value.Object()
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(object)
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else {
                throw error(expected: object.isEmpty ? "a string key or '}'" : "a string key")
            }
            let keyOffset = position
            let key = try parseString()
            skipWhitespace()
            try expect(":")
            skipWhitespace()
            let value = try parseValue()
            guard object.append(key: key, value: value) else {
                throw error(at: keyOffset, expected: "a key not already in this object", found: "\(quoted(key)) again")
            }
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                position += 1
                skipWhitespace()
            } else if peek() == UInt8(ascii: "}") {
                position += 1
                depth -= 1
                return .object(object)
            } else {
                throw error(expected: "',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(JSONError) -> Value {
        try enterContainer()
        var elements: [Value] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue(orElse: elements.isEmpty ? "a value or ']'" : "a value"))
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                position += 1
                skipWhitespace()
            } else if peek() == UInt8(ascii: "]") {
                position += 1
                depth -= 1
                return .array(elements)
            } else {
                throw error(expected: "',' or ']'")
            }
        }
    }

    private mutating func enterContainer() throws(JSONError) {
        guard depth < JSONParser.maxDepth else {
            throw error(expected: "at most \(JSONParser.maxDepth) nested arrays and objects")
        }
        depth += 1
        position += 1
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONError) {
        let start = position
        for (index, byte) in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount).enumerated() {
            guard start + index < text.count, text[start + index] == byte else {
                throw error(at: start + index, expected: "'\(literal)'")
            }
        }
        position = start + literal.utf8CodeUnitCount
    }

    private mutating func expect(_ character: Unicode.Scalar) throws(JSONError) {
        guard peek() == UInt8(ascii: character) else { throw error(expected: "'\(character)'") }
        position += 1
    }

    // MARK: Numbers

    private mutating func parseNumber() throws(JSONError) -> Value {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        if peek() == UInt8(ascii: "0") {
            position += 1
            if let next = peek(), isDigit(next) {
                throw error(expected: "'.', 'e' or the end of the number (no leading zeros)")
            }
        } else {
            try digits()
        }
        var integral = true
        if peek() == UInt8(ascii: ".") {
            integral = false
            position += 1
            try digits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            integral = false
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            try digits()
        }
        let number = UnsafeBufferPointer(rebasing: text[start..<position])
        if integral, let int = JSONParser.int64(number) { return .int(int) }
        let spelled = String(decoding: number, as: UTF8.self)
        guard let double = Double(spelled), double.isFinite else {
            throw error(at: start, expected: "a number within the range of a double", found: spelled)
        }
        return .double(double)
    }

    /// One or more digits.
    private mutating func digits() throws(JSONError) {
        guard let first = peek(), isDigit(first) else { throw error(expected: "a digit") }
        while let byte = peek(), isDigit(byte) { position += 1 }
    }

    /// The integer `-?[0-9]+` spells, or nil beyond Int64.
    private static func int64(_ number: UnsafeBufferPointer<UInt8>) -> Int64? {
        let negative = number.first == UInt8(ascii: "-")
        var value: Int64 = 0
        for byte in number.dropFirst(negative ? 1 : 0) {
            let digit = Int64(byte - UInt8(ascii: "0"))
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            // Accumulates negatively so that Int64.min fits.
            let (next, overflow2) = times10.subtractingReportingOverflow(digit)
            guard !overflow1, !overflow2 else { return nil }
            value = next
        }
        if negative { return value }
        return value == .min ? nil : -value
    }

    // MARK: Strings

    /// A string starting at the opening quote.
    private mutating func parseString() throws(JSONError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes.
        while let byte = peek(), byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 {
            position += 1
        }
        if peek() == UInt8(ascii: "\"") {
            position += 1
            return String(decoding: UnsafeBufferPointer(rebasing: text[start..<position - 1]), as: UTF8.self)
        }
        var bytes = Array(text[start..<position])
        while true {
            guard let byte = peek() else { throw error(expected: "'\"' to close the string") }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: bytes, as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                try parseEscape(into: &bytes)
            case ..<0x20:
                throw error(expected: "a character or an escape (control characters must be escaped)")
            default:
                bytes.append(byte)
                position += 1
            }
        }
    }

    /// The escape after a backslash, appended as UTF-8.
    private mutating func parseEscape(into bytes: inout [UInt8]) throws(JSONError) {
        let replacement: UInt8
        guard let letter = peek() else { throw error(expected: "an escape character") }
        switch letter {
        case UInt8(ascii: "\""): replacement = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): replacement = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): replacement = UInt8(ascii: "/")
        case UInt8(ascii: "b"): replacement = 0x08
        case UInt8(ascii: "f"): replacement = 0x0C
        case UInt8(ascii: "n"): replacement = 0x0A
        case UInt8(ascii: "r"): replacement = 0x0D
        case UInt8(ascii: "t"): replacement = 0x09
        case UInt8(ascii: "u"): return try parseUnicodeEscape(into: &bytes)
        default: throw error(expected: "an escape character ('\"', '\\', '/', 'b', 'f', 'n', 'r', 't' or 'u')")
        }
        position += 1
        bytes.append(replacement)
    }

    /// The `\uXXXX` escape (or surrogate pair) at the `u`, appended as UTF-8.
    private mutating func parseUnicodeEscape(into bytes: inout [UInt8]) throws(JSONError) {
        let escapeStart = position - 1
        position += 1
        var code = UInt32(try hex4())
        if (0xDC00...0xDFFF).contains(code) {
            throw error(at: escapeStart, expected: "a Unicode scalar (not a lone low surrogate)", found: "\\u" + hex(code, digits: 4))
        }
        if (0xD800...0xDBFF).contains(code) {
            guard peek() == UInt8(ascii: "\\"), peekNext() == UInt8(ascii: "u") else {
                throw error(expected: "'\\u' and a low surrogate after the high surrogate \\u" + hex(code, digits: 4))
            }
            let lowStart = position
            position += 2
            let low = UInt32(try hex4())
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error(at: lowStart, expected: "a low surrogate (\\uDC00-\\uDFFF)", found: "\\u" + hex(low, digits: 4))
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        bytes.append(contentsOf: UTF8.encode(Unicode.Scalar(code)!)!)
    }

    private mutating func hex4() throws(JSONError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            let digit: UInt8
            switch peek() {
            case let byte? where isDigit(byte): digit = byte - UInt8(ascii: "0")
            case let byte? where (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte): digit = byte - UInt8(ascii: "a") + 10
            case let byte? where (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(expected: "a hex digit")
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    // MARK: Bytes

    private func peek() -> UInt8? { position < text.count ? text[position] : nil }
    private func peekNext() -> UInt8? { position + 1 < text.count ? text[position + 1] : nil }
    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private mutating func skipWhitespace() {
        while let byte = peek(),
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
        {
            position += 1
        }
    }

    private func error(at offset: Int? = nil, expected: String, found: String? = nil) -> JSONError {
        let offset = offset ?? position
        return JSONError(in: text, at: offset, expected: expected, found: found ?? describe(at: offset))
    }

    /// What is at `offset`, for messages: "'x'", "U+000A" for control characters, or "end of input".
    private func describe(at offset: Int) -> String {
        guard offset < text.count else { return "end of input" }
        var bytes = text[offset...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&bytes) else { return "byte 0x" + hex(text[offset], digits: 2) }
        if scalar.value < 0x20 || scalar.value == 0x7F { return "U+" + hex(scalar.value, digits: 4) }
        return "'\(scalar)'"
    }

    private func quoted(_ key: String) -> String { Value.string(key).json }
}

/// `value` in upper-case hex, zero-padded to `digits`.
private func hex(_ value: some BinaryInteger, digits: Int) -> String {
    let spelled = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - spelled.count)) + spelled
}
