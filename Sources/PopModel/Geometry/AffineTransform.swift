/// A 2-D affine transform, as SVG's `matrix(a b c d e f)`: a point (x, y) maps to
/// (a·x + c·y + e, b·x + d·y + f).
public struct AffineTransform: Hashable, Sendable {
    public var a, b, c, d, e, f: Double

    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.e = e
        self.f = f
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

    public var isIdentity: Bool { self == .identity }

    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + e, b * x + d * y + f)
    }

    /// The smallest upright rectangle holding `rect`'s four corners once transformed.
    public func boundingBox(of rect: Rect) -> Rect {
        if isIdentity { return rect }
        let corners = [
            apply(x: rect.x, y: rect.y), apply(x: rect.x + rect.width, y: rect.y),
            apply(x: rect.x, y: rect.y + rect.height), apply(x: rect.x + rect.width, y: rect.y + rect.height),
        ]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return Rect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }

    /// The transform that undoes this one; nil when it collapses the plane (scale 0).
    public var inverted: AffineTransform? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        return AffineTransform(
            a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
            e: (c * f - d * e) / determinant, f: (b * e - a * f) / determinant)
    }
}
