import Testing

@testable import PopModel
@testable import PopPresentation

/// An animated scroll's offset over time (`ScrollMotion`): `setContentOffset(_:animated:)`'s constant velocity.
@Suite struct ScrollMotionTests {
    @Test("an animated scroll starts where it was, moves at constant velocity and stays at its target")
    func animated() {
        let start = VirtualTime.milliseconds(1000)
        let motion = ScrollMotion(from: 100, to: 400, start: start, duration: ScrollMotion.animatedDuration)
        #expect(motion.offset(at: .milliseconds(900)) == 100)
        #expect(motion.offset(at: start) == 100)
        #expect(abs(motion.offset(at: .milliseconds(1100)) - 200) < 1e-9)
        #expect(abs(motion.offset(at: .milliseconds(1200)) - 300) < 1e-9)
        #expect(motion.offset(at: .milliseconds(1300)) == 400)
        #expect(motion.offset(at: .milliseconds(5000)) == 400)
    }

    @Test("an unanimated scroll is at its target from its start, and an offset at rest is where it is")
    func immediate() {
        let motion = ScrollMotion(from: 0, to: 250, start: .milliseconds(10), duration: .zero)
        #expect(motion.offset(at: .milliseconds(9)) == 0 && motion.offset(at: .milliseconds(10)) == 250)
        #expect(ScrollMotion(at: 42).offset(at: .zero) == 42)
    }
}
