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
        t.chef.dismiss(second)  // a sheet below ends: the stack keeps its order
        t.chef.runUntilIdle()
        #expect(t.chef.layers[.sheet].below.map(\.id) == [first])
        t.chef.dismiss(third)
        t.chef.runUntilIdle()
        #expect(t.chef.layers[.sheet].current?.id == first)
        #expect(t.chef.layers[.sheet].below.isEmpty)
        #expect(t.finals[second] == [.dismissed(.requested)] && t.finals[third] == [.dismissed(.requested)])
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
