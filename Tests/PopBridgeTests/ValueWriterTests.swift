import PluginABI
import Testing

@testable import PopBridge
@testable import PopModel

/// One call a plugin makes on a `pop_value_writer_t`.
enum ValueWriterCall: Sendable, CustomTestStringConvertible {
    case null, bool(Bool), int(Int64), double(Double), string(String?), bytes([UInt8]), beginArray, beginObject
    case key(String?), keyBytes([UInt8]), end

    var testDescription: String { "\(self)" }

    /// Makes the call through the C table.
    func perform(on writer: UnsafePointer<pop_value_writer_t>) {
        let table = writer.pointee
        switch self {
        case .null: table.write_null(writer)
        case .bool(let value): table.write_bool(writer, value)
        case .int(let value): table.write_int(writer, value)
        case .double(let value): table.write_double(writer, value)
        case .string(let value?): table.write_string(writer, value)
        case .string(nil): table.write_string(writer, nil)
        case .bytes(let bytes):
            (bytes + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { table.write_string(writer, $0.baseAddress) } }
        case .beginArray: table.begin_array(writer)
        case .beginObject: table.begin_object(writer)
        case .key(let key?): table.write_key(writer, key)
        case .key(nil): table.write_key(writer, nil)
        case .keyBytes(let bytes):
            (bytes + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { table.write_key(writer, $0.baseAddress) } }
        case .end: table.end(writer)
        }
    }
}

/// Runs `calls` through a fresh writer's C table.
private func write(_ calls: [ValueWriterCall]) -> Result<Value?, WriterError> {
    let writer = ValueWriter()
    for call in calls { call.perform(on: writer.table) }
    return writer.finish()
}

@Suite struct ValueWriterTests {
    @Test("nested values, in document order")
    func nested() throws {
        let calls: [ValueWriterCall] = [
            .beginObject,
            .key("z"), .int(1), .key("a"), .double(2.5), .key("s"), .string("ünï"), .key("n"), .null, .key("b"), .bool(true),
            .key("list"), .beginArray, .int(-1), .beginObject, .end, .beginArray, .end, .string(""), .end,
            .key(""), .beginObject, .key("deep"), .beginArray, .double(1), .end, .end,
            .end,
        ]
        let expected: Value = [
            "z": 1, "a": 2.5, "s": "ünï", "n": nil, "b": true, "list": [-1, [:], [], ""], "": ["deep": [1.0]],
        ]
        #expect(try write(calls).get() == expected)
    }

    @Test(
        "a single scalar is a whole value",
        arguments: [
            (ValueWriterCall.null, Value.null), (.bool(false), false), (.int(.min), .int(.min)), (.double(-0.0), -0.0), (.string("x"), "x"),
        ] as [(ValueWriterCall, Value)])
    func scalar(call: ValueWriterCall, expected: Value) throws {
        #expect(try write([call]).get() == expected)
    }

    @Test("writing nothing is valid: pass-through")
    func empty() throws {
        #expect(try write([]).get() == nil)
    }

    @Test(
        "misuse is reported with the first mistake",
        arguments: [
            ([.null, .null], "2 top-level values"),
            ([.beginArray, .end, .beginObject], "2 top-level values"),
            ([.key("a")], "write_key outside an object"),
            ([.beginArray, .key("a")], "write_key outside an object"),
            ([.beginObject, .int(1)], "write_int inside an object without write_key first"),
            ([.beginObject, .beginArray], "begin_array inside an object without write_key first"),
            ([.beginObject, .key("a"), .int(1), .string("x")], "write_string inside an object without write_key first"),
            ([.beginObject, .key("a"), .key("b")], #"write_key after write_key "a" without a value"#),
            ([.beginObject, .key("a"), .int(1), .key("a")], #"duplicate key "a""#),
            ([.beginObject, .key("a"), .end], #"end of an object after write_key "a" without a value"#),
            ([.end], "end with nothing open"),
            ([.beginArray, .end, .end], "end with nothing open"),
            ([.string(nil)], "write_string: NULL string"),
            ([.beginObject, .key(nil)], "write_key: NULL string"),
            ([.bytes([0x61, 0xFF])], "write_string: invalid UTF-8"),
            ([.bytes([0xED, 0xA0, 0x80])], "write_string: invalid UTF-8"),
            ([.beginObject, .keyBytes([0xC0, 0x80])], "write_key: invalid UTF-8"),
            ([.double(.nan)], "write_double: non-finite value nan"),
            ([.beginArray, .double(-.infinity)], "write_double: non-finite value -inf"),
            ([.beginArray], "1 container left open (array)"),
            ([.beginObject, .key("a"), .beginArray], "2 containers left open (object, array)"),
            ([.end, .null, .null, .key("x")], "end with nothing open"),
        ] as [([ValueWriterCall], String)])
    func misuse(calls: [ValueWriterCall], message: String) {
        #expect(throws: WriterError(message: message)) { try write(calls).get() }
    }

    @Test("the first misuse is kept and later calls are ignored")
    func firstMisuseWins() {
        let writer = ValueWriter()
        for call in [ValueWriterCall.end, .key("a"), .null, .beginArray] { call.perform(on: writer.table) }
        #expect(writer.error == "end with nothing open")
        #expect(throws: WriterError(message: "end with nothing open")) { try writer.finish().get() }
    }

    @Test("nesting: 256 levels are fine, the 257th is an error")
    func depth() throws {
        let deepest = Array(repeating: ValueWriterCall.beginArray, count: 256) + Array(repeating: .end, count: 256)
        let expected = (0..<255).reduce(Value.array([])) { inner, _ in .array([inner]) }
        #expect(try write(deepest).get() == expected)
        let tooDeep = Array(repeating: ValueWriterCall.beginArray, count: 257)
        #expect(throws: WriterError(message: "begin_array: nesting deeper than 256")) { try write(tooDeep).get() }
    }

    @Test("calls through NULL or foreign tables, or a table whose host_ctx changed, are ignored")
    func foreignTables() throws {
        let writer = ValueWriter()
        let table = writer.table.pointee
        table.write_int(nil, 1)
        table.end(nil)

        // A copy of the table (another address) with the real host_ctx, and one with a bogus host_ctx.
        var copy = table
        withUnsafePointer(to: &copy) { table.write_int($0, 1) }
        var bogus = table
        bogus.host_ctx = UnsafeMutableRawPointer(bitPattern: 0x10)
        withUnsafePointer(to: &bogus) { table.begin_array($0) }

        // The real table with its host_ctx overwritten.
        writer.table.pointee.host_ctx = nil
        table.write_int(writer.table, 1)
        writer.table.pointee.host_ctx = Unmanaged.passUnretained(writer).toOpaque()

        #expect(writer.error == nil)
        #expect(try writer.finish().get() == nil)
        table.write_int(writer.table, 7)
        #expect(try writer.finish().get() == 7)
    }

    @Test("the table's header")
    func header() {
        let writer = ValueWriter()
        #expect(writer.table.pointee.abi_version.major == UInt32(POP_VERSION_MAJOR))
        #expect(writer.table.pointee.struct_size == UInt32(MemoryLayout<pop_value_writer_t>.size))
        #expect(writer.table.pointee.host_ctx == Unmanaged.passUnretained(writer).toOpaque())
    }
}
