import PluginABI

/// An action a handler's buttons can invoke (handler.h): its name, its C signature, and the C
/// function the host calls through libffi with exactly the arguments the signature declares.
///
///     /// "bool(self:ptr, data.title:str)": true dismisses the popup.
///     let confirm: @convention(c) (UnsafePointer<pop_handler_t>?, UnsafePointer<CChar>?) -> Bool = { _, title in true }
///     Action("confirm", signature: "bool(self:ptr, data.title:str)", confirm)
///
/// The function's Swift type must match the signature (`ptr`: a pointer, `str`: `UnsafePointer<CChar>?`,
/// `bool`: `Bool`, `i32`: `Int32`, `i64`: `Int64`, `f64`: `Double`): the host cannot check it.
public struct Action: @unchecked Sendable {  // immutable; `function` is the address of code
    public let name: String
    public let signature: String
    let function: UnsafeRawPointer

    /// `function` must be a `@convention(c)` function: anything else traps here (a Swift closure
    /// is twice a pointer's size), rather than crash when a button is tapped.
    public init<Function>(_ name: String, signature: String, _ function: Function) {
        self.name = name
        self.signature = signature
        self.function = unsafeBitCast(function, to: UnsafeRawPointer.self)
    }
}

/// A handler's actions as the C array its get_action hands out, built once and never freed: the
/// pointers must stay valid until the handler's destroy, and every instance shares them.
final class ActionTable: @unchecked Sendable {  // immutable after init
    private let table: UnsafeMutableBufferPointer<pop_action_t>

    init(_ actions: [Action]) {
        table = .allocate(capacity: actions.count)
        for (index, action) in actions.enumerated() {
            var entry = pop_action_t()
            entry.abi_version = .current
            entry.struct_size = UInt32(MemoryLayout<pop_action_t>.size)
            entry.name = immortal(action.name)
            entry.signature = immortal(action.signature)
            entry.function = UnsafeMutableRawPointer(mutating: action.function)
            (table.baseAddress! + index).initialize(to: entry)
        }
    }

    var count: Int { table.count }

    /// The action at `index`, or nil outside the table.
    subscript(index: Int) -> UnsafePointer<pop_action_t>? {
        table.indices.contains(index) ? UnsafePointer(table.baseAddress! + index) : nil
    }
}
