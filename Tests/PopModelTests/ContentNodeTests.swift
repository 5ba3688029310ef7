import Foundation
import PopTestSupport
import Testing

@testable import PopModel

@Suite struct ContentNodeTests {
    @Test("helpers: text field ids and actions in document order, node count, depth")
    func helpers() {
        let sample = SampleContent.tree
        #expect(sample.textFieldIDs == ["user", "pin"])
        #expect(sample.actionNames == ["no", "yes"])
        #expect(sample.nodeCount == 11)
        #expect(sample.depth == 3)
        #expect(sample.children.count == 4)
        #expect(ContentNode(.divider).depth == 1)
        #expect(ContentNode(.divider).children.isEmpty)
    }

    @Test("Codable round-trip, with readable keys")
    func codable() throws {
        let value = try ValueEncoder().encode(SampleContent.tree)
        #expect(try ValueDecoder().decode(ContentNode.self, from: value) == SampleContent.tree)
        let text = try ValueEncoder().encode(
            ContentNode(.text("Hi", size: 13, weight: .bold, color: 0xFF, alignment: .center, maxLines: 0)))
        #expect(text.lookup(path: "kind.text.string") == "Hi")
        #expect(text.lookup(path: "kind.text.weight") == 3)
        #expect(text.lookup(path: "kind.text.color") == 255)
        let button = try ValueEncoder().encode(ContentNode(.button("OK", style: .plain, action: "ok")))
        #expect(button.lookup(path: "kind.button.title") == "OK")
    }

    @Test("colour components of 0xRRGGBBAA")
    func colour() {
        let colour: ContentNode.Color = 0x11223344
        #expect([colour.red, colour.green, colour.blue, colour.alpha] == [0x11, 0x22, 0x33, 0x44])
    }
}
