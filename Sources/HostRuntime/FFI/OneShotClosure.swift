import CFFI
import Synchronization

/// A completion handed to plugin code as a plain C function pointer (an `ffi_closure`): a
/// `pop_answer_fn` (`void (*)(bool)`) or a `pop_done_fn` (`void (*)(void)`).
///
/// It fires once: the first call delivers to the callback, on the calling thread (any thread; the
/// decision is atomic). Every later call is ignored, counted in `extraCalls` and reported to
/// `onMisuse`.
///
/// Lifetime: the libffi closure holds an unretained pointer to this object, and this object owns
/// the closure. The owner keeps the object alive for as long as the plugin may call
/// `functionPointer` (for pophost: until the request's final event) and then calls `free()`, after
/// which — or once the object is deinitialised — calling the pointer is undefined behaviour.
/// `free()` must not race a call in progress.
package final class OneShotClosure: @unchecked Sendable {
    /// What a first call delivers, by shape.
    private enum Callback {
        case answer(@Sendable (OneShotClosure, Bool) -> Void)
        case done(@Sendable (OneShotClosure) -> Void)
    }

    /// The executable address to pass to the plugin as its `pop_answer_fn` or `pop_done_fn`.
    package let functionPointer: UnsafeRawPointer

    /// The writable side of the closure, for `ffi_closure_free`.
    private let closure: UnsafeMutableRawPointer
    private let callback: Callback
    private let onMisuse: @Sendable (Int) -> Void
    /// How many times the function pointer has been called.
    private let calls = Atomic<Int>(0)
    private let freed = Atomic<Bool>(false)

    /// The libffi interfaces of the two shapes, prepared once for the process.
    nonisolated(unsafe) private static let answerInterface = CallInterfaceCache.prepare(result: .void, arguments: [.bool])
    nonisolated(unsafe) private static let doneInterface = CallInterfaceCache.prepare(result: .void, arguments: [])

    /// A `pop_answer_fn`: its first call passes itself and the answer to `deliver`; every later call
    /// passes the number of extra calls so far (1, 2, …) to `onMisuse`.
    package static func answer(
        _ deliver: @escaping @Sendable (OneShotClosure, Bool) -> Void, onMisuse: @escaping @Sendable (Int) -> Void
    ) -> OneShotClosure {
        OneShotClosure(.answer(deliver), onMisuse: onMisuse)
    }

    /// A `pop_done_fn`: its first call passes itself to `deliver`; every later call passes the
    /// number of extra calls so far (1, 2, …) to `onMisuse`.
    package static func done(
        _ deliver: @escaping @Sendable (OneShotClosure) -> Void, onMisuse: @escaping @Sendable (Int) -> Void
    ) -> OneShotClosure {
        OneShotClosure(.done(deliver), onMisuse: onMisuse)
    }

    private init(_ callback: Callback, onMisuse: @escaping @Sendable (Int) -> Void) {
        var code: UnsafeMutableRawPointer?
        guard let closure = ffi_closure_alloc(MemoryLayout<ffi_closure>.size, &code), let code else {
            fatalError("ffi_closure_alloc failed: no executable memory for a completion")
        }
        self.closure = closure
        self.functionPointer = UnsafeRawPointer(code)
        self.callback = callback
        self.onMisuse = onMisuse
        let interface: UnsafeMutablePointer<ffi_cif>
        switch callback {
        case .answer: interface = Self.answerInterface
        case .done: interface = Self.doneInterface
        }
        let status = ffi_prep_closure_loc(
            closure.assumingMemoryBound(to: ffi_closure.self), interface,
            { _, _, arguments, object in
                Unmanaged<OneShotClosure>.fromOpaque(object!)._withUnsafeGuaranteedRef { $0.called(arguments) }
            },
            Unmanaged.passUnretained(self).toOpaque(), code)
        precondition(status == FFI_OK, "ffi_prep_closure_loc failed (\(status))")
    }

    deinit { free() }

    /// Whether the function pointer has been called.
    var hasFired: Bool { calls.load(ordering: .acquiring) > 0 }

    /// How many calls after the first were ignored.
    var extraCalls: Int { max(calls.load(ordering: .acquiring) - 1, 0) }

    /// Releases the libffi closure; the function pointer is invalid afterwards. Calling `free()`
    /// again does nothing.
    package func free() {
        guard !freed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        ffi_closure_free(closure)
    }

    /// A call through the function pointer, with libffi's argument array.
    private func called(_ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        let previous = calls.add(1, ordering: .acquiringAndReleasing).oldValue
        guard previous == 0 else { return onMisuse(previous) }
        switch callback {
        // libffi passes a pointer to each argument; a C bool is one byte.
        case .answer(let deliver): deliver(self, arguments![0]!.load(as: UInt8.self) != 0)
        case .done(let deliver): deliver(self)
        }
    }
}
