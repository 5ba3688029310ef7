// Writing data: a thin Swift layer over pop_value_writer_t, the host's streaming JSON writer.

import PluginABI

/// Writes one value in document order. Valid only during the call it is passed to.
struct ValueWriter {
    let raw: UnsafePointer<pop_value_writer_t>

    /// Writes an object whose members `members` writes with `member(_:_:)`.
    func object(_ members: () -> Void) {
        raw.pointee.begin_object?(raw)
        members()
        raw.pointee.end?(raw)
    }

    /// Inside `object`: one string member.
    func member(_ key: String, _ value: String) {
        raw.pointee.write_key?(raw, key)
        raw.pointee.write_string?(raw, value)
    }
}
