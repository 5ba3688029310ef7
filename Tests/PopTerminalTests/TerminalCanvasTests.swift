import Testing

@testable import PopModel
@testable import PopTerminal

@Suite struct TerminalCanvasTests {
    static let seed: UInt64 = 0x5EED_7E12

    /// `blendSpans` (the path for shapes that are only moved) gives exactly the pixels `blendEachPixel`
    /// (the path for any transform) gives, on random rounded rects, offsets and viewports, including shapes
    /// partly or wholly off the screen, zero-sized ones and radii larger than the rect.
    @Test func blendingSpansMatchesTestingEachPixel() {
        var random = SplitMix64(seed: Self.seed)
        for trial in 0..<400 {
            let viewport = TerminalViewport(
                screen: Size(
                    width: .random(in: 100...500, using: &random),
                    height: .random(in: 100...900, using: &random)),
                columns: .random(in: 10...120, using: &random),
                rows: .random(in: 4...50, using: &random))
            var spans = TerminalCanvas(viewport: viewport, screen: .init(0, 0, 0), outside: .init(28, 28, 30))
            var eachPixel = spans
            for _ in 0..<6 {
                let rect = Rect(
                    x: .random(in: -100...400, using: &random), y: .random(in: -100...800, using: &random),
                    width: random.next() % 8 == 0 ? 0 : .random(in: 0...400, using: &random),
                    height: .random(in: 0...600, using: &random))
                let radius = random.next() % 3 == 0 ? 0 : Double.random(in: 0...80, using: &random)
                let offset =
                    random.next() % 4 == 0
                    ? (0, 0)
                    : (Double.random(in: -200...200, using: &random), Double.random(in: -200...200, using: &random))
                let inverse = AffineTransform(a: 1, b: 0, c: 0, d: 1, e: -offset.0, f: -offset.1)
                let bounds = Rect(x: rect.x + offset.0, y: rect.y + offset.1, width: rect.width, height: rect.height)
                guard
                    let xs = TerminalCanvas.centres(
                        from: bounds.x, to: bounds.x + bounds.width,
                        unit: spans.columnWidth, count: spans.columns),
                    let ys = TerminalCanvas.centres(
                        from: bounds.y, to: bounds.y + bounds.height,
                        unit: spans.pixelHeight, count: spans.rows * 2)
                else { continue }
                let paint = TerminalCanvas.Color(Cell.RGB(UInt8.random(in: 0...255, using: &random), 90, 200))
                let alpha = Double.random(in: 0.01...1, using: &random)
                spans.blendSpans(
                    rect, radius: radius, xs: xs, ys: ys, offsetX: inverse.e, offsetY: inverse.f,
                    paint: paint, alpha: alpha)
                eachPixel.blendEachPixel(
                    rect, radius: radius, xs: xs, ys: ys, inverse: inverse, paint: paint,
                    alpha: alpha)
            }
            #expect(spans.pixels == eachPixel.pixels, "seed \(Self.seed), trial \(trial)")
        }
    }
}
