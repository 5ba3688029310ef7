import PopChefTestSupport
import Testing

@testable import PopChef
@testable import PopModel

/// The sheet layer's arbitration (docs/arbitration.md): a stack beside the modal and banner layers,
/// no queue or override, dedupe keys as everywhere; and the interactive dismissal's guards.
@Suite struct SheetLayerTests {
    func sheet(_ t: TracedChef, priority: Priority? = nil, policy: Policy? = nil, key: String? = nil) -> RequestID {
        t.chef.show(
            PopupRequest(
                controllerLoader: "pop.theme", data: ["theme": ["style": "sheet"]], priority: priority, policy: policy,
                dedupeKey: key))
    }

    @Test("sheets stack whatever their policy and priority; the one below comes to the front when the top one ends")
    func stack() {
        let t = TracedChef()
        let first = sheet(t, priority: .high, policy: .override)
        t.chef.runUntilIdle()
        let second = sheet(t, priority: .low, policy: .enqueue)
        let third = sheet(t, priority: .max, policy: .override)
        t.chef.runUntilIdle()
        #expect([first, second, third].allSatisfy { t.chef.state(of: $0) == .shown })
        #expect(t.chef.layers[.sheet].current?.id == third)
        #expect(t.chef.layers[.sheet].below.map(\.id) == [first, second])
        #expect(t.chef.queued.isEmpty)
        t.chef.dismiss(third)
        t.chef.runUntilIdle()
        #expect(t.chef.layers[.sheet].current?.id == second)
        #expect(t.chef.layers[.sheet].below.map(\.id) == [first])
        t.chef.dismiss(second)
        t.chef.runUntilIdle()
        #expect(t.chef.layers[.sheet].current?.id == first)
        #expect(t.chef.layers[.sheet].below.isEmpty)
        #expect(t.finals[second] == [.dismissed(.requested)] && t.finals[third] == [.dismissed(.requested)])
    }

    /// The lifecycle events of a dismissal, "event#request", in order.
    static let dismissal: Set<String> = ["will-dismiss", "dismissing", "did-dismiss", "dismissed"]

    @Test("dismissing a sheet below takes the ones above it: top first, each with will-dismiss, did-dismiss and its final event")
    func lowerTakesThoseAbove() {
        let t = TracedChef()
        let first = sheet(t), second = sheet(t), third = sheet(t), fourth = sheet(t)
        t.chef.runUntilIdle()
        t.chef.dismiss(second)
        t.chef.runUntilIdle()
        #expect(
            t.timeline(Self.dismissal) == [
                "will-dismiss#\(fourth)", "dismissing#\(fourth)", "will-dismiss#\(third)", "dismissing#\(third)",
                "will-dismiss#\(second)", "dismissing#\(second)",
                "did-dismiss#\(fourth)", "dismissed#\(fourth)", "did-dismiss#\(third)", "dismissed#\(third)",
                "did-dismiss#\(second)", "dismissed#\(second)",
            ])
        #expect([second, third, fourth].allSatisfy { t.finals[$0] == [.dismissed(.requested)] })
        #expect(t.chef.state(of: first) == .shown)
        #expect(t.chef.layers[.sheet].current?.id == first && t.chef.layers[.sheet].below.isEmpty)
        // They all leave together: the exits start at the same time.
        #expect(t.time(of: "dismissing", fourth) == t.time(of: "dismissing", second))
    }

    @Test("a user's dismissal of a sheet below (a tap on its dimming) takes those above for the same reason, unasked")
    func userDismissalTakesThoseAbove() {
        let t = TracedChef()
        let first = sheet(t), second = sheet(t)
        t.chef.runUntilIdle()
        #expect(t.chef.beginInteractiveDismiss(first, reason: .backgroundTap) == .began)
        t.chef.completeInteractiveDismiss(first)
        t.chef.runUntilIdle()
        #expect(
            t.timeline(["should-dismiss", "will-dismiss", "dismissed"])
                == ["will-dismiss#\(second)", "will-dismiss#\(first)", "dismissed#\(second)", "dismissed#\(first)"])
        #expect(t.finals[second] == [.dismissed(.backgroundTap)] && t.finals[first] == [.dismissed(.backgroundTap)])
        #expect(t.chef.layers[.sheet].current == nil)
    }

    @Test("a sheet below that fails takes those above as requested; a sheet shown over a leaving one stays")
    func failureAndNewcomer() throws {
        let t = TracedChef()
        let first = sheet(t), second = sheet(t)
        t.chef.runUntilIdle()
        t.chef.fail(try #require(t.chef.popups[first]), ComponentFailure(.crashed, "gone"))
        t.chef.runUntilIdle()
        #expect(t.finals[first] == [.dismissed(.pluginError)] && t.finals[second] == [.dismissed(.requested)])

        let leaving = sheet(t)
        t.chef.runUntilIdle()
        t.chef.dismiss(leaving)
        let newcomer = sheet(t)  // presented over the one on its way out
        t.chef.runUntilIdle()
        #expect(t.finals[leaving] == [.dismissed(.requested)])
        #expect(t.chef.state(of: newcomer) == .shown && t.chef.layers[.sheet].current?.id == newcomer)
    }

    @Test("a dedupe key held by a sheet cancels a newcomer; alerts arbitrate in their own layer beside sheets")
    func dedupeAndLayers() {
        let t = TracedChef()
        let shared = sheet(t, key: "share")
        t.chef.runUntilIdle()
        let again = sheet(t, key: "share")
        #expect(t.finals[again] == [.cancelled(.duplicate)])
        let alert = t.show()
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: alert) == .shown && t.chef.state(of: shared) == .shown)
        #expect(t.chef.layers[.modal].current?.id == alert)
    }

    @Test("the interactive dismissal: nothing to complete or cancel before it began; the app's dismissal ends it")
    func interactiveGuards() {
        let t = TracedChef()
        let id = sheet(t)
        t.chef.runUntilIdle()
        t.chef.completeInteractiveDismiss(id)
        t.chef.cancelInteractiveDismiss(id)
        #expect(t.chef.state(of: id) == .shown)
        #expect(t.chef.beginInteractiveDismiss(id) == .began)
        #expect(t.chef.isInteractivelyDismissing(id))
        #expect(t.chef.state(of: id) == .dismissing)
        t.chef.dismiss(id)
        #expect(!t.chef.isInteractivelyDismissing(id))
        t.chef.runUntilIdle()
        #expect(t.finals[id] == [.dismissed(.requested)])
        #expect(t.chef.beginInteractiveDismiss(id) == nil)
    }
}
