import PopRuntimeTestSupport
import Testing

@testable import PopChef
@testable import PopModel
@testable import PopPresentation

/// Reduce Motion (the spec's rule, traits-accessibility.md §4): slides, scales and bounces become
/// fades in place, springs stop overshooting, a push or pop by the app cross-fades; the times of
/// every event stay.
@Suite struct ReducedMotionTests {
    /// What a CSPopKit guide alert (a spring slide in from the top, a slide out to the bottom) does:
    /// its card's rect and opacity every 20 ms of its entrance and of its exit, and its events.
    struct Run {
        var entrance: [(rect: Rect, opacity: Double)] = []
        var exit: [(rect: Rect, opacity: Double)] = []
        var resting: Rect?
        var events: [String] = []
    }

    func run(reduceMotion: Bool) throws -> Run {
        let t = try TestStage()
        t.engine.setDisplayTraits(DisplayTraits(reduceMotion: reduceMotion))
        let id = t.alert(["base": "cspop-guide"])
        var run = Run()
        while t.time(of: "did-present", id) == nil {
            if let card = t.card(id) { run.entrance.append((card.rect, card.opacity)) }
            t.advance(20)
        }
        run.resting = t.card(id)?.rect
        t.chef.dismiss(id, reason: .requested)
        while let card = t.card(id) {
            run.exit.append((card.rect, card.opacity))
            t.advance(20)
        }
        run.events = t.recorder.events.filter { $0.kind != .traits }.map { "\($0.kind.rawValue)#\($0.request)@\($0.time.milliseconds)" }
        return run
    }

    @Test("a spring slide in and a slide out become fades in place, at the same times")
    func slidesBecomeFades() throws {
        let reduced = try run(reduceMotion: true), full = try run(reduceMotion: false)
        #expect(reduced.events == full.events)
        let resting = try #require(reduced.resting)
        #expect(reduced.resting == full.resting)
        // In place: every frame of the entrance and the exit is the resting rect.
        #expect(reduced.entrance.count > 3 && reduced.entrance.allSatisfy { $0.rect == resting })
        #expect(reduced.exit.count > 3 && reduced.exit.allSatisfy { $0.rect == resting })
        // Without Reduce Motion the card moves.
        #expect(full.entrance.contains { $0.rect != resting } && full.exit.contains { $0.rect != resting })
        // Fading: up from 0 to 1 without overshoot, then down.
        let rising = reduced.entrance.map(\.opacity), falling = reduced.exit.map(\.opacity)
        #expect(rising.first == 0 && zip(rising, rising.dropFirst()).allSatisfy { $0 <= $1 } && rising.allSatisfy { $0 <= 1 })
        #expect(falling.first == 1 && zip(falling, falling.dropFirst()).allSatisfy { $0 >= $1 })
    }

    @Test("springs are critically damped over the same response; other curves stay")
    func springs() {
        #expect(ReducedMotion.curve(.spring(damping: 0.6, response: 0.35)) == .spring(damping: 1, response: 0.35))
        #expect(ReducedMotion.curve(.easeInOut) == .easeInOut)
        let damped = ReducedMotion.curve(.spring(damping: 0.6, response: 0.35))
        let values = (0...200).map { damped.progress(at: Double($0) / 200) }
        #expect(values.allSatisfy { $0 <= 1 } && zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(TimingCurve.spring(damping: 0.6, response: 0.35).progress(at: 0.5) > 1)  // the one it replaces overshoots
    }

    @Test("an instant style stays instant")
    func instant() {
        let shown = VisualState(frame: Rect(x: 10, y: 20, width: 100, height: 50), alpha: 1, scale: 1, rotation: 0, dimAlpha: 0.4)
        let entrance = ReducedMotion.entrance((shown, .linear), shown: shown)
        #expect(entrance.from == shown)
        let scaledUp = VisualState(frame: shown.frame, alpha: 1, scale: 0, rotation: 0, dimAlpha: 0)
        let popup = ReducedMotion.entrance((scaledUp, .keyboard), shown: shown)
        #expect(popup.from.scale == 1 && popup.from.alpha == 0 && popup.from.dimAlpha == 0 && popup.from.frame == shown.frame)
    }

    @Test("a push by the app cross-fades in place; an interactive pop still follows the finger")
    func pageCrossFade() {
        let chef = Chef(), stage = Stage(chef: chef)
        stage.engine.setDisplayTraits(DisplayTraits(reduceMotion: true))
        func page(_ kind: String) -> Page {
            chef.navigation.makePage(
                kind: kind, preferences: PagePreferences(title: kind.capitalized),
                content: ContentNode(.text(kind, size: 17, weight: .regular, color: 0x0000_00FF, alignment: .leading, maxLines: 1)))
        }
        stage.engine.pages.push(page("list"), animated: false)
        stage.engine.pages.push(page("detail"), animated: true)
        let start = chef.clock.now
        chef.advance(to: start + .seconds(PageTransitionBehaviour.duration.seconds / 2))
        let frame = stage.frame()
        let p = PageTransitionBehaviour.curve.progress(at: 0.5)
        #expect(frame.node("page.detail#2")?.rect.x == 0 && frame.node("page.list#1")?.rect.x == 0)
        #expect(frame.node("page.detail#2")?.opacity == p && frame.node("page.list#1")?.opacity == 1)
        #expect(frame.traits.reduceMotion)
        chef.runUntilIdle()
        // The finger still moves the page.
        stage.engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 400), translation: Point(x: 100, y: 0))
        #expect(stage.frame().node("page.detail#2").map { abs($0.rect.x - 100) < 1e-9 } == true)
    }
}
