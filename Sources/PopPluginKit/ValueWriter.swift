import PluginABI

/// A reformer's output, written through the host's `pop_value_writer_t` (value.h), a streaming JSON
/// writer valid only during the reform call.
///
///     let view = ValueWriter(viewData)
///     view.object {
///         view.member("title", "20% off")
///         view.key("tags"); view.array { view.string("spring") }
///     }
///
/// Arrays and objects take their contents in a closure, so every begin has its end.
public struct ValueWriter {
    public let raw: UnsafePointer<pop_value_writer_t>

    public init(_ raw: UnsafePointer<pop_value_writer_t>) { self.raw = raw }

    /// An object whose members `members` writes (`key` then a value, or `member`).
    public func object(_ members: () -> Void) {
        raw.pointee.begin_object?(raw)
        members()
        raw.pointee.end?(raw)
    }

    public func array(_ elements: () -> Void) {
        raw.pointee.begin_array?(raw)
        elements()
        raw.pointee.end?(raw)
    }

    /// Inside an object: the key of the member whose value is written next.
    public func key(_ key: String) { raw.pointee.write_key?(raw, key) }

    /// Inside an object: one string member.
    public func member(_ key: String, _ value: String) {
        self.key(key)
        string(value)
    }

    public func string(_ value: String) { raw.pointee.write_string?(raw, value) }
    public func int(_ value: Int64) { raw.pointee.write_int?(raw, value) }
    /// Finite values only.
    public func double(_ value: Double) { raw.pointee.write_double?(raw, value) }
    public func bool(_ value: Bool) { raw.pointee.write_bool?(raw, value) }
    public func null() { raw.pointee.write_null?(raw) }
}
