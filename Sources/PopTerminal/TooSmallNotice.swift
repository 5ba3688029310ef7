import PopModel

/// What the terminal shows instead of a phone it cannot draw legibly (`TerminalViewport.isLegible`): that it is
/// too small, the smallest size that is not, and whether the phone turned the other way would fit — with the
/// status line, so the app's keys still work.
enum TooSmallNotice {
    static func render(_ viewport: TerminalViewport, statusLine: String) -> CellBuffer {
        let outside = TerminalRasterizer.outside, text = TerminalRasterizer.statusForeground
        var buffer = CellBuffer(
            columns: viewport.columns, rows: viewport.rows, filling: Cell(" ", foreground: outside, background: outside))
        for (index, line) in lines(for: viewport).enumerated() {
            let characters = TerminalRasterizer.fitted(Array(line), columns: viewport.columns)
            let row = max(0, (viewport.rows - 1) / 2 - 2) + index
            guard row < viewport.rows - 1 else { break }
            buffer.write(
                String(characters), column: max(0, (viewport.columns - characters.count) / 2), row: row,
                foreground: text, background: outside, bold: index == 0)
        }
        TerminalRasterizer.drawStatusLine(statusLine, into: &buffer)
        return buffer
    }

    /// The notice, one short line each, so it fits a narrow terminal.
    static func lines(for viewport: TerminalViewport) -> [String] {
        let needed = TerminalViewport.legibleSize(for: viewport.screen)
        let rotated = TerminalViewport.legibleSize(for: Size(width: viewport.screen.height, height: viewport.screen.width))
        var lines = [
            "Too small for a legible phone",
            "This terminal: \(viewport.columns)×\(viewport.rows)",
            "Needed: \(needed.columns)×\(needed.rows) or more",
        ]
        lines.append(
            rotated.columns <= viewport.columns && rotated.rows <= viewport.rows
                ? "Enlarge it, or rotate the phone" : "Enlarge the window")
        return lines
    }
}
