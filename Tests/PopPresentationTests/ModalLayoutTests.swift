import Testing
import PopTestSupport
@testable import PopModel
@testable import PopPresentation

@Suite struct ModalLayoutTests {
    static func frame(_ content: ContentNode, scene: Scene = Scene(), keyboard: Double = 0,
                      _ configure: (inout Presentation) -> Void = { _ in }) -> Rect {
        var presentation = Presentation()
        configure(&presentation)
        return AlertLayout.frame(for: content, presentation: presentation,
                                 container: AlertLayout.container(for: presentation, in: scene, keyboardHeight: keyboard))
    }

    static func image(_ width: Double, _ height: Double) -> ContentNode { LayoutEngineTests.image(width, height) }

    @Test("default 390 × 844 scene, margins 20: centred, origins floored", arguments: [
        (200.0, 100.0, Rect(x: 95, y: 372, width: 200, height: 100)),
        (201, 101, Rect(x: 94, y: 371, width: 201, height: 101)),
        (350, 804, Rect(x: 20, y: 20, width: 350, height: 804)),
        (100, 2000, Rect(x: 145, y: 20, width: 100, height: 804)),
        (0, 0, Rect(x: 195, y: 422, width: 0, height: 0)),
    ])
    func centred(width: Double, height: Double, frame: Rect) {
        #expect(Self.frame(Self.image(width, height)) == frame)
    }

    @Test("maximum width 300 limits the content")
    func maximum() {
        #expect(Self.frame(Self.image(320, 50)) { $0.widthMode = .maximum; $0.width = 300 }
                == Rect(x: 45, y: 397, width: 300, height: 50))
        let text = ContentNode(.text(String(repeating: "lorem ipsum ", count: 20), size: 17, weight: .regular,
                                     color: 0, alignment: .leading, maxLines: 0), padding: EdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20))
        let frame = Self.frame(text) { $0.widthMode = .maximum; $0.width = 300 }
        #expect(frame.width <= 300 && frame.width > 250)
        #expect(Self.frame(Self.image(100, 50)) { $0.widthMode = .maximum; $0.width = 300 }.width == 100)
    }

    @Test("fixed width: exactly that wide, clamped to the container")
    func fixed() {
        #expect(Self.frame(Self.image(100, 50)) { $0.widthMode = .fixed; $0.width = 300 }
                == Rect(x: 45, y: 397, width: 300, height: 50))
        #expect(Self.frame(Self.image(100, 50)) { $0.widthMode = .fixed; $0.width = 500 }
                == Rect(x: 20, y: 397, width: 350, height: 50))
        let text = ContentNode(.text("hello world", size: 10, weight: .regular, color: 0, alignment: .leading, maxLines: 0))
        #expect(Self.frame(text) { $0.widthMode = .fixed; $0.width = 30 } == Rect(x: 180, y: 410, width: 30, height: 24))
    }

    @Test("keyboard up: re-centred in the space above it")
    func keyboard() {
        #expect(Self.frame(Self.image(200, 100), keyboard: 336) == Rect(x: 95, y: 204, width: 200, height: 100))
        #expect(Self.frame(Self.image(200, 100), keyboard: 0) == Rect(x: 95, y: 372, width: 200, height: 100))
    }

    @Test("rotation to 844 × 390 re-centres")
    func rotation() {
        #expect(Self.frame(Self.image(200, 100), scene: Scene(width: 844, height: 390))
                == Rect(x: 322, y: 145, width: 200, height: 100))
    }

    @Test("offsets and margins move the frame")
    func offsets() {
        #expect(Self.frame(Self.image(200, 100)) { $0.offsetX = 10; $0.offsetY = -30 }
                == Rect(x: 105, y: 342, width: 200, height: 100))
        #expect(Self.frame(Self.image(200, 100)) { $0.marginLeft = 40; $0.marginTop = 60 }
                == Rect(x: 105, y: 392, width: 200, height: 100))
        #expect(Self.frame(Self.image(200, 100)) { $0.offsetX = .nan; $0.offsetY = .infinity }
                == Rect(x: 95, y: 372, width: 200, height: 100))
    }

    @Test("deterministic: the same content gives the same frame")
    func deterministic() {
        #expect(Self.frame(SampleContent.tree) == Self.frame(SampleContent.tree))
    }
}
