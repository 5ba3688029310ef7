import PopModel

/// What one action invocation reads its arguments from: the runtime's view of the button press.
/// The invoker asks only for what the signature's parameters name, once per parameter.
@usableFromInline package protocol ActionArgumentProvider {
    /// The handler (`const pop_handler_t *`), for `self`.
    var handler: UnsafeRawPointer { get }
    /// The action's name, for `action`.
    var actionName: String { get }
    /// The request id, for `request`.
    var requestID: Int64 { get }
    /// The text of the content's text field `id`, or nil when there is none (read as "").
    func fieldText(_ id: String) -> String?
    /// The `pop_value_t *` at `path` of the request's data ("" = the root), or nil when missing;
    /// for `data…:ptr`.
    func dataNode(at path: String) -> UnsafeRawPointer?
    /// The scalar at `path` of the request's data, or nil when missing or null, an array or an
    /// object; for `data…` of the other types.
    func dataValue(at path: String) -> DataArgument?
}

/// A scalar of the request's data, as the invoker converts it to an argument.
@usableFromInline package enum DataArgument: Equatable, Sendable {
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
}

extension DataArgument {
    /// The scalar `value` as an argument; nil for a missing value, null, an array or an object.
    package init?(_ value: Value?) {
        switch value {
        case .bool(let value)?: self = .bool(value)
        case .int(let value)?: self = .int(value)
        case .double(let value)?: self = .double(value)
        case .string(let value)?: self = .string(value)
        default: return nil
        }
    }
}
