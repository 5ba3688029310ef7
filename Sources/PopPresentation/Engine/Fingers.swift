import PopModel

/// The fingers that drive one gesture, and where the gesture is: their centroid, as a
/// UIPanGestureRecognizer without a touch limit tracks it, shifted so that a finger joining or
/// leaving does not make the gesture jump (its translation goes on from where it was).
struct Fingers {
    /// Each finger by its touch number, where it is.
    var points: [Int: Point] = [:]
    /// How far the centroid has moved by fingers joining and leaving, not by moving.
    private var shift = Point(x: 0, y: 0)

    init(points: [Int: Point] = [:]) {
        self.points = points
    }

    /// The fingers' centroid.
    private var centroid: Point {
        guard !points.isEmpty else { return Point(x: 0, y: 0) }
        let count = Double(points.count)
        return Point(x: points.values.map(\.x).reduce(0, +) / count, y: points.values.map(\.y).reduce(0, +) / count)
    }

    /// Where the gesture is: with one finger, that finger.
    var location: Point {
        let centroid = centroid
        return Point(x: centroid.x - shift.x, y: centroid.y - shift.y)
    }

    /// Finger `touch` joins at `point`; the gesture stays where it was.
    mutating func add(_ touch: Int, at point: Point) {
        rebase { $0[touch] = point }
    }

    /// Finger `touch` leaves; the gesture stays where it was.
    mutating func remove(_ touch: Int) {
        rebase { $0[touch] = nil }
    }

    private mutating func rebase(_ change: (inout [Int: Point]) -> Void) {
        let before = centroid
        change(&points)
        let after = centroid
        shift = Point(x: shift.x + after.x - before.x, y: shift.y + after.y - before.y)
    }
}
