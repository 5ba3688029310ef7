import Foundation
import PopRuntimeTestSupport
import Testing

@testable import PopModel
@testable import PopPresentation

/// Every presentation and dismiss style of the themes, through the `pop.theme` controller loader, on
/// the default 390 × 844 phone. Each expected number is the anchor's own formula:
/// - CSPopKit: CSPopKit/Classes/CSPopController/CSPopAnimation.m (dormitory219/CSPopKit);
/// - QMUI: QMUIKit/QMUIComponents/QMUIModalPresentationViewController.m (Tencent/QMUI_iOS).
@Suite struct ThemeMotionTests {
    static let H = 844.0, W = 390.0
    /// CSPopAnimation.m: `M_PI_4 / 5.0`.
    static let angle = Double.pi / 4 / 5
    /// The alert theme's dimming, black at 0x59.
    static let dim = 0x59 / 255.0
    /// CSPopAnimation.m's slide-in: `usingSpringWithDamping:0.6`, over the presentation duration.
    static func spring(_ seconds: Double) -> TimingCurve { .spring(damping: 0.6, response: seconds) }

    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    /// The state a popup shows at `milliseconds` into a motion from `from` to `to` along `curve`
    /// over `duration` ms: what the anchor's animation presents then.
    func expected(_ from: VisualState, _ to: VisualState, _ curve: TimingCurve, at milliseconds: Double, of duration: Double) -> VisualState
    {
        from.interpolated(to: to, progress: curve.progress(at: milliseconds / duration))
    }

    func same(_ a: VisualState, _ b: VisualState) -> Bool {
        [
            (a.frame.x, b.frame.x), (a.frame.y, b.frame.y), (a.frame.width, b.frame.width), (a.frame.height, b.frame.height),
            (a.alpha, b.alpha), (a.scale, b.scale), (a.rotation, b.rotation), (a.dimAlpha, b.dimAlpha),
        ].allSatisfy { abs($0 - $1) < 1e-9 }
    }

    /// A shown alert's resting state, from a copy of the popup run to rest.
    func resting(_ theme: Value) throws -> VisualState {
        let t = try TestStage()
        let id = t.alert(theme)
        t.chef.runUntilIdle()
        return try #require(t.engine.visualState(of: id))
    }

    // CSPopAnimation.m animationWithPop:YES — fade: maskView.alpha = content.alpha = 0, then both to 1
    // with animateWithDuration: (ease in-out). Slides: the same alphas, and content.transform =
    // translation (0, ∓H/2) or (∓W/2, 0) to identity with usingSpringWithDamping:0.6. Angle bounce:
    // CGAffineTransformTranslate(CGAffineTransformMakeRotation(π/20), 0, −H/2): the centre is off by
    // R(π/20)·(0, −H/2) = (H/2·sin(π/20), −H/2·cos(π/20)), turned by π/20.
    @Test(
        "CSPopKit's entrances: from alpha 0 and an undimmed mask, half a screen away (the angle bounce in its turned frame), spring or ease in-out",
        arguments: [
            ("fade-in", 0.0, 0.0, 0.0),
            ("slide-from-top", 0, -H / 2, 0),
            ("slide-from-top-angle-bounce", H / 2 * sin(angle), -H / 2 * cos(angle), angle),
            ("slide-from-bottom", 0, H / 2, 0),
            ("slide-from-left", -W / 2, 0, 0),
            ("slide-from-right", W / 2, 0, 0),
        ])
    func cspopEntrance(style: String, dx: Double, dy: Double, rotation: Double) throws {
        let theme: Value = ["show": .string(style), "show_duration": 0.3]
        let shown = try resting(theme)
        let t = try TestStage()
        let id = t.alert(theme)
        let start = try #require(t.engine.visualState(of: id))
        #expect(close(start.frame.center.x, shown.frame.center.x + dx) && close(start.frame.center.y, shown.frame.center.y + dy))
        #expect(close(start.rotation, rotation) && start.scale == 1 && start.alpha == 0 && start.dimAlpha == 0)
        let curve = style == "fade-in" ? TimingCurve.easeInOut : Self.spring(0.3)
        t.advance(90)
        #expect(same(try #require(t.engine.visualState(of: id)), expected(start, shown, curve, at: 90, of: 300)))
        t.advance(210)
        let end = try #require(t.engine.visualState(of: id))
        #expect(end == shown && end.alpha == 1 && end.rotation == 0 && close(end.dimAlpha, Self.dim))
        #expect(t.traced.time(of: "did-present", id) == 300)
    }

    // QMUIModalPresentationViewController.m showingAnimationWithCompletion:, all with
    // QMUIViewAnimationOptionsCurveOut: fade .2 s (dimming and content alpha 0 → 1); popup .3 s
    // (dimming 0 → 1, transform CGAffineTransformMakeScale(0, 0) → (1, 1); the content's alpha is
    // left alone); slide .3 s (transform CGAffineTransformMakeTranslation(0, H − minY(contentFrame))
    // → identity: the content's top on the screen's bottom).
    @Test(
        "QMUI's entrances: fade 0.2 s, popup from scale 0 and slide from just below the screen 0.3 s, on QMUI's curve",
        arguments: [
            "qmui-fade", "qmui-popup", "qmui-slide",
        ])
    func qmuiEntrance(base: String) throws {
        let theme: Value = ["base": .string(base)]
        let shown = try resting(theme)
        let t = try TestStage()
        let id = t.alert(theme)
        let start = try #require(t.engine.visualState(of: id))
        var from = shown
        from.dimAlpha = 0
        switch base {
        case "qmui-fade": from.alpha = 0
        case "qmui-popup": from.scale = 0
        default: from.frame.y = shown.frame.y + (Self.H - shown.frame.y)
        }
        #expect(same(start, from))
        let duration = base == "qmui-fade" ? 200.0 : 300.0
        t.advance(Int64(duration * 0.4))
        #expect(same(try #require(t.engine.visualState(of: id)), expected(from, shown, .keyboard, at: duration * 0.4, of: duration)))
        t.chef.runUntilIdle()
        #expect(t.traced.time(of: "did-present", id) == duration)
        #expect(try #require(t.engine.visualState(of: id)) == shown)
    }

    @Test("none: in place at once, no time spent")
    func noneEntrance() throws {
        let t = try TestStage()
        let id = t.alert(["show": "none"])
        #expect(t.chef.state(of: id) == .shown && t.traced.time(of: "did-present", id) == 0)
        #expect(try #require(t.engine.visualState(of: id)).alpha == 1)
    }

    @Test("a spring overshoots position, never opacity: the content never passes alpha 1 nor the dimming its colour")
    func springOvershoot() throws {
        let shown = try resting(["show": "slide-from-top", "show_duration": 0.5, "dim_color": "#000000B3"])
        let t = try TestStage()
        let id = t.alert(["show": "slide-from-top", "show_duration": 0.5, "dim_color": "#000000B3"])
        var overshoot = false
        for _ in 0..<32 {
            t.advance(16)
            let state = try #require(t.engine.visualState(of: id))
            if state.frame.y > shown.frame.y + 1 { overshoot = true }
            #expect(state.alpha <= 1 && state.dimAlpha <= 0xB3 / 255.0 + 1e-12)
            let frame = t.stage.frame()
            #expect(try #require(frame.node("popup.\(id).dimming")).opacity <= 0xB3 / 255.0 + 1e-12)
            #expect(try #require(frame.node("popup.\(id)")).opacity <= 1)
        }
        #expect(overshoot)
    }

    // CSPopAnimation.m animationWithPop:NO: animateWithDuration: (UIView's default curve, ease
    // in-out) sets maskView.alpha = content.alpha = 0 and content.transform = a translation of ±H/2
    // or ±W/2; the angled exit is CGAffineTransformTranslate(CGAffineTransformMakeRotation(−π/20), 0,
    // H/2): the centre is off by R(−π/20)·(0, H/2) = (H/2·sin(π/20), H/2·cos(π/20)), turned by −π/20.
    @Test(
        "CSPopKit's exits: to alpha 0 and an undimmed mask, half a screen away (the angled one turned the other way), ease in-out",
        arguments: [
            ("fade-out", 0.0, 0.0, 0.0),
            ("slide-to-top", 0, -H / 2, 0),
            ("slide-to-bottom", 0, H / 2, 0),
            ("slide-to-bottom-angle", H / 2 * sin(angle), H / 2 * cos(angle), -angle),
            ("slide-to-left", -W / 2, 0, 0),
            ("slide-to-right", W / 2, 0, 0),
        ])
    func cspopExit(style: String, dx: Double, dy: Double, rotation: Double) throws {
        let t = try TestStage()
        let id = t.alert(["hide": .string(style), "hide_duration": 0.3])
        t.chef.runUntilIdle()
        let shown = try #require(t.engine.visualState(of: id))
        t.chef.dismiss(id)
        let end = try #require(t.engine.popups[id]?.motion?.value(at: t.chef.now + .milliseconds(300)))
        #expect(close(end.frame.center.x, shown.frame.center.x + dx) && close(end.frame.center.y, shown.frame.center.y + dy))
        #expect(close(end.rotation, rotation) && end.scale == 1 && end.alpha == 0 && end.dimAlpha == 0)
        t.advance(120)
        #expect(same(try #require(t.engine.visualState(of: id)), expected(shown, end, .easeInOut, at: 120, of: 300)))
        t.advance(179)
        #expect(t.chef.finalEvent(of: id) == nil)
        t.advance(1)
        #expect(t.chef.finalEvent(of: id) == .dismissed(.requested))
    }

    // CSPopAnimation.m: CGAffineTransformScale(CGAffineTransformMakeTranslation(point − center), 0.01,
    // 0.01) with content.alpha = 0, ease in-out.
    @Test("to point and scale: the centre reaches the dismiss point as the popup shrinks to 0.01 and fades out")
    func toPoint() throws {
        let t = try TestStage()
        let id = t.alert(["hide": "to-point-scale", "dismiss_point": ["x": 350, "y": 60]])
        t.chef.runUntilIdle()
        let shown = try #require(t.engine.visualState(of: id))
        t.chef.dismiss(id)
        let end = try #require(t.engine.popups[id]?.motion?.value(at: t.chef.now + .seconds(1)))
        #expect(end.frame.center == Point(x: 350, y: 60) && end.scale == 0.01 && end.alpha == 0 && end.dimAlpha == 0)
        #expect(end.frame.size == shown.frame.size)
    }

    // QMUIModalPresentationViewController.m hidingAnimationWithCompletion:, QMUIViewAnimationOptionsCurveOut:
    // fade .2 s to alpha 0; popup .3 s to CGAffineTransformMakeScale(0.0, 0.0); slide .3 s back to
    // CGAffineTransformMakeTranslation(0, H − minY(contentFrame)); the dimming to 0 in each.
    @Test(
        "QMUI's exits: fade 0.2 s, popup to scale 0 and slide to just below the screen 0.3 s, on QMUI's curve",
        arguments: [
            "qmui-fade", "qmui-popup", "qmui-slide",
        ])
    func qmuiExit(base: String) throws {
        let t = try TestStage()
        let id = t.alert(["base": .string(base)])
        t.chef.runUntilIdle()
        let shown = try #require(t.engine.visualState(of: id))
        var to = shown
        to.dimAlpha = 0
        switch base {
        case "qmui-fade": to.alpha = 0
        case "qmui-popup": to.scale = 0
        default: to.frame.y = Self.H
        }
        t.chef.dismiss(id)
        let duration = base == "qmui-fade" ? 200.0 : 300.0
        #expect(same(try #require(t.engine.popups[id]?.motion?.value(at: t.chef.now + .milliseconds(Int64(duration)))), to))
        t.advance(Int64(duration / 2))
        #expect(same(try #require(t.engine.visualState(of: id)), expected(shown, to, .keyboard, at: duration / 2, of: duration)))
        t.chef.runUntilIdle()
        #expect(t.traced.time(of: "dismissed", id).map { $0 - (t.traced.time(of: "will-dismiss", id) ?? 0) } == duration)
    }

    // UIKit's begin-from-current-state (and SwiftEntryKit's .beginFromCurrentState): an animation
    // that interrupts another starts from the presentation layer's value and runs its own duration.
    @Test("a dismissal early in a 0.3 s spring leaves from where the popup is and takes its whole 0.3 s")
    func dismissalInterruptsEntrance() throws {
        let t = try TestStage()
        let id = t.alert(["show": "slide-from-top", "hide": "slide-to-bottom", "show_duration": 0.3, "hide_duration": 0.3])
        t.advance(30)
        let before = try #require(t.engine.visualState(of: id))
        t.chef.dismiss(id)
        #expect(t.engine.visualState(of: id) == before)
        let shown = try resting(["show": "slide-from-top"])
        var target = shown
        target.frame.y += Self.H / 2
        target.alpha = 0
        target.dimAlpha = 0
        t.advance(150)
        #expect(same(try #require(t.engine.visualState(of: id)), expected(before, target, .easeInOut, at: 150, of: 300)))
        t.advance(149)
        #expect(t.chef.finalEvent(of: id) == nil)
        t.advance(1)
        #expect(t.chef.finalEvent(of: id) == .dismissed(.requested))
    }

    @Test("a re-show mid-dismissal comes back from where the popup is over the whole show duration")
    func reshowInterruptsDismissal() throws {
        let t = try TestStage()
        let id = t.alert(["show": "fade-in", "hide": "fade-out", "show_duration": 0.4, "hide_duration": 0.2])
        t.chef.runUntilIdle()
        let shown = try #require(t.engine.visualState(of: id))
        t.chef.dismiss(id)
        t.advance(50)
        let before = try #require(t.engine.visualState(of: id))
        #expect(t.chef.reshow(id))
        t.advance(200)
        #expect(same(try #require(t.engine.visualState(of: id)), expected(before, shown, .easeInOut, at: 200, of: 400)))
        t.advance(199)
        #expect(t.chef.state(of: id) == .presenting)
        t.advance(1)
        #expect(t.chef.state(of: id) == .shown)
    }

    @Test("hide none ends at once")
    func noneExit() throws {
        let t = try TestStage()
        let none = t.alert(["hide": "none"])
        t.chef.runUntilIdle()
        t.chef.dismiss(none)
        #expect(t.chef.finalEvent(of: none) == .dismissed(.requested))
    }

    @Test("a theme's own curves replace its styles' (show_curve, hide_curve)")
    func themeCurves() throws {
        let theme: Value = ["show": "slide-from-top", "show_curve": "linear", "hide_curve": "ease-in", "show_duration": 0.3]
        let shown = try resting(theme)
        let t = try TestStage()
        let id = t.alert(theme)
        let start = try #require(t.engine.visualState(of: id))
        t.advance(100)
        #expect(same(try #require(t.engine.visualState(of: id)), expected(start, shown, .linear, at: 100, of: 300)))
        t.chef.runUntilIdle()
        t.chef.dismiss(id)
        let end = try #require(t.engine.popups[id]?.motion?.value(at: t.chef.now + .seconds(1)))
        t.advance(125)
        #expect(same(try #require(t.engine.visualState(of: id)), expected(shown, end, .easeIn, at: 125, of: 250)))
    }

    // CSPopTheme.m (defaultTheme, defaultGuideTheme); QMUIModalPresentationViewController.m (modal
    // NO by default; .2 s fade, .3 s popup and slide); EKAttributes+Animation.swift (`translation`:
    // 0.3 s).
    @Test("the named themes: CSPopKit default and guide, QMUI's three, banners")
    func namedThemes() {
        #expect(Presentation.cspopDefault.widthMode == .fixed && Presentation.cspopDefault.width == 300)
        #expect(Presentation.cspopDefault.dimColor & 0xFF == 0xB3 && Presentation.cspopDefault.cornerRadius == 16)
        #expect(Presentation.cspopGuide.showDuration == 0.8 && Presentation.cspopGuide.hideDuration == 0.45)
        #expect(Presentation.cspopGuide.showAnimation == .slideFromTop && Presentation.cspopGuide.hideAnimation == .slideToBottom)
        #expect(Presentation.qmuiFade.showDuration == 0.2 && Presentation.qmuiFade.hideDuration == 0.2)
        #expect(Presentation.qmuiFade.showCurve == .keyboard && Presentation.qmuiFade.hideCurve == .keyboard)
        for theme in [Presentation.qmuiPopup, .qmuiSlide] { #expect(theme.showDuration == 0.3 && theme.hideDuration == 0.3) }
        for theme in [Presentation.qmuiFade, .qmuiPopup, .qmuiSlide] { #expect(!theme.modal && theme.dismissOnBackgroundTap) }
        #expect(Presentation.qmuiPopup.showAnimation == .popup && Presentation.qmuiSlide.showAnimation == .slideUp)
        #expect(Presentation.qmuiSlide.hideAnimation == .slideDown)
        #expect(Presentation.topBanner.hideDuration == 0.3 && Presentation.topBanner.showDuration == 0.3)
        let built = Presentation.cspopDefault.cornerRadius(12).maximumWidth(280).show(.slideFromTopAngleBounce)
        #expect(built.cornerRadius == 12 && built.widthMode == .maximum && built.width == 280 && built.hideAnimation == .fadeOut)
    }

    @Test("a malformed theme fails the request naming the key")
    func badTheme() throws {
        let t = try TestStage()
        let id = t.alert(["show": "wobble"])
        t.chef.runUntilIdle()
        #expect(t.chef.finalEvent(of: id) == .cancelled(.pluginError))
        let detail =
            t.traced.recorder.events.first { $0.kind.rawValue == "misbehaviour" || $0.kind.rawValue == "plugin-error" }?.detail ?? ""
        #expect(detail.contains("theme.show"), "\(t.traced.recorder.jsonLines)")
    }
}
