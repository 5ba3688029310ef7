import Foundation
import Testing

@testable import PopModel
@testable import PopPresentation

private let allCurves: [TimingCurve] = [
    .linear, .easeIn, .easeOut, .easeInOut, .spring(damping: 0.6, response: 0.3), .spring(damping: 1, response: 0.3),
    .spring(damping: 2, response: 0.3), .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1),
]
private let samples = (0...1000).map { Double($0) / 1000 }

private func state(
    x: Double = 0, width: Double = 100, alpha: Double = 1, scale: Double = 1, rotation: Double = 0, dim: Double = 0
) -> VisualState {
    VisualState(frame: Rect(x: x, y: x / 2, width: width, height: width / 2), alpha: alpha, scale: scale, rotation: rotation, dimAlpha: dim)
}

private func close(_ a: VisualState, _ b: VisualState, within tolerance: Double = 1e-9) -> Bool {
    let pairs = [
        (a.frame.x, b.frame.x), (a.frame.y, b.frame.y), (a.frame.width, b.frame.width), (a.frame.height, b.frame.height),
        (a.alpha, b.alpha), (a.scale, b.scale), (a.rotation, b.rotation), (a.dimAlpha, b.dimAlpha),
    ]
    return pairs.allSatisfy { abs($0 - $1) <= tolerance }
}

private func ms(_ value: Int64) -> VirtualTime { .milliseconds(value) }

@Suite struct AnimationTimingCurveTests {
    @Test("every curve runs from exactly 0 to exactly 1, clamping its input", arguments: allCurves)
    func endpoints(curve: TimingCurve) {
        #expect(curve.progress(at: 0) == 0)
        #expect(curve.progress(at: 1) == 1)
        #expect(curve.progress(at: -3) == 0)
        #expect(curve.progress(at: 7) == 1)
        #expect(curve.progress(at: .nan) == 0)
    }

    @Test("linear and ease curves never decrease", arguments: [TimingCurve.linear, .easeIn, .easeOut, .easeInOut])
    func monotonic(curve: TimingCurve) {
        let values = samples.map(curve.progress(at:))
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(values.allSatisfy { (0...1).contains($0) })
    }

    @Test("ease-in-out is point-symmetric about the middle")
    func easeInOutSymmetric() {
        for t in samples {
            #expect(abs(TimingCurve.easeInOut.progress(at: t) + TimingCurve.easeInOut.progress(at: 1 - t) - 1) < 1e-6)
        }
    }

    @Test("ease-in and ease-out mirror each other")
    func easeInOutMirror() {
        for t in samples {
            #expect(abs(TimingCurve.easeIn.progress(at: t) + TimingCurve.easeOut.progress(at: 1 - t) - 1) < 1e-6)
        }
    }

    @Test("known values of the standard Béziers")
    func knownValues() {
        #expect(abs(TimingCurve.easeInOut.progress(at: 0.5) - 0.5) < 1e-9)
        // Solving 3(1−s)²s·0.42 + 3(1−s)s² + s³ = 0.25 gives s ≈ 0.188787; y = 3(1−s)s² + s³ ≈ 0.0934647.
        let easeIn = TimingCurve.easeIn.progress(at: 0.25)
        #expect(abs(easeIn - 0.0935) < 1e-3)
        #expect(abs(easeIn - 0.093_464_650_7) < 1e-6)
        #expect(abs(TimingCurve.easeOut.progress(at: 0.75) - (1 - 0.093_464_650_7)) < 1e-6)
        #expect(TimingCurve.linear.progress(at: 0.3) == 0.3)
        // cubicBezier with the ease-in-out control points is ease-in-out.
        let custom = TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        #expect(samples.allSatisfy { custom.progress(at: $0) == TimingCurve.easeInOut.progress(at: $0) })
    }

    @Test("a spring with damping 0.6 overshoots, then settles towards 1")
    func springOvershootsAndSettles() {
        let spring = TimingCurve.spring(damping: 0.6, response: 0.5)
        let values = samples.map(spring.progress(at:))
        let peak = values.max() ?? 0
        #expect(peak > 1)
        // First peak of an underdamped step response: 1 + e^(−ζπ/√(1−ζ²)) = 1 + e^(−0.75π) ≈ 1.0948.
        #expect(abs(peak - (1 + exp(-0.75 * Double.pi))) < 1e-3)
        // The envelope e^(−ζθ) bounds the error; by the end it is under 2.5 %.
        #expect(values.suffix(50).allSatisfy { abs($0 - 1) < 0.025 })
        // The response scales out: the curve is the same whatever the response.
        #expect(samples.allSatisfy { spring.progress(at: $0) == TimingCurve.spring(damping: 0.6, response: 2).progress(at: $0) })
    }

    @Test("critically damped and overdamped springs do not overshoot")
    func stiffSprings() {
        for damping in [1.0, 1.0000001, 2, 10] {
            let values = samples.map(TimingCurve.spring(damping: damping, response: 1).progress(at:))
            #expect(values.allSatisfy { (0...1).contains($0) })
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 + 1e-12 })
        }
        // Just above critical, the value agrees with critical.
        let critical = TimingCurve.spring(damping: 1, response: 1), above = TimingCurve.spring(damping: 1.00001, response: 1)
        #expect(samples.allSatisfy { abs(critical.progress(at: $0) - above.progress(at: $0)) < 1e-4 })
    }

    @Test("a keyframe's curve maps onto a timing curve; the spring's response is the keyframe's duration")
    func keyframeCurves() {
        let duration = ms(400)
        #expect(TimingCurve(.linear, duration: duration) == .linear)
        #expect(TimingCurve(.easeIn, duration: duration) == .easeIn)
        #expect(TimingCurve(.easeOut, duration: duration) == .easeOut)
        #expect(TimingCurve(.easeInOut, duration: duration) == .easeInOut)
        #expect(TimingCurve(.spring, duration: duration) == .spring(damping: 0.6, response: 0.4))
        #expect(TimingCurve(.keyboard, duration: duration) == .keyboard)
    }

    // QMUICommonDefines.h: QMUIViewAnimationOptionsCurveOut = 7 << 16, UIKit's private keyboard
    // curve; pophost's stand-in is the cubic Bézier (0.38, 0.7, 0.125, 1).
    @Test("the keyboard curve: the cubic Bézier (0.38, 0.7, 0.125, 1), fast out and never past 1")
    func keyboardCurve() {
        #expect(TimingCurve.keyboard == .cubicBezier(x1: 0.38, y1: 0.7, x2: 0.125, y2: 1))
        let values = samples.map(TimingCurve.keyboard.progress(at:))
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 } && values.allSatisfy { (0...1).contains($0) })
        // At s = 0.5 the Bézier is at x = 0.375·0.38 + 0.375·0.125 + 0.125 = 0.314375 and
        // y = 0.375·0.7 + 0.375·1 + 0.125 = 0.7625 (B(s) = 3(1−s)²s·p1 + 3(1−s)s²·p2 + s³).
        #expect(abs(TimingCurve.keyboard.progress(at: 0.314375) - 0.7625) < 1e-6)
        #expect(TimingCurve.keyboard.progress(at: 0.5) > TimingCurve.easeOut.progress(at: 0.5))
    }
}

@Suite struct AnimationValueTests {
    @Test("interpolation is component-wise, exact at the ends, rotation linear in radians")
    func interpolation() {
        let a = state(x: 0, width: 100, alpha: 0, scale: 0.5, rotation: 0, dim: 0)
        let b = state(x: 200, width: 300, alpha: 1, scale: 1.5, rotation: .pi, dim: 0.4)
        #expect(a.interpolated(to: b, progress: 0) == a)
        #expect(a.interpolated(to: b, progress: 1) == b)
        let half = a.interpolated(to: b, progress: 0.5)
        #expect(close(half, state(x: 100, width: 200, alpha: 0.5, scale: 1, rotation: .pi / 2, dim: 0.2)))
    }

    @Test("an overshoot extrapolates positions but keeps alpha, dimming, sizes and scale presentable")
    func overshootClamps() {
        let a = state(x: 0, width: 10, alpha: 0, scale: 0, rotation: 0, dim: 0)
        let b = state(x: 100, width: 0, alpha: 1, scale: 0, rotation: 1, dim: 1)
        let over = a.interpolated(to: b, progress: 1.1)
        #expect(abs(over.frame.x - 110) < 1e-9)
        #expect(abs(over.rotation - 1.1) < 1e-9)
        #expect(over.alpha == 1 && over.dimAlpha == 1 && over.frame.width == 0 && over.scale == 0)
        #expect(over.isValid)
    }

    @Test("a spring overshoots position and scale, never opacity: alpha and dimming stay between their ends")
    func opacityNeverOvershoots() {
        // CSPopKit's dimmed mask is black at 0.7: the dimming's target alpha 0xB3 / 255 must never
        // be exceeded, however far the spring carries the position.
        let target = 0xB3 / 255.0
        let a = state(x: 0, alpha: 0, scale: 0.5, dim: 0), b = state(x: 100, alpha: 0.8, scale: 1, dim: target)
        let spring = TimingCurve.spring(damping: 0.6, response: 0.3)
        var overshot = false
        for f in samples {
            let progress = spring.progress(at: f)
            let value = a.interpolated(to: b, progress: progress)
            if progress > 1 { overshot = true; #expect(value.frame.x > 100 && value.scale > 1) }
            #expect(value.dimAlpha <= target && value.dimAlpha >= 0 && value.alpha <= 0.8 && value.alpha >= 0)
        }
        #expect(overshot)
        let back = b.interpolated(to: a, progress: 1.1)  // leaving: never below the target either
        #expect(back.alpha == 0 && back.dimAlpha == 0 && abs(back.frame.x + 10) < 1e-9)
    }

    @Test("an animation holds `from` before its start and `to` from its end")
    func animationTimeline() {
        let a = state(x: 0), b = state(x: 100)
        let animation = Animation(from: a, to: b, start: ms(100), duration: ms(200), curve: .linear)
        #expect(animation.end == ms(300))
        #expect(animation.value(at: .zero) == a)
        #expect(animation.value(at: ms(100)) == a)
        #expect(close(animation.value(at: ms(150)), a.interpolated(to: b, progress: 0.25)))
        #expect(animation.value(at: ms(300)) == b)
        #expect(animation.value(at: ms(10_000)) == b)
        let instant = Animation(from: a, to: b, start: ms(100), duration: .zero, curve: .easeIn)
        #expect(instant.value(at: ms(99)) == a)
        #expect(instant.value(at: ms(100)) == b)
    }

    @Test("an animation follows its curve")
    func followsCurve() {
        let a = state(x: 0), b = state(x: 1000)
        let animation = Animation(from: a, to: b, start: .zero, duration: ms(1000), curve: .easeIn)
        #expect(abs(animation.value(at: ms(250)).frame.x - 1000 * TimingCurve.easeIn.progress(at: 0.25)) < 1e-9)
        let spring = Animation(from: a, to: b, start: .zero, duration: ms(1000), curve: .spring(damping: 0.6, response: 1))
        #expect((1...999).contains { spring.value(at: ms($0)).frame.x > 1000 })
        #expect(spring.value(at: ms(1000)) == b)
    }

    @Test(
        "interruption continues from the presented value",
        arguments: [TimingCurve.linear, .easeInOut, .spring(damping: 0.6, response: 0.3)])
    func interruptionContinuity(curve: TimingCurve) {
        let a = state(x: 0, alpha: 0, scale: 0.5, dim: 0), b = state(x: 400, alpha: 1, scale: 1, rotation: 0.3, dim: 0.5)
        let first = Animation(from: a, to: b, start: ms(0), duration: ms(300), curve: curve)
        let cut = VirtualTime(microseconds: 123_457)
        let second = first.interrupted(at: cut, to: a, duration: ms(250), curve: .easeOut)
        #expect(second.start == cut && second.to == a && second.duration == ms(250) && second.curve == .easeOut)
        #expect(close(second.value(at: cut), first.value(at: cut)))
        #expect(close(second.from, first.value(at: cut)))
        // One microsecond either side, the two animations present nearly the same state.
        let before = first.value(at: cut - VirtualTime(microseconds: 1))
        let after = second.value(at: cut + VirtualTime(microseconds: 1))
        #expect(close(before, after, within: 0.05))
        #expect(second.value(at: second.end) == a)
    }

    @Test("the same inputs give the same values, every time")
    func determinism() {
        let animation = Animation(
            from: state(x: 3), to: state(x: 97, rotation: 2), start: ms(7), duration: ms(333),
            curve: .spring(damping: 0.6, response: 0.333))
        let times = (0...400).map { VirtualTime(microseconds: Int64($0) * 997) }
        let first = times.map(animation.value(at:))
        #expect(times.map(animation.value(at:)) == first)
        #expect(times.map(animation.value(at:)) == times.reversed().map(animation.value(at:)).reversed())
    }
}

@Suite struct AnimationKeyframeTrackTests {
    @Test("an empty track presents its initial state and has no end")
    func empty() {
        let track = KeyframeTrack(initial: state(x: 5), steps: [])
        #expect(track.value(at: ms(1000)) == state(x: 5))
        #expect(track.end == nil)
    }

    @Test("sequential keyframes chain: each starts where the previous one ended")
    func sequential() {
        let a = state(x: 0), b = state(x: 100), c = state(x: 50, alpha: 0)
        let track = KeyframeTrack(
            initial: a,
            steps: [
                .init(start: ms(0), duration: ms(100), curve: .linear, target: b),
                .init(start: ms(200), duration: ms(100), curve: .easeInOut, target: c),
            ])
        #expect(track.end == ms(300))
        #expect(track.value(at: ms(0)) == a)
        #expect(close(track.value(at: ms(50)), a.interpolated(to: b, progress: 0.5)))
        #expect(track.value(at: ms(150)) == b)
        #expect(track.animations[1].from == b)
        #expect(close(track.value(at: ms(250)), b.interpolated(to: c, progress: 0.5)))
        #expect(track.value(at: ms(999)) == c)
    }

    @Test("an overlapping keyframe starts from the value presented at its start, and wins from then on")
    func overlapping() {
        let a = state(x: 0), b = state(x: 100), c = state(x: -100)
        let first = Animation(from: a, to: b, start: ms(0), duration: ms(200), curve: .linear)
        let track = KeyframeTrack(
            initial: a,
            steps: [
                .init(start: ms(0), duration: ms(200), curve: .linear, target: b),
                .init(start: ms(100), duration: ms(50), curve: .linear, target: c),
            ])
        #expect(close(track.animations[1].from, first.value(at: ms(100))))
        #expect(close(track.value(at: ms(100)), first.value(at: ms(100))))
        #expect(track.value(at: ms(150)) == c)
        #expect(track.value(at: ms(190)) == c)
        #expect(track.end == ms(200))
    }

    @Test("a keyframe listed later but starting earlier chains from the initial state")
    func outOfOrder() {
        let a = state(x: 0), b = state(x: 100), c = state(x: -100)
        let track = KeyframeTrack(
            initial: a,
            steps: [
                .init(start: ms(100), duration: ms(100), curve: .linear, target: b),
                .init(start: ms(0), duration: ms(50), curve: .linear, target: c),
            ])
        #expect(track.animations[1].from == a)
        #expect(close(track.value(at: ms(25)), a.interpolated(to: c, progress: 0.5)))
        // The later keyframe in order overrides the earlier one once it has started.
        #expect(track.value(at: ms(150)) == c)
        #expect(track.end == ms(200))
    }

    @Test("keyframes a custom animation scheduled become steps with their curve")
    func fromPluginKeyframe() {
        let keyframe = Keyframe(start: ms(10), duration: ms(300), curve: .spring, target: state(x: 9))
        let step = KeyframeTrack.Step(keyframe)
        #expect(
            step == KeyframeTrack.Step(start: ms(10), duration: ms(300), curve: .spring(damping: 0.6, response: 0.3), target: state(x: 9)))
    }

    @Test("evaluation is deterministic and independent of the order of queries")
    func determinism() {
        let curves: [TimingCurve] = [.linear, .easeIn, .spring(damping: 0.6, response: 0.15)]
        let steps = (0..<6).map { (index: Int) -> KeyframeTrack.Step in
            let target = state(x: Double(index * 37 % 11) * 10, alpha: Double(index % 2))
            return KeyframeTrack.Step(start: ms(Int64(index) * 70), duration: ms(150), curve: curves[index % 3], target: target)
        }
        let track = KeyframeTrack(initial: state(), steps: steps)
        let times = (0...700).map { ms(Int64($0)) }
        let forward = times.map(track.value(at:))
        #expect(KeyframeTrack(initial: state(), steps: steps) == track)
        #expect(times.reversed().map(track.value(at:)).reversed() == forward)
        #expect(track.end == ms(500))
    }
}
