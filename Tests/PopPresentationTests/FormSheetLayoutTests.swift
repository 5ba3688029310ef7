import Testing

@testable import PopChef
@testable import PopModel
@testable import PopPresentation

/// Form sheets: a sheet in regular width and regular height (an iPad) is UIKit's form sheet, centred,
/// 540 × 620 or its preferred content size, inside the safe area less 10 points a side; its detents
/// do not apply. Every number is derived from that rule (`SheetLayout`'s comment).
@Suite struct FormSheetLayoutTests {
    /// 1024 × 768, safe area top 24 and bottom 20: regular width and height.
    static let tablet = Scene(
        width: 1024, height: 768, safeArea: EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0), keyboardHeight: 400, scale: 2)
    static let margin = 10.0

    func options(_ detents: [Detent] = [.medium, .large], preferred: Size? = nil) -> SheetOptions {
        var options = SheetOptions()
        options.detents = detents
        options.preferredContentSize = preferred
        return options
    }

    /// The room a form sheet has on `scene` above a keyboard `keyboard` high.
    func room(_ scene: Scene, keyboard: Double = 0) -> Rect {
        let inset = scene.safeArea
        return Rect(
            x: inset.leading + Self.margin, y: inset.top + Self.margin,
            width: scene.width - inset.leading - inset.trailing - 2 * Self.margin,
            height: scene.height - inset.top - max(inset.bottom, keyboard) - 2 * Self.margin)
    }

    @Test("only regular width and regular height make a form sheet")
    func sizeClasses() {
        #expect(SheetLayout.isFormSheet(on: Self.tablet))
        #expect(!SheetLayout.isFormSheet(on: Scene()))  // a phone: compact width
        #expect(!SheetLayout.isFormSheet(on: Scene().rotated(to: .landscape)))  // 844 wide, compact height
    }

    @Test("540 × 620, centred on the screen; one detent named after the largest, its height from its top to the screen's bottom")
    func centred() {
        let frame = SheetLayout.formSheetFrame(options(), scene: Self.tablet)
        let expected = Rect(x: (1024 - 540) / 2, y: (768 - 620) / 2, width: 540, height: 620)
        #expect(frame == expected)
        #expect(room(Self.tablet).contains(Point(x: expected.x, y: expected.y)))
        let layout = SheetLayout(options: options(), scene: Self.tablet, selected: "medium") { _, _ in nil }
        #expect(layout.detents == [ResolvedDetent(id: "large", height: 768 - expected.y)])
        #expect(layout.selected.id == "large")
        let container = layout.container(for: Presentation(), in: Self.tablet, keyboardHeight: 0)
        #expect(
            layout.frame(
                for: ContentNode(.spacer(minLength: 0)), presentation: Presentation(), scene: Self.tablet, container: container,
                traits: DisplayTraits())
                == expected)
        // Only a custom detent: it names the form sheet, which rests where every form sheet does.
        let custom = SheetLayout(options: options([Detent("half")]), scene: Self.tablet, selected: nil) { _, maximum in maximum / 2 }
        #expect(custom.detents == [ResolvedDetent(id: "half", height: 768 - expected.y)])
    }

    @Test("the preferred content size, centred; a size larger than the room is clamped to it")
    func preferred() {
        let small = SheetLayout.formSheetFrame(options(preferred: Size(width: 400, height: 300)), scene: Self.tablet)
        #expect(small == Rect(x: (1024 - 400) / 2, y: (768 - 300) / 2, width: 400, height: 300))
        let huge = SheetLayout.formSheetFrame(options(preferred: Size(width: 5000, height: 5000)), scene: Self.tablet)
        #expect(huge == room(Self.tablet))
    }

    @Test("a short screen: the height is the room's, the frame moved into it (below the safe area's top)")
    func short() {
        let scene = Scene(
            width: 800, height: 600, safeArea: EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0), keyboardHeight: 300, scale: 2)
        let room = room(scene)
        #expect(room.height < 620)
        let frame = SheetLayout.formSheetFrame(options(), scene: scene)
        // Centred it would start at (600 − room.height) / 2, above the room's top: moved down to it.
        #expect((600 - room.height) / 2 < room.y)
        #expect(frame == Rect(x: (800 - 540) / 2, y: room.y, width: 540, height: room.height))
    }

    @Test("a keyboard: centred in the screen above it, at most the room above it, never above the safe area")
    func keyboard() {
        let room = room(Self.tablet, keyboard: 400)
        let frame = SheetLayout.formSheetFrame(options(), scene: Self.tablet, keyboard: 400)
        #expect(frame == Rect(x: (1024 - 540) / 2, y: max((768 - 400 - room.height) / 2, room.y), width: 540, height: room.height))
        let small = SheetLayout.formSheetFrame(options(preferred: Size(width: 400, height: 200)), scene: Self.tablet, keyboard: 400)
        #expect(small == Rect(x: (1024 - 400) / 2, y: (768 - 400 - 200) / 2, width: 400, height: 200))
    }

    @Test("dragged down it keeps its size; always dimmed: the largest undimmed detent does not apply")
    func dragAndDimming() {
        var undimmed = options()
        undimmed.largestUndimmedDetent = "medium"
        let rest = SheetLayout.formSheetFrame(undimmed, scene: Self.tablet)
        let lowered = SheetLayout.frame(height: 200, options: undimmed, scene: Self.tablet)
        #expect(lowered == Rect(x: rest.x, y: 768 - 200, width: 540, height: 620))
        #expect(SheetLayout.frame(height: 2000, options: undimmed, scene: Self.tablet) == rest)  // never above its place
        #expect(SheetLayout.largestUndimmedDetent(undimmed, scene: Self.tablet) == nil)
        #expect(SheetLayout.largestUndimmedDetent(undimmed, scene: Scene()) == "medium")
        // One detent: a release goes back to it or away (no detent stepping).
        let detents = SheetLayout.detents(undimmed, scene: Self.tablet) { _, _ in nil }
        #expect(SheetBehaviour.nextLarger(than: detents[0].height, detents: detents) == nil)
        #expect(
            SheetBehaviour.release(height: detents[0].height - 50, velocity: 0, detents: detents, dismissible: true) == .detent(detents[0]))
        #expect(SheetBehaviour.release(height: detents[0].height - 50, velocity: 2000, detents: detents, dismissible: true) == .dismiss)
    }
}
