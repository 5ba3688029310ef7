import PopModel

/// What a component instance may reach of the chef that made it, given to a `ComponentSource` with
/// every instance it makes: the chef's virtual clock (a plugin's timers run on it, `pop.timer/1`),
/// and a way to report the instance's misbehaviour against its request. One chef's instances never
/// see another chef's clock, however many chefs share a source.
///
/// "The chef's actor" below is the actor (or thread) that owns the chef — the main actor in an app —
/// where components are called.
public struct ComponentContext {
    /// The clock of the chef the instance belongs to. On the chef's actor only, as the chef is.
    public let clock: VirtualClock
    /// Reports a broken contract of the instance (logged and traced against its request, on the
    /// chef's loop). Thread-safe.
    public let reportMisbehaviour: @Sendable (String) -> Void
    /// Asks the request's sheet for a programmatic change (`SheetControl`); false when it is not a
    /// sheet on screen. On the chef's actor only. Default: always false (an instance outside any chef).
    public var controlSheet: (SheetControl) -> Bool = { _ in false }
    /// The display traits a call into the instance is made under now: its chef's (a plugin asks
    /// for them through "pop.traits/1"). On the chef's actor only. Default: the default traits.
    public var displayTraits: () -> DisplayTraits = { DisplayTraits() }

    public init(clock: VirtualClock, reportMisbehaviour: @escaping @Sendable (String) -> Void) {
        self.clock = clock
        self.reportMisbehaviour = reportMisbehaviour
    }

    /// A context for an instance made outside any chef (a conformance check of one component, a
    /// benchmark): a clock of its own that nothing advances, so the instance's timers never fire, and
    /// reports that are only logged.
    public static func detached() -> ComponentContext {
        ComponentContext(clock: VirtualClock()) { message in Chef.logger.warning("\(message)") }
    }
}
