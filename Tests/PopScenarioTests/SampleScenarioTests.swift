import Foundation
import PopRuntimeTestSupport
import Testing

@testable import PopBridge
@testable import PopChef
@testable import PopModel
@testable import PopPresentation

/// The sample plugins, composed by the chef, asserted on the trace.
@Suite struct SampleScenarioTests {
    static let c = "com.pophost.samples.c", swift = "com.pophost.samples.swift"

    /// A chef on a stage over this test's own copies of the samples.
    func chef() -> TestStage { try! TestStage() }

    func payment(_ t: TestStage, amount: Double = 12.5) -> RequestID {
        t.chef.show(
            PopupRequest(
                handler: "\(Self.c).payment-handler", viewLoader: "\(Self.c).payment-view",
                controllerLoader: "\(Self.c).pop-controller", data: ["amount": .double(amount), "order": "A-1"]))
    }

    @Test("the payment dialog: three action signatures, a wrong password keeps it, the right one dismisses it")
    func paymentActions() {
        let t = chef()
        let id = payment(t)
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: id) == .shown)
        #expect(t.chef.setText("12", field: "password", on: id))
        #expect(t.chef.tap(action: "confirm", on: id))  // bool(self:ptr, field.password:str, data.amount:f64)
        #expect(t.chef.tap(action: "forgot", on: id))  // i32(request:i64, data.order:str)
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: id) == .shown)
        t.chef.setText("123456", field: "password", on: id)
        t.chef.tap(action: "confirm", on: id)
        t.chef.runUntilIdle()
        #expect(t.chef.finalEvent(of: id) == .dismissed(.action))
        let actions = t.recorder.events.filter { $0.kind == .action }.compactMap(\.detail)
        #expect(actions == ["confirm → keep", "forgot → keep", "confirm → dismiss"])
        #expect(t.source.liveInstances == 0)
    }

    @Test("a void action always dismisses")
    func voidAction() {
        let t = chef()
        let id = payment(t)
        t.chef.runUntilIdle()
        t.chef.tap(action: "cancel", on: id)  // void(action:str)
        t.chef.runUntilIdle()
        #expect(t.chef.finalEvent(of: id) == .dismissed(.action))
    }

    @Test("the payment handler vetoes hide-all and background taps; the app's own dismissal goes through")
    func vetoedDismissal() {
        let t = chef()
        let id = payment(t)
        let plain = t.chef.show(PopupRequest(policy: .enqueue))  // built-in: agrees to hide-all
        t.chef.runUntilIdle()
        #expect(!t.chef.hideAllIfCan())
        #expect(t.chef.finalEvent(of: plain) == .cancelled(.hideAll))
        #expect(t.chef.state(of: id) == .shown)
        #expect(!t.chef.userDismiss(id, reason: .backgroundTap))
        #expect(t.events(id).filter { $0 == "dismiss-vetoed" }.count == 2)
        t.chef.dismiss(id)
        t.chef.runUntilIdle()
        #expect(t.chef.finalEvent(of: id) == .dismissed(.requested))
    }

    @Test("an asynchronous should_present (1.0 pop_answer_fn) answers 250 ms later on the virtual clock, through pop.timer/1")
    func asynchronousShouldPresent() {
        let t = chef()
        let yes = t.chef.show(
            PopupRequest(
                handler: "\(Self.swift).low-priority-handler", viewLoader: "\(Self.swift).promo-view",
                data: ["campaign": "spring", "eligible": true]))
        let no = t.chef.show(
            PopupRequest(
                handler: "\(Self.swift).low-priority-handler", viewLoader: "\(Self.swift).promo-view",
                data: ["campaign": "autumn", "eligible": false]))
        #expect(t.chef.state(of: yes) == .idle)
        t.chef.advance(by: .milliseconds(249))
        #expect(!t.events(yes).contains("answered"))
        t.chef.advance(by: .milliseconds(1))  // the promotion's eligibility check takes 0.25 s
        #expect(t.time(of: "answered", yes) == 250)
        #expect(t.chef.state(of: yes) == .presenting)
        #expect(t.chef.finalEvent(of: no) == .cancelled(.vetoed))
        #expect(t.chef.queued.isEmpty)
    }

    @Test(
        "ABI 1.1: the C promotion answers should_present_ex 250 ms later on the virtual clock, through pop.timer/1 and its pop_completion_t"
    )
    func asynchronousShouldPresentEx() {
        let t = chef()
        // The built-in view: the C sample's views name actions this handler does not declare.
        let yes = t.chef.show(PopupRequest(handler: "\(Self.c).promotion-handler", data: ["campaign": "spring", "title": "Spring sale"]))
        let again = t.chef.show(PopupRequest(handler: "\(Self.c).promotion-handler", data: ["campaign": "spring"]))
        let no = t.chef.show(PopupRequest(handler: "\(Self.c).promotion-handler", data: ["campaign": "autumn", "eligible": false]))
        #expect(t.chef.state(of: yes) == .idle)
        t.chef.advance(by: .milliseconds(249))
        #expect(!t.events(yes).contains("answered"))
        t.chef.advance(by: .milliseconds(1))
        #expect(t.time(of: "answered", yes) == 250)
        #expect(t.chef.state(of: yes) == .presenting)
        #expect(t.finals[again] == [.cancelled(.duplicate)])  // one per campaign: the dedupe key
        #expect(t.finals[no] == [.cancelled(.vetoed)])
        t.chef.runUntilIdle()
        t.chef.dismiss(yes)
        t.chef.runUntilIdle()
        #expect(t.finals[yes] == [.dismissed(.requested)])
        #expect(t.recorder.events.filter { $0.kind == .misbehaviour }.isEmpty)
        #expect(t.source.liveInstances == 0)
    }

    @Test("ABI 1.1: the C bottom controller's \"pop.layout/1\" pins the popup to the bottom, above the keyboard, in any orientation")
    func layoutExtension() throws {
        let t = chef()
        let id = t.chef.show(
            PopupRequest(
                handler: "\(Self.c).payment-handler", viewLoader: "\(Self.c).payment-view",
                controllerLoader: "\(Self.c).bottom-controller", data: ["amount": 3.5, "order": "B-2"]))
        t.chef.runUntilIdle()
        func frames() throws -> (card: Rect, container: Rect, standard: Rect) {
            let popup = try #require(t.chef.popups[id])
            let keyboard = t.engine.keyboardHeight(for: id)
            let container = AlertLayout.container(for: popup.presentation, in: t.engine.scene, keyboardHeight: keyboard)
            let standard = AlertLayout.frame(
                for: try #require(popup.content), presentation: popup.presentation, scene: t.engine.scene, container: container,
                traits: DisplayTraits())
            return (try #require(t.card(id)).rect, container, standard)
        }
        var (card, container, standard) = try frames()
        #expect(card.maxY == container.maxY && card.x == standard.x && card.size == standard.size)
        t.engine.focus(field: "password", on: id)  // the keyboard comes up: the card rides on it
        t.chef.runUntilIdle()
        (card, container, _) = try frames()
        #expect(card.maxY == container.maxY && card.maxY <= 844 - 336)
        t.engine.unfocus()
        t.engine.rotate(to: .landscape)
        t.chef.runUntilIdle()
        (card, container, standard) = try frames()
        #expect(card.maxY == container.maxY && card.x == standard.x && t.engine.scene.width == 844)
        #expect(t.recorder.events.filter { $0.kind == .misbehaviour }.isEmpty)
    }

    @Test("a high-priority payment preempts the promotion, which is requeued and comes back")
    func preemptionWithRequeue() {
        let t = chef()
        let promo = t.chef.show(
            PopupRequest(
                handler: "\(Self.swift).low-priority-handler", viewLoader: "\(Self.swift).promo-view",
                controllerLoader: "\(Self.swift).slide-controller", data: ["campaign": "spring"]))
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: promo) == .shown)
        let pay = payment(t)
        t.advance(2000)  // not runUntilIdle: the requeued promotion's 30 s time-to-live would run out
        #expect(t.chef.state(of: pay) == .shown)
        #expect(t.chef.queued.map(\.id) == [promo])
        t.chef.tap(action: "cancel", on: pay)
        t.advance(2000)
        #expect(t.chef.state(of: promo) == .shown)
        #expect(
            t.timeline(["did-present", "did-dismiss", "requeued", "dismissed"]) == [
                "did-present#\(promo)", "did-dismiss#\(promo)", "requeued#\(promo)", "did-present#\(pay)",
                "did-dismiss#\(pay)", "dismissed#\(pay)", "did-present#\(promo)",
            ])
        t.chef.dismissAll()
        t.chef.runUntilIdle()
        #expect(t.finals[promo] == [.dismissed(.requested)])
        #expect(t.source.liveInstances == 0)
    }

    @Test("a custom show animation: keyframes recorded, completion called by a pop.timer/1 timer when they end")
    func customAnimation() throws {
        let t = chef()
        let id = t.chef.show(
            PopupRequest(
                handler: "\(Self.c).high-priority-handler", viewLoader: "\(Self.c).test-view",
                controllerLoader: "\(Self.c).custom-animation-controller"))
        #expect(t.chef.state(of: id) == .presenting)
        let popup = try #require(t.chef.popups[id])
        guard case .keyframes(let track)? = t.engine.popups[id]?.motion else { Issue.record("no keyframes"); return }
        #expect(track.animations.count == 2)
        // The hook's final frame is the content laid out with QMUI's formula, not the whole container.
        let container = AlertLayout.container(for: popup.presentation, in: t.engine.scene, keyboardHeight: 0)
        let laidOut = AlertLayout.frame(
            for: try #require(popup.content), presentation: popup.presentation, scene: t.engine.scene, container: container,
            traits: DisplayTraits())
        #expect(track.animations[0].to.frame == laidOut)
        #expect(laidOut.width < container.width)
        t.chef.advance(by: .milliseconds(399))  // the plugin calls done when ctx->duration (0.4 s) has passed
        #expect(t.chef.state(of: id) == .presenting)
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: id) == .shown)
        #expect(t.time(of: "did-present", id) == 400)  // 0.24 s + 0.16 s of keyframes
        t.chef.dismiss(id)  // the hide hook calls done at once, its keyframe lasts 0.3 s
        t.chef.runUntilIdle()
        #expect(t.chef.finalEvent(of: id) == .dismissed(.requested))
        #expect(t.time(of: "dismissed", id) == 700)
    }

    @Test("a reformer maps the data for the view loader")
    func reformer() throws {
        let t = chef()
        let id = t.chef.show(
            PopupRequest(
                handler: "\(Self.swift).low-priority-handler", viewLoader: "\(Self.swift).promo-view",
                reformer: "\(Self.swift).promo-reformer", data: ["discount": 20, "campaign": "spring"]))
        t.chef.advance(by: .milliseconds(250))  // the promotion answers after its check
        let content = try #require(t.chef.popups[id]?.content)
        let texts = content.allNodes.compactMap { if case .text(let text, _, _, _, _, _) = $0.kind { text } else { nil } }
        #expect(texts.first == "20% off")
        #expect(t.chef.popups[id]?.viewData.value.lookup(path: "campaign") == "spring")
    }

    @Test("a banner uses its own layer and leaves after its display time")
    func bannerLayer() {
        let t = chef()
        let alert = t.chef.show(PopupRequest())
        let banner = t.chef.show(
            PopupRequest(
                viewLoader: "\(Self.swift).banner-view", controllerLoader: "\(Self.swift).banner-controller",
                data: ["title": "Saved"]))
        t.advance(400)
        #expect(t.chef.state(of: alert) == .shown)
        #expect(t.chef.state(of: banner) == .shown)
        t.advance(3000)
        #expect(t.chef.state(of: banner) == .dismissing)
        #expect(t.time(of: "will-dismiss", banner) == 3300)  // 0.3 s entrance + 3 s on screen
        t.advance(250)
        #expect(t.chef.finalEvent(of: banner) == .dismissed(.timeout))
        #expect(t.chef.state(of: alert) == .shown)
    }
}

extension ContentNode {
    /// This node and all below it, depth first.
    var allNodes: [ContentNode] { [self] + children.flatMap(\.allNodes) }
}

/// A chef that goes away with requests alive still ends each and destroys its components.
@Suite struct ChefShutdownTests {
    @Test("releasing a chef ends its live requests and destroys their instances")
    func shutdown() throws {
        let samples = try IsolatedSamples()
        let source = samples.source()
        let catalog = ComponentCatalog()
        catalog.add(source)
        var finals: [RequestID: FinalEvent] = [:]
        do {
            let chef = Chef(catalog: catalog)
            chef.onFinalEvent = { finals[$0] = $1 }
            chef.show(PopupRequest(handler: "com.pophost.samples.c.payment-handler", viewLoader: "com.pophost.samples.c.payment-view"))
            chef.show(
                PopupRequest(
                    handler: "com.pophost.samples.swift.low-priority-handler", viewLoader: "com.pophost.samples.swift.promo-view",
                    data: ["campaign": "spring"]))
            chef.advance(by: .seconds(1))
            #expect(source.liveInstances == 4)
        }
        #expect(finals == [1: .dismissed(.requested), 2: .cancelled(.requested)])
        #expect(source.liveInstances == 0)
    }
}
