import PopModel
import Synchronization

/// The layers `TerminalRasterizer` composes a frame's nodes into, back to front: pixels (two per cell,
/// stacked) and, over them, at most one glyph (text or box drawing) per cell. A glyph keeps the background it
/// was drawn on (its node's fill), and a node painted later over the cell's centre blends over both: a glyph
/// under a translucent node (a dimming) takes its tint, one under a mostly opaque node is hidden. A node that
/// covers only half a glyph's cell leaves it as it is, so text next to a popup's edge keeps its dimming.
struct TerminalCanvas {
    /// A colour being composed, 0...255 a channel.
    struct Color: Equatable {
        var red, green, blue: Double

        init(_ rgb: Cell.RGB) {
            red = Double(rgb.red)
            green = Double(rgb.green)
            blue = Double(rgb.blue)
        }

        init(_ color: ContentNode.Color) { self.init(Cell.RGB(color)) }

        init(red: Double, green: Double, blue: Double) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// `other` drawn over this colour with opacity `alpha`.
        func blended(with other: Color, alpha: Double) -> Color {
            Color(
                red: red + (other.red - red) * alpha, green: green + (other.green - green) * alpha,
                blue: blue + (other.blue - blue) * alpha)
        }

        func average(with other: Color) -> Color {
            Color(red: (red + other.red) / 2, green: (green + other.green) / 2, blue: (blue + other.blue) / 2)
        }

        var rgb: Cell.RGB { Cell.RGB(Self.channel(red), Self.channel(green), Self.channel(blue)) }

        /// `value` rounded (half away from zero) and clamped to 0...255; 0 when not finite. (Without
        /// `rounded()`, which is a libm call per channel: for 0 < value < 255 the truncation is exact and
        /// the fraction left decides.)
        private static func channel(_ value: Double) -> UInt8 {
            guard value > 0 else { return 0 }  // also NaN
            guard value < 255 else { return 255 }  // also +infinity
            let whole = Int(value)
            return UInt8(value - Double(whole) >= 0.5 ? whole + 1 : whole)
        }
    }

    /// A glyph in a cell: `width` 2 for a wide character's cell, 0 for the cell to its right, else 1; the cell's
    /// background under it.
    struct Glyph {
        var packed: UInt64
        var color: Color
        var background: Color
        var bold: Bool
        var width: Int
    }

    /// Glyphs under a node at least this opaque are hidden instead of tinted.
    static let hidingAlpha = 0.75

    /// Cells across and down the screen; the pixels are `columns × 2·rows`.
    let columns: Int
    let rows: Int
    /// Points per column (a pixel's width) and per pixel vertically (half a row).
    let columnWidth: Double
    let pixelHeight: Double
    /// The pixels, row-major.
    private(set) var pixels: [Color]
    private var glyphs: [Glyph?]
    /// Whether a glyph has been set; until then painting skips the glyphs.
    private var hasGlyphs = false
    /// Where the node being drawn may paint, on the screen (a scrolled content's visible part); nil: anywhere.
    var clip: Rect?

    /// A canvas for the viewport's screen: pixels whose centre lies on the screen start as `screen`, the
    /// others as `outside`.
    init(viewport: TerminalViewport, screen: Cell.RGB, outside: Cell.RGB) {
        columns = viewport.screenColumns
        rows = viewport.screenRows
        columnWidth = viewport.columnWidth
        pixelHeight = viewport.pixelHeight
        let inside = Self.centres(from: 0, to: viewport.screen.width, unit: columnWidth, count: columns)
        var pixels: [Color] = [], glyphs: [Glyph?] = []
        _ = Self.spare.withLockIfAvailable { [columns, rows] spare in
            // Those of a much larger canvas are let go: a terminal made smaller gives the memory back.
            guard spare.glyphs.capacity <= 4 * columns * rows else {
                spare = ([], [])
                return
            }
            swap(&pixels, &spare.pixels)
            swap(&glyphs, &spare.glyphs)
        }
        pixels.removeAll(keepingCapacity: true)
        pixels.append(contentsOf: repeatElement(Color(outside), count: columns * rows * 2))
        if let inside, let insideRows = Self.centres(from: 0, to: viewport.screen.height, unit: pixelHeight, count: rows * 2) {
            let screen = Color(screen), columns = columns
            pixels.withUnsafeMutableBufferPointer { pixels in
                for y in insideRows {
                    for x in inside { pixels[y * columns + x] = screen }
                }
            }
        }
        self.pixels = pixels
        glyphs.removeAll(keepingCapacity: true)
        glyphs.append(contentsOf: repeatElement(nil, count: columns * rows))
        self.glyphs = glyphs
    }

    /// The arrays of the last canvas drawn, which the next one fills again instead of allocating its
    /// own: at 100×40 cells they hold 500 KB, which the allocator may give back to the system after a
    /// frame and fault in again for the next (runs where it did took 66–75 µs to rasterize a frame
    /// instead of 52; docs/benchmarks.md, "The terminal's canvas, kept"). A canvas made while another
    /// thread takes or gives them allocates its own.
    private static let spare = Mutex<(pixels: [Color], glyphs: [Glyph?])>(([], []))

    /// Leaves this canvas's arrays for the next canvas, moved rather than shared: the canvas holds
    /// none after (or, when another thread holds the spare, keeps its own and frees them).
    mutating func recycle() {
        _ = Self.spare.withLockIfAvailable { spare in
            swap(&pixels, &spare.pixels)
            swap(&glyphs, &spare.glyphs)
        }
    }

    /// The indices `0..<count` whose centres (`(i + 0.5) × unit`) lie in `from..<to`; nil when none do.
    static func centres(from start: Double, to end: Double, unit: Double, count: Int) -> ClosedRange<Int>? {
        let first = max(0, TerminalViewport.firstIndex(from: start, unit: unit))
        let last = min(count - 1, TerminalViewport.firstIndex(from: end, unit: unit) - 1)
        return first <= last ? first...last : nil
    }

    /// Whether `x`, `y` lies in `rect` with its corners rounded by `radius`.
    static func contains(_ x: Double, _ y: Double, rect: Rect, radius: Double) -> Bool {
        guard x >= rect.x, x < rect.x + rect.width, y >= rect.y, y < rect.y + rect.height else { return false }
        let radius = min(radius, rect.width / 2, rect.height / 2)
        guard radius > 0 else { return true }
        let dx = max(rect.x + radius - x, x - (rect.x + rect.width - radius), 0)
        let dy = max(rect.y + radius - y, y - (rect.y + rect.height - radius), 0)
        return dx * dx + dy * dy <= radius * radius
    }

    /// Blends `color` with opacity `alpha` over every pixel whose centre, through `inverse`, lies in `rect`
    /// (rounded by `radius`); `bounds` is the shape's outline on the screen. Glyphs are tinted or hidden by
    /// the same test at their cell's centre against `glyphRect` (`rect` unless a shape widened to whole pixels
    /// should not hide the text it only touches).
    mutating func paint(
        _ rect: Rect, glyphRect: Rect? = nil, radius: Double, bounds: Rect, inverse: AffineTransform,
        color: ContentNode.Color, alpha: Double
    ) {
        let bounds = clip.map { bounds.intersection($0) } ?? bounds
        guard alpha > 0, let xs = Self.centres(from: bounds.x, to: bounds.x + bounds.width, unit: columnWidth, count: columns)
        else { return }
        let paint = Color(color)
        if let ys = Self.centres(from: bounds.y, to: bounds.y + bounds.height, unit: pixelHeight, count: rows * 2) {
            if Self.onlyTranslates(inverse) {
                blendSpans(
                    rect, radius: radius, xs: xs, ys: ys, offsetX: inverse.e, offsetY: inverse.f, paint: paint,
                    alpha: alpha)
            } else {
                blendEachPixel(rect, radius: radius, xs: xs, ys: ys, inverse: inverse, paint: paint, alpha: alpha)
            }
        }
        guard hasGlyphs, let glyphRows = Self.centres(from: bounds.y, to: bounds.y + bounds.height, unit: 2 * pixelHeight, count: rows)
        else { return }
        for row in glyphRows {
            for column in xs where glyphs[row * columns + column] != nil {
                let local = inverse.apply(x: (Double(column) + 0.5) * columnWidth, y: (Double(row) + 0.5) * 2 * pixelHeight)
                guard Self.contains(local.x, local.y, rect: glyphRect ?? rect, radius: radius) else { continue }
                if alpha >= Self.hidingAlpha {
                    clearGlyph(column: column, row: row)
                } else {
                    glyphs[row * columns + column]!.color = glyphs[row * columns + column]!.color
                        .blended(with: paint, alpha: alpha)
                    glyphs[row * columns + column]!.background = glyphs[row * columns + column]!.background
                        .blended(with: paint, alpha: alpha)
                }
            }
        }
    }

    /// Whether `transform` maps `(x, y)` to exactly `(x + e, y + f)`: `apply` multiplies by 1 and adds zeros.
    static func onlyTranslates(_ transform: AffineTransform) -> Bool {
        transform.a == 1 && transform.b == 0 && transform.c == 0 && transform.d == 1
    }

    /// The pixel painting of `paint` for any `inverse`: each pixel centre in `xs` × `ys` is mapped and tested.
    mutating func blendEachPixel(
        _ rect: Rect, radius: Double, xs: ClosedRange<Int>, ys: ClosedRange<Int>,
        inverse: AffineTransform, paint: Color, alpha: Double
    ) {
        for y in ys {
            let pointY = (Double(y) + 0.5) * pixelHeight
            for x in xs {
                let local = inverse.apply(x: (Double(x) + 0.5) * columnWidth, y: pointY)
                if Self.contains(local.x, local.y, rect: rect, radius: radius) {
                    pixels[y * columns + x] = pixels[y * columns + x].blended(with: paint, alpha: alpha)
                }
            }
        }
    }

    /// The pixel painting of `paint` for an inverse that only translates (by `offsetX`, `offsetY`), with the
    /// same result as `blendEachPixel`: on each pixel row the centres inside the shape are one run of columns
    /// (the test is monotone in x on either side of the middle, and so are the centres' coordinates), so only
    /// the columns outside it at either end are tested and the run is blended without testing.
    mutating func blendSpans(
        _ rect: Rect, radius: Double, xs: ClosedRange<Int>, ys: ClosedRange<Int>, offsetX: Double,
        offsetY: Double, paint: Color, alpha: Double
    ) {
        let columns = columns, columnWidth = columnWidth, pixelHeight = pixelHeight
        let inside = { (x: Int, localY: Double) in
            Self.contains((Double(x) + 0.5) * columnWidth + offsetX, localY, rect: rect, radius: radius)
        }
        pixels.withUnsafeMutableBufferPointer { pixels in
            for y in ys {
                let localY = (Double(y) + 0.5) * pixelHeight + offsetY
                var first = xs.lowerBound, last = xs.upperBound
                while first <= last, !inside(first, localY) { first += 1 }
                while last > first, !inside(last, localY) { last -= 1 }
                guard first <= last else { continue }
                for index in (y * columns + first)...(y * columns + last) {
                    pixels[index] = pixels[index].blended(with: paint, alpha: alpha)
                }
            }
        }
    }

    /// The average of the cell's two pixels.
    func background(column: Int, row: Int) -> Color {
        pixels[2 * row * columns + column].average(with: pixels[(2 * row + 1) * columns + column])
    }

    /// The cell's background for a glyph of a node laid out in `rect`: its pixel inside `rect` (the node's fill)
    /// when only one of the two is, else the average of both.
    func background(column: Int, row: Int, within rect: Rect) -> Color {
        let x = (Double(column) + 0.5) * columnWidth
        let upper = Self.contains(x, (Double(2 * row) + 0.5) * pixelHeight, rect: rect, radius: 0)
        let lower = Self.contains(x, (Double(2 * row) + 1.5) * pixelHeight, rect: rect, radius: 0)
        if upper != lower { return pixels[(2 * row + (upper ? 0 : 1)) * columns + column] }
        return background(column: column, row: row)
    }

    /// Puts `character` (`width` 1 or 2 columns) in the cell, in `color` blended with opacity `alpha` over the
    /// cell's background where its node, laid out in `rect`, is. Whatever wide glyph this overwrites half of is
    /// removed.
    mutating func setGlyph(
        _ character: Character, width: Int, column: Int, row: Int, color: ContentNode.Color,
        alpha: Double, bold: Bool, within rect: Rect
    ) {
        guard row >= 0, row < rows, column >= 0, column + width <= columns else { return }
        if let clip, !clip.contains(Point(x: (Double(column) + 0.5) * columnWidth, y: (Double(row) + 0.5) * 2 * pixelHeight)) {
            return
        }
        for covered in column..<(column + width) { clearGlyph(column: covered, row: row) }
        hasGlyphs = true
        let background = background(column: column, row: row, within: rect)
        let tinted = background.blended(with: Color(color), alpha: alpha)
        glyphs[row * columns + column] = Glyph(
            packed: Cell.pack(character), color: tinted, background: background,
            bold: bold, width: width)
        if width == 2 {
            glyphs[row * columns + column + 1] = Glyph(packed: 0, color: tinted, background: background, bold: bold, width: 0)
        }
    }

    /// Removes the cell's glyph, and its other half when it is part of a wide one.
    private mutating func clearGlyph(column: Int, row: Int) {
        let index = row * columns + column
        guard let glyph = glyphs[index] else { return }
        glyphs[index] = nil
        if glyph.width == 2, column + 1 < columns { glyphs[index + 1] = nil }
        if glyph.width == 0, column > 0 { glyphs[index - 1] = nil }
    }

    /// Writes the canvas into `buffer` with its top-left cell at `column`, `row`: a cell's glyph over the
    /// average of its pixels, else "▀" in the top pixel's colour over the bottom one's (a space when equal).
    func draw(into buffer: inout CellBuffer, column originColumn: Int, row originRow: Int) {
        precondition(
            originColumn >= 0 && originRow >= 0 && originColumn + columns <= buffer.columns
                && originRow + rows <= buffer.rows, "the canvas does not fit the buffer")
        let bufferColumns = buffer.columns
        buffer.cells.withUnsafeMutableBufferPointer { cells in
            draw(into: cells, columns: bufferColumns, column: originColumn, row: originRow)
        }
    }

    private func draw(
        into cells: UnsafeMutableBufferPointer<Cell>, columns bufferColumns: Int, column originColumn: Int,
        row originRow: Int
    ) {
        // Neighbouring pixels are mostly the same colour: each row of pixels remembers its last conversion.
        var upperCache = LastRGB(), lowerCache = LastRGB()
        pixels.withUnsafeBufferPointer { pixels in
            glyphs.withUnsafeBufferPointer { glyphs in
                for row in 0..<rows {
                    let top = 2 * row * columns, bottom = top + columns
                    for column in 0..<columns {
                        let index = row * columns + column
                        let cell: Cell
                        if let glyph = glyphs[index] {
                            // A wide character's right half shows in its left half's colours, as a terminal draws it.
                            let head = glyph.width == 0 ? glyphs[index - 1]! : glyph
                            cell = Cell(
                                glyph: glyph.packed, foreground: head.color.rgb, background: head.background.rgb,
                                bold: head.bold)
                        } else {
                            let upper = upperCache.rgb(pixels[top + column])
                            let lower = lowerCache.rgb(pixels[bottom + column])
                            cell =
                                upper == lower
                                ? Cell(glyph: Cell.spaceGlyph, foreground: upper, background: upper, bold: false)
                                : Cell(glyph: Self.upperHalf, foreground: upper, background: lower, bold: false)
                        }
                        cells[(originRow + row) * bufferColumns + originColumn + column] = cell
                    }
                }
            }
        }
    }

    private static let upperHalf = Cell.pack("▀")

    /// `Color.rgb` remembering its last colour, to skip the conversion when the next one is equal.
    private struct LastRGB {
        var color = Color(red: .nan, green: .nan, blue: .nan)
        var rgb = Cell.RGB(0, 0, 0)

        mutating func rgb(_ color: Color) -> Cell.RGB {
            if color != self.color {
                self.color = color
                rgb = color.rgb
            }
            return rgb
        }
    }
}
