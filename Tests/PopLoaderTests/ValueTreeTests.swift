import PluginABI
import Testing

@testable import PopLoader
@testable import PopModel

/// "pop.value/1" as a plugin sees it.
private var api: pop_host_value_t { ValueTree.hostExtension.pointee }

/// Reads a whole value back through the C getters only, like a plugin would.
private func read(_ handle: OpaquePointer?) -> Value {
    switch Int(api.type(handle)) {
    case Int(POP_VALUE_NULL): return .null
    case Int(POP_VALUE_BOOL): return .bool(api.get_bool(handle, false))
    case Int(POP_VALUE_INT): return .int(api.get_int(handle, 0))
    case Int(POP_VALUE_DOUBLE): return .double(api.get_double(handle, 0))
    case Int(POP_VALUE_STRING): return .string(String(cString: api.get_string(handle)!))
    case Int(POP_VALUE_ARRAY): return .array((0..<api.count(handle)).map { read(api.at(handle, $0)) })
    case Int(POP_VALUE_OBJECT):
        var object = Value.Object()
        for index in 0..<api.count(handle) {
            let key = String(cString: api.key_at(handle, index)!)
            let appended = object.append(key: key, value: read(api.at(handle, index)))
            #expect(appended)
            #expect(api.get(handle, key) == api.at(handle, index))
        }
        return .object(object)
    case let other:
        Issue.record("unknown type \(other)")
        return .null
    }
}

private func string(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }

@Suite struct ValueTreeTests {
    static let sample: Value = [
        "order": [
            "id": "A-1", "total": 15.5, "count": 2, "paid": false, "note": nil,
            "items": [["name": "tea", "price": 12.5], ["name": "cake", "price": 3]],
        ],
        "tags": ["x", "", "ünï😀"], "empty": [:], "none": [],
    ]

    @Test(
        "everything reads back through the C getters",
        arguments: [
            sample, .null, true, 0, -1, .int(.max), .int(.min), 1.5, -0.0, "", "text", [], [:], [[[[1]]]],
        ] as [Value])
    func readsBack(value: Value) {
        let tree = ValueTree(value)
        #expect(read(tree.root) == value)
    }

    @Test("the extension header")
    func header() {
        #expect(api.abi_version.major == UInt32(POP_VERSION_MAJOR))
        #expect(api.struct_size == UInt32(MemoryLayout<pop_host_value_t>.size))
    }

    @Test("getters are total: NULL reads as null, wrong types give the fallback, NULL or 0")
    func totality() {
        let tree = ValueTree(["b": true, "i": 7, "d": 2.5, "s": "x", "a": [1], "o": ["k": 1], "n": nil])
        let handles: [String: OpaquePointer?] = [
            "b": tree.node(atPath: "b"), "i": tree.node(atPath: "i"), "d": tree.node(atPath: "d"),
            "s": tree.node(atPath: "s"), "a": tree.node(atPath: "a"), "o": tree.node(atPath: "o"),
            "n": tree.node(atPath: "n"), "NULL": nil,
        ]
        for (name, handle) in handles {
            let types = [
                "b": POP_VALUE_BOOL, "i": POP_VALUE_INT, "d": POP_VALUE_DOUBLE, "s": POP_VALUE_STRING,
                "a": POP_VALUE_ARRAY, "o": POP_VALUE_OBJECT, "n": POP_VALUE_NULL, "NULL": POP_VALUE_NULL,
            ]
            #expect(Int(api.type(handle)) == Int(types[name]!), "\(name)")
            if name != "b" { #expect(api.get_bool(handle, true) == true, "\(name)") }
            if name != "i" { #expect(api.get_int(handle, -5) == -5, "\(name)") }
            if name != "i", name != "d" { #expect(api.get_double(handle, -5) == -5, "\(name)") }
            if name != "s" { #expect(api.get_string(handle) == nil, "\(name)") }
            if name != "a", name != "o" {
                #expect(api.count(handle) == 0, "\(name)")
                #expect(api.at(handle, 0) == nil, "\(name)")
            }
            if name != "o" {
                #expect(api.key_at(handle, 0) == nil, "\(name)")
                #expect(api.get(handle, "k") == nil, "\(name)")
            }
            #expect(api.lookup(handle, "") == handle, "\(name)")
            #expect(api.lookup(handle, "zz") == nil, "\(name)")
            #expect(api.lookup(handle, nil) == nil, "\(name)")
        }
        let object = handles["o"]!
        #expect(api.get(object, nil) == nil)
        #expect(api.at(handles["a"]!, 1) == nil)
        #expect(api.at(object, 1) == nil)
        #expect(api.at(object, .max) == nil)
        #expect(api.key_at(object, 1) == nil)
        #expect(string(api.key_at(object, 0)) == "k")
        #expect(api.get_double(handles["i"]!, 0) == 7)
        #expect(api.get_bool(handles["b"]!, false) == true)
    }

    @Test(
        "get_int takes doubles with an integral value in Int64's range",
        arguments: [
            (3.0, 3), (-0.0, 0), (-0x1p63, .min), (0x1p62, 1 << 62), (3.5, -1), (0x1p63, -1), (-0x1p64, -1),
            (.nan, -1), (.infinity, -1), (-.infinity, -1),
        ] as [(Double, Int64)])
    func integralDoubles(double: Double, expected: Int64) {
        let tree = ValueTree(.double(double))
        #expect(api.get_int(tree.root, -1) == expected)
    }

    @Test(
        "dotted lookup from the root and from inner nodes",
        arguments: [
            ("", sample), ("order.id", "A-1"), ("order.items.0.price", 12.5), ("order.items.1.name", "cake"),
            ("tags.2", "ünï😀"), ("empty", [:]),
        ] as [(String, Value)])
    func lookup(path: String, expected: Value) {
        let tree = ValueTree(ValueTreeTests.sample)
        #expect(read(api.lookup(tree.root, path)) == expected)
        #expect(tree.value(of: tree.node(atPath: path)) == expected)
        #expect(ValueTreeTests.sample.lookup(path: path) == expected)
        let items = api.get(api.get(tree.root, "order"), "items")
        #expect(string(api.get_string(api.lookup(items, "1.name"))) == "cake")
    }

    @Test(
        "lookups that miss",
        arguments: [
            "nope", "order.items.2", "order.items.01", "order.items.-0", "order.items.", "order..id", "order.id.x",
            "tags.99999999999999999999", "tags.4294967296", "none.0", ".order",
        ])
    func lookupMisses(path: String) {
        let tree = ValueTree(ValueTreeTests.sample)
        #expect(api.lookup(tree.root, path) == nil)
        #expect(tree.node(atPath: path) == nil)
        #expect(ValueTreeTests.sample.lookup(path: path) == nil)
    }

    @Test("member lookup in small and large objects, keys compared by length too", arguments: [4, 8, 9, 100])
    func members(count: Int) {
        var object = Value.Object()
        for index in 0..<count {
            let appended = object.append(key: "k\(index * 7 % count)x", value: .int(Int64(index)))
            #expect(appended)
        }
        var appended = object.append(key: "", value: "empty")
        #expect(appended)
        appended = object.append(key: "k", value: "prefix")
        #expect(appended)
        appended = object.append(key: "k\u{0}z", value: "nul")
        #expect(appended)
        let tree = ValueTree(.object(object))
        for member in object where !member.key.contains("\u{0}") {
            #expect(read(api.get(tree.root, member.key)) == member.value, "\(member.key)")
            // The empty path is the object itself, not its member "".
            #expect(api.lookup(tree.root, member.key) == (member.key.isEmpty ? tree.root : api.get(tree.root, member.key)))
        }
        for absent in ["kx", "k0", "k\(count)x", "zzz", "j"] { #expect(api.get(tree.root, absent) == nil, "\(absent)") }
        #expect(api.count(tree.root) == UInt32(count + 3))
        #expect(tree.value(of: api.at(tree.root, UInt32(count + 2))) == "nul")
    }

    @Test("handles map back to values; foreign pointers do not")
    func handles() {
        let tree = ValueTree(ValueTreeTests.sample)
        let other = ValueTree(ValueTreeTests.sample)
        #expect(tree.value(of: tree.root) == ValueTreeTests.sample)
        #expect(tree.value(of: api.lookup(tree.root, "order.items.1")) == ["name": "cake", "price": 3])
        #expect(tree.value(of: nil) == .null)
        #expect(tree.value(of: other.root) == nil)
        let root = UnsafeRawPointer(tree.root)
        #expect(tree.value(of: OpaquePointer(root + 1)) == nil)
        #expect(tree.value(of: OpaquePointer(root - MemoryLayout<ValueTree.Node>.stride)) == nil)
        var nodes = 0
        func countNodes(_ handle: OpaquePointer?) {
            nodes += 1
            for index in 0..<api.count(handle) { countNodes(api.at(handle, index)) }
        }
        countNodes(tree.root)
        #expect(tree.value(of: OpaquePointer(root + nodes * MemoryLayout<ValueTree.Node>.stride)) == nil)
        #expect(tree.value(of: OpaquePointer(root + (nodes - 1) * MemoryLayout<ValueTree.Node>.stride)) != nil)
    }

    @Test("strings keep everything up to their first NUL for C readers; value(of:) keeps all")
    func embeddedNUL() {
        let tree = ValueTree(["a\u{0}b": "x\u{0}y"])
        #expect(string(api.key_at(tree.root, 0)) == "a")
        #expect(string(api.get_string(api.at(tree.root, 0))) == "x")
        #expect(tree.value(of: api.at(tree.root, 0)) == "x\u{0}y")
    }

    @Test("concurrent readers see the same tree")
    func concurrentReads() async {
        var object = Value.Object()
        for index in 0..<200 { _ = object.append(key: "key\(index)", value: ["n": .int(Int64(index)), "s": .string("v\(index)")]) }
        let value = Value.object(object)
        let tree = ValueTree(value)
        await withTaskGroup(of: Bool.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for round in 0..<50 {
                        let index = (worker * 31 + round * 7) % 200
                        guard api.get_int(tree.node(atPath: "key\(index).n"), -1) == Int64(index),
                            string(api.get_string(api.lookup(tree.root, "key\(index).s"))) == "v\(index)"
                        else { return false }
                        if round % 10 == 0, read(tree.root) != value { return false }
                    }
                    return true
                }
            }
            for await ok in group { #expect(ok) }
        }
    }
}
