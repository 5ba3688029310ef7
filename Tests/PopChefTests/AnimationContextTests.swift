import PopModel
import Testing

@testable import PopChef

/// What a custom animation may schedule: valid keyframes, at most `maximumKeyframes` of them.
@Suite struct AnimationContextTests {
    func context() -> AnimationContext {
        let frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let state = VisualState(frame: frame, alpha: 0, scale: 1, rotation: 0, dimAlpha: 0)
        return AnimationContext(
            geometry: AnimationGeometry(container: frame, keyboardHeight: 0, finalFrame: frame, current: state),
            duration: .seconds(0.25), now: .zero)
    }

    @Test("keyframes past the limit are ignored, and the first one past it is the problem reported")
    func keyframeLimit() {
        let animation = context()
        for index in 0...AnimationContext.maximumKeyframes {
            animation.animate(delay: Double(index) / 1000, duration: 0.001, curve: .linear, to: animation.from)
        }
        #expect(animation.keyframes.count == AnimationContext.maximumKeyframes)
        #expect(animation.problem == "animate was called more than 1024 times in one animation; the rest were ignored")
    }

    @Test("an invalid keyframe is refused and reported; the valid ones stay")
    func invalidKeyframe() {
        let animation = context()
        animation.animate(delay: 0, duration: 0.1, curve: .linear, to: animation.from)
        animation.animate(delay: -1, duration: 0.1, curve: .linear, to: animation.from)
        #expect(animation.keyframes.count == 1)
        #expect(animation.problem?.hasPrefix("animate was given an invalid keyframe (delay -1.0") == true)
    }
}
