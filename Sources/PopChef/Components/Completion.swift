import Synchronization

/// A completion the chef hands a component (should_present's answer, the end of a custom
/// animation): call it once, now or later, from any thread. The chef takes the call on its next
/// `advance`. A second call is ignored and reported as the component's misbehaviour; a call that
/// comes after its request has ended is ignored and logged.
public final class Completion<Value: Sendable>: Sendable {
    private let calls = Atomic<Int>(0)
    private let deliver: @Sendable (Value) -> Void
    private let repeated: @Sendable (Int) -> Void

    /// `deliver` gets the first call's value; `repeated` the number of calls before each later one.
    package init(deliver: @escaping @Sendable (Value) -> Void, repeated: @escaping @Sendable (Int) -> Void) {
        self.deliver = deliver
        self.repeated = repeated
    }

    public func callAsFunction(_ value: Value) {
        let before = calls.add(1, ordering: .acquiringAndReleasing).oldValue
        if before == 0 { deliver(value) } else { repeated(before) }
    }

    /// Whether it has been called.
    public var hasFired: Bool { calls.load(ordering: .acquiring) > 0 }
}

extension Completion where Value == Void {
    public func callAsFunction() { self(()) }
}
