import PopModel

/// The status bar's icons (`app.status-bar.signal.N`, `.wifi.N`, `.battery`, `.battery.charge`, `.battery.cap`:
/// rects a few points each) drawn as characters on one cell row, instead of the blocks their pixels make at a
/// terminal's scale:
///
/// - the cellular bars as lower blocks, each as tall (in eighths of a cell) as its bar against the tallest
///   (`▃▅▆█`);
/// - Wi-Fi's three bars narrowing downwards as a wedge (`◥◤`);
/// - the battery as its outline in brackets, its charge in eighth blocks as full as the charge rect fills the
///   body, and its cap (`[██▍]╸`).
///
/// One column apart, in each node's colour and opacity, ending at the cap's right edge on the row of the
/// battery's centre. Icons that are rotated or scaled are left to the pixels.
enum StatusBarGlyphs {
    static let prefix = "app.status-bar."

    /// Whether `node` is one of the status bar's icons.
    static func isIcon(_ node: FrameNode) -> Bool {
        node.id.hasPrefix(prefix) && node.role == .app
    }

    /// Draws the icons among `nodes` on `canvas`; false (nothing drawn) when there is no battery, or an icon is
    /// rotated or scaled.
    static func draw(_ nodes: [FrameNode], on canvas: inout TerminalCanvas) -> Bool {
        let icons = nodes.filter(isIcon)
        guard icons.allSatisfy({ TerminalCanvas.onlyTranslates($0.transform) }),
            let battery = icons.first(where: { $0.id == prefix + "battery" })
        else { return false }
        let placed = { (node: FrameNode) in
            Rect(x: node.rect.x + node.transform.e, y: node.rect.y + node.transform.f, width: node.rect.width, height: node.rect.height)
        }
        let signal = icons.filter { $0.id.hasPrefix(prefix + "signal.") }
        let wifi = icons.filter { $0.id.hasPrefix(prefix + "wifi.") }
        let charge = icons.first { $0.id == prefix + "battery.charge" }
        let cap = icons.first { $0.id == prefix + "battery.cap" }

        var glyphs: [Glyph] = []
        let tallest = signal.map(\.rect.height).max() ?? 0
        for bar in signal where tallest > 0 {
            glyphs.append(Glyph(Self.lowerBlocks[eighths(bar.rect.height / tallest) - 1], of: bar, color: bar.fill))
        }
        if let widest = wifi.max(by: { $0.rect.width < $1.rect.width }) {
            if !glyphs.isEmpty { glyphs.append(.gap) }
            glyphs += [Glyph("◥", of: widest, color: widest.fill), Glyph("◤", of: widest, color: widest.fill)]
        }
        if !glyphs.isEmpty { glyphs.append(.gap) }
        let outline = battery.stroke?.color ?? battery.fill
        glyphs.append(Glyph("[", of: battery, color: outline))
        // The charge rect spans the body less 2 points inside the outline each side.
        let interior = max(2.0, battery.rect.width - 4), cells = max(2, Int((interior / canvas.columnWidth).rounded()))
        let filled = charge.map { min(1, max(0, $0.rect.width / interior)) } ?? 0
        var eighthsLeft = Int((filled * Double(cells * 8)).rounded())
        for _ in 0..<cells {
            let part = min(8, eighthsLeft)
            eighthsLeft -= part
            glyphs.append(part == 0 ? .gap : Glyph(Self.leftBlocks[part - 1], of: charge ?? battery, color: charge?.fill))
        }
        glyphs.append(Glyph("]", of: battery, color: outline))
        if let cap { glyphs.append(Glyph("╸", of: cap, color: cap.fill)) }

        let end = placed(cap ?? battery).x + placed(cap ?? battery).width
        let row = TerminalViewport.cellIndex(placed(battery).center.y / (2 * canvas.pixelHeight))
        let rects = icons.map(placed), body = placed(battery)
        let left = rects.reduce(body.x) { min($0, $1.x) }, top = rects.reduce(body.y) { min($0, $1.y) }
        let area = Rect(x: left, y: top, width: end - left, height: rects.reduce(body.maxY) { max($0, $1.maxY) } - top)
        var column = TerminalViewport.firstIndex(from: end, unit: canvas.columnWidth) - glyphs.count
        for glyph in glyphs {
            if let color = glyph.color {
                canvas.setGlyph(
                    glyph.character, width: 1, column: column, row: row, color: color,
                    alpha: Double(color.alpha) / 255 * glyph.opacity, bold: false, within: area)
            }
            column += 1
        }
        return true
    }

    /// One cell of the icons: a character in a colour (nil: a blank column).
    private struct Glyph {
        var character: Character
        var color: ContentNode.Color?
        var opacity: Double

        init(_ character: Character, of node: FrameNode, color: ContentNode.Color?) {
            self.character = character
            self.color = color
            opacity = min(1, max(0, node.opacity))
        }

        private init() {
            character = " "
            color = nil
            opacity = 0
        }

        static let gap = Glyph()
    }

    /// `fraction` of a cell in eighths, 1...8.
    private static func eighths(_ fraction: Double) -> Int {
        guard fraction.isFinite else { return 8 }
        return min(8, max(1, Int((fraction * 8).rounded())))
    }

    /// One to eight eighths of a cell from the bottom, and from the left.
    private static let lowerBlocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    private static let leftBlocks: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]
}
