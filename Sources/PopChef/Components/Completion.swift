import Synchronization

/// A completion the chef hands a component (should_present's answer, the end of a custom
/// animation): call it once, now or later, from any task or thread — it is `Sendable`. The chef
/// applies the call on its own actor at its next advance (a `RealTimeDriver` advances every frame;
/// in a test, `runUntilIdle` with `ChefConfiguration.threadAnswerWait` waits for it). A second call
/// is ignored and reported as the component's misbehaviour; a call that comes after its request
/// has ended is ignored and logged.
///
///     func shouldPresent(data: RequestData, answer: Completion<Bool>) {
///         Task.detached { answer(await server.allowsPromotion()) }
///     }
public final class Completion<Value: Sendable>: Sendable {
    private let calls = Atomic<Int>(0)
    private let deliver: @Sendable (Value) -> Void
    private let repeated: @Sendable (Int) -> Void

    /// `deliver` gets the first call's value; `repeated` the number of calls before each later one.
    package init(deliver: @escaping @Sendable (Value) -> Void, repeated: @escaping @Sendable (Int) -> Void) {
        self.deliver = deliver
        self.repeated = repeated
    }

    /// Answers with `value` (the first call counts; later ones are reported).
    public func callAsFunction(_ value: Value) {
        let before = calls.add(1, ordering: .acquiringAndReleasing).oldValue
        if before == 0 { deliver(value) } else { repeated(before) }
    }

    /// Whether it has been called.
    public var hasFired: Bool { calls.load(ordering: .acquiring) > 0 }
}

extension Completion where Value == Void {
    /// Says it is done (a custom animation's end).
    public func callAsFunction() { self(()) }
}
