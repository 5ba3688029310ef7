import PopModel

#if canImport(Glibc)
import Glibc
#endif

/// How an animation's progress follows its elapsed time: a pure function from the fraction of the
/// duration elapsed (0...1) to the fraction of the way from the start value to the target.
public enum TimingCurve: Hashable, Sendable {
    case linear
    /// CSS / UIKit `ease-in`: cubic Bézier (0.42, 0, 1, 1).
    case easeIn
    /// CSS / UIKit `ease-out`: cubic Bézier (0, 0, 0.58, 1).
    case easeOut
    /// CSS / UIKit `ease-in-out`: cubic Bézier (0.42, 0, 0.58, 1).
    case easeInOut
    /// A damped harmonic oscillator with damping ratio `damping` (ζ) and `response` (the undamped
    /// period T, in seconds), as SwiftUI's `.spring(response:dampingFraction:)` and UIKit's
    /// `UISpringTimingParameters(dampingRatio:)` describe it. The curve spans one response: fraction f
    /// stands for the elapsed time t = f·T (the ABI sets the response to the duration).
    case spring(damping: Double, response: Double)
    /// A CSS cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2); x1 and x2
    /// are clamped to 0...1, as CSS requires, so that time never runs backwards.
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)

    /// UIKit's private keyboard curve, `UIViewAnimationCurve` 7, which QMUI animates its modal with
    /// (`QMUIViewAnimationOptionsCurveOut` = 7 << 16, QMUICommonDefines.h) and the keyboard slides on.
    /// Apple documents neither its shape nor its values; this is the cubic Bézier (0.38, 0.7,
    /// 0.125, 1) reverse-engineered from the keyboard's motion (Apple developer forums, thread
    /// 48088), run over the duration the animation is given. (UIKit itself may run curve 7 as a
    /// spring of its own length, ignoring the duration; pophost keeps the given durations.)
    public static let keyboard = TimingCurve.cubicBezier(x1: 0.38, y1: 0.7, x2: 0.125, y2: 1)

    /// A curve the ABI names, for an animation of `duration`. The ABI's spring has damping 0.6 and a
    /// response equal to the duration.
    public init(_ curve: Keyframe.Curve, duration: VirtualTime) {
        switch curve {
        case .linear: self = .linear
        case .easeIn: self = .easeIn
        case .easeOut: self = .easeOut
        case .easeInOut: self = .easeInOut
        case .spring: self = .spring(damping: 0.6, response: duration.seconds)
        case .keyboard: self = .keyboard
        }
    }

    /// The progress at `fraction` of the duration (clamped to 0...1). Every curve gives exactly 0 at 0
    /// and exactly 1 at 1; between them a spring may overshoot past 1.
    public func progress(at fraction: Double) -> Double {
        let f = fraction.isNaN ? 0 : min(1, max(0, fraction))
        guard f > 0 else { return 0 }
        guard f < 1 else { return 1 }
        switch self {
        case .linear: return f
        case .easeIn: return CubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1).y(atX: f)
        case .easeOut: return CubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1).y(atX: f)
        case .easeInOut: return CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1).y(atX: f)
        case let .cubicBezier(x1, y1, x2, y2): return CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2).y(atX: f)
        case let .spring(damping, _): return Self.spring(damping: damping, phase: 2 * Double.pi * f)
        }
    }

    /// The step response of a unit-mass spring starting at 0 with zero velocity, target 1:
    /// x'' + 2ζω0·x' + ω0²·(x − 1) = 0, x(0) = 0, x'(0) = 0, with ω0 = 2π/T. It depends on time only
    /// through the phase θ = ω0·t = 2π·f (because t = f·T), so the response scales out. With
    /// δ = ζθ (the decay exponent):
    /// - underdamped (ζ < 1), ωd = ω0·√(1 − ζ²):  x = 1 − e^(−δ)·(cos(ωd·t) + ζω0/ωd · sin(ωd·t));
    /// - critically damped (ζ = 1):             x = 1 − e^(−θ)·(1 + θ);
    /// - overdamped (ζ > 1), roots r± = −ω0(ζ ∓ √(ζ² − 1)):  x = 1 − (r− e^(r+ t) − r+ e^(r− t)) / (r− − r+).
    /// The oscillator has not quite settled at t = T (for ζ = 0.6 it is e^(−1.2π) ≈ 2.3 % off), so
    /// `progress(at: 1)` snaps to exactly 1, as UIKit lands a spring on its target. A damping that is
    /// negative or not a number counts as 0 (undamped); one just above 1 counts as critical, where
    /// the overdamped formula loses precision.
    private static func spring(damping: Double, phase θ: Double) -> Double {
        let ζ = damping.isNaN ? 0 : max(0, damping)
        if ζ < 1 {
            let root = (1 - ζ * ζ).squareRoot()  // ωd / ω0
            let ωdt = root * θ
            return 1 - exp(-ζ * θ) * (cos(ωdt) + ζ / root * sin(ωdt))
        }
        if ζ < 1 + 1e-6 {
            return 1 - exp(-θ) * (1 + θ)
        }
        let spread = (ζ * ζ - 1).squareRoot()
        let plus = -(ζ - spread)  // r+ / ω0, the slow root
        let minus = -(ζ + spread)  // r− / ω0, the fast root
        return 1 - (minus * exp(plus * θ) - plus * exp(minus * θ)) / (minus - plus)
    }
}

/// A unit cubic Bézier from (0, 0) to (1, 1), evaluated as y for a given x (WebKit's `UnitBezier`).
private struct CubicBezier {
    // Each coordinate in power form: B(s) = ((a·s + b)·s + c)·s, with c = 3·p1, b = 3·(p2 − p1) − c and
    // a = 1 − c − b, from B(s) = 3(1 − s)²s·p1 + 3(1 − s)s²·p2 + s³.
    private let ax, bx, cx, ay, by, cy: Double

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        let x1 = min(1, max(0, x1)), x2 = min(1, max(0, x2))
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    func y(atX x: Double) -> Double {
        let s = parameter(forX: x)
        return ((ay * s + by) * s + cy) * s
    }

    private func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }

    /// dx/ds = (3a·s + 2b)·s + c.
    private func slope(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The s in 0...1 with x(s) = x to within 1e-7: Newton's method from s = x, and bisection (x(s)
    /// increases on 0...1 because x1, x2 are in 0...1) when Newton meets a flat slope or does not
    /// converge in 8 steps.
    private func parameter(forX x: Double) -> Double {
        let tolerance = 1e-7
        var s = x
        for _ in 0..<8 {
            let error = self.x(s) - x
            if abs(error) < tolerance { return s }
            let d = slope(s)
            if abs(d) < 1e-6 { break }
            s -= error / d
        }
        var low = 0.0, high = 1.0
        s = x
        while high - low > tolerance {
            let value = self.x(s)
            if abs(value - x) < tolerance { return s }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }
}
