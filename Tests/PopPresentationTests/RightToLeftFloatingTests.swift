import Testing

@testable import PopChef
@testable import PopModel
@testable import PopPresentation

/// The floating window right to left (390 × 844: r = 166.4, bubble 52), the spec's Decisions: the corner
/// circle on the bottom-left corner, following p = clamp(2 · (−tx) / W) of an edge pan from the right edge;
/// a new bubble on the left (the trailing side); snapping to the nearest side, the middle line to the left.
@Suite struct RightToLeftFloatingTests {
    let chef = Chef()
    let stage: Stage
    static let rtl = FloatingLayout(scene: Scene(), direction: .rightToLeft)
    static let ltr = FloatingLayout(scene: Scene())

    init() {
        stage = Stage(chef: chef)
        stage.engine.setDisplayTraits(DisplayTraits(layoutDirection: .rightToLeft))
    }

    var engine: PresentationEngine { stage.engine }

    func page(_ kind: String, keep: String? = nil) -> Page {
        chef.navigation.makePage(
            kind: kind, preferences: PagePreferences(title: kind, floating: keep.map { FloatingDeclaration(keep: $0, logo: "文") }),
            content: ContentNode(.text(kind, size: 17, weight: .regular, color: 0x0000_00FF, alignment: .leading, maxLines: 1)))
    }

    @Test("the circle is centred on the bottom-left corner, coming in from below and to the left; its label mirrored")
    func circleGeometry() {
        #expect(Self.rtl.corner == Point(x: 0, y: 844) && Self.ltr.corner == Point(x: 390, y: 844))
        #expect(Self.rtl.circleCentre(progress: 1) == Self.rtl.corner)
        let away = 166.4 / 2.0.squareRoot() * 0.5
        let half = Self.rtl.circleCentre(progress: 0.5)
        #expect(abs(half.x + away) < 1e-9 && abs(half.y - (844 + away)) < 1e-9)
        #expect(Self.rtl.isInCircle(Point(x: 10, y: 830)) && !Self.rtl.isInCircle(Point(x: 380, y: 830)))
        let label = Self.rtl.circleLabelFrame(centre: Self.rtl.corner)
        let mirror = Self.ltr.circleLabelFrame(centre: Self.ltr.corner)
        #expect(abs(label.x - (390 - mirror.x - mirror.width)) < 1e-9 && label.y == mirror.y && label.width == mirror.width)
    }

    @Test("snapping: the nearest side; exactly on the middle line, the trailing (left) side; a new bubble on the left")
    func bubbles() {
        let side = Self.rtl.bubbleSide
        let middle = Point(x: 195 - side / 2, y: 300)
        #expect(Self.rtl.snappedOrigin(middle).x == 15 && Self.ltr.snappedOrigin(middle).x == 390 - 15 - side)
        #expect(Self.rtl.snappedOrigin(Point(x: 300, y: 300)).x == 390 - 15 - side)
        #expect(Self.rtl.snappedOrigin(Point(x: 40, y: 300)).x == 15)
        #expect(Self.rtl.newBubbleOrigin(avoiding: []) == Point(x: 15, y: 47))
    }

    @Test("an edge pan from the right edge brings the circle in at p = clamp(2 · (−tx) / W); released in it, a bubble")
    func popIntoTheCircle() throws {
        engine.pages.push(page("list"), animated: false)
        engine.pages.push(page("article", keep: "https://example.com/a"), animated: false)
        stage.pointerDown(at: Point(x: 385, y: 600))
        stage.pointerMoved(to: Point(x: 346, y: 600))
        var circle = try #require(engine.floating.circle)
        let away = 166.4 / 2.0.squareRoot() * (1 - 0.2)
        #expect(abs(circle.centre.x + away) < 1e-9 && abs(circle.centre.y - (844 + away)) < 1e-9 && !circle.armed)
        stage.pointerMoved(to: Point(x: 10, y: 830))
        circle = try #require(engine.floating.circle)
        #expect(circle.centre == Point(x: 0, y: 844) && circle.armed && circle.touched)
        let drawn = try #require(stage.frame().nodes.first { $0.id == "floating.circle" })
        #expect(drawn.rect.x == -Self.rtl.circleRadius && drawn.rect.y == 844 - Self.rtl.circleRadius)
        stage.pointerUp(at: Point(x: 10, y: 830))
        chef.runUntilIdle()
        #expect(chef.navigation.pages.count == 1)
        let bubble = try #require(engine.floating.bubbles.first)
        #expect(bubble.origin == Point(x: 15, y: 47))
    }
}
