/// Draws a frame as an SVG 1.1 document (see docs/rendering.md, "SVG"): each node a rounded rect
/// with its fill, stroke, opacity and transform, popups' shadows blurred, text one `<text>` per
/// line, optionally inside a phone. The viewBox is in points; the same frame always gives the same
/// bytes, one element per line.
public struct SVGRenderer: Sendable {
    /// Draw a phone (body, bezel, rounded screen corners, Dynamic Island) around the screen; when
    /// false the drawing is just the screen.
    public var deviceFrame: Bool

    /// The font stack of all text: the system font where there is one, else a close sans-serif. DejaVu
    /// Sans Condensed, common on Linux, comes before the generic family because its advance is close to
    /// `TextMetrics`' (plain DejaVu Sans, the usual default, is about 15% wider than the layout).
    static let fontFamily = "-apple-system, 'SF Pro Text', 'Helvetica Neue', Helvetica, Arial, 'DejaVu Sans Condensed', sans-serif"
    /// The fill of an image placeholder that has none of its own.
    static let imageFill = "#e5e5ea"
    /// The placeholder's sun-and-mountains glyph.
    static let imageGlyphFill = "#aeaeb2"

    public init(deviceFrame: Bool = true) {
        self.deviceFrame = deviceFrame
    }

    /// The frame as an SVG document.
    public func render(_ frame: Frame) -> String {
        let screen = Size(width: frame.screen.width.length, height: frame.screen.height.length)
        let device = deviceFrame ? DeviceFrame(screen: screen) : nil
        let canvas = device?.size ?? screen
        let width = format(canvas.width), height = format(canvas.height)
        var document = SVGDocument()
        document.open("svg", [
            ("xmlns", "http://www.w3.org/2000/svg"), ("version", "1.1"), ("width", width), ("height", height),
            ("viewBox", "0 0 \(width) \(height)"), ("font-family", Self.fontFamily), ("xml:space", "preserve"),
        ])
        writeDefinitions(frame, screen: screen, device: device, into: &document)
        if let device {
            device.drawBody(into: &document)
            document.open("g", [("transform", "translate(\(format(device.screenOrigin)) \(format(device.screenOrigin)))")])
            document.open("g", [("clip-path", "url(#pophost-screen)")])
        }
        document.write(.init("rect", [("width", format(screen.width)), ("height", format(screen.height)), ("fill", "#000000")]))
        for node in frame.nodes { draw(node, into: &document) }
        if let device {
            document.close()
            device.drawIsland(into: &document)
            document.close()
        }
        document.close()
        return document.text
    }

    /// `<defs>`: one blur filter per distinct shadow blur, and the screen's clip path in a phone.
    private func writeDefinitions(_ frame: Frame, screen: Size, device: DeviceFrame?, into document: inout SVGDocument) {
        var blurs: [Double] = []
        for node in frame.nodes {
            if let blur = shadowBlur(node), !blurs.contains(blur) { blurs.append(blur) }
        }
        guard device != nil || !blurs.isEmpty else { return }
        document.open("defs", [])
        for blur in blurs {
            // In screen coordinates and large enough for any shadow near the screen, so no blur is cut off.
            document.open("filter", [
                ("id", blurID(blur)), ("filterUnits", "userSpaceOnUse"),
                ("x", format(-screen.width)), ("y", format(-screen.height)),
                ("width", format(3 * screen.width)), ("height", format(3 * screen.height)),
            ])
            document.write(.init("feGaussianBlur", [("stdDeviation", format(blur / 2))]))
            document.close()
        }
        if let device {
            document.open("clipPath", [("id", "pophost-screen")])
            document.write(device.screenOutline())
            document.close()
        }
        document.close()
    }

    /// Writes one node's elements with its id, transform and opacity: on the element itself when it
    /// draws one, else on a group around them. A node that draws nothing writes nothing.
    private func draw(_ node: FrameNode, into document: inout SVGDocument) {
        let opacity = min(1, NumberFormat.rounded(node.opacity))
        guard opacity > 0 else { return }
        let elements = elements(of: node)
        guard !elements.isEmpty else { return }
        let transform = node.transform.outputMatrix.map { "matrix(" + $0.map(format).joined(separator: " ") + ")" }
        let common: [SVGDocument.Attribute] = [("transform", transform), ("opacity", opacity < 1 ? format(opacity) : nil)]
        if elements.count == 1, let element = elements.first {
            document.write(element, id: node.id, then: common)
        } else {
            document.open("g", [("id", node.id)] + common)
            for element in elements { document.write(element) }
            document.close()
        }
    }

    /// Back to front: the shadow, the rect, an image's glyph, the lines of text.
    private func elements(of node: FrameNode) -> [SVGDocument.Element] {
        let rect = node.rect.sanitized
        var radius = min(node.cornerRadius.length, rect.width / 2, rect.height / 2)
        if node.role == .image { radius = min(max(radius, 6), rect.width / 2, rect.height / 2) }
        let fill = fillPaint(node)
        let stroke = node.stroke.flatMap { border in
            border.width.length > 0 ? paint(border.color).map { (paint: $0, width: border.width) } : nil
        }
        var elements: [SVGDocument.Element] = []
        if fill != nil, let shadow = node.shadow, let color = paint(shadow.color) {
            elements.append(.init("rect", geometry(rect, radius: radius, dy: shadow.offsetY) + [
                ("fill", color.color), ("fill-opacity", color.opacity),
                ("filter", shadowBlur(node).map { "url(#\(blurID($0)))" }),
            ]))
        }
        if fill != nil || stroke != nil {
            elements.append(.init("rect", geometry(rect, radius: radius) + [
                ("fill", fill?.color ?? "none"), ("fill-opacity", fill?.opacity), ("stroke", stroke?.paint.color),
                ("stroke-opacity", stroke?.paint.opacity), ("stroke-width", stroke.map { format($0.width) }),
            ]))
        }
        if node.role == .image { elements += imageGlyph(in: rect) }
        if let text = node.text { elements += lines(of: text, in: rect) }
        return elements
    }

    /// x, y, width, height and rx of `rect` moved down by `dy`.
    private func geometry(_ rect: Rect, radius: Double, dy: Double = 0) -> [SVGDocument.Attribute] {
        [("x", format(rect.x)), ("y", format(rect.y + (dy.isFinite ? dy : 0))), ("width", format(rect.width)),
         ("height", format(rect.height)), ("rx", radius > 0 ? format(radius) : nil)]
    }

    /// A sun over two mountains, centred in an image placeholder; nothing when it is too small to read.
    private func imageGlyph(in rect: Rect) -> [SVGDocument.Element] {
        let side = 0.6 * min(rect.width, rect.height)
        guard side >= 8 else { return [] }
        let left = rect.x + (rect.width - side) / 2, top = rect.y + (rect.height - side) / 2
        let point = { (x: Double, y: Double) in format(left + x * side) + "," + format(top + y * side) }
        let mountains = [(0.0, 0.95), (0.35, 0.4), (0.55, 0.7), (0.72, 0.52), (1, 0.95)].map(point).joined(separator: " ")
        return [
            .init("circle", [("cx", format(left + 0.78 * side)), ("cy", format(top + 0.18 * side)),
                             ("r", format(0.13 * side)), ("fill", Self.imageGlyphFill)]),
            .init("polygon", [("points", mountains), ("fill", Self.imageGlyphFill)]),
        ]
    }

    /// One `<text>` per non-empty line, anchored by the alignment, its glyphs centred on the line's box.
    private func lines(of text: TextRun, in rect: Rect) -> [SVGDocument.Element] {
        let size = text.size.length
        guard let color = paint(text.color), size > 0 else { return [] }
        let anchor: String
        switch text.alignment {
        case .leading, .fill: anchor = "start"
        case .center: anchor = "middle"
        case .trailing: anchor = "end"
        }
        return text.lines.indices.compactMap { index in
            let line = text.lines[index]
            guard !line.isEmpty else { return nil }
            let box = text.lineRect(index, in: rect)
            let x = switch text.alignment {
            case .leading, .fill: box.x
            case .center: box.x + box.width / 2
            case .trailing: box.x + box.width
            }
            return .init("text", [
                ("x", format(x)), ("y", format(box.y + box.height / 2 + 0.35 * size)), ("font-size", format(size)),
                ("font-weight", Self.fontWeight(text.weight)), ("fill", color.color), ("fill-opacity", color.opacity),
                ("text-anchor", anchor),
            ], content: line)
        }
    }

    /// The CSS weight of `weight`.
    static func fontWeight(_ weight: ContentNode.Weight) -> String {
        switch weight {
        case .regular: "400"
        case .medium: "500"
        case .semibold: "600"
        case .bold: "700"
        }
    }

    /// The node's shadow blur, rounded; nil when it has no blurred shadow drawn.
    private func shadowBlur(_ node: FrameNode) -> Double? {
        guard let shadow = node.shadow, fillPaint(node) != nil, shadow.color.alpha > 0,
              NumberFormat.rounded(shadow.blur) > 0, NumberFormat.rounded(node.opacity) > 0 else { return nil }
        return NumberFormat.rounded(shadow.blur)
    }

    /// The id of the filter for shadows blurred by `blur`.
    private func blurID(_ blur: Double) -> String { "pophost-blur-" + format(blur) }

    /// The node's fill; an image placeholder without one gets a light grey.
    private func fillPaint(_ node: FrameNode) -> (color: String, opacity: String?)? {
        node.fill.flatMap(paint) ?? (node.role == .image ? (Self.imageFill, nil) : nil)
    }

    /// "#rrggbb" and the alpha as an opacity (nil when opaque); nil when fully transparent.
    private func paint(_ color: ContentNode.Color) -> (color: String, opacity: String?)? {
        guard color.alpha > 0 else { return nil }
        return (FrameJSON.hexRGB(color), color.alpha < 255 ? format(Double(color.alpha) / 255) : nil)
    }

    private func format(_ value: Double) -> String { NumberFormat.string(value) }
}
