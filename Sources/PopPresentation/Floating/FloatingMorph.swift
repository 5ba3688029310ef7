import PopModel

/// The floating window's transition view: a page turning into its bubble or back, drawn as a card
/// whose frame goes from one rect to another and whose corners round from one radius to another
/// (rect → circle), then optionally fading out over the bubble. A pure function of time.
struct FloatingMorph: Hashable {
    let from: Rect
    let to: Rect
    let fromRadius: Double
    let toRadius: Double
    let start: VirtualTime
    let duration: VirtualTime
    let curve: TimingCurve
    /// How long the card fades out once it has arrived (0: it is gone at once).
    let fadeOut: VirtualTime
    /// The card's opacity at the start and at the end of the move (Reduce Motion fades the card in
    /// place instead of moving it: 0 → 1 or 1 → 0).
    var fromOpacity = 1.0, toOpacity = 1.0
    /// When, within the move, the frame and the corners change (JPSuspensionTransition's key times:
    /// the expand moves the frame first, then squares the corners); by default both over the whole move.
    var frameTiming = Timing(), cornerTiming = Timing()

    /// A part of the move: from `start` to `end`, fractions of `duration`, on `curve` (nil: the morph's).
    struct Timing: Hashable {
        var start = 0.0, end = 1.0
        var curve: TimingCurve?
    }

    /// When the card is gone.
    var end: VirtualTime { start + duration + fadeOut }

    /// The card at `now`: its frame, corner radius and opacity; nil once it is gone.
    func value(at now: VirtualTime) -> (frame: Rect, cornerRadius: Double, opacity: Double)? {
        guard now < end else { return nil }
        let fraction = fraction(at: now)
        func progress(_ timing: Timing) -> Double {
            let local =
                timing.end > timing.start
                ? min(max((fraction - timing.start) / (timing.end - timing.start), 0), 1) : fraction < timing.start ? 0 : 1
            return (timing.curve ?? curve).progress(at: local)
        }
        func mix(_ a: Double, _ b: Double, _ p: Double) -> Double { a + (b - a) * p }
        let moved = progress(frameTiming), rounded = progress(cornerTiming), p = curve.progress(at: fraction)
        let frame = Rect(
            x: mix(from.x, to.x, moved), y: mix(from.y, to.y, moved), width: mix(from.width, to.width, moved),
            height: mix(from.height, to.height, moved))
        let faded = fadeOut.microseconds > 0 ? min(max((now - start - duration).seconds / fadeOut.seconds, 0), 1) : 0
        return (frame, mix(fromRadius, toRadius, rounded), mix(fromOpacity, toOpacity, p) * (1 - faded))
    }

    /// How far through the move `now` is, 0...1 (1 once it has arrived, also while fading).
    func fraction(at now: VirtualTime) -> Double {
        duration.microseconds > 0 ? min(max((now - start).seconds / duration.seconds, 0), 1) : 1
    }
}
