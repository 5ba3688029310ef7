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

    /// When the card is gone.
    var end: VirtualTime { start + duration + fadeOut }

    /// The card at `now`: its frame, corner radius and opacity; nil once it is gone.
    func value(at now: VirtualTime) -> (frame: Rect, cornerRadius: Double, opacity: Double)? {
        guard now < end else { return nil }
        let fraction = duration.microseconds > 0 ? min(max((now - start).seconds / duration.seconds, 0), 1) : 1
        let p = curve.progress(at: fraction)
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
        let frame = Rect(x: mix(from.x, to.x), y: mix(from.y, to.y), width: mix(from.width, to.width), height: mix(from.height, to.height))
        let faded = fadeOut.microseconds > 0 ? min(max((now - start - duration).seconds / fadeOut.seconds, 0), 1) : 0
        return (frame, mix(fromRadius, toRadius), mix(fromOpacity, toOpacity) * (1 - faded))
    }
}
