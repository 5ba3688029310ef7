import Testing

@testable import PopChef
@testable import PopModel
@testable import PopPresentation

/// Dark mode behind the popups: pages resolve their semantic colours (at the base level) and keep
/// their fixed ones, UIKit's default bar turns dark while a page's own bar colours stay, the frame
/// cache redraws a page when the appearance changes, and the keyboard and the floating bubbles have
/// their dark forms.
@Suite struct AppearancePageTests {
    let chef = Chef()
    let stage: Stage

    init() {
        stage = Stage(chef: chef)
    }

    var engine: PresentationEngine { stage.engine }

    /// A page whose background is systemBackground and whose two texts are in label and in a fixed red.
    func page(_ kind: String, bar: BarStyle = BarStyle(), keep: String? = nil) -> Page {
        let semantic = ContentNode(
            .text("Semantic", size: 17, weight: .regular, color: 0x0000_00FF, alignment: .leading, maxLines: 1),
            semantics: ContentSemantics(foreground: .label))
        let fixed = ContentNode(.text("Fixed", size: 17, weight: .regular, color: 0xD002_1BFF, alignment: .leading, maxLines: 1))
        return chef.navigation.makePage(
            kind: kind,
            preferences: PagePreferences(title: kind, bar: bar, floating: keep.map { FloatingDeclaration(keep: $0, logo: "文") }),
            content: ContentNode(
                .vstack(spacing: 0, alignment: .fill, children: [semantic, fixed]), background: 0xFFFF_FFFF,
                semantics: ContentSemantics(background: .systemBackground)))
    }

    @Test("a page's semantic colours resolve at the base level; its fixed colours stay; a mid-run change redraws it")
    func pageContent() {
        engine.pages.push(page("list"), animated: false)
        var frame = stage.frame()
        #expect(frame.node("page.list#1")?.fill == 0xFFFF_FFFF)
        #expect(frame.node("page.list#1.content.0")?.text?.color == 0x0000_00FF)
        engine.setDisplayTraits(DisplayTraits(appearance: .dark))
        frame = stage.frame()
        #expect(frame.node("page.list#1")?.fill == 0x0000_00FF)
        #expect(frame.node("page.list#1.content.0")?.text?.color == 0xFFFF_FFFF)
        #expect(frame.node("page.list#1.content.1")?.text?.color == 0xD002_1BFF)
        #expect(frame.node("app.status-bar")?.text?.color == 0xFFFF_FFFF)
    }

    @Test("UIKit's default bar is dark in dark (translucent #1D1D1DF0, white title, the dark tint); a page's own bar colour stays")
    func bars() {
        engine.setDisplayTraits(DisplayTraits(appearance: .dark))
        engine.pages.push(page("list"), animated: false)
        engine.pages.push(page("detail"), animated: false)
        var frame = stage.frame()
        #expect(frame.node("bar.background")?.fill == 0x1D1D_1DF0)
        #expect(frame.node("bar.shadow")?.fill == 0x3838_3AFF)
        #expect(frame.node("bar.title.detail#2")?.text?.color == 0xFFFF_FFFF)
        #expect(frame.node("bar.back")?.text?.color == 0x0A84_FFFF)
        engine.pages.push(page("red", bar: BarStyle(background: 0xFF00_00FF, tint: 0xFFFF_FFFF)), animated: false)
        frame = stage.frame()
        #expect(frame.node("bar.background")?.fill == 0xFF00_00F0)
        #expect(frame.node("bar.back")?.text?.color == 0xFFFF_FFFF)
    }

    @Test("the keyboard in dark: #2C2C2C with grey keys and white labels")
    func keyboard() throws {
        engine.setDisplayTraits(DisplayTraits(appearance: .dark))
        engine.setAppKeyboard(up: true)
        chef.runUntilIdle()
        let frame = stage.frame()
        #expect(frame.node("keyboard")?.fill == 0x2C2C_2CFF)
        let key = try #require(frame.node("keyboard.key.Q"))
        #expect(key.fill == 0x6B6B_6BFF && key.text?.color == 0xFFFF_FFFF)
        engine.setDisplayTraits(DisplayTraits())
        #expect(stage.frame().node("keyboard")?.fill == 0xD1D4_D9FF)
    }

    @Test("a floating bubble in dark is a dark grey disc, the page shrinking into it its resolved background; the logo colour stays")
    func bubble() throws {
        engine.setDisplayTraits(DisplayTraits(appearance: .dark))
        engine.pages.push(page("list"), animated: false)
        engine.pages.push(page("article", keep: "https://example.com/a"), animated: false)
        engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 800), translation: Point(x: 300, y: 0))
        let circle = try #require(stage.frame().node("floating.circle"))
        #expect([FloatingDrawing.createFill, FloatingDrawing.createTouchedFill].contains(circle.fill))
        _ = engine.pages.endInteractivePop(velocity: 0, finger: Point(x: 380, y: 830))
        // The page shrinking into its bubble is its systemBackground in dark, and turns light with the appearance.
        #expect(stage.frame().node("floating.transition")?.fill == 0x0000_00FF)
        engine.setDisplayTraits(DisplayTraits())
        #expect(stage.frame().node("floating.transition")?.fill == 0xFFFF_FFFF)
        engine.setDisplayTraits(DisplayTraits(appearance: .dark))
        chef.runUntilIdle()
        let bubble = try #require(stage.frame().node("floating.bubble.1"))
        #expect(bubble.fill == 0x2C2C_2EFF && bubble.stroke?.color == 0x3A3A_3CFF)
        #expect(bubble.text?.color == FloatingDeclaration(keep: "k", logo: "文").logoColor)
    }
}
