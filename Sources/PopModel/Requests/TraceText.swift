/// Numbers and geometry as a trace event's `detail` writes them: at most three decimals, whole
/// numbers without a fraction ("55,107 280×294"). A trace is read by people and compared by tests,
/// so it never shows a type's debug description or a binary fraction's last digits.
public enum TraceText {
    /// `value` to three decimals: "55", "0.5", "33.333".
    public static func number(_ value: Double) -> String {
        // Past 1e15 a double has no thousandths to round to.
        guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        return "\(rounded)"
    }

    /// "x,y".
    public static func point(_ point: Point) -> String { "\(number(point.x)),\(number(point.y))" }

    /// "width×height".
    public static func size(_ size: Size) -> String { "\(number(size.width))×\(number(size.height))" }

    /// "x,y width×height".
    public static func rect(_ rect: Rect) -> String {
        "\(number(rect.x)),\(number(rect.y)) \(number(rect.width))×\(number(rect.height))"
    }
}
