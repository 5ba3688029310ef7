import PopChefTestSupport
import Testing

@testable import PopChef
@testable import PopModel

/// Edge cases around preemption, requeue, bulk operations and plugin-chosen times.
@Suite struct ReviewRegressionTests {
    @Test("ending a popup that is leaving only to be requeued ends it for good")
    func endWhileLeavingForRequeue() {
        let t = TracedChef()
        let a = t.show(.normal, .override, preempted: .requeue)
        t.advance(300)
        let b = t.show(.high)
        #expect(t.chef.state(of: a) == .dismissing)
        #expect(t.chef.dismiss(a))
        t.chef.dismiss(b)
        t.advance(1000)
        #expect(t.finals[a] == [.dismissed(.requested)])
        #expect(t.chef.liveCount == 0)
    }

    @Test("hide-all also hides a preempted popup that would come back")
    func hideAllDuringPreemption() {
        let t = TracedChef()
        let a = t.show(.normal, .override, preempted: .requeue)
        t.advance(300)
        let b = t.show(.high)
        #expect(t.chef.hideAllIfCan())
        t.advance(1000)
        #expect(t.finals[a] == [.dismissed(.hideAll)])
        #expect(t.finals[b] == [.cancelled(.hideAll)])
        #expect(!t.chef.isAnyVisible)
    }

    @Test("a requeued popup that was on screen ends dismissed, never cancelled")
    func requeuedEndsDismissed() {
        let t = TracedChef()
        let a = t.show(.normal, .override, preempted: .requeue, ttl: .seconds(1))
        t.advance(300)
        t.show(.high)
        t.advance(1600)  // out at 550 ms, requeued, its time-to-live runs out at 1550 ms
        #expect(t.finals[a] == [.dismissed(.expired)])
    }

    @Test("plugin-chosen times saturate instead of trapping")
    func saturatingTime() {
        #expect(VirtualTime.seconds(1e300) == .longest)
        #expect(VirtualTime.seconds(-.infinity) == .zero)
        #expect((VirtualTime(microseconds: .max) + .longest).microseconds == .max)
        #expect((VirtualTime(microseconds: .min) - .longest).microseconds == .min)
    }

    @Test("cancelled timers do not pile up in the clock")
    func cancelledTimersAreDropped() {
        let clock = VirtualClock()
        for _ in 0..<10_000 { clock.cancel(clock.schedule(after: .seconds(86_400)) {}) }
        #expect(clock.pendingCount < 200)
        #expect(clock.isIdle)
    }
}
