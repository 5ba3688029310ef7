import PopChefTestSupport
import Testing

@testable import PopChef

/// The arbitration rules, asserted on the trace, with built-in components (0.25 s animations).
@Suite struct ArbitrationTests {
    @Test("CSPopKit: a higher priority preempts; equal and lower are cancelled")
    func csPopKitRules() {
        let t = TracedChef()  // incumbent wins by default
        let a = t.show(.normal)
        t.advance(300)
        #expect(t.chef.state(of: a) == .shown)
        let equal = t.show(.normal)
        let lower = t.show(.low)
        #expect(t.chef.finalEvent(of: equal) == .cancelled(.lowerPriority))
        #expect(t.chef.finalEvent(of: lower) == .cancelled(.lowerPriority))
        let higher = t.show(.high)
        #expect(t.chef.state(of: a) == .dismissing)
        #expect(t.chef.state(of: higher) == .idle)
        t.advance(250)
        #expect(t.chef.finalEvent(of: a) == .dismissed(.preempted))
        t.advance(250)
        #expect(t.chef.state(of: higher) == .shown)
        // The preempted popup's final event comes before the preemptor starts.
        #expect(t.timeline(["dismissed", "will-present"]) == ["will-present#1", "dismissed#1", "will-present#4"])
        #expect(t.chef.isAnyVisible)
    }

    @Test("SwiftEntryKit: the newcomer wins at equal priority, and enqueued requests wait in FIFO order")
    func swiftEntryKitRules() {
        var configuration = ChefConfiguration()
        configuration.equalPriorityRule = .newcomerWins
        let t = TracedChef(configuration: configuration)
        let a = t.show(.normal)
        t.advance(300)
        let b = t.show(.normal)
        t.advance(600)
        #expect(t.chef.finalEvent(of: a) == .dismissed(.preempted))
        #expect(t.chef.state(of: b) == .shown)
        let queued = (0..<3).map { _ in t.show(.normal, .enqueue) }
        #expect(t.chef.queued.map(\.id) == queued)
        for _ in 0..<4 {
            t.chef.dismiss(t.chef.shown.first!.id)
            t.advance(600)
        }
        #expect(t.timeline(["will-present"]) == ["will-present#1", "will-present#2"] + queued.map { "will-present#\($0)" })
        #expect(t.chef.liveCount == 0)
    }

    @Test("the queue is ordered by priority, then arrival; or by arrival alone")
    func queueOrder() {
        let t = TracedChef()
        t.show(.max)
        let ids = [t.show(.low, .enqueue), t.show(.high, .enqueue), t.show(.low, .enqueue), t.show(.high, .enqueue)]
        #expect(t.chef.queued.map(\.id) == [ids[1], ids[3], ids[0], ids[2]])
        var configuration = ChefConfiguration()
        configuration.queueOrder = .chronological
        let c = TracedChef(configuration: configuration)
        c.show(.max)
        let arrivals = [c.show(.low, .enqueue), c.show(.high, .enqueue), c.show(.low, .enqueue)]
        #expect(c.chef.queued.map(\.id) == arrivals)
    }

    @Test("a preempted popup with the requeue rule comes back after the preemptor")
    func requeue() {
        let t = TracedChef()
        let a = t.show(.normal, .override, preempted: .requeue)
        t.advance(300)
        let b = t.show(.high)
        t.advance(300)
        #expect(t.chef.finalEvent(of: a) == nil)
        #expect(t.chef.queued.map(\.id) == [a])
        #expect(t.events(of: a).contains("requeued"))
        t.chef.dismiss(b)
        t.advance(600)
        #expect(t.chef.state(of: a) == .shown)
        #expect(t.events(of: a).filter { $0 == "did-present" }.count == 2)
        t.chef.dismiss(a)
        t.advance(300)
        #expect(t.finals[a] == [.dismissed(.requested)])
    }

    @Test("a queued request expires after its time-to-live")
    func timeToLive() {
        let t = TracedChef()
        t.show(.normal)
        let q = t.show(.normal, .enqueue, ttl: .seconds(1))
        t.advance(999)
        #expect(t.chef.finalEvent(of: q) == nil)
        t.advance(1)
        #expect(t.chef.finalEvent(of: q) == .cancelled(.expired))
        #expect(t.time(of: "cancelled", q) == 1000)
    }

    @Test("a request whose dedupe key is shown or queued is cancelled as a duplicate")
    func dedupe() {
        let t = TracedChef()
        let a = t.show(.normal, key: "promo")
        let b = t.show(.high, key: "promo")
        #expect(t.chef.finalEvent(of: b) == .cancelled(.duplicate))
        let c = t.show(.low, .enqueue, key: "other")
        let d = t.show(.low, .enqueue, key: "other")
        #expect(t.chef.finalEvent(of: c) == nil)
        #expect(t.chef.finalEvent(of: d) == .cancelled(.duplicate))
        #expect(t.chef.dismiss(dedupeKey: "promo") == 1)
        t.advance(300)
        #expect(t.chef.finalEvent(of: a) == .dismissed(.requested))
    }

    // UIKit's begin-from-current-state: the interrupting animation starts from the presented value
    // and runs its own duration (a dismissal at 40 % of a 0.25 s fade still takes 0.25 s).
    @Test("a dismiss while presenting reverses from the current progress, over the whole hide duration")
    func dismissWhilePresenting() {
        let t = TracedChef()
        let a = t.show()
        t.advance(100)  // 40 % of 0.25 s
        #expect(abs(t.chef.shown[0].progress - 0.4) < 1e-9)
        t.chef.dismiss(a)
        #expect(t.chef.state(of: a) == .dismissing)
        t.advance(125)
        #expect(abs(t.chef.shown[0].progress - 0.2) < 1e-9)  // from 0.4 to 0 over 0.25 s
        t.advance(124)
        #expect(t.chef.finalEvent(of: a) == nil)
        t.advance(1)  // the whole 0.25 s hide
        #expect(t.chef.finalEvent(of: a) == .dismissed(.requested))
        #expect(t.events(of: a) == ["requested", "will-present", "presenting", "will-dismiss", "dismissing", "did-dismiss", "dismissed"])
    }

    @Test("a show while dismissing reverses over the whole show duration; a second show is a no-op")
    func reshow() {
        let t = TracedChef()
        let a = t.show()
        t.advance(300)
        #expect(!t.chef.reshow(a))
        t.chef.dismiss(a)
        t.advance(50)  // 80 % left
        #expect(t.chef.reshow(a))
        #expect(t.chef.state(of: a) == .presenting)
        t.advance(249)
        #expect(t.chef.state(of: a) == .presenting)
        t.advance(1)  // the whole 0.25 s show, from 80 %
        #expect(t.chef.state(of: a) == .shown)
        #expect(t.chef.finalEvent(of: a) == nil)
        #expect(t.events(of: a).filter { $0 == "show-ignored" }.count == 1)
    }

    @Test("showing an ended request again is a traced no-op")
    func reshowEnded() {
        let t = TracedChef()
        let a = t.show()
        t.chef.runUntilIdle()
        t.chef.dismiss(a)
        t.chef.runUntilIdle()
        #expect(!t.chef.reshow(a))
        #expect(t.recorder.events.last?.kind == .showIgnored && t.recorder.events.last?.detail == "already dismissed(requested)")
        #expect(t.chef.finalEvent(of: a) == .dismissed(.requested))
    }

    // CSCustomPopHandler.m dismissPopView: calls [[CSPopViewManager sharedManager] removePop:self]
    // before [self.popController dismissPopControllerAnimated:YES]: the slot is free while the
    // popup animates out.
    @Test("a dedupe key is free once its popup starts leaving for good; one leaving to be requeued keeps it")
    func dedupeFreedOnLeaving() {
        let t = TracedChef()
        let a = t.show(.normal, .enqueue, key: "promo")
        t.chef.runUntilIdle()
        t.chef.dismiss(a)
        #expect(t.chef.state(of: a) == .dismissing)
        let b = t.show(.normal, .enqueue, preempted: .requeue, key: "promo")
        #expect(t.chef.finalEvent(of: b) == nil && t.chef.queued.map(\.id) == [b])
        let c = t.show(.normal, .enqueue, key: "promo")
        #expect(t.chef.finalEvent(of: c) == .cancelled(.duplicate))
        #expect(!t.chef.reshow(a))  // its key is b's now
        #expect(t.recorder.events.last?.detail == "its dedupe key is held by request \(b)")
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: b) == .shown)
        // Preempted with the requeue rule, b leaves only to come back: it keeps its key.
        t.show(.high, .override)
        #expect(t.chef.state(of: b) == .dismissing)
        let e = t.show(.low, .enqueue, key: "promo")
        #expect(t.chef.finalEvent(of: e) == .cancelled(.duplicate))
    }

    @Test("dismiss by priority and all; listings and visibility")
    func globalOperations() {
        let t = TracedChef()
        let a = t.show(.normal)
        let q1 = t.show(.low, .enqueue)
        let q2 = t.show(.high, .enqueue)
        #expect(t.chef.isAnyVisible)
        #expect(t.chef.shown.map(\.id) == [a])
        #expect(t.chef.queued.map(\.id) == [q2, q1])
        #expect(t.chef.dismiss(priorityAtMost: .low) == 1)
        #expect(t.chef.finalEvent(of: q1) == .cancelled(.requested))
        #expect(t.chef.dismissAll() == 2)
        t.chef.runUntilIdle()
        #expect(!t.chef.isAnyVisible)
        #expect(t.chef.liveCount == 0)
        #expect(t.finals.values.allSatisfy { $0.count == 1 })
    }
}
