import PopModel

/// Where the floating window puts things, as pure geometry (seed 002, JPSuspensionEntrance, and the
/// spec's "The floating window"): every size scales with the screen's width over 375 pt.
///
/// - The corner circle ("decide view"): radius r = 160·scale, its centre on the bottom-right corner
///   so a quarter disc shows. While it comes in, its centre moves from corner + (r/√2)(1 − p) to the
///   corner; a point hits it when its distance to the corner is ≤ r.
/// - The bubble: a 50·scale circle. A drag keeps it on the screen; a release snaps x to 15 or
///   W − 15 − w by which half of the screen its centre is in (exactly on the middle line: the trailing
///   side, right), y into the insets (top: the status bar; bottom: the safe area's bottom).
/// - Right to left (the spec's Decisions; JPSuspensionEntrance has no RTL code): the circle is on the
///   bottom-left corner (the bottom-trailing one), coming in from below and to the left, its label mirrored;
///   a release exactly on the middle line snaps to the left (trailing) side; a new bubble still appears at
///   the top-left, which is the trailing side in right-to-left.
public struct FloatingLayout: Hashable, Sendable {
    /// The width every floating size is given for (JPSuspensionEntrance's 375 pt screens).
    public static let referenceWidth = 375.0
    /// The corner circle's radius on a 375 pt screen.
    public static let referenceRadius = 160.0
    /// The bubble's side on a 375 pt screen.
    public static let referenceBubbleSide = 50.0
    /// The distance a resting bubble keeps from the left or right edge.
    public static let sideMargin = 15.0
    /// The gap between bubbles placed one under another at the top-left.
    public static let stackGap = 10.0
    /// How much the circle grows while the finger is in it (JPSuspensionDecideView: 1.1).
    public static let touchedScale = 1.1

    public let scene: Scene
    /// The interface's direction: right to left mirrors the corner circle.
    public let direction: LayoutDirection

    public init(scene: Scene, direction: LayoutDirection = .leftToRight) {
        self.scene = scene
        self.direction = direction
    }

    /// The screen's width over 375 pt.
    public var scale: Double { scene.width / Self.referenceWidth }
    /// The corner circle's radius, r = 160·scale.
    public var circleRadius: Double { Self.referenceRadius * scale }
    /// The bubble's side (and diameter), 50·scale.
    public var bubbleSide: Double { Self.referenceBubbleSide * scale }
    /// The screen's bottom-trailing corner, where the circle's centre rests: bottom-right, or bottom-left in
    /// right-to-left.
    public var corner: Point { Point(x: direction.isRightToLeft ? 0 : scene.width, y: scene.height) }

    // MARK: The corner circle

    /// The circle's share of an interactive pop: p = clamp(2 · translation / width), i.e. twice the
    /// pop's progress — the circle is all in at half the width (JPSuspensionEntrance's `persent * 2`);
    /// right to left the pop's progress is −translation / width, so p = clamp(2 · (−translation) / width).
    public static func circleProgress(popProgress: Double) -> Double { min(max(2 * popProgress, 0), 1) }

    /// The circle's centre when it is `progress` of the way in: corner + (r/√2)(1 − p) on both axes, off
    /// the screen (leftward in right-to-left).
    public func circleCentre(progress: Double) -> Point {
        let away = circleRadius / 2.0.squareRoot() * (1 - min(max(progress, 0), 1))
        return Point(x: direction.isRightToLeft ? corner.x - away : corner.x + away, y: corner.y + away)
    }

    /// The square the circle is drawn in (a disc of radius r) at `progress`.
    public func circleFrame(progress: Double) -> Rect {
        let centre = circleCentre(progress: progress), r = circleRadius
        return Rect(x: centre.x - r, y: centre.y - r, width: 2 * r, height: 2 * r)
    }

    /// Whether `point` is in the circle at rest: its distance to the corner is at most r.
    public func isInCircle(_ point: Point) -> Bool {
        let dx = point.x - corner.x, dy = point.y - corner.y
        return (dx * dx + dy * dy).squareRoot() <= circleRadius
    }

    /// Where the circle's label sits for a circle centred at `centre`: under the 40 pt icon that
    /// JPSuspensionDecideView puts 78·scale, 60·scale into the circle's square, inside the quarter
    /// that shows (mirrored about the centre in right-to-left).
    public func circleLabelFrame(centre: Point) -> Rect {
        let r = circleRadius, iconSide = 40.0
        let iconX = centre.x - r + 78 * scale, iconY = centre.y - r + 60 * scale
        var frame = Rect(x: iconX - 20, y: iconY + iconSide + 4, width: iconSide + 40, height: 20)
        if direction.isRightToLeft { frame.x = 2 * centre.x - frame.x - frame.width }
        return frame
    }

    // MARK: The bubble

    /// The bubble whose top-left corner is `origin`.
    public func bubbleFrame(origin: Point) -> Rect { Rect(x: origin.x, y: origin.y, width: bubbleSide, height: bubbleSide) }

    /// Where a dragged bubble may be: anywhere wholly on the screen.
    public func clampedOrigin(_ origin: Point) -> Point {
        Point(
            x: min(max(origin.x, 0), max(scene.width - bubbleSide, 0)),
            y: min(max(origin.y, 0), max(scene.height - bubbleSide, 0)))
    }

    /// Where a bubble released at `origin` comes to rest: against the left or right side by which
    /// half its centre is in (the middle line counts as the trailing side: right, or left in
    /// right-to-left), inside the top and bottom insets.
    public func snappedOrigin(_ origin: Point) -> Point {
        let centreX = origin.x + bubbleSide / 2
        let left = direction.isRightToLeft ? centreX <= scene.width / 2 : centreX < scene.width / 2
        let x = left ? Self.sideMargin : scene.width - Self.sideMargin - bubbleSide
        let top = scene.safeArea.top, bottom = scene.height - scene.safeArea.bottom - bubbleSide
        return Point(x: x, y: min(max(origin.y, top), max(bottom, top)))
    }

    /// Where a new bubble appears (in either direction: the trailing side in right-to-left, the spec's
    /// Decision): the top-left snapping position (15, status bar), or, when other
    /// bubbles rest there, the first place under it (a bubble and a gap further down each time) that
    /// overlaps none of `taken`; back at the top when the column is full.
    public func newBubbleOrigin(avoiding taken: [Rect]) -> Point {
        let top = scene.safeArea.top, step = bubbleSide + Self.stackGap
        let last = scene.height - scene.safeArea.bottom - bubbleSide
        var y = top
        while y <= last {
            let candidate = bubbleFrame(origin: Point(x: Self.sideMargin, y: y))
            if !taken.contains(where: { $0.intersects(candidate) }) { return Point(x: Self.sideMargin, y: y) }
            y += step
        }
        return Point(x: Self.sideMargin, y: top)
    }

    /// Whether a keyboard `keyboardHeight` high (0: none) covers any of the bubble at `frame`.
    public func keyboardCovers(_ frame: Rect, keyboardHeight: Double) -> Bool {
        keyboardHeight > 0 && frame.maxY > scene.height - keyboardHeight
    }
}

extension Rect {
    /// Whether the two rectangles share any area (touching edges do not count).
    fileprivate func intersects(_ other: Rect) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }
}
