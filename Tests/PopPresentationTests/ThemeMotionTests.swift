import Foundation
import Testing
import PopTestSupport
@testable import PopModel
@testable import PopPresentation

/// Every presentation and dismiss style of the themes, through the `pop.theme` controller loader.
@Suite struct ThemeMotionTests {
    static let half = 844.0 / 2, halfWidth = 390.0 / 2

    @Test("each presentation style starts where CSPopKit / QMUI start it and ends at the laid-out frame", arguments: [
        ("none", 0.0, 0.0, 0.0, 1.0, 1.0),
        ("fade-in", 0, 0, 0, 1, 0),
        ("slide-from-top", 0, -half, 0, 1, 1),
        ("slide-from-top-angle-bounce", 0, -half, Double.pi / 20, 1, 1),
        ("slide-from-bottom", 0, half, 0, 1, 1),
        ("slide-from-left", -halfWidth, 0, 0, 1, 1),
        ("slide-from-right", halfWidth, 0, 0, 1, 1),
        ("popup", 0, 0, 0, 0, 0),
    ])
    func entrance(style: String, dx: Double, dy: Double, rotation: Double, scale: Double, alpha: Double) throws {
        let t = try TestStage()
        let id = t.alert(["show": .string(style), "show_duration": 0.3])
        let start = try #require(t.engine.visualState(of: id))
        t.chef.runUntilIdle()
        let shown = try #require(t.engine.visualState(of: id))
        #expect(t.chef.state(of: id) == .shown)
        #expect(shown.alpha == 1 && shown.scale == 1 && shown.rotation == 0 && abs(shown.dimAlpha - 0x59 / 255.0) < 1e-9)
        if style == "none" {
            #expect(start == shown)
            #expect(t.traced.time(of: "did-present", id) == 0)
            return
        }
        #expect(start.frame.x == shown.frame.x + dx && start.frame.y == shown.frame.y + dy)
        #expect(start.rotation == rotation && start.scale == scale && start.alpha == alpha && start.dimAlpha == 0)
        #expect(t.traced.time(of: "did-present", id) == 300)
    }

    @Test("slide-ins spring past their target (damping 0.6) and settle on it")
    func springOvershoot() throws {
        let t = try TestStage()
        let id = t.alert(["show": "slide-from-top", "show_duration": 0.5])
        t.chef.runUntilIdle()
        let target = try #require(t.engine.visualState(of: id)).frame.y
        let t2 = try TestStage()
        let id2 = t2.alert(["show": "slide-from-top", "show_duration": 0.5])
        var overshoot = false
        for _ in 0..<30 {
            t2.advance(16)
            if let y = t2.engine.visualState(of: id2)?.frame.y, y > target + 1 { overshoot = true }
        }
        #expect(overshoot)
    }

    @Test("each dismiss style ends where CSPopKit / QMUI take it", arguments: [
        ("fade-out", 0.0, 0.0, 0.0, 1.0, 0.0),
        ("slide-to-top", 0, -half, 0, 1, 1),
        ("slide-to-bottom", 0, half, 0, 1, 1),
        ("slide-to-bottom-angle", 0, half, Double.pi / 20, 1, 1),
        ("slide-to-left", -halfWidth, 0, 0, 1, 1),
        ("slide-to-right", halfWidth, 0, 0, 1, 1),
        ("popup", 0, 0, 0, 0.01, 0),
    ])
    func exit(style: String, dx: Double, dy: Double, rotation: Double, scale: Double, alpha: Double) throws {
        let t = try TestStage()
        let id = t.alert(["hide": .string(style), "hide_duration": 0.3])
        t.chef.runUntilIdle()
        let shown = try #require(t.engine.visualState(of: id))
        t.chef.dismiss(id)
        t.advance(299)
        let last = try #require(t.engine.visualState(of: id))
        let end = try #require(t.engine.popups[id]?.motion?.value(at: t.chef.now + .milliseconds(1)))
        #expect(abs(end.frame.x - (shown.frame.x + dx)) < 1e-9 && abs(end.frame.y - (shown.frame.y + dy)) < 1e-9)
        #expect(end.rotation == rotation && end.scale == scale && end.alpha == alpha && end.dimAlpha == 0)
        #expect(last.dimAlpha < 0.01)
        t.advance(1)
        #expect(t.chef.finalEvent(of: id) == .dismissed(.requested))
    }

    @Test("to point and scale: the centre reaches the dismiss point as the popup shrinks to 0.01")
    func toPoint() throws {
        let t = try TestStage()
        let id = t.alert(["hide": "to-point-scale", "dismiss_point": ["x": 350, "y": 60]])
        t.chef.runUntilIdle()
        t.chef.dismiss(id)
        let end = try #require(t.engine.popups[id]?.motion?.value(at: t.chef.now + .seconds(1)))
        #expect(end.frame.center == Point(x: 350, y: 60) && end.scale == 0.01)
    }

    @Test("hide none ends at once; a dismissal mid-entrance starts from the presented value")
    func interruption() throws {
        let t = try TestStage()
        let id = t.alert(["show": "slide-from-bottom", "hide": "fade-out", "show_duration": 0.4])
        t.advance(100)
        let before = try #require(t.engine.visualState(of: id))
        t.chef.dismiss(id)
        #expect(t.engine.visualState(of: id) == before)
        t.advance(10)
        let after = try #require(t.engine.visualState(of: id))
        #expect(after.frame == before.frame && after.alpha < before.alpha)
        let none = t.alert(["hide": "none"])
        t.chef.runUntilIdle()
        t.chef.dismiss(none)
        #expect(t.chef.finalEvent(of: none) == .dismissed(.requested))
    }

    @Test("the named themes: CSPopKit default and guide, QMUI's three, banners")
    func namedThemes() {
        #expect(Presentation.cspopDefault.widthMode == .fixed && Presentation.cspopDefault.width == 300)
        #expect(Presentation.cspopDefault.dimColor & 0xFF == 0xB3 && Presentation.cspopDefault.cornerRadius == 16)
        #expect(Presentation.cspopGuide.showDuration == 0.8 && Presentation.cspopGuide.hideDuration == 0.45)
        #expect(Presentation.cspopGuide.showAnimation == .slideFromTop && Presentation.cspopGuide.hideAnimation == .slideToBottom)
        for theme in [Presentation.qmuiFade, .qmuiPopup, .qmuiSlide] { #expect(theme.showDuration == 0.25 && theme.hideDuration == 0.25) }
        #expect(Presentation.qmuiPopup.showAnimation == .popup && Presentation.qmuiSlide.showAnimation == .slideFromBottom)
        let built = Presentation.cspopDefault.cornerRadius(12).maximumWidth(280).show(.slideFromTopAngleBounce)
        #expect(built.cornerRadius == 12 && built.widthMode == .maximum && built.width == 280 && built.hideAnimation == .fadeOut)
    }

    @Test("a malformed theme fails the request naming the key")
    func badTheme() throws {
        let t = try TestStage()
        let id = t.alert(["show": "wobble"])
        t.chef.runUntilIdle()
        #expect(t.chef.finalEvent(of: id) == .cancelled(.pluginError))
        let detail = t.traced.recorder.events.first { $0.kind.rawValue == "misbehaviour" || $0.kind.rawValue == "plugin-error" }?.detail ?? ""
        #expect(detail.contains("theme.show"), "\(t.traced.recorder.jsonLines)")
    }
}
