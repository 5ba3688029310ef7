import PopModel

/// Draws a frame as an SVG 1.1 document (see docs/rendering.md, "SVG"): each node a rounded rect
/// with its fill, stroke, opacity and transform, popups' shadows blurred, text one `<text>` per
/// line, optionally inside a phone. The viewBox is in points; the same frame always gives the same
/// bytes, one element per line.
public struct SVGRenderer: Sendable {
    /// Draw a phone (body, bezel, rounded screen corners, Dynamic Island) around the screen; when
    /// false the drawing is just the screen.
    public var deviceFrame: Bool
    /// What the renderer (and its copies) wrote for each node of the last frame (`SVGNodeMemory`).
    private let memory = SVGNodeCache()

    /// The font stack of all text: the system font where there is one, else a close sans-serif. DejaVu
    /// Sans Condensed, common on Linux, comes before the generic family because its advance is close to
    /// `TextMetrics`' (plain DejaVu Sans, the usual default, is about 15% wider than the layout).
    static let fontFamily: StaticString =
        "-apple-system, 'SF Pro Text', 'Helvetica Neue', Helvetica, Arial, 'DejaVu Sans Condensed', sans-serif"

    public init(deviceFrame: Bool = true) {
        self.deviceFrame = deviceFrame
    }

    /// The frame as an SVG document.
    public func render(_ frame: Frame) -> String {
        let screen = Size(width: frame.screen.width.length, height: frame.screen.height.length)
        let device = deviceFrame ? DeviceFrame(screen: screen) : nil
        let canvas = device?.size ?? screen
        var document = SVGDocument()
        document.start("svg")
        document.attribute("xmlns", "http://www.w3.org/2000/svg")
        document.attribute("version", "1.1")
        document.attribute("width", canvas.width)
        document.attribute("height", canvas.height)
        document.beginAttribute("viewBox")
        document.raw("0 0 ")
        document.number(canvas.width)
        document.raw(" ")
        document.number(canvas.height)
        document.endAttribute()
        document.attribute("font-family", Self.fontFamily)
        document.attribute("xml:space", "preserve")
        document.endOpening()
        writeDefinitions(frame, screen: screen, device: device, into: &document)
        if let device {
            device.drawBody(into: &document)
            document.start("g")
            document.beginAttribute("transform")
            document.raw("translate(")
            document.number(device.screenOrigin)
            document.raw(" ")
            document.number(device.screenOrigin)
            document.raw(")")
            document.endAttribute()
            document.endOpening()
            document.start("g")
            document.attribute("clip-path", "url(#pophost-screen)")
            document.endOpening()
        }
        document.start("rect")
        document.attribute("width", screen.width)
        document.attribute("height", screen.height)
        document.attribute("fill", "#000000")
        document.end()
        // Through the array's buffer, so that each node is read where it is rather than copied (and its strings and
        // arrays retained and released) for each loop; what did not change since the last frame is copied.
        frame.nodes.withUnsafeBufferPointer { nodes in
            memory.write(nodes, appearance: frame.traits.appearance, into: &document)
        }
        if let device {
            document.close()
            device.drawIsland(into: &document)
            document.close()
        }
        document.close()
        return document.text
    }

    /// `<defs>`: one blur filter per distinct shadow blur, one clip path per distinct clip of a scrolled
    /// content, and the screen's clip path in a phone.
    private func writeDefinitions(_ frame: Frame, screen: Size, device: DeviceFrame?, into document: inout SVGDocument) {
        var blurs: [Double] = [], clips: [Rect] = []
        frame.nodes.withUnsafeBufferPointer { nodes in
            for index in nodes.indices {
                if let blur = SVGNodeDrawing.shadowBlur(nodes.baseAddress! + index), !blurs.contains(blur) { blurs.append(blur) }
                if let clip = nodes[index].clip?.sanitized, !clips.contains(clip) { clips.append(clip) }
            }
        }
        guard device != nil || !blurs.isEmpty || !clips.isEmpty else { return }
        document.start("defs")
        document.endOpening()
        for blur in blurs {
            // In screen coordinates and large enough for any shadow near the screen, so no blur is cut off.
            document.start("filter")
            document.beginAttribute("id")
            Self.writeBlurID(blur, into: &document)
            document.endAttribute()
            document.attribute("filterUnits", "userSpaceOnUse")
            document.attribute("x", -screen.width)
            document.attribute("y", -screen.height)
            document.attribute("width", 3 * screen.width)
            document.attribute("height", 3 * screen.height)
            document.endOpening()
            document.start("feGaussianBlur")
            document.attribute("stdDeviation", blur / 2)
            document.end()
            document.close()
        }
        for clip in clips {
            // In the user space of the node that uses it, so the node's transform moves it with the node.
            document.start("clipPath")
            document.beginAttribute("id")
            Self.writeClipID(clip, into: &document)
            document.endAttribute()
            document.endOpening()
            document.start("rect")
            document.attribute("x", clip.x)
            document.attribute("y", clip.y)
            document.attribute("width", clip.width)
            document.attribute("height", clip.height)
            document.end()
            document.close()
        }
        if let device {
            document.start("clipPath")
            document.attribute("id", "pophost-screen")
            document.endOpening()
            device.drawScreenOutline(into: &document)
            document.close()
        }
        document.close()
    }

    /// The id of the clip path for `clip`, inside an attribute's value: its numbers, so equal clips share one.
    static func writeClipID(_ clip: Rect, into document: inout SVGDocument) {
        document.raw("pophost-clip")
        for value in [clip.x, clip.y, clip.width, clip.height] {
            document.raw("_")
            document.number(value)
        }
    }

    /// The id of the filter for shadows blurred by `blur`, inside an attribute's value.
    static func writeBlurID(_ blur: Double, into document: inout SVGDocument) {
        document.raw("pophost-blur-")
        document.number(blur)
    }

    /// The CSS weight of `weight`.
    static func fontWeight(_ weight: ContentNode.Weight) -> StaticString {
        switch weight {
        case .regular: "400"
        case .medium: "500"
        case .semibold: "600"
        case .bold: "700"
        }
    }
}
