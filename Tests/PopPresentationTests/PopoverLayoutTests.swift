import Testing

@testable import PopModel
@testable import PopPresentation

/// The popover's placement: the first permitted side with room (arrow up, down, left, right), the
/// 13-point arrow, centred on the source and clamped inside the safe area less 10 points.
@Suite struct PopoverLayoutTests {
    static let tablet = Scene(
        width: 1024, height: 768, safeArea: EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0),
        keyboardHeight: 400, scale: 2)

    func options(source: Rect?, arrows: ArrowDirections = .any, size: Size? = Size(width: 320, height: 200)) -> SheetOptions {
        var options = SheetOptions()
        options.popover.sourceRect = source
        options.popover.permittedArrowDirections = arrows
        options.preferredContentSize = size
        return options
    }

    @Test("below its source with the arrow up when there is room")
    func below() {
        let placement = PopoverLayout.placement(
            contentSize: .zero, options: options(source: Rect(x: 500, y: 100, width: 40, height: 40)), scene: Self.tablet)
        #expect(placement.arrow == .up)
        #expect(placement.frame == Rect(x: 360, y: 153, width: 320, height: 200))  // x 520 − 160, y 140 + 13
        #expect(placement.tip == Point(x: 520, y: 140))
    }

    @Test("above its source near the bottom; clamped inside the margins near an edge")
    func aboveAndClamped() {
        let placement = PopoverLayout.placement(
            contentSize: .zero, options: options(source: Rect(x: 980, y: 700, width: 40, height: 30)), scene: Self.tablet)
        #expect(placement.arrow == .down)
        // Right edge: 1024 − 10 − 320 = 694; above: 700 − 13 − 200 = 487.
        #expect(placement.frame == Rect(x: 694, y: 487, width: 320, height: 200))
    }

    @Test("only the permitted directions: left puts it to the source's right")
    func permitted() {
        let placement = PopoverLayout.placement(
            contentSize: .zero, options: options(source: Rect(x: 20, y: 300, width: 40, height: 40), arrows: .left),
            scene: Self.tablet)
        #expect(placement.arrow == .left)
        #expect(placement.frame == Rect(x: 73, y: 220, width: 320, height: 200))  // x 60 + 13, y 320 − 100
    }

    @Test("no room anywhere: the permitted side with the most room, the size shrunk to it")
    func shrunk() {
        let placement = PopoverLayout.placement(
            contentSize: .zero,
            options: options(
                source: Rect(x: 400, y: 300, width: 40, height: 40), arrows: [.up, .down],
                size: Size(width: 320, height: 600)), scene: Self.tablet)
        // Below: 748 − 10 − 340 − 13 = 385; above: 300 − 34 − 13 = 253.
        #expect(placement.arrow == .up)
        #expect(placement.frame.height == 385)
    }

    @Test("no source rect: centred in the area, no arrow; the content's size without a preferred one")
    func centred() {
        let placement = PopoverLayout.placement(
            contentSize: Size(width: 200, height: 100), options: options(source: nil, size: nil), scene: Self.tablet)
        #expect(placement.arrow == nil && placement.tip == nil)
        #expect(placement.frame == Rect(x: 412, y: 336, width: 200, height: 100))  // (1024 − 200) / 2; 34 + (768 − 24 − 20 − 20 − 100) / 2
    }
}
