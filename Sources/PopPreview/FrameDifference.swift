import PopModel

/// What changed between a frame as recorded and as run, drawn over the run's frame so that the
/// change is seen at a glance: the nodes are matched by id (ids are stable from run to run), and
///
/// - **added** (in the run only): outlined green where it is drawn now;
/// - **removed** (recorded only): outlined red where it was;
/// - **moved** (its on-screen bounds differ): outlined blue where it is now, and thin blue where it was;
/// - **changed** (same place, anything else differs: text, colours, opacity, stroke, shadow, role,
///   action, field, focus): outlined orange.
///
/// The run's frame is veiled white so that what did not change recedes; the added, moved and
/// changed nodes are drawn again above the veil, then the outlines.
public struct FrameDifference: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case added, removed, moved, changed

        /// The outline's colour (iOS's green, red, blue and orange).
        var color: ContentNode.Color {
            switch self {
            case .added: 0x34c759ff
            case .removed: 0xff3b30ff
            case .moved: 0x007affff
            case .changed: 0xff9500ff
            }
        }
    }

    /// Every node that differs, by id, in the run's order and then the removed ones.
    public let changes: [(id: String, kind: Kind)]
    let expected: Frame
    let actual: Frame

    public init(expected: Frame, actual: Frame) {
        self.expected = expected
        self.actual = actual
        let before = Dictionary(expected.nodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let now = Set(actual.nodes.map(\.id))
        var changes: [(id: String, kind: Kind)] = actual.nodes.compactMap { node in
            guard let old = before[node.id] else { return (node.id, .added) }
            if old.bounds != node.bounds { return (node.id, .moved) }
            return old == node ? nil : (node.id, .changed)
        }
        changes += expected.nodes.filter { !now.contains($0.id) }.map { ($0.id, .removed) }
        self.changes = changes
    }

    /// The run's frame, veiled, with the differing nodes drawn again and outlined.
    public var frame: Frame {
        var frame = actual
        frame.nodes.append(
            FrameNode(
                id: "difference.veil", role: .overlay, rect: Rect(x: 0, y: 0, width: actual.screen.width, height: actual.screen.height),
                fill: 0xffffffb3))
        let kinds = Dictionary(changes.map { ($0.id, $0.kind) }, uniquingKeysWith: { first, _ in first })
        frame.nodes += actual.nodes.filter { kinds[$0.id].map { $0 != .removed } ?? false }
        for node in expected.nodes where kinds[node.id] == .moved {
            frame.nodes.append(outline(node, kind: .moved, width: 1))
        }
        for node in actual.nodes { if let kind = kinds[node.id] { frame.nodes.append(outline(node, kind: kind, width: 3)) } }
        for node in expected.nodes where kinds[node.id] == .removed { frame.nodes.append(outline(node, kind: .removed, width: 3)) }
        return frame
    }

    private func outline(_ node: FrameNode, kind: Kind, width: Double) -> FrameNode {
        FrameNode(
            id: "difference.\(kind.rawValue).\(node.id)", role: .overlay, rect: node.bounds,
            fill: ContentNode.Color(rawValue: kind.color.rawValue & 0xffff_ff00 | 0x1a),
            stroke: ContentNode.Border(width: width, color: kind.color))
    }
}
