import PopModel

/// What `SVGRenderer` draws for one node, worked out before any of it is written, back to front: the
/// shadow, the rect, an image's glyph, the lines of text. A node drawing one element puts its id,
/// transform and opacity on that element; a node drawing more puts them on a group around them.
struct SVGNodeDrawing {
    /// The fill of an image placeholder that has none of its own (systemGray5), by appearance.
    static let imageFill = ContentNode.Color(rawValue: 0xe5e5eaff), darkImageFill = ContentNode.Color(rawValue: 0x2c2c2eff)

    let id: String
    /// The node's transform as written; nil for the identity.
    let transform: AffineTransform?
    /// The node's opacity, rounded and at most 1.
    let opacity: Double
    let rect: Rect
    let radius: Double
    let fill: ContentNode.Color?
    let stroke: (color: ContentNode.Color, width: Double)?
    /// The shadow, when it is drawn.
    let shadow: Shadow?
    /// The blur of the shadow, when it is blurred.
    let blur: Double?
    /// The side of an image's glyph, when it is drawn, and the space it is centred in: the tile above its label.
    let glyphSide: Double?
    let glyphArea: Rect
    /// The glyph's colour: systemGray2 of the frame's appearance.
    let glyphColor: StaticString
    /// The text, when its lines are drawn.
    let text: TextRun?
    /// Where the node may draw (`FrameNode.clip`), through its transform like the rest of it.
    let clip: Rect?
    /// How many elements the node draws.
    let count: Int

    /// Nil when the node draws nothing (it is transparent, or has no fill, stroke, glyph or visible text).
    /// `appearance` is the frame's: an image placeholder's own colours follow it.
    init?(_ node: FrameNode, appearance: Appearance = .light) {
        opacity = min(1, NumberFormat.rounded(node.opacity))
        guard opacity > 0 else { return nil }
        id = node.id
        clip = node.clip?.sanitized
        transform = node.transform.outputTransform
        rect = node.rect.sanitized
        var radius = min(node.cornerRadius.length, rect.width / 2, rect.height / 2)
        if node.role == .image { radius = min(max(radius, 6), rect.width / 2, rect.height / 2) }
        self.radius = radius
        fill = Self.fill(of: node, appearance: appearance)
        glyphColor = appearance == .dark ? "#636366" : "#aeaeb2"
        stroke = node.stroke.flatMap { border in
            border.width.length > 0 && border.color.alpha > 0 ? (border.color, border.width) : nil
        }
        shadow = fill != nil && (node.shadow?.color.alpha ?? 0) > 0 ? node.shadow : nil
        blur = Self.shadowBlur(node)
        text = node.text.flatMap { $0.color.alpha > 0 && $0.size.length > 0 ? $0 : nil }
        glyphArea = Self.glyphArea(of: rect, above: node.role == .image ? node.text : nil)
        let side = 0.6 * min(glyphArea.width, glyphArea.height)
        glyphSide = node.role == .image && side >= 8 ? side : nil
        count =
            (shadow != nil ? 1 : 0) + (fill != nil || stroke != nil ? 1 : 0) + (glyphSide != nil ? 2 : 0)
            + (text?.lines.count { !$0.isEmpty } ?? 0)
        guard count > 0 else { return nil }
    }

    /// The part of `rect` above the first line of `label` (all of it without a label), so that an image's glyph
    /// never overlaps its name.
    static func glyphArea(of rect: Rect, above label: TextRun?) -> Rect {
        guard let label, !label.lines.isEmpty else { return rect }
        return Rect(x: rect.x, y: rect.y, width: rect.width, height: max(0, label.lineRect(0, in: rect).y - rect.y))
    }

    /// The node's fill; an image placeholder without one gets a grey (light or dark by `appearance`).
    static func fill(of node: FrameNode, appearance: Appearance = .light) -> ContentNode.Color? {
        if let fill = node.fill, fill.alpha > 0 { return fill }
        guard node.role == .image else { return nil }
        return appearance == .dark ? darkImageFill : imageFill
    }

    /// The node's shadow blur, rounded; nil when it has no blurred shadow drawn.
    static func shadowBlur(_ node: FrameNode) -> Double? {
        guard let shadow = node.shadow, fill(of: node) != nil, shadow.color.alpha > 0,
            NumberFormat.rounded(shadow.blur) > 0, NumberFormat.rounded(node.opacity) > 0
        else { return nil }
        return NumberFormat.rounded(shadow.blur)
    }

    /// Writes the node's elements.
    func write(into document: inout SVGDocument) {
        let single = count == 1
        if !single {
            document.start("g")
            writeCommon(into: &document)
            document.endOpening()
        }
        if let shadow {
            start("rect", single: single, into: &document)
            writeGeometry(dy: shadow.offsetY.isFinite ? shadow.offsetY : 0, into: &document)
            writePaint(shadow.color, "fill", "fill-opacity", into: &document)
            if let blur {
                document.beginAttribute("filter")
                document.raw("url(#")
                SVGRenderer.writeBlurID(blur, into: &document)
                document.raw(")")
                document.endAttribute()
            }
            end(single: single, into: &document)
        }
        if fill != nil || stroke != nil {
            start("rect", single: single, into: &document)
            writeGeometry(dy: 0, into: &document)
            if let fill { writePaint(fill, "fill", "fill-opacity", into: &document) } else { document.attribute("fill", "none") }
            if let stroke {
                writePaint(stroke.color, "stroke", "stroke-opacity", into: &document)
                document.attribute("stroke-width", stroke.width)
            }
            end(single: single, into: &document)
        }
        if let glyphSide { writeGlyph(side: glyphSide, single: single, into: &document) }
        if let text { writeLines(of: text, single: single, into: &document) }
        if !single { document.close() }
    }

    /// The node's id, transform and opacity.
    private func writeCommon(into document: inout SVGDocument) {
        document.attribute("id", escaping: id)
        writeTrailing(into: &document)
    }

    /// The node's transform and opacity, when not the identity and 1.
    private func writeTrailing(into document: inout SVGDocument) {
        if let transform {
            document.beginAttribute("transform")
            document.raw("matrix(")
            document.number(transform.a)
            document.raw(" ")
            document.number(transform.b)
            document.raw(" ")
            document.number(transform.c)
            document.raw(" ")
            document.number(transform.d)
            document.raw(" ")
            document.number(transform.e)
            document.raw(" ")
            document.number(transform.f)
            document.raw(")")
            document.endAttribute()
        }
        if opacity < 1 { document.attribute("opacity", opacity) }
        if let clip {
            document.beginAttribute("clip-path")
            document.raw("url(#")
            SVGRenderer.writeClipID(clip, into: &document)
            document.raw(")")
            document.endAttribute()
        }
    }

    /// Starts an element; the node's only element carries its id first.
    private func start(_ name: StaticString, single: Bool, into document: inout SVGDocument) {
        document.start(name)
        if single { document.attribute("id", escaping: id) }
    }

    /// Ends an element; the node's only element carries its transform and opacity last.
    private func end(single: Bool, content: String? = nil, into document: inout SVGDocument) {
        if single { writeTrailing(into: &document) }
        if let content { document.end(content: content) } else { document.end() }
    }

    /// x, y, width, height and rx of the rect moved down by `dy`.
    private func writeGeometry(dy: Double, into document: inout SVGDocument) {
        document.attribute("x", rect.x)
        document.attribute("y", rect.y + dy)
        document.attribute("width", rect.width)
        document.attribute("height", rect.height)
        if radius > 0 { document.attribute("rx", radius) }
    }

    /// `color` as "#rrggbb" and, unless it is opaque, its alpha as an opacity.
    private func writePaint(
        _ color: ContentNode.Color, _ name: StaticString, _ opacityName: StaticString,
        into document: inout SVGDocument
    ) {
        document.attribute(name, rgb: color)
        if color.alpha < 255 { document.attribute(opacityName, Double(color.alpha) / 255) }
    }

    /// A sun over two mountains, centred in an image placeholder.
    private func writeGlyph(side: Double, single: Bool, into document: inout SVGDocument) {
        let left = glyphArea.x + (glyphArea.width - side) / 2, top = glyphArea.y + (glyphArea.height - side) / 2
        start("circle", single: single, into: &document)
        document.attribute("cx", left + 0.78 * side)
        document.attribute("cy", top + 0.18 * side)
        document.attribute("r", 0.13 * side)
        document.attribute("fill", glyphColor)
        end(single: single, into: &document)
        start("polygon", single: single, into: &document)
        document.beginAttribute("points")
        for (index, (x, y)) in [(0.0, 0.95), (0.35, 0.4), (0.55, 0.7), (0.72, 0.52), (1, 0.95)].enumerated() {
            if index > 0 { document.raw(" ") }
            document.number(left + x * side)
            document.raw(",")
            document.number(top + y * side)
        }
        document.endAttribute()
        document.attribute("fill", glyphColor)
        end(single: single, into: &document)
    }

    /// One `<text>` per non-empty line, anchored by the alignment, its glyphs centred on the line's box.
    private func writeLines(of text: TextRun, single: Bool, into document: inout SVGDocument) {
        let size = text.size.length
        let anchor: StaticString =
            switch text.alignment {
            case .leading, .fill: "start"
            case .center: "middle"
            case .trailing: "end"
            }
        for (index, line) in text.lines.enumerated() where !line.isEmpty {
            let box = text.lineRect(index, in: rect)
            let x =
                switch text.alignment {
                case .leading, .fill: box.x
                case .center: box.x + box.width / 2
                case .trailing: box.x + box.width
                }
            start("text", single: single, into: &document)
            document.attribute("x", x)
            document.attribute("y", box.y + box.height / 2 + 0.35 * size)
            document.attribute("font-size", size)
            document.attribute("font-weight", SVGRenderer.fontWeight(text.weight))
            writePaint(text.color, "fill", "fill-opacity", into: &document)
            document.attribute("text-anchor", anchor)
            end(single: single, content: line, into: &document)
        }
    }
}
