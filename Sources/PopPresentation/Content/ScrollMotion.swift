import PopModel

/// A scroll offset on the virtual clock (`ContentScroll`'s offset as it moves): `from` until `start`, then at a
/// constant velocity to `to` over `duration`, as UIScrollView's `setContentOffset(_:animated:)` moves ("at a
/// constant velocity", Apple's documentation); an unanimated scroll has no duration and is at `to` at once.
struct ScrollMotion: Hashable, Sendable {
    var from: Double
    var to: Double
    var start: VirtualTime
    var duration: VirtualTime

    /// An offset at rest.
    init(at offset: Double) {
        self.init(from: offset, to: offset, start: .zero, duration: .zero)
    }

    init(from: Double, to: Double, start: VirtualTime, duration: VirtualTime) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
    }

    /// How long an animated scroll takes. Apple publishes no duration for `setContentOffset(_:animated:)`;
    /// 0.3 s is the figure commonly cited for it, and pophost's choice.
    static let animatedDuration = VirtualTime.seconds(0.3)

    /// The offset shown at `time`.
    func offset(at time: VirtualTime) -> Double {
        guard duration.microseconds > 0 else { return time >= start ? to : from }
        guard time > start else { return from }
        let fraction = min(1, Double((time - start).microseconds) / Double(duration.microseconds))
        return from + (to - from) * fraction
    }
}
