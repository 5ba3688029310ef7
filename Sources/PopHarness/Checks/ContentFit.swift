import PopModel

/// Whether a popup's content fits it in a frame: no content node leaves its popup's card (below and
/// above it only when the content scrolls there, clipped), no text line is wider than its node, and no
/// two leaves (text, buttons, fields, images) overlap unless an overlay stacks them on purpose. What
/// the harness checks at every appearance, text size and direction (`TraitChecks`); each finding names
/// the node and the numbers.
struct ContentFit {
    /// How far a node may pass an edge before it counts: layout is exact, this absorbs float noise.
    static let tolerance = 0.5

    /// The request's content nodes and card in `frame`.
    let card: FrameNode
    let content: [FrameNode]

    init?(request: RequestID, in frame: Frame) {
        let nodes = frame.nodes.filter { $0.request == request }
        guard let card = nodes.first(where: { $0.role == .popup }) else { return nil }
        self.card = card
        content = nodes.filter { $0.id.hasPrefix(card.id + ".content") }
    }

    /// Every way the content does not fit, as sentences.
    var findings: [String] { edges + lines + overlaps }

    private static let leafRoles: Set<FrameNode.Role> = [.text, .button, .textField, .image]

    private var edges: [String] {
        let box = card.rect
        var findings: [String] = []
        for node in content where node.role != .spacer {
            let rect = node.rect
            var passes: [String] = []
            if box.x - rect.x > Self.tolerance { passes.append("\(Self.points(box.x - rect.x)) past its popup's left edge") }
            let right = (rect.x + rect.width) - (box.x + box.width)
            if right > Self.tolerance { passes.append("\(Self.points(right)) past its right edge") }
            if node.clip == nil {
                if box.y - rect.y > Self.tolerance { passes.append("\(Self.points(box.y - rect.y)) above its top") }
                if rect.maxY - box.maxY > Self.tolerance { passes.append("\(Self.points(rect.maxY - box.maxY)) below its bottom") }
            }
            guard !passes.isEmpty else { continue }
            findings.append(
                "\(Self.describe(node)) at \(TraceText.rect(rect)) is \(passes.joined(separator: " and ")) "
                    + "(the popup is \(TraceText.rect(box)))")
        }
        return findings
    }

    private var lines: [String] {
        var findings: [String] = []
        for node in content {
            guard let text = node.text else { continue }
            let room = node.rect.width - text.inset.horizontal
            for line in text.lines where text.width(of: line) - room > Self.tolerance {
                findings.append(
                    "\(Self.describe(node)): the line \"\(line)\" is \(Self.points(text.width(of: line))) wide "
                        + "in \(Self.points(room)) of room")
            }
        }
        return findings
    }

    private var overlaps: [String] {
        let overlays = content.filter { $0.role == .overlay }.map { $0.id + "." }
        let leaves = content.filter { node in
            Self.leafRoles.contains(node.role) && !overlays.contains { node.id.hasPrefix($0) } && node.rect.width > 0
                && node.rect.height > 0
        }
        var findings: [String] = []
        for (index, first) in leaves.enumerated() {
            for second in leaves[(index + 1)...] {
                let shared = first.rect.intersection(second.rect)
                guard shared.width > Self.tolerance, shared.height > Self.tolerance else { continue }
                findings.append("\(Self.describe(first)) and \(Self.describe(second)) overlap by \(TraceText.size(shared.size)) pt")
            }
        }
        return findings
    }

    /// "text "Pay 12.00" (popup.3.content.0.1)".
    private static func describe(_ node: FrameNode) -> String {
        let words = node.text.map { " \"\($0.lines.joined(separator: " "))\"" } ?? node.field.map { " \"\($0)\"" } ?? ""
        return "\(node.role.rawValue)\(words) (\(node.id))"
    }

    private static func points(_ value: Double) -> String { "\(TraceText.number(value)) pt" }
}
