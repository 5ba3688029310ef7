import PopTestSupport
import Testing

@testable import PopModel
@testable import PopPresentation

@Suite struct ModalLayoutTests {
    static func frame(
        _ content: ContentNode, scene: Scene = Scene(), keyboard: Double = 0,
        _ configure: (inout Presentation) -> Void = { _ in }
    ) -> Rect {
        var presentation = Presentation()
        configure(&presentation)
        return AlertLayout.frame(
            for: content, presentation: presentation, scene: scene,
            container: AlertLayout.container(for: presentation, in: scene, keyboardHeight: keyboard), traits: DisplayTraits())
    }

    static func image(_ width: Double, _ height: Double) -> ContentNode { LayoutEngineTests.image(width, height) }

    /// QMUI's flat() (QMUICommonDefines.h `flatSpecificScale`): ceil(value × scale) / scale.
    static func flat(_ value: Double, scale: Double) -> Double { (value * scale).rounded(.up) / scale }

    // QMUIModalPresentationViewController.m, contentViewFrameForShowing: container = (390 − 20 − 20,
    // 844 − 20 − 20) = (350, 804); x = CGFloatGetCenter(350, w) + 20, y = CGFloatGetCenter(804, h) + 20,
    // CGFloatGetCenter(p, c) = flat((p − c) / 2), flat rounding UP to the pixel grid of the scale.
    @Test(
        "default 390 × 844 scene, margins 20: centred with QMUI's flat() at the screen's scale",
        arguments: [
            (200.0, 100.0), (201, 101), (350, 804), (100, 2000), (0, 0), (201.5, 100.25), (33.3, 77.7),
        ] as [(Double, Double)], [1.0, 2, 3])
    func centred(size: (width: Double, height: Double), scale: Double) {
        let (width, height) = size
        let w = min(width, 350), h = min(height, 804)
        let expected = Rect(
            x: Self.flat((350 - w) / 2, scale: scale) + 20, y: Self.flat((804 - h) / 2, scale: scale) + 20,
            width: w, height: h)
        let frame = Self.frame(Self.image(width, height), scene: Scene(scale: scale))
        #expect(frame == expected)
        // Never below the floored origin, less than a pixel above it.
        #expect(frame.x >= ((350 - w) / 2).rounded(.down) + 20 && frame.x - ((350 - w) / 2 + 20) < 1 / scale)
    }

    @Test("flat() rounds up, to the pixel: 74.5 is 75 at 1×, 74.5 at 2×, 74⅔ at 3×; a whole pixel stays put")
    func flatRoundsUp() {
        #expect(Self.frame(Self.image(201, 101), scene: Scene(scale: 1)) == Rect(x: 95, y: 372, width: 201, height: 101))
        #expect(Self.frame(Self.image(201, 101), scene: Scene(scale: 2)) == Rect(x: 94.5, y: 371.5, width: 201, height: 101))
        #expect(
            Self.frame(Self.image(201, 101), scene: Scene(scale: 3))
                == Rect(x: 224.0 / 3 + 20, y: 1055.0 / 3 + 20, width: 201, height: 101))
        #expect(Scene(scale: 3).flat(31.0 / 3) == 31.0 / 3)
        #expect(Scene(scale: 3).flat(10) == 10 && Scene(scale: 3).flat(-0.1) == 0)
        #expect(Scene(scale: .nan).flat(10.2) == 11)
    }

    @Test("maximum width 300 limits the content")
    func maximum() {
        #expect(
            Self.frame(Self.image(320, 50), scene: Scene(scale: 1)) {
                $0.widthMode = .maximum; $0.width = 300
            }
                == Rect(x: 45, y: 397, width: 300, height: 50))
        let text = ContentNode(
            .text(
                String(repeating: "lorem ipsum ", count: 20), size: 17, weight: .regular,
                color: 0, alignment: .leading, maxLines: 0), padding: EdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20))
        let frame = Self.frame(text) {
            $0.widthMode = .maximum; $0.width = 300
        }
        #expect(frame.width <= 300 && frame.width > 250)
        #expect(
            Self.frame(Self.image(100, 50)) {
                $0.widthMode = .maximum; $0.width = 300
            }.width == 100)
    }

    // CSPopController.m applyTheme: make.width.mas_equalTo(theme.maxPopupWidth) and centerX on the
    // window: exactly that wide whatever the screen, centred.
    @Test("fixed width: exactly that wide, even wider than the container, centred (CSPopKit)")
    func fixed() {
        #expect(
            Self.frame(Self.image(100, 50), scene: Scene(scale: 1)) {
                $0.widthMode = .fixed; $0.width = 300
            }
                == Rect(x: 45, y: 397, width: 300, height: 50))
        let wide = Self.frame(Self.image(100, 50), scene: Scene(scale: 1)) {
            $0.widthMode = .fixed; $0.width = 500
        }
        #expect(wide == Rect(x: (350 - 500) / 2 + 20, y: 397, width: 500, height: 50))
        #expect(wide.x + wide.width / 2 == 390 / 2)
        let text = ContentNode(.text("hello world", size: 10, weight: .regular, color: 0, alignment: .leading, maxLines: 0))
        #expect(
            Self.frame(text, scene: Scene(scale: 1)) {
                $0.widthMode = .fixed; $0.width = 30
            } == Rect(x: 180, y: 410, width: 30, height: 24))
    }

    @Test("keyboard up: re-centred in the space above it")
    func keyboard() {
        #expect(Self.frame(Self.image(200, 100), keyboard: 336) == Rect(x: 95, y: 204, width: 200, height: 100))
        #expect(Self.frame(Self.image(200, 100), keyboard: 0) == Rect(x: 95, y: 372, width: 200, height: 100))
    }

    @Test("rotation to 844 × 390 re-centres")
    func rotation() {
        #expect(
            Self.frame(Self.image(200, 100), scene: Scene(width: 844, height: 390))
                == Rect(x: 322, y: 145, width: 200, height: 100))
    }

    @Test("offsets and margins move the frame")
    func offsets() {
        #expect(
            Self.frame(Self.image(200, 100)) {
                $0.offsetX = 10; $0.offsetY = -30
            }
                == Rect(x: 105, y: 342, width: 200, height: 100))
        #expect(
            Self.frame(Self.image(200, 100)) {
                $0.marginLeft = 40; $0.marginTop = 60
            }
                == Rect(x: 105, y: 392, width: 200, height: 100))
        #expect(
            Self.frame(Self.image(200, 100)) {
                $0.offsetX = .nan; $0.offsetY = .infinity
            }
                == Rect(x: 95, y: 372, width: 200, height: 100))
    }

    @Test("deterministic: the same content gives the same frame")
    func deterministic() {
        #expect(Self.frame(SampleContent.tree) == Self.frame(SampleContent.tree))
    }
}
