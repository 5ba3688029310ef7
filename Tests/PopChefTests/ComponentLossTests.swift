import PopChefTestSupport
import Testing

@testable import PopChef
@testable import PopModel

/// A source that loses component instances — an isolated plugin's process died under them — makes
/// the chef end every live request that uses one, with one final event each, whatever state it is
/// in; requests of other components carry on.
@Suite struct ComponentLossTests {
    /// A handler that records what it is told.
    final class Handler: HandlerComponent {
        let id: String
        var calls: [String] = []

        init(id: String) { self.id = id }

        func didPresent() { calls.append("did-present") }
        func finished(_ event: FinalEvent) { calls.append("finished \(event)") }
        func destroy() { calls.append("destroy") }
    }

    /// A view loader whose build fails as a dead plugin host's does.
    final class DeadView: ViewLoaderComponent {
        let id = "com.example.dead.view"
        let failure: ComponentFailure

        init(_ failure: ComponentFailure) { self.failure = failure }

        func build(data: RequestData) throws(ComponentFailure) -> ContentNode { throw failure }
    }

    /// Makes handlers of two "plugins" and reports losses when told.
    final class Source: ComponentSource {
        var made: [Handler] = []
        var losses: [ComponentLoss] = []

        func kind(of id: String) -> ComponentKind? { id.hasPrefix("com.example.") ? .handler : nil }
        func componentIDs(of kind: ComponentKind) -> [String] { [] }
        func makeHandler(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any HandlerComponent {
            let handler = Handler(id: id)
            made.append(handler)
            return handler
        }
        func makeViewLoader(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any ViewLoaderComponent {
            throw ComponentFailure(.unknownComponent, id)
        }
        func makeControllerLoader(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any ControllerLoaderComponent {
            throw ComponentFailure(.unknownComponent, id)
        }
        func makeReformer(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any ReformerComponent {
            throw ComponentFailure(.unknownComponent, id)
        }
        func deliverMainThreadCallbacks() -> Bool { false }

        func takeLosses() -> [ComponentLoss] {
            defer { losses = [] }
            return losses
        }

        /// Every handler made so far of the plugin `prefix` is lost.
        func lose(_ prefix: String, _ reason: Reason) {
            let lost = made.filter { $0.id.hasPrefix(prefix) }
            losses.append(ComponentLoss(reason: reason, message: "the plugin host of \(prefix) died", instances: lost))
        }
    }

    @Test("a shown and a queued request of the lost plugin end once each (the queued one first); another plugin's request shows")
    func lostRequestsEnd() {
        let source = Source()
        let catalog = ComponentCatalog()
        catalog.add(source)
        let t = TracedChef(catalog: catalog)
        let shown = t.chef.show(PopupRequest(handler: "com.example.a.handler", policy: .enqueue))
        let queued = t.chef.show(PopupRequest(handler: "com.example.a.handler", policy: .enqueue))
        let other = t.chef.show(PopupRequest(handler: "com.example.b.handler", policy: .enqueue))
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: shown) == .shown)

        source.lose("com.example.a", .pluginCrashed)
        t.advance(1)
        #expect(t.finals[shown] == [.dismissed(.pluginCrashed)])
        #expect(t.finals[queued] == [.cancelled(.pluginCrashed)])
        #expect(t.chef.failure(of: shown)?.category == .crashed)
        let order = t.recorder.events.filter { $0.kind == .dismissed || $0.kind == .cancelled }.map(\.request)
        #expect(order == [queued, shown])
        #expect(t.events(of: shown).contains("misbehaviour"))
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: other) == .shown)
        // The chef still ends a lost request through its handler: a dead plugin's proxy ignores it.
        #expect(source.made[0].calls == ["did-present", "finished dismissed(plugin-crashed)", "destroy"])
        // Reported again, the loss ends nothing twice.
        source.lose("com.example.a", .pluginCrashed)
        t.advance(1)
        #expect(t.finals[shown]?.count == 1 && t.finals[queued]?.count == 1)
        #expect(t.chef.state(of: other) == .shown)
    }

    @Test("a loss reported during an operation is settled before the operation returns")
    func settledAtOnce() {
        let source = Source()
        let catalog = ComponentCatalog()
        catalog.add(source)
        let t = TracedChef(catalog: catalog)
        let id = t.chef.show(PopupRequest(handler: "com.example.a.handler"))  // presenting at once: the layer is free
        source.lose("com.example.a", .pluginTimeout)
        t.chef.dismiss(t.chef.show(PopupRequest()))
        #expect(t.finals[id] == [.dismissed(.pluginTimeout)])
        #expect(t.chef.failure(of: id)?.category == .timedOut)
    }

    @Test("a component failure of a dead plugin ends the request with its reason, not plugin-error")
    func failureReasons() {
        for (category, reason) in [
            (ComponentFailure.Category.crashed, Reason.pluginCrashed), (.timedOut, .pluginTimeout),
            (.contractBroken, .pluginError),
        ] {
            let catalog = ComponentCatalog()
            catalog.register(viewLoader: "com.example.dead.view") { DeadView(ComponentFailure(category, "it died")) }
            let t = TracedChef(catalog: catalog)
            let id = t.chef.show(PopupRequest(viewLoader: "com.example.dead.view"))
            t.chef.runUntilIdle()
            #expect(t.finals[id] == [.cancelled(reason)])
            #expect(ComponentFailure(category, "").reason == reason)
        }
    }
}
