import Testing

@testable import PopModel

@Suite struct ValueTests {
    static let order: Value = [
        "order": ["id": "A-1", "items": [["price": 12.5], ["price": 3]], "": "empty key", "0": "zero key"],
        "flag": true,
    ]

    @Test("literals build the matching cases")
    func literals() {
        let value: Value = ["amount": 12.5, "items": [1, 2], "name": "x", "none": nil, "ok": false]
        let expected = Value.object(
            Value.Object([
                .init(key: "amount", value: .double(12.5)), .init(key: "items", value: .array([.int(1), .int(2)])),
                .init(key: "name", value: .string("x")), .init(key: "none", value: .null), .init(key: "ok", value: .bool(false)),
            ])!)
        #expect(value == expected)
    }

    @Test("subscripts by key and index are total")
    func subscripts() {
        #expect(ValueTests.order["flag"] == true)
        #expect(ValueTests.order["missing"] == nil)
        #expect(ValueTests.order[0] == nil)
        #expect(Value.array([1, 2])[1] == 2)
        #expect(Value.array([1, 2])[2] == nil)
        #expect(Value.array([1, 2])[-1] == nil)
        #expect(Value.string("s")["k"] == nil)
    }

    @Test(
        "dotted paths",
        arguments: [
            ("", order), ("flag", true), ("order.id", "A-1"), ("order.items.0.price", 12.5), ("order.items.1.price", 3),
            ("order.", "empty key"), ("order.0", "zero key"),
        ] as [(String, Value)])
    func lookup(path: String, expected: Value) {
        #expect(ValueTests.order.lookup(path: path) == expected)
        #expect(ValueTests.order.lookup(ValuePath(path)) == expected)
    }

    @Test(
        "paths that miss",
        arguments: [
            "missing", "order.items.2", "order.items.01", "order.items.-1", "order.items.+1", "order.items.x",
            "order.items.", "flag.x", "order.id.0", "order.items.99999999999999999999999",
        ])
    func lookupMisses(path: String) {
        #expect(ValueTests.order.lookup(path: path) == nil)
        #expect(ValueTests.order.lookup(ValuePath(path)) == nil)
    }

    @Test("a parsed path keeps its text and its steps, keys and indices alike")
    func parsedPath() {
        #expect(ValuePath("").steps.isEmpty)
        #expect(ValuePath("order.items.0").text == "order.items.0")
        #expect(ValuePath("order.items.0").steps.map(\.key) == ["order", "items", "0"])
        #expect(ValuePath("order.items.0").steps.map(\.index) == [nil, nil, 0])
        #expect(ValuePath("a..01").steps.map(\.key) == ["a", "", "01"])
        #expect(ValuePath("a..01").steps.map(\.index) == [nil, nil, nil])
        // A key that is not ASCII is compared as a String, as before.
        let accented: Value = ["caf\u{E9}": 1]
        #expect(accented.lookup(path: "cafe\u{301}") == 1)
        #expect(accented.lookup(ValuePath("cafe\u{301}")) == 1)
    }

    @Test("objects keep order, reject duplicate keys and replace in place")
    func objects() {
        #expect(Value.Object([.init(key: "a", value: 1), .init(key: "a", value: 2)]) == nil)
        var object: Value.Object = ["b": 1, "a": 2]
        var appended = object.append(key: "c", value: 3)
        #expect(appended)
        appended = object.append(key: "a", value: 9)
        #expect(!appended)
        object["b"] = 10
        #expect(object.keys == ["b", "a", "c"])
        #expect(object["b"] == 10)
        object["a"] = nil
        #expect(object.keys == ["b", "c"])
        #expect(object.index(forKey: "c") == 1)
    }

    @Test("large objects look keys up through their index, also after removals", arguments: [3, 9, 40])
    func largeObjects(count: Int) {
        var object = Value.Object()
        for index in 0..<count {
            let appended = object.append(key: "k\(index)", value: .int(Int64(index)))
            #expect(appended)
        }
        for index in 0..<count { #expect(object["k\(index)"] == .int(Int64(index))) }
        object["k0"] = nil
        #expect(object["k0"] == nil)
        #expect(object.index(forKey: "k\(count - 1)") == count - 2)
        let appendedAgain = object.append(key: "k1", value: 0)
        #expect(!appendedAgain)
        #expect(object == Value.Object(object.members))
    }

    @Test("stringValue, numberValue and boolValue read a member when it has that kind, nil otherwise")
    func accessors() {
        #expect(Self.order.lookup(path: "order.id")?.stringValue == "A-1")
        #expect(Self.order.lookup(path: "order.items.1.price")?.numberValue == 3)
        #expect(Self.order.lookup(path: "order.items.0.price")?.numberValue == 12.5)
        #expect(Self.order["flag"]?.boolValue == true)
        #expect(Self.order["flag"]?.stringValue == nil && Self.order["order"]?.numberValue == nil && Value.null.boolValue == nil)
    }

    @Test("a popup's state prints as the trace names it, inside an Optional too")
    func stateNames() {
        let state: PopupState? = .shown
        #expect("\(String(describing: state))" == "Optional(shown)")
        #expect("\(PopupState.dismissing)" == "dismissing")
    }
}
