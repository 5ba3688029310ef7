import PopModel
import Testing

@testable import PopBridge
@testable import PopChef

/// Calls real C functions (Tests/Fixtures/ffi_targets.c) and reads back what they received. Serialized:
/// the fixture records into globals.
@Suite(.serialized) struct FFIActionInvokerTests {
    @Test("every source, marshalled exactly")
    func everySource() throws {
        let targets = try FFITargets.shared.get()
        let node = UnsafeRawPointer(bitPattern: 0xdada)!
        var arguments = TestArguments()
        arguments.fields = ["password": "hunter2 — ünïcode and more than fifteen bytes", "agree": "y", "count": "12"]
        arguments.values = ["order.total": .double(19.5)]
        arguments.nodes = ["items.0": node]
        let outcome = try targets.invoke(
            "every_source",
            "bool(self:ptr, action:str, request:i64, field.password:str, data.order.total:f64, data.items.0:ptr, field.agree:bool, field.count:i32)",
            arguments)
        #expect(outcome == .dismiss)
        #expect(targets.got("ptr", 0, as: UnsafeRawPointer?.self) == arguments.handler)
        #expect(targets.gotString(1) == "confirm")
        #expect(targets.got("i64", 2, as: Int64.self) == 77)
        #expect(targets.gotString(3) == "hunter2 — ünïcode and more than fifteen bytes")
        #expect(targets.got("f64", 4, as: Double.self) == 19.5)
        #expect(targets.got("ptr", 5, as: UnsafeRawPointer?.self) == node)
        #expect(targets.got("bool", 6, as: Bool.self) == true)
        #expect(targets.got("i32", 7, as: Int32.self) == 12)
    }

    @Test("missing values: NULL ptr, empty str, false, 0")
    func missing() throws {
        let targets = try FFITargets.shared.get()
        let outcome = try targets.invoke(
            "every_source",
            "bool(self:ptr, action:str, request:i64, field.none:str, data.none:f64, data.none:ptr, field.none:bool, field.none:i32)")
        #expect(outcome == .keep)
        #expect(targets.gotString(3) == "")
        #expect(targets.got("f64", 4, as: Double.self) == 0)
        #expect(targets.got("ptr", 5, as: UnsafeRawPointer?.self) == nil)
        #expect(targets.got("bool", 6, as: Bool.self) == false)
        #expect(targets.got("i32", 7, as: Int32.self) == 0)
    }

    @Test(
        "field text as bool, i32, i64, f64",
        arguments: [
            ("42", true, Int32(42), Int64(42), 42.0),
            (" -7\t", true, -7, -7, -7),
            ("+3", true, 3, 3, 3),
            ("3.9", true, 3, 3, 3.9),
            ("-3.9", true, -3, -3, -3.9),
            (".5", true, 0, 0, 0.5),
            ("1e10", true, .max, 10_000_000_000, 1e10),
            ("-99999999999", true, .min, -99_999_999_999, -99_999_999_999),
            ("9223372036854775807", true, .max, .max, 9.223372036854775807e18),
            ("99999999999999999999", true, .max, .max, 1e20),
            ("-1e300", true, .min, .min, -1e300),
            ("abc", true, 0, 0, 0),
            ("12abc", true, 0, 0, 0),
            ("0x10", true, 0, 0, 0),
            ("nan", true, 0, 0, 0),
            ("inf", true, 0, 0, 0),
            (" ", true, 0, 0, 0),
            ("", false, 0, 0, 0),
        ])
    func fieldConversions(text: String, flag: Bool, small: Int32, large: Int64, real: Double) throws {
        let targets = try FFITargets.shared.get()
        var arguments = TestArguments()
        arguments.fields = ["n": text]
        #expect(try targets.invoke("as_numbers", "void(field.n:bool, field.n:i32, field.n:i64, field.n:f64)", arguments) == .dismiss)
        #expect(targets.got("bool", 0, as: Bool.self) == flag)
        #expect(targets.got("i32", 1, as: Int32.self) == small)
        #expect(targets.got("i64", 2, as: Int64.self) == large)
        #expect(targets.got("f64", 3, as: Double.self) == real)
    }

    @Test(
        "data as bool, i32, i64, f64, str, ptr",
        arguments: [
            (Value?.some(.bool(true)), true, Int32(0), Int64(0), 0.0, ""),
            (.int(5), false, 5, 5, 5, ""),
            (.int(-1 << 40), false, .min, -1 << 40, -0x1p40, ""),
            (.double(2), false, 2, 2, 2, ""),
            (.double(2.5), false, 0, 0, 2.5, ""),
            (.double(1e19), false, 0, 0, 1e19, ""),
            (.string("hi"), false, 0, 0, 0, "hi"),
            (nil, false, 0, 0, 0, ""),
        ])
    func dataConversions(value: Value?, flag: Bool, small: Int32, large: Int64, real: Double, text: String) throws {
        let targets = try FFITargets.shared.get()
        let node = UnsafeRawPointer(bitPattern: 0xbeef)!
        var arguments = TestArguments()
        if let value {
            arguments.values = ["x.1": value]
            arguments.nodes = ["x.1": node]
        }
        let signature = "void(data.x.1:bool, data.x.1:i32, data.x.1:i64, data.x.1:f64, data.x.1:str, data.x.1:ptr)"
        #expect(try targets.invoke("as_everything", signature, arguments) == .dismiss)
        #expect(targets.got("bool", 0, as: Bool.self) == flag)
        #expect(targets.got("i32", 1, as: Int32.self) == small)
        #expect(targets.got("i64", 2, as: Int64.self) == large)
        #expect(targets.got("f64", 3, as: Double.self) == real)
        #expect(targets.gotString(4) == text)
        #expect(targets.got("ptr", 5, as: UnsafeRawPointer?.self) == (value == nil ? nil : node))
    }

    @Test("16 parameters, past the argument registers")
    func sixteen() throws {
        let targets = try FFITargets.shared.get()
        var arguments = TestArguments()
        let groups = 0..<4
        for group in groups {
            arguments.fields["s\(group)"] = group % 2 == 0 ? "short \(group)" : String(repeating: "long \(group) ", count: 10)
            arguments.values["l\(group)"] = .int(Int64(group) * 1_000_000_000_000 + 1)
            arguments.values["d\(group)"] = .double(Double(group) + 0.25)
            arguments.fields["b\(group)"] = group == 2 ? "" : "yes"
        }
        let signature =
            "i64(" + groups.map { "field.s\($0):str, data.l\($0):i64, data.d\($0):f64, field.b\($0):bool" }.joined(separator: ", ") + ")"
        #expect(try targets.invoke("sixteen", signature, arguments) == .dismiss)
        for group in groups {
            #expect(targets.gotString(group * 4) == arguments.fields["s\(group)"])
            #expect(targets.got("i64", group * 4 + 1, as: Int64.self) == Int64(group) * 1_000_000_000_000 + 1)
            #expect(targets.got("f64", group * 4 + 2, as: Double.self) == Double(group) + 0.25)
            #expect(targets.got("bool", group * 4 + 3, as: Bool.self) == (group != 2))
        }
    }

    @Test("str arguments of every length are passed whole", arguments: [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 100, 1000])
    func stringLengths(length: Int) throws {
        let targets = try FFITargets.shared.get()
        var arguments = TestArguments()
        let text = String((0..<length).map { Character(UnicodeScalar(UInt8(0x41 + $0 % 26))) })
        arguments.fields = ["t": text]
        arguments.values = ["t": .string(text)]
        #expect(
            try targets.invoke("as_everything", "void(data.x:bool, data.x:i32, data.x:i64, data.x:f64, field.t:str, data.x:ptr)", arguments)
                == .dismiss)
        #expect(targets.gotString(4) == text)
        #expect(
            try targets.invoke("as_everything", "void(data.x:bool, data.x:i32, data.x:i64, data.x:f64, data.t:str, data.x:ptr)", arguments)
                == .dismiss)
        #expect(targets.gotString(4) == text)
    }

    @Test("strings beyond the stack space go to the heap and arrive intact")
    func longStrings() throws {
        let targets = try FFITargets.shared.get()
        var arguments = TestArguments()
        let groups = 0..<4
        for group in groups {
            arguments.fields["s\(group)"] = String(repeating: Character(UnicodeScalar(UInt8(0x61 + group))), count: 600 + group)
        }
        let signature = "i64(" + groups.map { "field.s\($0):str, request:i64, data.d:f64, field.b:bool" }.joined(separator: ", ") + ")"
        #expect(try targets.invoke("sixteen", signature, arguments) == .dismiss)
        for group in groups { #expect(targets.gotString(group * 4) == arguments.fields["s\(group)"]) }
    }

    @Test(
        "results: void always dismisses, the others when non-zero in their own width",
        arguments: [
            ("bool(data.v:bool)", "returns_bool", Value.bool(true), ActionOutcome.dismiss),
            ("bool(data.v:bool)", "returns_bool", .bool(false), .keep),
            ("i32(data.v:i64)", "returns_i32", .int(-1), .dismiss),
            ("i32(data.v:i64)", "returns_i32", .int(0), .keep),
            ("i32(data.v:i64)", "returns_i32", .int(1 << 32), .keep),  // (int32_t) truncates to 0
            ("i64(data.v:i64)", "returns_i64", .int(1 << 40), .dismiss),
            ("i64(data.v:i64)", "returns_i64", .int(0), .keep),
        ])
    func results(signature: String, function: String, value: Value, outcome: ActionOutcome) throws {
        let targets = try FFITargets.shared.get()
        var arguments = TestArguments()
        arguments.values = ["v": value]
        #expect(try targets.invoke(function, signature, arguments) == outcome)
    }

    @Test("a void action is called and dismisses")
    func void() throws {
        let targets = try FFITargets.shared.get()
        let before = targets.calls
        #expect(try targets.invoke("returns_void", "void()") == .dismiss)
        #expect(targets.calls == before + 1)
    }
}
