import PopModel

/// Where a finger is over a drag, and when: what a person's drag is (it pauses, turns back, speeds
/// up), as a scenario's `drag` with `path` writes it and as a recording of the player keeps it.
public struct TouchPath: Hashable, Sendable {
    /// One position of the finger, `time` after it touched down.
    public struct Touch: Hashable, Sendable {
        public var point: Point
        public var time: VirtualTime

        public init(_ point: Point, at time: VirtualTime) {
            self.point = point
            self.time = time
        }
    }

    /// At least two: the touch down first (at time zero), the touch up last; times never go back.
    public var touches: [Touch]

    public init(_ touches: [Touch]) {
        self.touches = touches
    }

    /// How long the finger is down.
    public var duration: VirtualTime { touches.last?.time ?? .zero }

    /// A straight drag from `from` to `to` over `duration`, as a scenario's `from`/`to` drag plays
    /// it: a touch every `step`, and the last when `duration` is over.
    public static func straight(from: Point, to: Point, duration: VirtualTime, step: VirtualTime) -> TouchPath {
        func point(at offset: VirtualTime) -> Point {
            let fraction = Double(offset.microseconds) / Double(max(1, duration.microseconds))
            return Point(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction)
        }
        var touches = [Touch(from, at: .zero)]
        var offset = VirtualTime.zero
        repeat {
            offset = min(duration, offset + step)
            touches.append(Touch(point(at: offset), at: offset))
        } while offset < duration
        return TouchPath(touches)
    }
}
