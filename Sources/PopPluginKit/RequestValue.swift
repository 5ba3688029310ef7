import PluginABI

/// A read-only node of a request's data (JSON-like: null, bool, number, string, array, object),
/// read through the host's "pop.value/1" getters: no parsing, no copies.
///
///     let data = RequestValue(data)
///     let title = data["title"].string ?? "Hello"      // nil: missing, not a string, or no "pop.value/1"
///     let price = data["order"]["items"][0]["price"].number
///
/// Every read is total: a missing node, a node of another type, or a host without "pop.value/1"
/// reads as nil (or 0 elements). Handles and strings stay valid until the request's final event.
public struct RequestValue {
    /// The `const pop_value_t *` (an incomplete C type, so Swift sees an OpaquePointer); nil is null.
    public let handle: OpaquePointer?

    public init(_ handle: OpaquePointer?) { self.handle = handle }

    private var api: pop_host_value_t? { Host.valueExtension?.pointee }

    private var type: Int32? { api?.type?(handle) }

    /// The member `key` of an object (missing for anything else).
    public subscript(key: String) -> RequestValue { RequestValue(api?.get?(handle, key)) }

    /// Element `index` of an array (missing outside it, or for anything else).
    public subscript(index: Int) -> RequestValue {
        guard let index = UInt32(exactly: index) else { return RequestValue(nil) }
        return type == Int32(POP_VALUE_ARRAY) ? RequestValue(api?.at?(handle, index)) : RequestValue(nil)
    }

    /// The number of elements of an array or members of an object; 0 for anything else.
    public var count: Int { Int(api?.count?(handle) ?? 0) }

    /// The string, borrowed from the host (no copy; valid until the request's final event).
    public var cString: UnsafePointer<CChar>? { api?.get_string?(handle) }
    public var string: String? { cString.map { String(cString: $0) } }

    /// An integer or a double, as a double.
    public var number: Double? {
        guard type == Int32(POP_VALUE_INT) || type == Int32(POP_VALUE_DOUBLE) else { return nil }
        return api?.get_double?(handle, 0)
    }

    public var bool: Bool? {
        guard type == Int32(POP_VALUE_BOOL) else { return nil }
        return api?.get_bool?(handle, false)
    }
}
