import PopModel

/// One touch from down to up: where it started, what it grabbed, and its recent positions (for the
/// velocity at release). A touch that moves less than `slop` is a tap.
struct PointerTracker {
    static let slop = 10.0
    /// Positions older than this do not count towards the velocity.
    static let velocityWindow = VirtualTime.milliseconds(100)

    let start: Point
    /// The banner being dragged, if the touch began on one that can be swiped or held.
    let banner: RequestID?
    /// The front sheet being dragged, if the touch began on it.
    let sheet: RequestID?
    private(set) var samples: [(time: VirtualTime, point: Point)]
    private(set) var isDragging = false
    /// Whether the touch may pop a page (it began on the app), or is popping one.
    var pagePan = PagePan.none
    /// The floating bubble the touch began on (by number), and whether it drags it.
    var bubble: BubbleGrab = .none

    enum PagePan { case none, possible, popping }
    enum BubbleGrab: Equatable { case none, possible(Int), dragging }

    init(start: Point, at time: VirtualTime, banner: RequestID?, sheet: RequestID? = nil) {
        self.start = start
        self.banner = banner
        self.sheet = sheet
        samples = [(time, start)]
    }

    mutating func move(to point: Point, at time: VirtualTime) {
        samples.append((time, point))
        // Keep the positions inside the window, and the last one before it as the base.
        let cutoff = time - Self.velocityWindow
        if let firstRecent = samples.firstIndex(where: { $0.time >= cutoff }), firstRecent > 1 {
            samples.removeFirst(firstRecent - 1)
        }
        if !isDragging && (abs(point.x - start.x) > Self.slop || abs(point.y - start.y) > Self.slop) { isDragging = true }
    }

    /// The movement from the start.
    var translation: Point {
        let last = location
        return Point(x: last.x - start.x, y: last.y - start.y)
    }

    /// Where the finger is now.
    var location: Point { samples.last?.point ?? start }

    /// Points per second along x over the last `velocityWindow` (as `velocity` along y).
    var horizontalVelocity: Double { velocity(along: \.x) }

    /// The vertical offset from the start.
    var offset: Double { (samples.last?.point.y ?? start.y) - start.y }

    /// Points per second along y over the last `velocityWindow`: from the position before the window
    /// (where the finger rested until it moved on, so no earlier than the window's start) to the last
    /// one; 0 without elapsed time.
    var velocity: Double { velocity(along: \.y) }

    private func velocity(along axis: KeyPath<Point, Double>) -> Double {
        guard let first = samples.first, let last = samples.last else { return 0 }
        let since = max(first.time, last.time - Self.velocityWindow)
        guard last.time > since else { return 0 }
        return (last.point[keyPath: axis] - first.point[keyPath: axis]) / (last.time - since).seconds
    }
}
