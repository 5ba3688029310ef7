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
    /// The `pop_value_t *` at `path` of the request's data (its text "" = the root), or nil when
    /// missing; for `data…:ptr`. Paths come parsed, from the signature: a call splits nothing.
    func dataNode(at path: ValuePath) -> UnsafeRawPointer?
    /// The scalar at `path` of the request's data, or nil when missing or null, an array or an
    /// object; for `data…` of bool, i32, i64 and f64.
    func dataScalar(at path: ValuePath) -> DataScalar?
    /// The string at `path` of the request's data, or nil when missing or not a string; for
    /// `data…:str`.
    func dataText(at path: ValuePath) -> String?
}

/// A scalar of the request's data, as the invoker converts it to a bool or number argument. A
/// string is only marked (it reads as false or 0): keeping its text out makes the value trivial to
/// copy, which an action call, a few dozen nanoseconds in all, notices.
@usableFromInline package enum DataScalar: Equatable, Sendable {
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case text
}

extension DataScalar {
    /// The scalar `value`; nil for a missing value, null, an array or an object.
    package init?(_ value: Value?) {
        switch value {
        case .bool(let value)?: self = .bool(value)
        case .int(let value)?: self = .int(value)
        case .double(let value)?: self = .double(value)
        case .string?: self = .text
        default: return nil
        }
    }
}

extension Value {
    /// The string this value is, if it is one (`ActionArgumentProvider.dataText`).
    package var text: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }
}
