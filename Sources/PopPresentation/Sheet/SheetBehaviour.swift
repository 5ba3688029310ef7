import PopChef
import PopModel

/// How a sheet moves: up from below the screen and back down; a drag follows the finger, rubber-
/// banded past the largest detent (and below the smallest when it may not be dismissed); the
/// release projects the finger's velocity with UIScrollView's normal deceleration and the nearest
/// candidate wins (the spec's public model: UIKit documents none).
///
/// ```
/// projected = height − (v / 1000) · r / (1 − r),  r = 0.998, v in pt/s (positive: down)
/// candidates = the active detents, plus "dismissed" at height 0 when it may be dismissed
/// winner     = the nearest to projected; an exact tie goes to the larger height
/// ```
/// FloatingPanel also never skips a detent and removes by velocity ÷ distance; pophost follows
/// the simpler public model (docs/presentation.md says so).
struct SheetBehaviour: PopupBehaviour {
    /// UIScrollView's `decelerationRate.normal`.
    static let decelerationRate = 0.998
    /// A programmatic detent change and a snap back after a release (UIKit animates both with a spring).
    static let snap = (duration: VirtualTime.milliseconds(350), curve: TimingCurve.spring(damping: 0.85, response: 0.35))

    /// Where a release sends a sheet: a detent, or away.
    enum Release: Equatable {
        case detent(ResolvedDetent)
        case dismiss
    }

    /// The distance a release at `velocity` (pt/s, positive: down) carries the sheet down.
    static func projection(velocity: Double) -> Double {
        guard velocity.isFinite else { return 0 }
        return velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }

    /// Where a sheet `height` high released at `velocity` comes to rest.
    static func release(height: Double, velocity: Double, detents: [ResolvedDetent], dismissible: Bool) -> Release {
        let projected = height - projection(velocity: velocity)
        var best: (height: Double, release: Release)? = dismissible ? (0, .dismiss) : nil
        for detent in detents {
            guard let current = best else { best = (detent.height, .detent(detent)); continue }
            let distance = abs(detent.height - projected), bestDistance = abs(current.height - projected)
            if distance < bestDistance || (distance == bestDistance && detent.height > current.height) {
                best = (detent.height, .detent(detent))
            }
        }
        return best?.release ?? .dismiss
    }

    /// The height of a sheet that was `start` high when a finger moved `offset` points (positive:
    /// down): free between the detents, rubber-banded past the largest one, and below the smallest
    /// one unless it may be dismissed; never below 0.
    static func follow(start: Double, offset: Double, detents: [ResolvedDetent], dismissible: Bool) -> Double {
        let raw = start - offset
        let largest = detents.last?.height ?? 0, smallest = detents.first?.height ?? 0
        if raw > largest { return largest + BannerBehaviour.rubberBand(raw - largest) }
        if raw < smallest && !dismissible { return max(0, smallest - BannerBehaviour.rubberBand(smallest - raw)) }
        return max(0, raw)
    }

    /// Where `height` is between the detents (what UIKit lacks and pophost reports while dragging).
    static func progress(height: Double, detents: [ResolvedDetent]) -> SheetDragProgress {
        guard let smallest = detents.first, let largest = detents.last else {
            return SheetDragProgress(height: height, lower: nil, upper: nil, fraction: 0)
        }
        if height < smallest.height {
            return SheetDragProgress(
                height: height, lower: nil, upper: smallest.id, fraction: smallest.height > 0 ? height / smallest.height : 0)
        }
        if height >= largest.height { return SheetDragProgress(height: height, lower: largest.id, upper: nil, fraction: 1) }
        let lower = detents.last { $0.height <= height }!, upper = detents.first { $0.height > height }!
        return SheetDragProgress(
            height: height, lower: lower.id, upper: upper.id,
            fraction: (height - lower.height) / (upper.height - lower.height))
    }

    /// The next larger detent than `height`, if any (scrolling up at the content's top edge, with
    /// `prefersScrollingExpandsWhenScrolledToEdge`, grows the sheet to it first).
    static func nextLarger(than height: Double, detents: [ResolvedDetent]) -> ResolvedDetent? {
        detents.first { $0.height > height }
    }

    // MARK: PopupBehaviour

    /// Up from just below the screen, opaque, on the presentation's show curve or ease-out.
    func entrance(
        to shown: VisualState, presentation: Presentation, screen: Size, duration: VirtualTime
    )
        -> (from: VisualState, curve: TimingCurve)
    {
        var from = shown
        from.frame.y = screen.height
        from.dimAlpha = 0
        return (from, presentation.showCurve(else: .easeOut, duration: duration))
    }

    /// Down to just below the screen, on the presentation's hide curve or ease-in.
    func exit(
        shown: VisualState, presentation: Presentation, screen: Size, duration: VirtualTime
    )
        -> (to: VisualState, curve: TimingCurve)
    {
        var to = shown
        to.frame.y = screen.height
        to.dimAlpha = 0
        return (to, presentation.hideCurve(else: .easeIn, duration: duration))
    }
}
