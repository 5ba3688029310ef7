import PopModel

/// What `SVGRenderer` draws for one node, worked out before any of it is written, back to front: the
/// shadow, the rect, an image's glyph, the lines of text. A node drawing one element puts its id,
/// transform and opacity on that element; a node drawing more puts them on a group around them.
///
/// It reads the node where it is (the frame's array, for the time of one `render`) and holds only
/// numbers besides: no string, array or shadow is copied, retained or released for it, and it moves
/// as plain bytes — copying each node's text and shadow into it was a sixth of an SVG frame.
struct SVGNodeDrawing {
    /// The fill of an image placeholder that has none of its own (systemGray5), by appearance.
    static let imageFill = ContentNode.Color(rawValue: 0xe5e5eaff), darkImageFill = ContentNode.Color(rawValue: 0x2c2c2eff)

    /// The node, in the frame being rendered.
    private let node: UnsafePointer<FrameNode>
    /// The node's transform as written; nil for the identity.
    let transform: AffineTransform?
    /// The node's opacity, rounded and at most 1.
    let opacity: Double
    let rect: Rect
    let radius: Double
    let fill: ContentNode.Color?
    let stroke: (color: ContentNode.Color, width: Double)?
    /// Whether the node's shadow is drawn.
    let drawsShadow: Bool
    /// The blur of the shadow, when it is blurred.
    let blur: Double?
    /// The side of an image's glyph, when it is drawn, and the space it is centred in: the tile above its label.
    let glyphSide: Double?
    let glyphArea: Rect
    /// The glyph's colour: systemGray2 of the frame's appearance.
    let glyphColor: StaticString
    /// Whether the node's text is drawn.
    let drawsText: Bool
    /// Where the node may draw (`FrameNode.clip`), through its transform like the rest of it.
    let clip: Rect?
    /// How many elements the node draws.
    let count: Int

    /// Nil when the node draws nothing (it is transparent, or has no fill, stroke, glyph or visible text).
    /// `appearance` is the frame's: an image placeholder's own colours follow it. `node` must stay where
    /// it is while the drawing is used. Inlined, so that the drawing is made where it is used rather
    /// than returned through memory.
    @inline(__always)
    init?(_ node: UnsafePointer<FrameNode>, appearance: Appearance = .light) {
        opacity = min(1, NumberFormat.rounded(node.pointee.opacity))
        guard opacity > 0 else { return nil }
        self.node = node
        clip = node.pointee.clip?.sanitized
        transform = node.pointee.transform.outputTransform
        rect = node.pointee.rect.sanitized
        let isImage = node.pointee.role == .image
        var radius = min(node.pointee.cornerRadius.length, rect.width / 2, rect.height / 2)
        if isImage { radius = min(max(radius, 6), rect.width / 2, rect.height / 2) }
        self.radius = radius
        fill = Self.fill(of: node, appearance: appearance)
        glyphColor = appearance == .dark ? "#636366" : "#aeaeb2"
        if let width = node.pointee.stroke?.width, let color = node.pointee.stroke?.color, width.length > 0 && color.alpha > 0 {
            stroke = (color, width)
        } else {
            stroke = nil
        }
        drawsShadow = fill != nil && (node.pointee.shadow?.color.alpha ?? 0) > 0
        blur = Self.shadowBlur(node)
        drawsText = (node.pointee.text?.color.alpha ?? 0) > 0 && (node.pointee.text?.size.length ?? 0) > 0
        glyphArea = isImage ? Self.glyphArea(of: rect, above: node) : rect
        let side = 0.6 * min(glyphArea.width, glyphArea.height)
        glyphSide = isImage && side >= 8 ? side : nil
        var count = (drawsShadow ? 1 : 0) + (fill != nil || stroke != nil ? 1 : 0) + (glyphSide != nil ? 2 : 0)
        if drawsText, let lines = node.pointee.text?.lines { count += lines.count { !$0.isEmpty } }
        self.count = count
        guard count > 0 else { return nil }
    }

    /// The part of `rect` above the first line of the node's label (all of it without a label), so that an
    /// image's glyph never overlaps its name.
    private static func glyphArea(of rect: Rect, above node: UnsafePointer<FrameNode>) -> Rect {
        guard let firstLine = node.pointee.text?.lineRect(0, in: rect), node.pointee.text?.lines.isEmpty == false else { return rect }
        return Rect(x: rect.x, y: rect.y, width: rect.width, height: max(0, firstLine.y - rect.y))
    }

    /// The node's fill; an image placeholder without one gets a grey (light or dark by `appearance`).
    static func fill(of node: UnsafePointer<FrameNode>, appearance: Appearance = .light) -> ContentNode.Color? {
        if let fill = node.pointee.fill, fill.alpha > 0 { return fill }
        guard node.pointee.role == .image else { return nil }
        return appearance == .dark ? darkImageFill : imageFill
    }

    /// The node's shadow blur, rounded; nil when it has no blurred shadow drawn.
    static func shadowBlur(_ node: UnsafePointer<FrameNode>) -> Double? {
        guard let color = node.pointee.shadow?.color, let blur = node.pointee.shadow?.blur, fill(of: node) != nil, color.alpha > 0,
            NumberFormat.rounded(blur) > 0, NumberFormat.rounded(node.pointee.opacity) > 0
        else { return nil }
        return NumberFormat.rounded(blur)
    }

    /// Whether `a` and `b` are drawn the same: equal in every field a drawing reads (it reads nothing else), so
    /// that their bytes are the same. Compared where they are: `FrameNode`'s own equality copies both nodes and
    /// compares what no renderer draws too (actions, fields, accessibility), which cost as much as drawing them.
    static func drawsTheSame(_ a: UnsafePointer<FrameNode>, _ b: UnsafePointer<FrameNode>) -> Bool {
        guard
            a.pointee.rect == b.pointee.rect && a.pointee.opacity == b.pointee.opacity && a.pointee.fill == b.pointee.fill
                && a.pointee.transform == b.pointee.transform && a.pointee.cornerRadius == b.pointee.cornerRadius
                && a.pointee.role == b.pointee.role && a.pointee.stroke == b.pointee.stroke && a.pointee.shadow == b.pointee.shadow
                && a.pointee.clip == b.pointee.clip && a.pointee.id == b.pointee.id
        else { return false }
        guard let text = a.pointee.text else { return b.pointee.text == nil }
        guard let other = b.pointee.text else { return false }
        return text == other
    }

    /// Writes the node's elements.
    func write(into document: inout SVGDocument) {
        let single = count == 1
        if !single {
            document.start("g")
            writeCommon(into: &document)
            document.endOpening()
        }
        if drawsShadow, let shadow = node.pointee.shadow {
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
        if drawsText, let text = node.pointee.text { writeLines(of: text, single: single, into: &document) }
        if !single { document.close() }
    }

    /// The node's id, transform and opacity.
    private func writeCommon(into document: inout SVGDocument) {
        document.attribute("id", escaping: node.pointee.id)
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
        if single { document.attribute("id", escaping: node.pointee.id) }
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
