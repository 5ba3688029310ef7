import Testing

@testable import PopModel
@testable import PopPresentation

/// The floating window's geometry against seed 002's numbers (JPSuspensionEntrance): the corner
/// circle's radius and centre along the pop's progress, the hit test at its boundary, the bubble's
/// size, clamping and snapping across the screen, where new bubbles go and the keyboard.
@Suite struct FloatingLayoutTests {
    /// The 375 pt phone JPSuspensionEntrance measures from (scale 1), and pophost's default 390 pt.
    static let reference = FloatingLayout(scene: Scene(width: 375, height: 812))
    static let phone = FloatingLayout(scene: Scene())

    @Test("sizes scale with W / 375: r = 160·scale, bubble 50·scale")
    func sizes() {
        #expect(Self.reference.scale == 1)
        #expect(Self.reference.circleRadius == 160)
        #expect(Self.reference.bubbleSide == 50)
        #expect(abs(Self.phone.scale - 1.04) < 1e-12)
        #expect(abs(Self.phone.circleRadius - 166.4) < 1e-9)
        #expect(abs(Self.phone.bubbleSide - 52) < 1e-9)
    }

    /// p = clamp(2 · translation / width); the centre at corner + (r/√2)(1 − p) on both axes.
    @Test(
        "the circle's centre against the pop's progress",
        arguments: [
            (0.0, 0.0, 113.137_084_99), (0.1, 0.2, 90.509_667_99), (0.25, 0.5, 56.568_542_49), (0.4, 0.8, 22.627_416_99),
            (0.5, 1.0, 0.0), (0.75, 1.0, 0.0), (1.0, 1.0, 0.0),
        ])
    func circleCentre(popProgress: Double, circleProgress: Double, away: Double) {
        let layout = Self.reference
        #expect(FloatingLayout.circleProgress(popProgress: popProgress) == circleProgress)
        let centre = layout.circleCentre(progress: circleProgress)
        #expect(abs(centre.x - (375 + away)) < 1e-6)
        #expect(abs(centre.y - (812 + away)) < 1e-6)
        let frame = layout.circleFrame(progress: circleProgress)
        #expect(frame.width == 320 && frame.height == 320)
        #expect(abs(frame.x - (375 + away - 160)) < 1e-6)
    }

    @Test("progress outside 0…1 is clamped")
    func clamped() {
        #expect(FloatingLayout.circleProgress(popProgress: -0.2) == 0)
        #expect(FloatingLayout.circleProgress(popProgress: 3) == 1)
        #expect(Self.reference.circleCentre(progress: 7) == Point(x: 375, y: 812))
    }

    /// In when the distance to the corner is ≤ r: exactly r is in, r + ε is out, in every direction.
    @Test("the hit test at the circle's boundary")
    func boundary() {
        let layout = Self.reference, r = 160.0, epsilon = 1e-6
        #expect(layout.isInCircle(Point(x: 375 - r, y: 812)))
        #expect(!layout.isInCircle(Point(x: 375 - r - epsilon, y: 812)))
        #expect(layout.isInCircle(Point(x: 375, y: 812 - r)))
        #expect(!layout.isInCircle(Point(x: 375, y: 812 - r - epsilon)))
        // (96, 128) is 160 from the origin exactly (a 3-4-5 triangle).
        #expect(layout.isInCircle(Point(x: 375 - 96, y: 812 - 128)))
        #expect(!layout.isInCircle(Point(x: 375 - 96 - epsilon, y: 812 - 128 - epsilon)))
        #expect(layout.isInCircle(Point(x: 375, y: 812)))
        #expect(!layout.isInCircle(Point(x: 0, y: 0)))
    }

    /// Release positions across the screen (390 × 844, bubble 52, insets 47 / 34): x to 15 or
    /// 390 − 15 − 52 = 323 by the centre's half, the middle line (centre 195 → origin 169) right; y
    /// into 47…758.
    @Test(
        "snapping positions for drops across the screen",
        arguments: [
            (Point(x: 0, y: 0), Point(x: 15, y: 47)),
            (Point(x: 100, y: 300), Point(x: 15, y: 300)),
            (Point(x: 168.999, y: 300), Point(x: 15, y: 300)),
            (Point(x: 169, y: 300), Point(x: 323, y: 300)),
            (Point(x: 169.001, y: 300), Point(x: 323, y: 300)),
            (Point(x: 338, y: 792), Point(x: 323, y: 758)),
            (Point(x: 250, y: 46.9), Point(x: 323, y: 47)),
            (Point(x: 30, y: 758.1), Point(x: 15, y: 758)),
        ])
    func snapping(release: Point, rest: Point) {
        let snapped = Self.phone.snappedOrigin(release)
        #expect(abs(snapped.x - rest.x) < 1e-9 && abs(snapped.y - rest.y) < 1e-9, "\(release) → \(snapped)")
    }

    @Test("a drag keeps the bubble wholly on the screen")
    func dragClamps() {
        let layout = Self.phone
        #expect(layout.clampedOrigin(Point(x: -40, y: -10)) == Point(x: 0, y: 0))
        #expect(layout.clampedOrigin(Point(x: 500, y: 900)) == Point(x: 338, y: 792))
        #expect(layout.clampedOrigin(Point(x: 100, y: 200)) == Point(x: 100, y: 200))
    }

    @Test("a new bubble appears at (15, status bar); others push it down the left edge")
    func newBubbles() {
        let layout = Self.phone
        #expect(layout.newBubbleOrigin(avoiding: []) == Point(x: 15, y: 47))
        let first = layout.bubbleFrame(origin: Point(x: 15, y: 47))
        #expect(layout.newBubbleOrigin(avoiding: [first]) == Point(x: 15, y: 109))
        let second = layout.bubbleFrame(origin: Point(x: 15, y: 109))
        #expect(layout.newBubbleOrigin(avoiding: [second, first]) == Point(x: 15, y: 171))
        // A bubble moved to the right edge frees the top-left spot.
        #expect(layout.newBubbleOrigin(avoiding: [layout.bubbleFrame(origin: Point(x: 323, y: 47))]) == Point(x: 15, y: 47))
    }

    @Test("the keyboard covers a bubble reaching below its top")
    func keyboard() {
        let layout = Self.phone  // keyboard top at 844 − 336 = 508
        #expect(layout.keyboardCovers(layout.bubbleFrame(origin: Point(x: 15, y: 457)), keyboardHeight: 336))
        #expect(!layout.keyboardCovers(layout.bubbleFrame(origin: Point(x: 15, y: 456)), keyboardHeight: 336))
        #expect(!layout.keyboardCovers(layout.bubbleFrame(origin: Point(x: 15, y: 700)), keyboardHeight: 0))
    }
}
