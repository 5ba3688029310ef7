import PopModel

#if canImport(Glibc)
import Glibc
#endif

extension AffineTransform {
    /// Scales by `scale` and rotates by `rotation` radians (clockwise on screen, y pointing down),
    /// both about `center`.
    public static func scaleRotate(scale: Double, rotation: Double, about center: (x: Double, y: Double)) -> AffineTransform {
        if scale == 1 && rotation == 0 { return .identity }
        let cosine = cos(rotation) * scale, sine = sin(rotation) * scale
        return AffineTransform(
            a: cosine, b: sine, c: -sine, d: cosine,
            e: center.x - cosine * center.x + sine * center.y,
            f: center.y - sine * center.x - cosine * center.y)
    }
}

extension AffineTransform {
    /// `inner` first, then this transform (a node turned on its own, inside a scaled card).
    func concatenating(_ inner: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
            c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
            e: a * inner.e + c * inner.f + e, f: b * inner.e + d * inner.f + f)
    }
}
