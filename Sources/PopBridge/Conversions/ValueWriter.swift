import PluginABI
import PopLoader
import PopModel

/// Why what a plugin wrote through a `pop_value_writer_t` is not a value.
struct WriterError: Error, Hashable, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// The host side of a `pop_value_writer_t`: builds one `Value` from a plugin's streaming calls.
///
/// The first misuse is recorded in `error` and every later call is ignored. Messages:
/// "2 top-level values", "<function> inside an object without write_key first",
/// "write_key outside an object", "write_key after write_key \"k\" without a value",
/// "duplicate key \"k\"", "end with nothing open", "end of an object after write_key \"k\" without
/// a value", "<function>: NULL string", "<function>: invalid UTF-8", "write_double: non-finite
/// value <v>", "<begin_array|begin_object>: nesting deeper than 256"; and from `finish`,
/// "<n> container(s) left open (<kinds>)". Valid only during the call it is passed to; main thread.
final class ValueWriter {
    /// Most arrays and objects open at once.
    static let maxDepth = 256

    /// The C table handed to the plugin; `host_ctx` is this writer, unretained.
    let table: UnsafeMutablePointer<pop_value_writer_t>
    /// The first misuse, or nil.
    private(set) var error: String?

    /// An array or object being written.
    private struct Container {
        var isObject: Bool
        var elements: [Value] = []
        var object = Value.Object()
        /// The key whose value comes next, in an object.
        var key: String?
    }

    private var open: [Container] = []
    /// The top-level value, once complete.
    private var result: Value?

    private static let live = LiveTables<ValueWriter>()

    init() {
        table = .allocate(capacity: 1)
        table.initialize(
            to: pop_value_writer_t(
                abi_version: ABIVersion.host.raw,
                struct_size: UInt32(MemoryLayout<pop_value_writer_t>.size),
                host_ctx: nil,
                write_null: { ValueWriter.owner(of: $0)?.add(.null, from: "write_null") },
                write_bool: { ValueWriter.owner(of: $0)?.add(.bool($1), from: "write_bool") },
                write_int: { ValueWriter.owner(of: $0)?.add(.int($1), from: "write_int") },
                write_double: { writer, double in
                    guard let owner = ValueWriter.owner(of: writer) else { return }
                    guard double.isFinite else { return owner.fail("write_double: non-finite value \(double)") }
                    owner.add(.double(double), from: "write_double")
                },
                write_string: { writer, utf8 in
                    guard let owner = ValueWriter.owner(of: writer),
                        let string = owner.string(utf8, from: "write_string")
                    else { return }
                    owner.add(.string(string), from: "write_string")
                },
                begin_array: { ValueWriter.owner(of: $0)?.begin(isObject: false, from: "begin_array") },
                begin_object: { ValueWriter.owner(of: $0)?.begin(isObject: true, from: "begin_object") },
                write_key: { writer, utf8 in
                    guard let owner = ValueWriter.owner(of: writer),
                        let key = owner.string(utf8, from: "write_key")
                    else { return }
                    owner.writeKey(key)
                },
                end: { ValueWriter.owner(of: $0)?.end() }
            ))
        table.pointee.host_ctx = Unmanaged.passUnretained(self).toOpaque()
        ValueWriter.live.register(table, owner: self)
    }

    deinit {
        ValueWriter.live.unregister(table)
        table.deallocate()
    }

    /// The value written (nil: nothing was written, which means pass-through), or the first misuse
    /// or containers left open.
    func finish() -> Result<Value?, WriterError> {
        if let error { return .failure(WriterError(message: error)) }
        if !open.isEmpty {
            let kinds = open.map { $0.isObject ? "object" : "array" }.joined(separator: ", ")
            let containers = open.count == 1 ? "container" : "containers"
            return .failure(WriterError(message: "\(open.count) \(containers) left open (\(kinds))"))
        }
        return .success(result)
    }

    /// The writer behind a table pointer from a plugin; nil for NULL or foreign pointers.
    private static func owner(of writer: UnsafePointer<pop_value_writer_t>?) -> ValueWriter? {
        live.owner(of: writer) { $0.host_ctx }
    }

    private func fail(_ message: String) {
        if error == nil { error = message }
    }

    /// The string at `utf8`, or nil (recording the misuse) when it is NULL or not UTF-8.
    private func string(_ utf8: UnsafePointer<CChar>?, from function: String) -> String? {
        guard error == nil else { return nil }
        guard let utf8 else {
            fail("\(function): NULL string")
            return nil
        }
        guard let string = String(validatingCString: utf8) else {
            fail("\(function): invalid UTF-8")
            return nil
        }
        return string
    }

    /// Whether a value may start here; records the misuse when not.
    private func canStartValue(from function: String) -> Bool {
        guard error == nil else { return false }
        if let container = open.last {
            if container.isObject, container.key == nil {
                fail("\(function) inside an object without write_key first")
            }
        } else if result != nil {
            fail("2 top-level values")
        }
        return error == nil
    }

    /// Puts a complete value where it belongs: the innermost container, or the top level.
    private func place(_ value: Value) {
        guard !open.isEmpty else {
            result = value
            return
        }
        let innermost = open.count - 1
        if let key = open[innermost].key {
            _ = open[innermost].object.append(key: key, value: value)
            open[innermost].key = nil
        } else {
            open[innermost].elements.append(value)
        }
    }

    private func add(_ value: Value, from function: String) {
        guard canStartValue(from: function) else { return }
        place(value)
    }

    private func begin(isObject: Bool, from function: String) {
        guard canStartValue(from: function) else { return }
        guard open.count < ValueWriter.maxDepth else {
            return fail("\(function): nesting deeper than \(ValueWriter.maxDepth)")
        }
        open.append(Container(isObject: isObject))
    }

    private func writeKey(_ key: String) {
        guard error == nil else { return }
        guard let container = open.last, container.isObject else { return fail("write_key outside an object") }
        if let pending = container.key {
            return fail("write_key after write_key \(Value.string(pending).json) without a value")
        }
        guard container.object.index(forKey: key) == nil else { return fail("duplicate key \(Value.string(key).json)") }
        open[open.count - 1].key = key
    }

    private func end() {
        guard error == nil else { return }
        guard let container = open.popLast() else { return fail("end with nothing open") }
        if let pending = container.key {
            return fail("end of an object after write_key \(Value.string(pending).json) without a value")
        }
        place(container.isObject ? .object(container.object) : .array(container.elements))
    }
}
