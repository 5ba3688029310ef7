import Foundation
import PopRuntimeTestSupport
import PopTestSupport
import Testing

@testable import PopChef
@testable import PopModel
@testable import PopPresentation

/// Taps, drags, typing, the keyboard and rotation, through the stage.
@Suite struct StageInputTests {
    static let c = "com.pophost.samples.c"

    func payment(_ t: TestStage) -> RequestID {
        t.chef.show(
            PopupRequest(
                handler: "\(Self.c).payment-handler", viewLoader: "\(Self.c).payment-view",
                controllerLoader: "\(Self.c).pop-controller", data: ["amount": 42.5, "order": "A-1001"]))
    }

    func center(_ node: FrameNode?) -> Point { node!.bounds.center }

    @Test("a background tap: dismisses with reason background tap, or does nothing when modal, or when not enabled")
    func backgroundTap() throws {
        let t = try TestStage()
        let dismissable = t.alert(["dismiss_on_background_tap": true])
        t.chef.runUntilIdle()
        #expect(t.stage.tap(at: Point(x: 10, y: 10)) == .dismissed(dismissable))
        t.chef.runUntilIdle()
        #expect(t.chef.finalEvent(of: dismissable) == .dismissed(.backgroundTap))
        let modal = t.alert(["dismiss_on_background_tap": true, "modal": true])
        t.chef.runUntilIdle()
        #expect(t.stage.tap(at: Point(x: 10, y: 10)) == .absorbed(modal))
        let plain = t.alert(["mask": "none"])
        t.chef.dismiss(modal)
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: plain) == .shown)
        #expect(t.stage.tap(at: Point(x: 10, y: 200)) == .app)  // no mask: the app gets it
        #expect(t.stage.tap(at: center(t.card(plain))) == .absorbed(plain))
    }

    // CSPopController.m: the mask view keeps its UITapGestureRecognizer whatever the mask type, and
    // backgroundTapAction: dismisses when theme.shouldDismissOnBackgroundTouch: a clear mask too.
    @Test("a clear mask with background dismissal on dismisses on a tap; with it off the tap is absorbed")
    func clearMaskTap() throws {
        let t = try TestStage()
        let dismissable = t.alert(["mask": "clear", "dismiss_on_background_tap": true])
        t.chef.runUntilIdle()
        #expect(t.stage.tap(at: Point(x: 10, y: 10)) == .dismissed(dismissable))
        t.chef.runUntilIdle()
        #expect(t.chef.finalEvent(of: dismissable) == .dismissed(.backgroundTap))
        let absorbing = t.alert(["mask": "clear"])
        t.chef.runUntilIdle()
        #expect(t.stage.tap(at: Point(x: 10, y: 10)) == .absorbed(absorbing))
        #expect(t.chef.state(of: absorbing) == .shown)
    }

    // QMUIModalPresentationViewController.m: `modal` is NO unless set, and
    // handleDimmingViewTapGestureRecognizer: hides the modal then (hideWithAnimated:YES).
    @Test("QMUI's themes are not modal: a tap on the dimming hides them", arguments: ["qmui-fade", "qmui-popup", "qmui-slide"])
    func qmuiNonModal(base: String) throws {
        let t = try TestStage()
        let id = t.alert(["base": .string(base)])
        t.chef.runUntilIdle()
        #expect(t.stage.tap(at: Point(x: 10, y: 10)) == .dismissed(id))
        t.chef.runUntilIdle()
        #expect(t.chef.finalEvent(of: id) == .dismissed(.backgroundTap))
    }

    @Test("the payment handler vetoes a background tap")
    func vetoedBackgroundTap() throws {
        let t = try TestStage()
        let id = payment(t)
        t.chef.runUntilIdle()
        // The C pop-controller absorbs background taps (CSPopKit's default): nothing to veto.
        #expect(t.stage.tap(at: Point(x: 5, y: 5)) == .absorbed(id))
        #expect(t.chef.state(of: id) == .shown)
    }

    @Test("tapping the field raises the keyboard; the dialog re-centres above it, moves back when it goes down")
    func keyboard() throws {
        let t = try TestStage()
        let id = payment(t)
        t.chef.runUntilIdle()
        let centred = try #require(t.card(id)).rect
        let field = try #require(t.stage.frame().nodes.first { $0.role == .textField })
        #expect(t.stage.tap(at: center(field)) == .focus(id, "password"))
        t.advance(125)
        let midway = try #require(t.card(id)).rect
        #expect(midway.y < centred.y)
        t.chef.runUntilIdle()
        let above = try #require(t.card(id)).rect
        let container = AlertLayout.container(for: t.chef.popups[id]!.presentation, in: t.engine.scene, keyboardHeight: 336)
        #expect(above.y == t.engine.scene.flat((container.height - above.height) / 2) + 20)  // QMUI's CGFloatGetCenter
        #expect(above.maxY <= 844 - 336)
        let keyboardTop = try #require(t.stage.frame().node("keyboard")).rect.y
        #expect(keyboardTop == 508, "\(keyboardTop.bitPattern)")
        // The number pad, for a secure field: tap 1, 2, 3 and delete one.
        for key in ["1", "2", "3", "⌫"] {
            #expect(t.stage.tap(at: center(t.stage.frame().node("keyboard.key.\(key)"))) == .key(key))
        }
        #expect(t.chef.popups[id]?.fields["password"] == "12")
        #expect(t.stage.frame().nodes.first { $0.role == .textField }?.text?.lines == ["••"])
        t.engine.unfocus()
        t.chef.runUntilIdle()
        #expect(try #require(t.card(id)).rect == centred)
        #expect(t.stage.frame().node("keyboard") == nil)
    }

    @Test("the app's keyboard does not move a popup; focusing a field while it is up keeps it up and re-centres")
    func keyboardAlreadyUp() throws {
        let t = try TestStage()
        t.engine.setAppKeyboard(up: true)
        t.chef.runUntilIdle()
        let id = payment(t)
        t.chef.runUntilIdle()
        let centred = try #require(t.card(id)).rect
        #expect(
            centred.y
                == AlertLayout.frame(
                    for: t.chef.popups[id]!.content!, presentation: t.chef.popups[id]!.presentation, scene: t.engine.scene,
                    container: AlertLayout.container(for: t.chef.popups[id]!.presentation, in: t.engine.scene, keyboardHeight: 0),
                    traits: DisplayTraits()
                ).y)
        t.engine.focus(field: "password", on: id)
        #expect(t.engine.keyboard.visibleHeight(at: t.chef.now) == 336)  // no second slide
        t.chef.runUntilIdle()
        #expect(try #require(t.card(id)).rect.maxY <= 844 - 336)
        t.chef.dismiss(id)  // reset on hide: the keyboard goes with the popup
        t.chef.runUntilIdle()
        #expect(t.engine.keyboard.owner == nil)
    }

    @Test("rotation re-runs the layout at once, also mid-animation")
    func rotation() throws {
        let t = try TestStage()
        let id = t.alert(["show": "fade-in", "show_duration": 0.4])
        t.advance(200)
        t.engine.rotate(to: .landscape)
        t.chef.runUntilIdle()
        let card = try #require(t.card(id)).rect
        let expected = AlertLayout.frame(
            for: t.chef.popups[id]!.content!, presentation: t.chef.popups[id]!.presentation, scene: t.engine.scene,
            container: AlertLayout.container(for: t.chef.popups[id]!.presentation, in: t.engine.scene, keyboardHeight: 0),
            traits: DisplayTraits())
        #expect(card == expected && t.engine.scene.width == 844)
        #expect(t.traced.time(of: "did-present", id) == 400)
        t.engine.rotate(to: .portrait)
        #expect(try #require(t.card(id)).rect.x < card.x)
    }

    func banner(_ t: TestStage, _ theme: Value = [:]) -> RequestID {
        var object = Value.Object()
        object["base"] = "top-banner"
        if case .object(let extra) = theme { for member in extra { object[member.key] = member.value } }
        return t.chef.show(PopupRequest(controllerLoader: "pop.theme", data: ["title": "Banner", "theme": .object(object)]))
    }

    @Test("a banner stays its display time after its entrance, held while touched")
    func bannerTimer() throws {
        let t = try TestStage()
        let id = banner(t)
        t.advance(300)
        #expect(t.chef.state(of: id) == .shown)
        t.advance(1000)
        let edge = try #require(t.card(id)).rect
        let corner = Point(x: edge.x + 4, y: edge.y + 4)  // the banner's padding, not its button
        t.stage.pointerDown(at: corner)
        t.advance(5000)
        #expect(t.chef.state(of: id) == .shown)
        t.stage.pointerUp(at: corner)  // a tap on the banner: absorbed
        t.advance(999)
        #expect(t.chef.state(of: id) == .shown)
        t.advance(1)
        #expect(t.chef.state(of: id) == .dismissing)
        t.chef.runUntilIdle()
        #expect(t.chef.finalEvent(of: id) == .dismissed(.timeout))
    }

    // EKAttributes.swift: entranceAnimation = exitAnimation = .translation, which
    // EKAttributes+Animation.swift makes Animation(translate: .init(duration: 0.3)); EKContentView.swift
    // lays a top entry out of the screen with its bottom on the screen's top (OutTranslationAnchor
    // (.bottom, to: .top)) and animates with .curveEaseOut in, .curveEaseIn out (performAnimation).
    @Test(
        "a top banner comes and goes by SwiftEntryKit's translation: 0.3 s from and to just above the screen, alpha untouched",
        arguments: [
            "top-banner", "bottom-banner",
        ])
    func bannerTranslation(base: String) throws {
        let t = try TestStage()
        let id = t.chef.show(PopupRequest(controllerLoader: "pop.theme", data: ["title": "Banner", "theme": ["base": .string(base)]]))
        let start = try #require(t.engine.visualState(of: id))
        t.advance(150)
        let entering = try #require(t.engine.visualState(of: id))
        t.advance(150)
        let shown = try #require(t.engine.visualState(of: id))
        #expect(t.chef.state(of: id) == .shown)
        let offScreen = base == "top-banner" ? -shown.frame.height : 844
        #expect(start.frame.y == offScreen && start.frame.x == shown.frame.x && start.alpha == 1)
        #expect(abs(entering.frame.y - (offScreen + (shown.frame.y - offScreen) * TimingCurve.easeOut.progress(at: 0.5))) < 1e-9)
        t.advance(2000)  // its display time: it leaves (reason timeout)
        #expect(t.chef.state(of: id) == .dismissing)
        let end = try #require(t.engine.popups[id]?.motion?.value(at: t.chef.now + .milliseconds(300)))
        #expect(end.frame.y == offScreen && end.alpha == 1)
        t.advance(150)
        let leaving = try #require(t.engine.visualState(of: id))
        #expect(abs(leaving.frame.y - (shown.frame.y + (offScreen - shown.frame.y) * TimingCurve.easeIn.progress(at: 0.5))) < 1e-9)
        t.advance(149)
        #expect(t.chef.finalEvent(of: id) == nil)
        t.advance(1)
        #expect(t.chef.finalEvent(of: id) == .dismissed(.timeout))
    }

    @Test("a flick toward the edge swipes a banner away; a slow drag springs back; a drag away rubber-bands")
    func bannerSwipe() throws {
        let t = try TestStage()
        let id = banner(t, ["display_duration": 0])
        t.chef.runUntilIdle()
        let rest = try #require(t.card(id)).rect
        var p = center(t.card(id))
        t.stage.pointerDown(at: p)
        for _ in 0..<10 { p.y += 20; t.advance(16); t.stage.pointerMoved(to: p) }  // away from the edge: 200 pt
        let pulled = try #require(t.card(id)).rect.y - rest.y
        #expect(pulled > 0 && pulled < 100)
        for _ in 0..<10 { p.y -= 20; t.advance(100); t.stage.pointerMoved(to: p) }  // slowly back: 200 pt/s... toward edge
        for _ in 0..<3 { t.advance(100); t.stage.pointerMoved(to: p) }  // rests, so the release is slow
        t.stage.pointerUp(at: p)
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: id) == .shown && t.card(id)?.rect == rest)
        p = center(t.card(id))
        t.stage.pointerDown(at: p)
        for _ in 0..<5 { p.y -= 12; t.advance(16); t.stage.pointerMoved(to: p) }
        t.stage.pointerUp(at: p)
        t.chef.runUntilIdle()
        #expect(t.chef.finalEvent(of: id) == .dismissed(.swipe))
    }

    @Test("a dismissal during a drag neither crashes nor finishes twice (FloatingPanel #216)")
    func dismissDuringDrag() throws {
        let t = try TestStage()
        let id = banner(t, ["display_duration": 0])
        t.chef.runUntilIdle()
        var p = center(t.card(id))
        t.stage.pointerDown(at: p)
        p.y -= 30; t.advance(16); t.stage.pointerMoved(to: p)
        t.chef.dismiss(id)
        p.y -= 30; t.advance(16); t.stage.pointerMoved(to: p)
        t.chef.runUntilIdle()
        t.stage.pointerUp(at: p)
        t.chef.runUntilIdle()
        #expect(t.traced.finals[id] == [.dismissed(.requested)])
    }

    @Test("touches behind a banner: dismiss, absorb or forward", arguments: ["dismiss", "absorb", "forward"])
    func behindBanner(mode: String) throws {
        let t = try TestStage()
        let id = banner(t, ["behind": .string(mode), "display_duration": 0])
        t.chef.runUntilIdle()
        let outcome = t.stage.tap(at: Point(x: 200, y: 600))
        switch mode {
        case "dismiss": #expect(outcome == .dismissed(id))
        case "absorb": #expect(outcome == .absorbed(id))
        default: #expect(outcome == .app)
        }
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: id) == (mode == "dismiss" ? .dismissed : .shown))
    }

    @Test("a button tap invokes the handler's action with the typed field (target-action)")
    func buttonTap() throws {
        let t = try TestStage()
        let id = payment(t)
        t.chef.runUntilIdle()
        t.engine.focus(field: "password", on: id)
        t.stage.type("123456")
        let confirm = try #require(t.stage.frame().nodes.first { $0.action == "confirm" })
        #expect(t.stage.tap(at: center(confirm)) == .action(id, "confirm"))
        t.chef.runUntilIdle()
        #expect(t.chef.finalEvent(of: id) == .dismissed(.action))
        #expect(t.engine.keyboard.owner == nil)
    }

    @Test("the same calls at the same times give the same frames")
    func deterministic() throws {
        func run() throws -> [Frame] {
            let t = try TestStage()
            let id = t.alert(["show": "slide-from-top-angle-bounce", "hide": "to-point-scale"])
            var frames: [Frame] = []
            for step in 0..<40 {
                t.advance(16)
                if step == 20 { t.chef.dismiss(id) }
                frames.append(t.stage.frame())
            }
            return frames
        }
        #expect(try run() == run())
    }
}
