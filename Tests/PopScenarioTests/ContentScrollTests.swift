import Foundation
import PopRuntimeTestSupport
import PopTestSupport
import Testing

@testable import PopChef
@testable import PopModel
@testable import PopPresentation
@testable import PopRender
@testable import PopScenario

/// Content taller than its popup or page keeps its size and scrolls inside it (issue 29): the C sample's
/// payment dialog on a landscape phone with its keyboard up, and long lists.
@Suite struct ContentScrollTests {
    func play(_ json: String) throws -> (ScenarioRunner, IsolatedSamples) { try IsolatedSamples.play(json) }

    /// The C sample's payment dialog (Scenarios/example.json's ids) held `orientation`, its password field
    /// focused and three digits typed.
    static func payment(_ orientation: String) -> String {
        """
        {"screen": {"orientation": "\(orientation)"},
         "steps": [
           {"show": {"handler": "com.pophost.samples.c.payment-handler", "view_loader": "com.pophost.samples.c.payment-view",
                     "controller_loader": "com.pophost.samples.c.pop-controller", "data": {"amount": 42.5, "order": "A-1001"},
                     "as": "pay"}},
           {"wait": "idle"},
           {"focus": {"field": "password", "on": "pay"}},
           {"wait": 300},
           {"type": {"text": "123"}}]}
        """
    }

    /// The payment dialog's content nodes: title, amount, field and the three actions.
    static let parts = ["content.0", "content.1", "content.2", "content.3.0", "content.3.1", "content.4"]

    func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.x + b.width - 1e-6 && b.x < a.x + a.width - 1e-6 && a.y < b.y + b.height - 1e-6 && b.y < a.y + a.height - 1e-6
    }

    @Test("landscape with the keyboard up: the payment dialog keeps its sizes, scrolls, and shows its field above the keyboard")
    func landscapePayment() throws {
        let (runner, samples) = try play(Self.payment("landscape"))
        let (upright, uprightSamples) = try play(Self.payment("portrait"))
        #expect(runner.problems.isEmpty && upright.problems.isEmpty)
        let frame = runner.stage.frame(), portrait = upright.stage.frame()
        let id = try #require(runner.labels["pay"]), portraitID = try #require(upright.labels["pay"])
        let popup = try #require(frame.node("popup.\(id)"))
        let nodes = try Self.parts.map { try #require(frame.node("popup.\(id).\($0)")) }
        for (index, node) in nodes.enumerated() {
            // Every part keeps the height it has where the dialog fits.
            let fitting = try #require(portrait.node("popup.\(portraitID).\(Self.parts[index])"))
            #expect(abs(node.rect.height - fitting.rect.height) < 1e-6, "\(node.id)")
            #expect(node.rect.height > 0 && node.clip == popup.rect, "\(node.id)")
            for other in nodes[(index + 1)...] { #expect(!overlaps(node.rect, other.rect), "\(node.id) overlaps \(other.id)") }
        }
        let scroll = try #require(popup.scroll)
        let content = try #require(frame.node("popup.\(id).content"))
        #expect(scroll.contentHeight == content.rect.height && scroll.contentHeight > popup.rect.height)
        #expect(scroll.offset >= 0 && scroll.offset <= scroll.contentHeight - popup.rect.height)
        #expect(abs(content.rect.y - (popup.rect.y - scroll.offset)) < 1e-9)
        let field = nodes[2], keyboard = try #require(frame.node("keyboard"))
        #expect(field.focused && field.role == .textField)
        #expect(field.rect.y >= popup.rect.y - 1e-9 && field.rect.maxY <= popup.rect.maxY + 1e-9)
        #expect(field.rect.maxY <= keyboard.rect.y)
        // The frame says so in JSON, and the SVG clips the content to the card.
        let json = FrameJSON.encode(frame)
        #expect(json.contains(#""scroll":{"offset":"#) && json.contains(#""clip":{"x":"#))
        let svg = SVGRenderer().render(frame)
        #expect(svg.contains("<clipPath id=\"pophost-clip_") && svg.contains("clip-path=\"url(#pophost-clip_"))
        withExtendedLifetime((samples, uprightSamples)) {}
    }

    @Test("Scenarios/payment-landscape.json plays with its frame expectations met")
    func bundledScenario() throws {
        let samples = try IsolatedSamples()
        let runner = ScenarioRunner(
            scenario: try Scenario.load(path: Repository.root + "/Scenarios/payment-landscape.json"), catalog: samples.catalog)
        runner.runToEnd()
        #expect(runner.problems.isEmpty && runner.verify().isEmpty, "\(runner.problems) \(runner.verify())")
        withExtendedLifetime(samples) {}
    }

    @Test("the focused field is scrolled into view again when the device turns")
    func rotationReveals() throws {
        let (runner, samples) = try play(Self.payment("portrait"))
        let id = try #require(runner.labels["pay"])
        #expect(runner.stage.frame().node("popup.\(id)")?.scroll == nil)  // it fits upright
        runner.engine.rotate(to: .landscape)
        runner.chef.runUntilIdle()
        let frame = runner.stage.frame()
        let popup = try #require(frame.node("popup.\(id)")), field = try #require(frame.node("popup.\(id).content.2"))
        #expect(popup.scroll != nil)
        #expect(field.rect.y >= popup.rect.y - 1e-9 && field.rect.maxY <= popup.rect.maxY + 1e-9)
        // Taps reach only what is in view: a point of a scrolled-away action lands on the dimming, not the button.
        let hidden = try #require(frame.node("popup.\(id).content.4"))
        #expect(hidden.rect.y >= popup.rect.maxY)
        withExtendedLifetime(samples) {}
    }

    /// `count` rows as a JSON array of strings.
    static func rows(_ count: Int) -> String { "[" + (0..<count).map { "\"Row \($0)\"" }.joined(separator: ",") + "]" }

    @Test("a popup of 1,000 rows keeps every row's height and scrolls, its offset clamped to the content")
    func longPopup() throws {
        let (runner, samples) = try play(
            """
            {"steps": [
              {"show": {"view_loader": "com.pophost.samples.swift.list-page", "controller_loader": "pop.theme",
                        "data": {"rows": \(Self.rows(1000))}, "as": "list"}},
              {"wait": "idle"},
              {"scroll": {"by": -300, "on": "list"}}]}
            """)
        #expect(runner.problems.isEmpty)
        let id = try #require(runner.labels["list"])
        var frame = runner.stage.frame()
        let popup = try #require(frame.node("popup.\(id)"))
        #expect(popup.scroll?.offset == 300)
        let rows = (0..<1000).compactMap { frame.node("popup.\(id).content.\($0)") }
        #expect(rows.count == 1000 && Set(rows.map(\.rect.height)) == [56])
        #expect(rows[0].rect.y == popup.rect.y + 20 - 300)
        runner.engine.scrollContent(id, by: -1_000_000)
        frame = runner.stage.frame()
        let bottom = try #require(frame.node("popup.\(id)")?.scroll)
        #expect(bottom.offset == bottom.contentHeight - popup.rect.height)
        runner.engine.scrollContent(id, by: 1_000_000)
        #expect(runner.stage.frame().node("popup.\(id)")?.scroll?.offset == 0)
        withExtendedLifetime(samples) {}
    }

    @Test("an animated scroll of a popup's content moves as a page's: at constant velocity over 0.3 s, from where it shows")
    func animatedPopupScroll() throws {
        let (runner, samples) = try play(
            """
            {"steps": [
              {"show": {"view_loader": "com.pophost.samples.swift.list-page", "controller_loader": "pop.theme",
                        "data": {"rows": \(Self.rows(1000))}, "as": "list"}},
              {"wait": "idle"},
              {"scroll": {"by": -300, "on": "list", "animated": true}}]}
            """)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        let id = try #require(runner.labels["list"])
        func offset(after milliseconds: Int64, from start: VirtualTime) -> Double? {
            runner.advance(to: start + .milliseconds(milliseconds))
            return runner.stage.frame().node("popup.\(id)")?.scroll?.offset
        }
        // The scenario ends as its scroll starts.
        var start = runner.chef.now
        #expect(offset(after: 0, from: start) == 0)
        #expect(offset(after: 150, from: start).map { abs($0 - 150) < 1e-6 } == true)
        #expect(!runner.chef.clock.isIdle)
        #expect(offset(after: 300, from: start) == 300)
        #expect(runner.chef.clock.isIdle)
        // Back down by 200 from where it shows.
        start = runner.chef.now
        #expect(runner.engine.scrollContent(id, by: 200, animated: true))
        #expect(offset(after: 150, from: start).map { abs($0 - 200) < 1e-6 } == true)
        #expect(offset(after: 300, from: start) == 100)
        withExtendedLifetime(samples) {}
    }

    /// A sheet of 1,000 rows, `sheet` its `pop.theme` sheet object, then `steps`.
    func sheetOfRows(_ sheet: String, _ steps: String) throws -> (ScenarioRunner, IsolatedSamples) {
        try play(
            """
            {"steps": [
              {"show": {"view_loader": "com.pophost.samples.swift.list-page", "controller_loader": "pop.theme",
                        "data": {"rows": \(Self.rows(1000)), "theme": {"style": "sheet", "sheet": \(sheet)}}, "as": "list"}},
              {"wait": "idle"}\(steps)]}
            """)
    }

    @Test("a sheet grows to its next detent first, then its content scrolls by the one offset, clamped; down at the top does nothing")
    func sheetScrolls() throws {
        let (runner, samples) = try sheetOfRows(
            #"{"detents": ["medium", "large"]}"#,
            #", {"scroll": {"by": 50, "on": "list"}}, {"scroll": {"by": -40, "on": "list"}}, {"wait": "idle"}, {"scroll": {"by": -300, "on": "list"}}"#
        )
        #expect(runner.problems.isEmpty)
        let id = try #require(runner.labels["list"])
        #expect(runner.engine.sheets.selectedDetent(of: id) == "large")  // the first scroll up grew it; the one down before did nothing
        #expect(runner.recorder.events.filter { $0.kind == .detentChanged }.count == 1)
        var frame = runner.stage.frame()
        let popup = try #require(frame.node("popup.\(id)"))
        #expect(popup.rect.height == 787)
        let scroll = try #require(popup.scroll)
        #expect(scroll.offset == 300)
        let content = try #require(frame.node("popup.\(id).content"))
        #expect(content.rect.y == popup.rect.y - 300 && content.clip == popup.rect)
        #expect(frame.node("popup.\(id).content.0")?.clip == popup.rect)

        runner.engine.sheets.scroll(id, by: -1_000_000)
        frame = runner.stage.frame()
        #expect(frame.node("popup.\(id)")?.scroll?.offset == scroll.contentHeight - popup.rect.height)
        #expect(runner.engine.sheets.scroll(id, by: 1_000_000) == .content)
        #expect(runner.stage.frame().node("popup.\(id)")?.scroll?.offset == 0)
        // At the top of its largest detent, scrolling up scrolls the content.
        #expect(runner.engine.sheets.scroll(id, by: -56) == .content)
        #expect(runner.stage.frame().node("popup.\(id)")?.scroll?.offset == 56)
        // Back at medium with its content scrolled: not at the top edge, so the content scrolls, the sheet stays.
        #expect(runner.engine.sheets.selectDetent("medium", on: id))
        runner.chef.runUntilIdle()
        #expect(runner.engine.sheets.scroll(id, by: -40) == .content)
        #expect(runner.engine.sheets.selectedDetent(of: id) == "medium")
        #expect(runner.stage.frame().node("popup.\(id)")?.scroll?.offset == 96)
        withExtendedLifetime(samples) {}
    }

    @Test("a sheet that prefers not to grow scrolls its content at once, at its detent")
    func sheetWithoutExpansion() throws {
        let (runner, samples) = try sheetOfRows(
            #"{"detents": ["medium", "large"], "scrolling_expands": false}"#, #", {"scroll": {"by": -100, "on": "list"}}"#)
        #expect(runner.problems.isEmpty)
        let id = try #require(runner.labels["list"])
        #expect(runner.engine.sheets.selectedDetent(of: id) == "medium")
        let popup = try #require(runner.stage.frame().node("popup.\(id)"))
        #expect(popup.rect.height == 393.5 && popup.scroll?.offset == 100)
        withExtendedLifetime(samples) {}
    }

    @Test("a page of 1,000 rows keeps every row's height, clipped to the page")
    func longPage() throws {
        let (runner, samples) = try play(#"{"steps": [{"push": {"page": "list", "rows": \#(Self.rows(1000)), "animated": false}}]}"#)
        #expect(runner.problems.isEmpty)
        let frame = runner.stage.frame()
        let rows = frame.nodes.filter { $0.id.hasPrefix("page.list") && $0.id.contains(".content.") && $0.role == .text }
        #expect(rows.count == 1000)
        #expect(Set(rows.map(\.rect.height)).count == 1 && rows.allSatisfy { $0.rect.height > 0 && $0.clip != nil })
        withExtendedLifetime(samples) {}
    }

    @Test("scrolling a popup whose content fits is reported")
    func nothingToScroll() throws {
        let (runner, samples) = try play(
            #"{"steps": [{"show": {"controller_loader": "pop.theme", "as": "a"}}, {"wait": "idle"}, {"scroll": {"by": -50, "on": "a"}}]}"#)
        #expect(
            runner.problems.map(\.description) == [#"test.json: steps[2].scroll: "a" is not a sheet and its content fits: nothing scrolls"#]
        )
        withExtendedLifetime(samples) {}
    }
}
