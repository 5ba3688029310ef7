import Testing

@testable import PopModel

@Suite struct ValueJSONTests {
    @Test(
        "round-trips keep member order and are byte-for-byte stable",
        arguments: [
            #"{"z":1,"a":2,"m":{"y":[],"b":{}},"k":null}"#,
            #"[true,false,null,0,-1,9223372036854775807,-9223372036854775808]"#,
            #"[1.0,-0.0,0.1,1.5e-07,1e+16,5e-324,1.7976931348623157e+308]"#,
            #"{"":"","\u0000":"a\"b\\c\nd\re\tf\bg\fh\u0001é😀"}"#,
        ])
    func roundTrip(text: String) throws {
        let value = try Value(json: text)
        #expect(value.json == text)
        #expect(try Value(json: value.json) == value)
    }

    @Test("member order is document order, not sorted or hashed")
    func memberOrder() throws {
        let keys = (0..<50).map { "k\(($0 * 37) % 50)" }
        let text = "{" + keys.map { "\"\($0)\":0" }.joined(separator: ",") + "}"
        guard case .object(let object) = try Value(json: text) else { Issue.record("not an object"); return }
        #expect(object.keys == keys)
        #expect(object["k13"] == 0)
    }

    @Test(
        "integers stay ints; fractions, exponents and out-of-range integers become doubles",
        arguments: [
            ("0", Value.int(0)), ("-0", .int(0)), ("42", .int(42)),
            ("-9223372036854775808", .int(.min)), ("9223372036854775807", .int(.max)),
            ("9223372036854775808", .double(0x1p63)), ("-9223372036854775809", .double(-0x1p63)),
            ("1.0", .double(1)), ("1e2", .double(100)), ("1E+2", .double(100)), ("25e-1", .double(2.5)), ("-0.0", .double(-0.0)),
        ])
    func numbers(text: String, expected: Value) throws {
        #expect(try Value(json: text) == expected)
    }

    @Test("integral doubles stay distinguishable from ints when written")
    func integralDoubles() throws {
        #expect(Value.double(1).json == "1.0")
        #expect(Value.int(1).json == "1")
        #expect(Value.double(1e20).json == "1e+20")
        #expect(try Value(json: Value.double(1e20).json) == .double(1e20))
    }

    @Test("non-finite doubles are written as null")
    func nonFinite() {
        let value: Value = [.double(.nan), .double(.infinity), .double(-.infinity)]
        #expect(value.json == "[null,null,null]")
    }

    @Test(
        "string escapes, \\u escapes and surrogate pairs",
        arguments: [
            (#""\u00e9\u00E9""#, "éé"), (#""\ud83d\ude00""#, "😀"), (#""\/\b\f\n\r\t\"\\""#, "/\u{8}\u{C}\n\r\t\"\\"),
            (#""\u0000""#, "\u{0}"), (#""a😀b""#, "a😀b"),
        ])
    func strings(text: String, expected: String) throws {
        #expect(try Value(json: text) == .string(expected))
    }

    @Test("control characters are escaped on output")
    func escapesOnOutput() {
        #expect(Value.string("\u{1F}\u{7F}\"").json == #""\u001F\#u{7F}\"""#)
    }

    @Test(
        "errors carry offset, line, column, expected and found",
        arguments: [
            ("", 0, 1, 1, "a value", "end of input"),
            ("[1,]", 3, 1, 4, "a value", "']'"),
            ("[1 2]", 3, 1, 4, "',' or ']'", "'2'"),
            ("[", 1, 1, 2, "a value or ']'", "end of input"),
            ("{\n  \"a\" 1}", 8, 2, 7, "':'", "'1'"),
            ("{\"a\":1,}", 7, 1, 8, "a string key", "'}'"),
            ("{1:2}", 1, 1, 2, "a string key or '}'", "'1'"),
            (#"{"a":1,"a":2}"#, 7, 1, 8, "a key not already in this object", #""a" again"#),
            ("tru", 3, 1, 4, "'true'", "end of input"),
            ("nul!", 3, 1, 4, "'null'", "'!'"),
            ("01", 1, 1, 2, "'.', 'e' or the end of the number (no leading zeros)", "'1'"),
            ("-", 1, 1, 2, "a digit", "end of input"),
            ("1.", 2, 1, 3, "a digit", "end of input"),
            ("1e+", 3, 1, 4, "a digit", "end of input"),
            ("1e400", 0, 1, 1, "a number within the range of a double", "1e400"),
            ("1 2", 2, 1, 3, "end of input", "'2'"),
            ("\"é\nx\"", 3, 1, 3, "a character or an escape (control characters must be escaped)", "U+000A"),
            (#""ab"#, 3, 1, 4, "'\"' to close the string", "end of input"),
            (#""\x""#, 2, 1, 3, "an escape character ('\"', '\\', '/', 'b', 'f', 'n', 'r', 't' or 'u')", "'x'"),
            (#""\u12G4""#, 5, 1, 6, "a hex digit", "'G'"),
            (#""\udc00""#, 1, 1, 2, "a Unicode scalar (not a lone low surrogate)", "\\uDC00"),
            (#""\ud800x""#, 7, 1, 8, "'\\u' and a low surrogate after the high surrogate \\uD800", "'x'"),
            (#""\ud800\u0041""#, 7, 1, 8, "a low surrogate (\\uDC00-\\uDFFF)", "\\u0041"),
            ("\u{FEFF}1", 0, 1, 1, "a value", "'\u{FEFF}'"),
        ] as [(String, Int, Int, Int, String, String)])
    func errors(text: String, offset: Int, line: Int, column: Int, expected: String, found: String) {
        #expect(throws: JSONError(offset: offset, line: line, column: column, expected: expected, found: found)) {
            try Value(json: text)
        }
    }

    @Test(
        "invalid UTF-8 is reported at its first byte",
        arguments: [
            ([0x22, 0x61, 0xFF, 0x22], 2, "byte 0xFF"), ([0x22, 0xC0, 0xAF, 0x22], 1, "byte 0xC0"),
            ([0x22, 0xED, 0xA0, 0x80, 0x22], 1, "byte 0xED"), ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, "byte 0xF4"),
            ([0x22, 0xE2, 0x82], 1, "byte 0xE2"),
        ] as [([UInt8], Int, String)])
    func invalidUTF8(bytes: [UInt8], offset: Int, found: String) {
        #expect(throws: JSONError(offset: offset, line: 1, column: 2 + offset - 1, expected: "UTF-8", found: found)) {
            try Value(jsonBytes: bytes)
        }
    }

    @Test("bytes from any collection parse like the text")
    func bytes() throws {
        let text = #"{"a":[1,2.5,"x"]}"#
        #expect(try Value(jsonBytes: Array(text.utf8)) == Value(json: text))
        #expect(try Value(jsonBytes: text.utf8.lazy.map { $0 }) == Value(json: text))
    }

    @Test("nesting: 256 levels parse, 257 do not")
    func depthLimit() throws {
        let deepest = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(try Value(json: deepest).json == deepest)
        let tooDeep = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
        #expect(throws: JSONError(offset: 256, line: 1, column: 257, expected: "at most 256 nested arrays and objects", found: "'['")) {
            try Value(json: tooDeep)
        }
    }

    @Test("the error description reads well")
    func description() {
        #expect(throws: JSONError.self) { try Value(json: "[1,]") }
        do {
            _ = try Value(json: "[1,]")
        } catch {
            #expect(error.description == "JSON error at line 1, column 4 (byte 3): expected a value, found ']'")
        }
    }
}
