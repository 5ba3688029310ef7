// Reading request data: opaque pop_value_t handles, read through the host's "pop.value/1".

import PluginABI

/// A read-only node of a request's data. Reads give nil when the node is missing, has another
/// type, or the host offers no "pop.value/1". Valid until the request's final event.
struct RequestValue {
    /// `const pop_value_t *` (an incomplete C type, so Swift sees an OpaquePointer); nil is null.
    let node: OpaquePointer?

    init(_ node: OpaquePointer?) { self.node = node }

    private var api: pop_host_value_t? { Host.valueExtension?.pointee }

    private func isType(_ type: Int) -> Bool { api?.type?(node) == Int32(type) }

    /// The member `key` of an object (absent for anything else).
    subscript(key: String) -> RequestValue { RequestValue(api?.get?(node, key)) }

    /// The string, borrowed from the host (no copy).
    var cString: UnsafePointer<CChar>? { api?.get_string?(node) }
    var string: String? { cString.map { String(cString: $0) } }

    /// An integer or a double.
    var number: Double? {
        guard isType(POP_VALUE_INT) || isType(POP_VALUE_DOUBLE) else { return nil }
        return api?.get_double?(node, 0)
    }

    var bool: Bool? {
        guard isType(POP_VALUE_BOOL) else { return nil }
        return api?.get_bool?(node, false)
    }
}
