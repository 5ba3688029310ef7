import Testing

@testable import PopChef
@testable import PopModel
@testable import PopPresentation

/// Detent tables: medium, large and custom detents across screen sizes and size classes, each
/// number derived from the rules in SheetLayout's comment (UIKit's documentation and the spec's
/// Decisions).
@Suite struct SheetLayoutTests {
    static let phone = Scene()  // 390 × 844, safe top 47: compact width, regular height
    static let landscape = Scene().rotated(to: .landscape)  // 844 × 390, safe top 0: compact height
    static let tablet = Scene(
        width: 1024, height: 1366, safeArea: EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0),
        keyboardHeight: 400, scale: 2)  // regular width and height
    static let small = Scene(
        width: 320, height: 568, safeArea: EdgeInsets(top: 20, leading: 0, bottom: 0, trailing: 0),
        keyboardHeight: 216, scale: 2)

    func options(_ detents: [Detent], edgeAttached: Bool = false) -> SheetOptions {
        var options = SheetOptions()
        options.detents = detents
        options.prefersEdgeAttachedInCompactHeight = edgeAttached
        return options
    }

    func heights(_ detents: [ResolvedDetent]) -> [String] { detents.map { "\($0.id)=\($0.height)" } }

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let scene: Scene
        let edgeAttached: Bool
        let expected: [String]
        var testDescription: String { name }
    }

    // maximum = H − safeTop − 10 (full screen: H); medium = maximum / 2, inactive in compact height.
    static let medLarge: [Row] = [
        Row(name: "phone portrait", scene: phone, edgeAttached: false, expected: ["medium=393.5", "large=787.0"]),  // 844 − 47 − 10
        Row(name: "small phone", scene: small, edgeAttached: false, expected: ["medium=269.0", "large=538.0"]),  // 568 − 20 − 10
        // A form sheet: one resting place, 620 high centred in 1366, named after the largest detent.
        Row(name: "tablet", scene: tablet, edgeAttached: false, expected: ["large=\((1366 - 620) / 2 + 620.0)"]),
        Row(name: "landscape, full screen", scene: landscape, edgeAttached: false, expected: ["large=390.0"]),  // H
        Row(name: "landscape, edge-attached", scene: landscape, edgeAttached: true, expected: ["large=380.0"]),  // 390 − 0 − 10
    ]

    @Test("medium and large detents", arguments: medLarge)
    func mediumAndLarge(row: Row) {
        let detents = SheetLayout.detents(options([.medium, .large], edgeAttached: row.edgeAttached), scene: row.scene) { _, _ in nil }
        #expect(heights(detents) == row.expected)
    }

    @Test("custom detents get the maximum, are clamped to it, sorted small to large; nil, 0 and non-finite are inactive")
    func custom() {
        var asked: [String: Double] = [:]
        let detents = SheetLayout.detents(
            options([.large, Detent("tall"), Detent("quarter"), Detent("off"), Detent("zero"), Detent("nan"), .medium]),
            scene: Self.phone
        ) { id, maximum in
            asked[id] = maximum
            return switch id {
            case "quarter": maximum / 4
            case "tall": 2000
            case "zero": 0
            case "nan": .nan
            default: nil
            }
        }
        #expect(asked == ["tall": 787, "quarter": 787, "off": 787, "zero": 787, "nan": 787])
        // Ties keep their declared order: large before tall.
        #expect(heights(detents) == ["quarter=196.75", "medium=393.5", "large=787.0", "tall=787.0"])
    }

    @Test("a sheet whose only detent is medium still presents in compact height: at the maximum, under its id")
    func onlyMediumInCompactHeight() {
        for edgeAttached in [false, true] {
            let layout = SheetLayout(options: options([.medium], edgeAttached: edgeAttached), scene: Self.landscape, selected: nil) {
                _, _ in nil
            }
            #expect(heights(layout.detents) == [edgeAttached ? "medium=380.0" : "medium=390.0"])
            let frame = layout.frame(
                for: ContentNode(.spacer(minLength: 0)), presentation: Presentation(), scene: Self.landscape,
                container: layout.container(for: Presentation(), in: Self.landscape, keyboardHeight: 0), traits: DisplayTraits())
            #expect(frame.height == (edgeAttached ? 380 : 390))
        }
    }

    @Test("the selected detent: the one named when active, else the smallest")
    func selected() {
        let both = options([.medium, .large])
        #expect(SheetLayout(options: both, scene: Self.phone, selected: nil) { _, _ in nil }.selected.id == "medium")
        #expect(SheetLayout(options: both, scene: Self.phone, selected: "large") { _, _ in nil }.selected.id == "large")
        #expect(SheetLayout(options: both, scene: Self.phone, selected: "nope") { _, _ in nil }.selected.id == "medium")
        // Medium is inactive in compact height: large is the smallest there.
        #expect(SheetLayout(options: both, scene: Self.landscape, selected: "medium") { _, _ in nil }.selected.id == "large")
    }

    @Test("widths: full screen and compact width span the screen; edge-attached the safe area or the preferred width; regular width 540")
    func widths() {
        var edge = options([.large], edgeAttached: true)
        let notched = Scene().rotated(to: .landscape)  // safe area leading and trailing 47
        #expect(SheetLayout.width(options([.large]), scene: Self.phone) == 390)
        #expect(SheetLayout.width(options([.large]), scene: notched) == 844)  // full screen
        #expect(SheetLayout.width(edge, scene: notched) == 844 - 47 - 47)
        edge.preferredContentSize = Size(width: 500, height: 300)
        #expect(SheetLayout.width(edge, scene: notched) == 750)  // not following yet
        edge.widthFollowsPreferredContentSizeWhenEdgeAttached = true
        #expect(SheetLayout.width(edge, scene: notched) == 500)
        #expect(SheetLayout.width(options([.large]), scene: Self.tablet) == 540)
        var preferred = options([.large])
        preferred.preferredContentSize = Size(width: 700, height: 0)
        #expect(SheetLayout.width(preferred, scene: Self.tablet) == 700)
        preferred.preferredContentSize = Size(width: 2000, height: 0)
        #expect(SheetLayout.width(preferred, scene: Self.tablet) == 1024 - 2 * 10)  // the room: the safe area less 10 a side
    }

    @Test("frames: bottom-attached and centred; a keyboard lifts the bottom and caps the height at maximum − keyboard")
    func frames() {
        let large = options([.large])
        #expect(SheetLayout.frame(height: 393.5, options: large, scene: Self.phone) == Rect(x: 0, y: 450.5, width: 390, height: 393.5))
        #expect(SheetLayout.frame(height: 787, options: large, scene: Self.phone) == Rect(x: 0, y: 57, width: 390, height: 787))
        // 787 − 336 = 451 high, its bottom on the keyboard at 844 − 336 = 508.
        #expect(
            SheetLayout.frame(height: 787, options: large, scene: Self.phone, keyboard: 336) == Rect(x: 0, y: 57, width: 390, height: 451))
    }

    @Test("dimming: none up to the largest undimmed detent, full from the next one, linear in between")
    func dimming() {
        let detents = [
            ResolvedDetent(id: "small", height: 200), ResolvedDetent(id: "medium", height: 400), ResolvedDetent(id: "large", height: 800),
        ]
        #expect(SheetLayout.dimming(height: 400, detents: detents, largestUndimmed: nil) == 1)
        #expect(SheetLayout.dimming(height: 200, detents: detents, largestUndimmed: "medium") == 0)
        #expect(SheetLayout.dimming(height: 400, detents: detents, largestUndimmed: "medium") == 0)  // exactly at it: undimmed
        #expect(SheetLayout.dimming(height: 500, detents: detents, largestUndimmed: "medium") == 0.25)
        #expect(SheetLayout.dimming(height: 800, detents: detents, largestUndimmed: "medium") == 1)
        #expect(SheetLayout.dimming(height: 900, detents: detents, largestUndimmed: "large") == 0)
        #expect(SheetLayout.dimming(height: 100, detents: detents, largestUndimmed: "gone") == 1)  // inactive: dimmed
    }

    @Test("grabber, corner radius and the pushed-back look")
    func chrome() {
        var grabbed = options([.medium, .large])
        grabbed.prefersGrabberVisible = true
        grabbed.preferredCornerRadius = 24
        #expect(SheetLayout.showsGrabber(grabbed, scene: Self.phone, isFront: true))
        #expect(!SheetLayout.showsGrabber(grabbed, scene: Self.phone, isFront: false))
        #expect(!SheetLayout.showsGrabber(grabbed, scene: Self.landscape, isFront: true))  // full screen
        #expect(SheetLayout.cornerRadius(grabbed, scene: Self.phone, isFront: true) == 24)
        #expect(SheetLayout.cornerRadius(grabbed, scene: Self.phone, isFront: false) == SheetOptions.defaultCornerRadius)
        #expect(SheetLayout.cornerRadius(grabbed, scene: Self.landscape, isFront: true) == 0)
        #expect(SheetLayout.grabberRect(in: Rect(x: 0, y: 57, width: 390, height: 787)) == Rect(x: 177, y: 62, width: 36, height: 5))
        let state = VisualState(frame: Rect(x: 0, y: 57, width: 390, height: 787), alpha: 1, scale: 1, rotation: 0, dimAlpha: 0.35)
        let back = SheetLayout.pushedBack(state)
        #expect(back.scale == 358.0 / 390)
        // Drawn: 16 points narrower each side, its top 10 points higher.
        let drawn = AffineTransform.scaleRotate(scale: back.scale, rotation: 0, about: (back.frame.center.x, back.frame.center.y))
            .boundingBox(of: back.frame)
        #expect(abs(drawn.x - 16) < 1e-9 && abs(drawn.width - 358) < 1e-9 && abs(drawn.y - 47) < 1e-9)
    }
}
