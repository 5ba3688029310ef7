import PopModel

extension FrameNode {
    /// Whether the node, as drawn (through its transform), covers `point`.
    func covers(_ point: Point) -> Bool {
        guard let inverse = transform.inverted else { return false }
        let local = inverse.apply(x: point.x, y: point.y)
        return rect.contains(Point(x: local.x, y: local.y))
    }
}

extension Frame {
    /// The nodes under `point`, front to back (the frontmost first).
    func nodes(at point: Point) -> [FrameNode] {
        nodes.reversed().filter { $0.covers(point) }
    }
}
