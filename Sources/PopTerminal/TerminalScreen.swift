import PopModel

/// The terminal as the interactive loop draws it, without the TTY: turns frames into the bytes that update
/// the terminal (everything at first and after a resize, then only what changed), and mouse reports into
/// pointer events in screen points. A terminal too small for a legible phone shows `TooSmallNotice` instead
/// of the frame, and the mouse does nothing there.
public struct TerminalScreen: Sendable {
    public private(set) var viewport: TerminalViewport
    /// What the terminal shows now; nil when it must be redrawn in full.
    public private(set) var shown: CellBuffer?
    /// Whether the left button is held (its drags are `.moved`).
    private var pointerDown = false

    public init(
        screen: Size, columns: Int, rows: Int, textColumn: Double = TerminalViewport.textColumn,
        rowPitch: Double? = TerminalViewport.listRowPitch
    ) {
        viewport = TerminalViewport(screen: screen, columns: columns, rows: rows, textColumn: textColumn, rowPitch: rowPitch)
    }

    /// Fits the screen to a terminal of a new size; the next `render` redraws everything.
    public mutating func resize(columns: Int, rows: Int) {
        viewport = TerminalViewport(
            screen: viewport.screen, columns: columns, rows: rows, textColumn: viewport.textColumn,
            rowPitch: viewport.rowPitch)
        shown = nil
    }

    /// The bytes that bring the terminal from what it shows to `frame` with `statusLine`; empty when
    /// nothing changed. A frame for another screen size re-fits the viewport and redraws everything.
    public mutating func render(_ frame: Frame, statusLine: String) -> [UInt8] {
        if frame.screen != viewport.screen {
            viewport = TerminalViewport(
                screen: frame.screen, columns: viewport.columns, rows: viewport.rows,
                textColumn: viewport.textColumn, rowPitch: viewport.rowPitch)
            shown = nil
        }
        let buffer =
            viewport.isLegible
            ? TerminalRasterizer.render(frame, in: viewport, statusLine: statusLine)
            : TooSmallNotice.render(viewport, statusLine: statusLine)
        defer { shown = buffer }
        guard let shown else { return TerminalEncoder.full(buffer) }
        return TerminalEncoder.diff(from: shown, to: buffer)
    }

    /// The app event for terminal input: the left button's press, drag and release become pointer events at
    /// the cell's centre; other buttons and Ctrl-C give nil.
    public mutating func event(for input: TerminalInput.Event) -> TerminalAppEvent? {
        switch input {
        case .key(let key):
            return .key(key)
        case .interrupt:
            return nil
        case .mouse(let kind, let button, let column, let row):
            guard button == 0, viewport.isLegible else { return nil }
            let point = viewport.point(forColumn: column, row: row)
            switch kind {
            case .press:
                pointerDown = true
                return .pointer(.down, point)
            case .drag:
                return pointerDown ? .pointer(.moved, point) : nil
            case .release:
                guard pointerDown else { return nil }
                pointerDown = false
                return .pointer(.up, point)
            }
        }
    }
}
