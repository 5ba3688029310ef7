import PopModel

extension FrameNode {
    /// Whether the node, as drawn (through its transform and inside its clip), covers `point`: scrolled-away
    /// content takes no taps.
    func covers(_ point: Point) -> Bool {
        guard let inverse = transform.inverted else { return false }
        let local = inverse.apply(x: point.x, y: point.y)
        let inside = Point(x: local.x, y: local.y)
        return rect.contains(inside) && clip?.contains(inside) ?? true
    }
}

extension Frame {
    /// The nodes under `point`, front to back (the frontmost first).
    func nodes(at point: Point) -> [FrameNode] {
        nodes.reversed().filter { $0.covers(point) }
    }
}
