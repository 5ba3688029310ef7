import PluginABI
import Testing

@testable import PopBridge
@testable import PopModel

/// One call a view loader makes on a `pop_content_builder_t`.
enum ContentCall: Sendable, CustomTestStringConvertible {
    case vstack(Double = 0, Int32 = 1), hstack(Double = 0, Int32 = 1), overlay(Int32 = 1), end
    case text(String?, size: Double = 17, weight: Int32 = 0, color: UInt32 = 0x000000FF, alignment: Int32 = 1, maxLines: UInt32 = 0)
    case textBytes([UInt8])
    case button(String?, style: Int32 = 0, action: String?)
    case buttonActionBytes([UInt8])
    case textField(String?, placeholder: String? = nil, secure: Bool = false)
    case textFieldPlaceholderBytes([UInt8])
    case image(String?, width: Double = 10, height: Double = 10)
    case imageNameBytes([UInt8])
    case spacer(Double = 0), divider
    case padding(Double, Double, Double, Double), background(UInt32), cornerRadius(Double), border(Double, UInt32)

    var testDescription: String { "\(self)" }

    func perform(on b: UnsafePointer<pop_content_builder_t>) {
        let t = b.pointee
        switch self {
        case .vstack(let spacing, let alignment): t.begin_vstack(b, spacing, alignment)
        case .hstack(let spacing, let alignment): t.begin_hstack(b, spacing, alignment)
        case .overlay(let alignment): t.begin_overlay(b, alignment)
        case .end: t.end(b)
        case .text(let string, let size, let weight, let color, let alignment, let maxLines):
            withOptionalCString(string) { t.text(b, $0, size, weight, color, alignment, maxLines) }
        case .textBytes(let bytes):
            withBytes(bytes) { t.text(b, $0, 17, 0, 0, 0, 0) }
        case .button(let title, let style, let action):
            withOptionalCString(title) { title in withOptionalCString(action) { t.button(b, title, style, $0) } }
        case .buttonActionBytes(let bytes):
            withBytes(bytes) { t.button(b, "OK", 0, $0) }
        case .textField(let id, let placeholder, let secure):
            withOptionalCString(id) { id in withOptionalCString(placeholder) { t.text_field(b, id, $0, secure) } }
        case .textFieldPlaceholderBytes(let bytes):
            withBytes(bytes) { t.text_field(b, "id", $0, false) }
        case .image(let name, let width, let height):
            withOptionalCString(name) { t.image(b, $0, width, height) }
        case .imageNameBytes(let bytes):
            withBytes(bytes) { t.image(b, $0, 1, 1) }
        case .spacer(let minLength): t.spacer(b, minLength)
        case .divider: t.divider(b)
        case .padding(let top, let leading, let bottom, let trailing): t.padding(b, top, leading, bottom, trailing)
        case .background(let color): t.background(b, color)
        case .cornerRadius(let radius): t.corner_radius(b, radius)
        case .border(let width, let color): t.border(b, width, color)
        }
    }

    private func withOptionalCString(_ string: String?, _ body: (UnsafePointer<CChar>?) -> Void) {
        guard let string else { return body(nil) }
        string.withCString { body($0) }
    }

    private func withBytes(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>?) -> Void) {
        (bytes + [0]).withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { body($0.baseAddress) } }
    }
}

/// Runs `calls` through a fresh builder's C table.
private func build(_ calls: [ContentCall]) -> Result<ContentNode, ContentError> {
    let builder = ContentBuilder()
    for call in calls { call.perform(on: builder.table) }
    return builder.finish()
}

@Suite struct ContentBuilderTests {
    @Test("the demo content")
    func demo() throws {
        let calls: [ContentCall] = [
            .vstack(12, Int32(POP_ALIGN_CENTER)),
            .text(
                "Pay 12.00", size: 17, weight: Int32(POP_WEIGHT_SEMIBOLD), color: 0x000000FF, alignment: Int32(POP_ALIGN_CENTER),
                maxLines: 2),
            .textField("password", placeholder: "Password", secure: true),
            .hstack(8, Int32(POP_ALIGN_FILL)),
            .button("Cancel", style: Int32(POP_BUTTON_CANCEL), action: "cancel"),
            .button("Confirm", style: Int32(POP_BUTTON_DEFAULT), action: "confirm"),
            .end,
            .padding(4, 0, 0, 0),
            .end,
            .padding(20, 20, 20, 20), .background(0xFFFFFFFF), .cornerRadius(12),
        ]
        let buttons = ContentNode(
            .hstack(
                spacing: 8, alignment: .fill,
                children: [
                    ContentNode(.button("Cancel", style: .cancel, action: "cancel")),
                    ContentNode(.button("Confirm", style: .default, action: "confirm")),
                ]), padding: EdgeInsets(top: 4, leading: 0, bottom: 0, trailing: 0))
        let expected = ContentNode(
            .vstack(
                spacing: 12, alignment: .center,
                children: [
                    ContentNode(.text("Pay 12.00", size: 17, weight: .semibold, color: 0x000000FF, alignment: .center, maxLines: 2)),
                    ContentNode(.textField(id: "password", placeholder: "Password", secure: true)),
                    buttons,
                ]),
            padding: EdgeInsets(top: 20, leading: 20, bottom: 20, trailing: 20), background: 0xFFFFFFFF, cornerRadius: 12)
        let content = try build(calls).get()
        #expect(content == expected)
        #expect(content.textFieldIDs == ["password"])
        #expect(content.actionNames == ["cancel", "confirm"])
    }

    @Test("every leaf kind, in overlays too, and NULL placeholder and image name read as \"\"")
    func leaves() throws {
        let calls: [ContentCall] = [
            .overlay(Int32(POP_ALIGN_TRAILING)),
            .image(nil, width: 0, height: 3), .spacer(5), .divider, .textField("f"), .border(1, 0xFF0000FF),
            .text("", size: 0, weight: 3, color: 7, alignment: 3, maxLines: .max),
            .end,
        ]
        let expected = ContentNode(
            .overlay(
                alignment: .trailing,
                children: [
                    ContentNode(.image(name: "", width: 0, height: 3)), ContentNode(.spacer(minLength: 5)), ContentNode(.divider),
                    ContentNode(.textField(id: "f", placeholder: "", secure: false), border: .init(width: 1, color: 0xFF0000FF)),
                    ContentNode(.text("", size: 0, weight: .bold, color: 7, alignment: .fill, maxLines: Int(UInt32.max))),
                ]))
        #expect(try build(calls).get() == expected)
        #expect(
            try build([.divider, .padding(1, 2, 3, 4)]).get()
                == ContentNode(.divider, padding: EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)))
    }

    @Test("modifiers go to the node added or the container closed last; padding adds up, the rest replace")
    func modifiers() throws {
        let calls: [ContentCall] = [
            .vstack(),
            .divider, .padding(1, 1, 1, 1), .padding(2, 0, 0, 0), .background(1), .background(2), .cornerRadius(3), .cornerRadius(4),
            .hstack(), .spacer(), .border(1, 1), .end, .border(2, 2), .border(3, 3),
            .end,
            .cornerRadius(9),
        ]
        let content = try build(calls).get()
        let divider = ContentNode(.divider, padding: EdgeInsets(top: 3, leading: 1, bottom: 1, trailing: 1), background: 2, cornerRadius: 4)
        let hstack = ContentNode(
            .hstack(spacing: 0, alignment: .center, children: [ContentNode(.spacer(minLength: 0), border: .init(width: 1, color: 1))]),
            border: .init(width: 3, color: 3))
        #expect(content == ContentNode(.vstack(spacing: 0, alignment: .center, children: [divider, hstack]), cornerRadius: 9))
    }

    @Test(
        "misuse is reported with the first mistake",
        arguments: [
            ([], "no content"),
            ([.end], "end: no container open"),
            ([.vstack(), .end, .end], "end: no container open"),
            ([.padding(1, 1, 1, 1)], "padding: no node to modify (a modifier follows the node it applies to, or its container's end)"),
            ([.background(0)], "background: no node to modify (a modifier follows the node it applies to, or its container's end)"),
            (
                [.vstack(), .divider, .hstack(), .cornerRadius(1)],
                "corner_radius: no node to modify (a modifier follows the node it applies to, or its container's end)"
            ),
            ([.vstack(), .border(1, 0)], "border: no node to modify (a modifier follows the node it applies to, or its container's end)"),
            ([.text("a", size: .nan)], "text: size nan is negative or not finite"),
            ([.text("a", size: -1)], "text: size -1.0 is negative or not finite"),
            ([.vstack(-1)], "begin_vstack: spacing -1.0 is negative or not finite"),
            ([.hstack(.infinity)], "begin_hstack: spacing inf is negative or not finite"),
            ([.divider, .padding(0, -2, 0, 0)], "padding: leading -2.0 is negative or not finite"),
            ([.divider, .padding(0, 0, 0, .nan)], "padding: trailing nan is negative or not finite"),
            ([.divider, .cornerRadius(-0.5)], "corner_radius: radius -0.5 is negative or not finite"),
            ([.divider, .border(.infinity, 0)], "border: width inf is negative or not finite"),
            ([.image("i", width: -1)], "image: width -1.0 is negative or not finite"),
            ([.image("i", height: .nan)], "image: height nan is negative or not finite"),
            ([.spacer(-.infinity)], "spacer: min_length -inf is negative or not finite"),
            ([.text(nil)], "text: NULL string"),
            ([.textBytes([0x61, 0xFF])], "text: string is not valid UTF-8"),
            ([.button(nil, action: "a")], "button: NULL title"),
            ([.button("OK", action: nil)], "button: NULL action"),
            ([.button("OK", action: "")], "button: empty action"),
            ([.buttonActionBytes([0xC3])], "button: action is not valid UTF-8"),
            ([.textField(nil)], "text_field: NULL id"),
            ([.textField("")], "text_field: empty id"),
            ([.textField("a.b")], #"text_field: id "a.b" contains '.' (actions read it as field.<id>)"#),
            ([.vstack(), .textField("pin"), .textField("pin")], #"text_field: duplicate id "pin""#),
            ([.textFieldPlaceholderBytes([0xED, 0xB0, 0x80])], "text_field: placeholder is not valid UTF-8"),
            ([.imageNameBytes([0xF8])], "image: name is not valid UTF-8"),
            ([.vstack(0, 4)], "begin_vstack: unknown alignment 4"),
            ([.overlay(-1)], "begin_overlay: unknown alignment -1"),
            ([.text("a", weight: 4)], "text: unknown weight 4"),
            ([.text("a", alignment: 9)], "text: unknown alignment 9"),
            ([.button("OK", style: 4, action: "a")], "button: unknown style 4"),
            ([.text("a"), .text("b")], "text: a second root node (the content has exactly one)"),
            ([.vstack(), .end, .hstack()], "begin_hstack: a second root node (the content has exactly one)"),
            ([.vstack()], "1 container left open (vstack)"),
            ([.vstack(), .hstack(), .overlay()], "3 containers left open (vstack, hstack, overlay)"),
            ([.end, .text(nil), .vstack()], "end: no container open"),
        ] as [([ContentCall], String)])
    func misuse(calls: [ContentCall], message: String) {
        #expect(throws: ContentError(message: message)) { try build(calls).get() }
    }

    @Test("the first misuse is kept and later calls are ignored")
    func firstMisuseWins() {
        let builder = ContentBuilder()
        for call in [ContentCall.vstack(), .end, .textField("x"), .end, .divider] { call.perform(on: builder.table) }
        #expect(builder.error == "text_field: a second root node (the content has exactly one)")
        #expect(throws: ContentError(message: "text_field: a second root node (the content has exactly one)")) {
            try builder.finish().get()
        }
    }

    @Test("nodes: 4096 are fine, the 4097th is an error")
    func nodeLimit() throws {
        let full = [ContentCall.vstack()] + Array(repeating: .divider, count: 4095) + [.end]
        let content = try build(full).get()
        #expect(content.nodeCount == 4096)
        let over = [ContentCall.vstack()] + Array(repeating: .divider, count: 4096) + [.end]
        #expect(throws: ContentError(message: "divider: more than 4096 nodes")) { try build(over).get() }
    }

    @Test("depth: 32 nodes on a path are fine, 33 are an error")
    func depthLimit() throws {
        let stacks = Array(repeating: ContentCall.vstack(), count: 32) + Array(repeating: .end, count: 32)
        #expect(try build(stacks).get().depth == 32)
        let leaf = Array(repeating: ContentCall.vstack(), count: 31) + [.text("deep")] + Array(repeating: .end, count: 31)
        #expect(try build(leaf).get().depth == 32)
        let tooDeepLeaf = Array(repeating: ContentCall.vstack(), count: 32) + [.text("deep")]
        #expect(throws: ContentError(message: "text: deeper than 32 levels")) { try build(tooDeepLeaf).get() }
        let tooDeepStack = Array(repeating: ContentCall.hstack(), count: 33)
        #expect(throws: ContentError(message: "begin_hstack: deeper than 32 levels")) { try build(tooDeepStack).get() }
    }

    @Test("calls through NULL or foreign tables, or a table whose host_ctx changed, are ignored")
    func foreignTables() throws {
        let builder = ContentBuilder()
        let table = builder.table.pointee
        table.divider(nil)
        table.end(nil)
        var copy = table
        withUnsafePointer(to: &copy) { table.divider($0) }
        var bogus = table
        bogus.host_ctx = UnsafeMutableRawPointer(bitPattern: 0x10)
        withUnsafePointer(to: &bogus) { table.begin_vstack($0, 0, 0) }
        builder.table.pointee.host_ctx = nil
        table.divider(builder.table)
        builder.table.pointee.host_ctx = Unmanaged.passUnretained(builder).toOpaque()
        #expect(builder.error == nil)
        #expect(throws: ContentError(message: "no content")) { try builder.finish().get() }
        table.divider(builder.table)
        #expect(try builder.finish().get() == ContentNode(.divider))
    }

    @Test("the table's header")
    func header() {
        let builder = ContentBuilder()
        #expect(builder.table.pointee.abi_version.major == UInt32(POP_VERSION_MAJOR))
        #expect(builder.table.pointee.struct_size == UInt32(MemoryLayout<pop_content_builder_t>.size))
        #expect(builder.table.pointee.host_ctx == Unmanaged.passUnretained(builder).toOpaque())
    }
}
