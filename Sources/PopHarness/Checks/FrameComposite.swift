import PopModel

/// The colour a frame shows at a point, as a renderer composites it: every fill drawn there, back
/// to front, each with its alpha times its node's opacity, over white. What `a11y.contrast` puts
/// text on. Shadows, strokes and rounded corners are left out: text sits inside its nodes.
struct FrameComposite {
    /// A colour with channels 0...1, before it is written as 8-bit.
    struct Mix: Hashable {
        var red, green, blue: Double

        static let white = Mix(red: 1, green: 1, blue: 1)

        /// `color` with `alpha` (its own times `opacity`) over this.
        func under(_ color: ContentNode.Color, opacity: Double) -> Mix {
            let alpha = Double(color.alpha) / 255 * min(max(opacity, 0), 1)
            func blend(_ top: UInt8, _ bottom: Double) -> Double { alpha * Double(top) / 255 + (1 - alpha) * bottom }
            return Mix(red: blend(color.red, red), green: blend(color.green, green), blue: blend(color.blue, blue))
        }

        /// The 8-bit opaque colour a frame buffer holds.
        var color: ContentNode.Color {
            func byte(_ value: Double) -> UInt32 { UInt32((min(max(value, 0), 1) * 255).rounded()) }
            return ContentNode.Color(rawValue: byte(red) << 24 | byte(green) << 16 | byte(blue) << 8 | 0xFF)
        }
    }

    let nodes: [FrameNode]

    /// What is under `point` once the nodes before `index` are drawn, and, when `including`, the
    /// node at `index`'s own fill (the background text is drawn on).
    func background(at point: Point, below index: Int, including: Bool) -> Mix {
        var mix = Mix.white
        for node in nodes[..<(including ? index + 1 : index)] {
            guard let fill = node.fill, fill.alpha > 0, covers(node, point) else { continue }
            mix = mix.under(fill, opacity: node.opacity)
        }
        return mix
    }

    private func covers(_ node: FrameNode, _ point: Point) -> Bool {
        guard node.bounds.contains(point) else { return false }
        guard let clip = node.clip else { return true }
        return node.transform.boundingBox(of: clip).contains(point)
    }

    /// "#959595".
    static func hex(_ color: ContentNode.Color) -> String {
        let digits = String(color.rawValue >> 8, radix: 16)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }
}
