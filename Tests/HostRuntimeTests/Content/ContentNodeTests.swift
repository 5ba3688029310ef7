import Foundation
import PluginABI
import Testing
@testable import HostRuntime

@Suite struct ContentNodeTests {
    static let sample = ContentNode(
        .vstack(spacing: 12, alignment: .center, children: [
            ContentNode(.text("Title", size: 17, weight: .semibold, color: 0x112233FF, alignment: .leading, maxLines: 1)),
            ContentNode(.overlay(alignment: .fill, children: [
                ContentNode(.image(name: "logo", width: 20, height: 20)),
                ContentNode(.textField(id: "user", placeholder: "Name", secure: false)),
            ])),
            ContentNode(.hstack(spacing: 8, alignment: .center, children: [
                ContentNode(.button("No", style: .cancel, action: "no")), ContentNode(.spacer(minLength: 4)),
                ContentNode(.textField(id: "pin", placeholder: "", secure: true)),
                ContentNode(.button("Yes", style: .default, action: "yes")),
            ])),
            ContentNode(.divider, background: 0xCCCCCCFF),
        ]),
        padding: EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4), background: 0xFFFFFFFF, cornerRadius: 8,
        border: .init(width: 1, color: 0x000000FF))

    @Test("helpers: text field ids and actions in document order, node count, depth")
    func helpers() {
        let sample = ContentNodeTests.sample
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
        let data = try JSONEncoder().encode(ContentNodeTests.sample)
        #expect(try JSONDecoder().decode(ContentNode.self, from: data) == ContentNodeTests.sample)
        let text = try Value(jsonBytes: JSONEncoder().encode(ContentNode(.text("Hi", size: 13, weight: .bold, color: 0xFF, alignment: .center, maxLines: 0))))
        #expect(text.lookup(path: "kind.text.string") == "Hi")
        #expect(text.lookup(path: "kind.text.weight") == 3)
        #expect(text.lookup(path: "kind.text.color") == 255)
        let button = try Value(jsonBytes: JSONEncoder().encode(ContentNode(.button("OK", style: .plain, action: "ok"))))
        #expect(button.lookup(path: "kind.button.title") == "OK")
    }

    @Test("enum raw values are the C constants")
    func cConstants() {
        #expect(ContentNode.Alignment.allCases.map(\.rawValue) == [POP_ALIGN_LEADING, POP_ALIGN_CENTER, POP_ALIGN_TRAILING, POP_ALIGN_FILL].map { Int32($0) })
        #expect(ContentNode.Weight.allCases.map(\.rawValue) == [POP_WEIGHT_REGULAR, POP_WEIGHT_MEDIUM, POP_WEIGHT_SEMIBOLD, POP_WEIGHT_BOLD].map { Int32($0) })
        #expect(ContentNode.ButtonStyle.allCases.map(\.rawValue) == [POP_BUTTON_DEFAULT, POP_BUTTON_CANCEL, POP_BUTTON_DESTRUCTIVE, POP_BUTTON_PLAIN].map { Int32($0) })
        #expect(ContentBuilder.maxNodes == 4096)
        #expect(ContentBuilder.maxDepth == 32)
    }

    @Test("colour components of 0xRRGGBBAA")
    func colour() {
        let colour: ContentNode.Color = 0x11223344
        #expect([colour.red, colour.green, colour.blue, colour.alpha] == [0x11, 0x22, 0x33, 0x44])
    }
}
