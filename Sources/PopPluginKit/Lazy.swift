import Synchronization

/// A value made once, on first use, from any thread.
final class Lazy<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let storage = Mutex<Value?>(nil)

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    var value: Value {
        storage.withLock { stored in
            if let stored { return stored }
            let made = make()
            stored = made
            return made
        }
    }
}
