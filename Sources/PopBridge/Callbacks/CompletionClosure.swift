import CFFI
import PopChef
import Synchronization

/// A chef `Completion` handed to a 1.0 plugin as a plain C function pointer (an `ffi_closure`): a
/// `pop_answer_fn` (`void (*)(bool)`) or a `pop_done_fn` (`void (*)(void)`). Every call goes to the
/// completion, which takes the first and reports the others.
///
/// Lifetime: the libffi closure holds an unretained pointer to this object, and this object owns
/// the closure. Its component keeps it until the component is destroyed (after the request's final
/// event) and then calls `free()`, after which — or once the object is deinitialised — calling the
/// pointer is undefined behaviour. (ABI 1.1's `pop_completion_t`, `CompletionTokens`, has no such
/// hazard.) `free()` must not race a call in progress.
package final class CompletionClosure: @unchecked Sendable {
    /// Where a call goes, by shape.
    private enum Target {
        case answer(Completion<Bool>)
        case done(Completion<Void>)
    }

    /// The executable address to pass to the plugin as its `pop_answer_fn` or `pop_done_fn`.
    package let functionPointer: UnsafeRawPointer

    /// The writable side of the closure, for `ffi_closure_free`.
    private let closure: UnsafeMutableRawPointer
    private let target: Target
    private let freed = Atomic<Bool>(false)

    /// The libffi interfaces of the two shapes, prepared once for the process.
    nonisolated(unsafe) private static let answerInterface = CallInterfaceCache.prepare(result: .void, arguments: [.bool])
    nonisolated(unsafe) private static let doneInterface = CallInterfaceCache.prepare(result: .void, arguments: [])

    /// A `pop_answer_fn` that answers `completion`.
    package static func answer(_ completion: Completion<Bool>) -> CompletionClosure { CompletionClosure(.answer(completion)) }

    /// A `pop_done_fn` that calls `completion`.
    package static func done(_ completion: Completion<Void>) -> CompletionClosure { CompletionClosure(.done(completion)) }

    private init(_ target: Target) {
        var code: UnsafeMutableRawPointer?
        guard let closure = ffi_closure_alloc(MemoryLayout<ffi_closure>.size, &code), let code else {
            fatalError("ffi_closure_alloc failed: no executable memory for a completion")
        }
        self.closure = closure
        self.functionPointer = UnsafeRawPointer(code)
        self.target = target
        let interface: UnsafeMutablePointer<ffi_cif>
        switch target {
        case .answer: interface = Self.answerInterface
        case .done: interface = Self.doneInterface
        }
        let status = ffi_prep_closure_loc(
            closure.assumingMemoryBound(to: ffi_closure.self), interface,
            { _, _, arguments, object in
                Unmanaged<CompletionClosure>.fromOpaque(object!)._withUnsafeGuaranteedRef { $0.called(arguments) }
            },
            Unmanaged.passUnretained(self).toOpaque(), code)
        precondition(status == FFI_OK, "ffi_prep_closure_loc failed (\(status))")
    }

    deinit { free() }

    /// Releases the libffi closure; the function pointer is invalid afterwards. Calling `free()`
    /// again does nothing.
    package func free() {
        guard !freed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        ffi_closure_free(closure)
    }

    /// A call through the function pointer, with libffi's argument array.
    private func called(_ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        switch target {
        // libffi passes a pointer to each argument; a C bool is one byte.
        case .answer(let completion): completion(arguments![0]!.load(as: UInt8.self) != 0)
        case .done(let completion): completion()
        }
    }
}
