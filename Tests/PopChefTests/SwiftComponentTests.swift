import PopChefTestSupport
import Synchronization
import Testing

@testable import PopChef
@testable import PopModel

/// Components an app writes in Swift and registers in a catalog: no C, no plugin file. The chef runs
/// them through the same lifecycle as plugin components, with Swift closures for completions.
@Suite struct SwiftComponentTests {
    /// A handler that decides later (the test answers its completion), declares one action reading a
    /// field, and records what the chef told it.
    final class CouponHandler: HandlerComponent {
        let id = "com.example.coupon.handler"
        var pending: Completion<Bool>?
        var calls: [String] = []
        var performed: [(action: String, code: String?)] = []

        var actions: [String: ActionDeclaration] {
            ["redeem": ActionDeclaration(name: "redeem", signature: "redeem(code)", fields: ["code"])]
        }
        var decidesPresentation: Bool { true }

        func adjust(_ options: inout RequestOptions, data: RequestData) { options.priority = .high }
        func shouldPresent(data: RequestData, answer: Completion<Bool>) { pending = answer }
        func willPresent() { calls.append("will-present") }
        func didPresent() { calls.append("did-present") }
        func finished(_ event: FinalEvent) { calls.append("finished \(event)") }
        func destroy() { calls.append("destroy") }

        func perform(_ name: String, context: ActionContext) -> ActionOutcome {
            let code = context.text(ofField: "code")
            performed.append((name, code))
            return code == "SAVE10" ? .dismiss : .keep
        }
    }

    /// A field and a button naming the handler's action.
    final class CouponView: ViewLoaderComponent {
        let id = "com.example.coupon.view"

        func build(data: RequestData) throws(ComponentFailure) -> ContentNode {
            ContentNode(
                .vstack(
                    spacing: 8, alignment: .fill,
                    children: [
                        ContentNode(.textField(id: "code", placeholder: "Code", secure: false)),
                        ContentNode(.button("Redeem", style: .default, action: "redeem")),
                    ]))
        }
    }

    /// A custom show animation: two keyframes, and its completion called when the test says so.
    final class BounceController: ControllerLoaderComponent {
        let id = "com.example.coupon.bounce"
        var done: Completion<Void>?
        var hasShowAnimation: Bool { true }

        func animate(showing: Bool, context: AnimationContext, done: Completion<Void>) -> Bool {
            guard showing else { return false }
            var up = context.from
            up.alpha = 1
            context.animate(delay: 0, duration: 0.1, curve: .easeOut, to: up)
            context.animate(delay: 0.1, duration: 0.2, curve: .spring, to: up)
            self.done = done
            return true
        }
    }

    struct Setup {
        let traced: TracedChef
        let handler = CouponHandler()
        let controller = BounceController()

        init() {
            let catalog = ComponentCatalog()
            let handler = handler, controller = controller
            catalog.register(handler: handler.id) { handler }
            catalog.register(viewLoader: "com.example.coupon.view") { CouponView() }
            catalog.register(controllerLoader: controller.id) { controller }
            traced = TracedChef(catalog: catalog)
        }

        var chef: Chef { traced.chef }

        func show() -> RequestID {
            chef.show(PopupRequest(handler: handler.id, viewLoader: "com.example.coupon.view", controllerLoader: controller.id))
        }
    }

    @Test("a Swift handler answers should_present later, from another thread; its action reads the typed field")
    func lifecycle() async throws {
        let t = Setup()
        let id = t.show()
        #expect(t.chef.state(of: id) == .idle)
        let answer = try #require(t.handler.pending)
        await Task.detached { answer(true) }.value
        t.chef.advance(by: .zero)
        #expect(t.chef.state(of: id) == .presenting)
        t.controller.done?.callAsFunction()
        t.chef.runUntilIdle()
        // The transition ends at the later of the completion and the last keyframe (0.3 s).
        #expect(t.traced.time(of: "did-present", id) == 300)
        #expect(t.chef.setText("NOPE", field: "code", on: id))
        #expect(t.chef.tap(action: "redeem", on: id))
        #expect(t.chef.state(of: id) == .shown)
        #expect(t.chef.setText("SAVE10", field: "code", on: id))
        #expect(t.chef.tap(action: "redeem", on: id))
        t.chef.runUntilIdle()
        #expect(t.chef.finalEvent(of: id) == .dismissed(.action))
        #expect(t.handler.performed.map(\.code) == ["NOPE", "SAVE10"])
        #expect(t.handler.calls == ["will-present", "did-present", "finished dismissed(action)", "destroy"])
        #expect(t.traced.events(of: id).contains("should-present"))
    }

    @Test("a completion called twice is reported once as misbehaviour; called after the final event, ignored")
    func completionMisuse() throws {
        let t = Setup()
        let id = t.show()
        let answer = try #require(t.handler.pending)
        answer(true)
        answer(false)
        t.chef.advance(by: .zero)
        #expect(t.chef.state(of: id) == .presenting)
        let misbehaviour = t.traced.recorder.events.filter { $0.kind == .misbehaviour }.compactMap(\.detail)
        #expect(misbehaviour == ["should_present's answer called again after it fired; ignored"])
        let done = try #require(t.controller.done)
        t.chef.dismiss(id)
        t.chef.runUntilIdle()
        #expect(t.chef.finalEvent(of: id) == .dismissed(.requested))
        done()  // after the final event: nothing happens
        t.chef.runUntilIdle()
        #expect(t.chef.liveCount == 0)
    }

    @Test("a button naming an undeclared action fails the request before it shows, naming the action")
    func undeclaredAction() {
        let catalog = ComponentCatalog()
        catalog.register(viewLoader: "com.example.coupon.view") { CouponView() }
        let t = TracedChef(catalog: catalog)
        let id = t.chef.show(PopupRequest(viewLoader: "com.example.coupon.view"))
        #expect(t.chef.finalEvent(of: id) == .cancelled(.pluginError))
        let detail = t.recorder.events.first { $0.kind == .misbehaviour }?.detail ?? ""
        #expect(detail.contains("\"redeem\", which handler builtin does not declare"))
    }

    @Test("the catalog: unknown ids and kind mismatches are failures with a category; Swift components are listed")
    func catalog() {
        let catalog = ComponentCatalog()
        catalog.register(viewLoader: "com.example.coupon.view") { CouponView() }
        #expect(catalog.componentIDs(of: .viewLoader) == ["com.example.coupon.view"])
        #expect(catalog.kind(of: "pop.theme") == .controllerLoader)
        #expect(
            throws: ComponentFailure(
                .unknownComponent, "no handler with id \"com.example.nothing\" in the loaded plugins; there are no handlers")
        ) {
            try catalog.makeHandler("com.example.nothing", context: .detached())
        }
        #expect(throws: ComponentFailure(.wrongKind, "\"com.example.coupon.view\" is a view-loader, not a handler")) {
            try catalog.makeHandler("com.example.coupon.view", context: .detached())
        }
    }

    @Test("a Swift component whose id is not the one it was registered under fails the request, naming both ids")
    func registeredUnderAnotherID() {
        let catalog = ComponentCatalog()
        catalog.register(viewLoader: "com.example.coupon") { CouponView() }
        #expect(
            throws: ComponentFailure(
                .contractBroken,
                "the Swift view-loader registered as \"com.example.coupon\" says its id is \"com.example.coupon.view\";"
                    + " register it under its own id")
        ) {
            try catalog.makeViewLoader("com.example.coupon", context: .detached())
        }
        let t = TracedChef(catalog: catalog)
        let id = t.chef.show(PopupRequest(viewLoader: "com.example.coupon"))
        #expect(t.chef.finalEvent(of: id) == .cancelled(.pluginError))
    }
}
