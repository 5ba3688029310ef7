import PopModel

/// The device `SVGRenderer` draws around the screen: a dark body with a metal rim and a black
/// bezel. A phone has side buttons, the screen's rounded corners (47 pt on a phone-sized screen) and
/// the Dynamic Island near the top; sizes are in points, scaled down for screens narrower than a
/// phone's. A tablet — a screen of regular width and height whichever way it is held, a shorter side
/// of at least 700 points, as an iPad's — has no island, 18-point screen corners, a top button and
/// a camera in the bezel.
struct DeviceFrame {
    /// The screen the device holds.
    let screen: Size

    /// Whether the screen is a tablet's: regular in both size classes however it is turned
    /// (`Scene.horizontalSizeClass` is regular from 700 points).
    var isTablet: Bool { min(screen.width, screen.height) >= 700 }

    /// From the body's edge to the screen's.
    static let bezel = 14.0
    /// Room around the body for the side buttons.
    static let margin = 4.0

    /// The whole drawing: body, bezel and buttons.
    var size: Size {
        Size(width: screen.width + 2 * (Self.bezel + Self.margin), height: screen.height + 2 * (Self.bezel + Self.margin))
    }

    /// Where the screen's top-left corner is in the drawing.
    var screenOrigin: Double { Self.bezel + Self.margin }

    /// The radius of the screen's corners.
    var screenCornerRadius: Double { isTablet ? 18 : min(47, 0.12 * min(screen.width, screen.height)) }

    /// The screen's shorter side over a 393-point phone's width, at most 1: how much the Dynamic Island
    /// shrinks.
    private var scale: Double { min(1, min(screen.width, screen.height) / 393) }

    /// The side buttons and the body, drawn under the screen (in the drawing's coordinates).
    func drawBody(into document: inout SVGDocument) {
        let body = Self.margin, bodyWidth = screen.width + 2 * Self.bezel, bodyHeight = screen.height + 2 * Self.bezel
        // A phone: action button and volume buttons on the left, side button on the right, as
        // fractions of the height. A tablet: the volume buttons on the right.
        let buttons: [(left: Bool, top: Double, bottom: Double)] =
            isTablet
            ? [(false, 0.08, 0.13), (false, 0.15, 0.20)]
            : [(true, 0.14, 0.18), (true, 0.22, 0.29), (true, 0.31, 0.38), (false, 0.25, 0.36)]
        for button in buttons {
            document.start("rect")
            document.attribute("x", button.left ? body - 3 : body + bodyWidth - 1)
            document.attribute("y", body + bodyHeight * button.top)
            document.attribute("width", "4")
            document.attribute("height", bodyHeight * (button.bottom - button.top))
            document.attribute("rx", "1.5")
            document.attribute("fill", "#3a3a3c")
            document.end()
        }
        let radius = screenCornerRadius + Self.bezel
        document.start("rect")
        document.attribute("x", body)
        document.attribute("y", body)
        document.attribute("width", bodyWidth)
        document.attribute("height", bodyHeight)
        document.attribute("rx", radius)
        document.attribute("fill", "#1c1c1e")
        document.attribute("stroke", "#6e6e73")
        document.attribute("stroke-width", "1.5")
        document.end()
        document.start("rect")
        document.attribute("x", body + 3)
        document.attribute("y", body + 3)
        document.attribute("width", bodyWidth - 6)
        document.attribute("height", bodyHeight - 6)
        document.attribute("rx", radius - 3)
        document.attribute("fill", "#000000")
        document.end()
        if isTablet { drawBezelCamera(into: &document) }
    }

    /// A tablet's front camera: a dot in the middle of the bezel above the screen (held upright), or
    /// beside it (turned).
    private func drawBezelCamera(into document: inout SVGDocument) {
        let landscape = screen.width > screen.height, middle = Self.margin + Self.bezel / 2
        document.start("circle")
        document.attribute("cx", landscape ? middle : screenOrigin + screen.width / 2)
        document.attribute("cy", landscape ? screenOrigin + screen.height / 2 : middle)
        document.attribute("r", "2.5")
        document.attribute("fill", "#2c2c2e")
        document.end()
    }

    /// The screen's rounded outline, in screen coordinates (for the screen's clip path).
    func drawScreenOutline(into document: inout SVGDocument) {
        document.start("rect")
        document.attribute("width", screen.width)
        document.attribute("height", screen.height)
        document.attribute("rx", screenCornerRadius)
        document.end()
    }

    /// The Dynamic Island, drawn over everything on the screen (in screen coordinates): near the top in
    /// portrait, along the left edge in landscape (the phone turned counter-clockwise). A tablet has
    /// none: its camera sits in the bezel, drawn with the body.
    func drawIsland(into document: inout SVGDocument) {
        guard !isTablet else { return }
        let long = 126 * scale, short = 37 * scale
        let landscape = screen.width > screen.height
        let (x, y, width, height) =
            landscape
            ? (11 * scale, (screen.height - long) / 2, short, long)
            : ((screen.width - long) / 2, 11 * scale, long, short)
        document.start("rect")
        document.attribute("x", x)
        document.attribute("y", y)
        document.attribute("width", width)
        document.attribute("height", height)
        document.attribute("rx", short / 2)
        document.attribute("fill", "#000000")
        document.end()
    }
}
