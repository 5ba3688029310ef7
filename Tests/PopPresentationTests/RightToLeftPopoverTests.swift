import Testing

@testable import PopModel
@testable import PopPresentation

/// A popover's side right to left: when neither vertical arrow fits and both horizontal ones are
/// permitted, the host puts it on the source's trailing side (its left, arrow right); the arrow
/// directions a plugin permits stay physical.
@Suite struct RightToLeftPopoverTests {
    static let tablet = Scene(
        width: 1024, height: 768, safeArea: EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0), keyboardHeight: 400, scale: 2)

    func options(arrows: ArrowDirections) -> SheetOptions {
        var options = SheetOptions()
        options.popover.sourceRect = Rect(x: 500, y: 300, width: 40, height: 40)
        options.popover.permittedArrowDirections = arrows
        options.preferredContentSize = Size(width: 320, height: 700)
        return options
    }

    @Test("too tall above and below: to the source's right in LTR, its left in RTL")
    func trailingSide() {
        let ltr = PopoverLayout.placement(contentSize: .zero, options: options(arrows: .any), scene: Self.tablet)
        let rtl = PopoverLayout.placement(contentSize: .zero, options: options(arrows: .any), scene: Self.tablet, direction: .rightToLeft)
        #expect(ltr.arrow == .left && ltr.frame.x == 553)  // 540 + 13
        #expect(rtl.arrow == .right && rtl.frame.x == 167)  // 500 − 13 − 320
        #expect(rtl.tip == Point(x: 500, y: 320))
    }

    @Test("a permitted direction is physical in either direction")
    func permittedStaysPhysical() {
        let rtl = PopoverLayout.placement(contentSize: .zero, options: options(arrows: .left), scene: Self.tablet, direction: .rightToLeft)
        #expect(rtl.arrow == .left && rtl.frame.x == 553)
    }
}
