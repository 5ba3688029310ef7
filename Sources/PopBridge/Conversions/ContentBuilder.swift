import PluginABI
import PopLoader
import PopModel
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Why what a view loader built through a `pop_content_builder_t` is not content.
struct ContentError: Error, Hashable, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// The host side of a `pop_content_builder_t`: builds one `ContentNode` tree from a view loader's
/// calls. Valid only during the build call; main thread.
///
/// Rules beyond content.h's: the content has exactly one root node (a second one is an error);
/// depth counts nodes on a path from the root, leaves included (at most POP_CONTENT_MAX_DEPTH);
/// a modifier applies to the node added or the container closed last, so one right after a
/// begin, before any node, is an error; `padding` adds up, the other modifiers replace. Text,
/// button title and action and text field id must be non-NULL UTF-8, the action and id non-empty,
/// the id without '.' (actions read it as `field.<id>`) and unique; a NULL placeholder or image
/// name reads as "". Sizes, spacing, padding, radius and widths must be finite and not negative.
///
/// The first misuse is recorded in `error`, prefixed with the function's name ("end: no container
/// open", "padding: no node to modify (…)", "text: size -1.0 is negative or not finite",
/// "button: unknown style 9", "text_field: duplicate id \"pin\"", "divider: a second root node
/// (the content has exactly one)", "spacer: more than 4096 nodes", "begin_vstack: deeper than 32
/// levels"…); later calls are ignored. `finish` adds "no content" and "<n> container(s) left open (…)".
/// "pop.content_style/1"'s modifiers (`ContentStyle`) follow the same rules. A call from any thread
/// but the one that made the builder is ignored and makes the content invalid too ("a builder function was called from another thread…").
final class ContentBuilder {
    static let maxNodes = Int(POP_CONTENT_MAX_NODES)
    static let maxDepth = Int(POP_CONTENT_MAX_DEPTH)

    /// The C table handed to the view loader; `host_ctx` is this builder, unretained.
    let table: UnsafeMutablePointer<pop_content_builder_t>
    /// The first misuse, or nil.
    private(set) var error: String?
    /// The thread the builder belongs to (the one running the view loader's build).
    private let thread = pthread_self()
    /// Set by a call from another thread, which must not touch the builder's state.
    private let calledFromAnotherThread = Atomic<Bool>(false)

    /// A stack or overlay between its begin and its end.
    private struct Container {
        var name: String
        var make: ([ContentNode]) -> ContentNode.Kind
        var children: [ContentNode] = []
    }

    private var open: [Container] = []
    private var root: ContentNode?
    private var nodeCount = 0
    /// Whether the node added or the container closed last is there for a modifier.
    private var hasLastNode = false
    private var textFieldIDs: Set<String> = []

    private static let live = LiveTables<ContentBuilder>()

    init() {
        table = .allocate(capacity: 1)
        table.initialize(
            to: pop_content_builder_t(
                abi_version: ABIVersion.host.raw,
                struct_size: UInt32(MemoryLayout<pop_content_builder_t>.size),
                host_ctx: nil,
                begin_vstack: { b, spacing, alignment in
                    ContentBuilder.owner(of: b)?.begin("begin_vstack", spacing: spacing, alignment: alignment) {
                        .vstack(spacing: spacing, alignment: $0, children: $1)
                    }
                },
                begin_hstack: { b, spacing, alignment in
                    ContentBuilder.owner(of: b)?.begin("begin_hstack", spacing: spacing, alignment: alignment) {
                        .hstack(spacing: spacing, alignment: $0, children: $1)
                    }
                },
                begin_overlay: { b, alignment in
                    ContentBuilder.owner(of: b)?.begin("begin_overlay", spacing: 0, alignment: alignment) {
                        .overlay(alignment: $0, children: $1)
                    }
                },
                end: { ContentBuilder.owner(of: $0)?.end() },
                text: { b, utf8, size, weight, color, alignment, maxLines in
                    guard let owner = ContentBuilder.owner(of: b) else { return }
                    let function = "text"
                    guard let string = owner.string(utf8, "string", in: function, required: true),
                        owner.checkLength(size, "size", in: function),
                        let weight = owner.check(ContentNode.Weight(rawValue: weight), "weight", weight, in: function),
                        let alignment = owner.check(ContentNode.Alignment(rawValue: alignment), "alignment", alignment, in: function)
                    else { return }
                    owner.add(
                        .text(
                            string, size: size, weight: weight, color: ContentNode.Color(rawValue: color),
                            alignment: alignment, maxLines: Int(maxLines)), in: function)
                },
                button: { b, title, style, action in
                    guard let owner = ContentBuilder.owner(of: b) else { return }
                    let function = "button"
                    guard let title = owner.string(title, "title", in: function, required: true),
                        let style = owner.check(ContentNode.ButtonStyle(rawValue: style), "style", style, in: function),
                        let action = owner.string(action, "action", in: function, required: true)
                    else { return }
                    guard !action.isEmpty else { return owner.fail("\(function): empty action") }
                    owner.add(.button(title, style: style, action: action), in: function)
                },
                text_field: { b, id, placeholder, secure in
                    guard let owner = ContentBuilder.owner(of: b) else { return }
                    let function = "text_field"
                    guard let id = owner.string(id, "id", in: function, required: true),
                        let placeholder = owner.string(placeholder, "placeholder", in: function, required: false)
                    else { return }
                    guard !id.isEmpty else { return owner.fail("\(function): empty id") }
                    guard !id.contains(".") else {
                        return owner.fail("\(function): id \(Value.string(id).json) contains '.' (actions read it as field.<id>)")
                    }
                    guard !owner.textFieldIDs.contains(id) else {
                        return owner.fail("\(function): duplicate id \(Value.string(id).json)")
                    }
                    guard owner.add(.textField(id: id, placeholder: placeholder, secure: secure), in: function) else { return }
                    owner.textFieldIDs.insert(id)
                },
                image: { b, name, width, height in
                    guard let owner = ContentBuilder.owner(of: b) else { return }
                    let function = "image"
                    guard let name = owner.string(name, "name", in: function, required: false),
                        owner.checkLength(width, "width", in: function),
                        owner.checkLength(height, "height", in: function)
                    else { return }
                    owner.add(.image(name: name, width: width, height: height), in: function)
                },
                spacer: { b, minLength in
                    guard let owner = ContentBuilder.owner(of: b), owner.checkLength(minLength, "min_length", in: "spacer") else { return }
                    owner.add(.spacer(minLength: minLength), in: "spacer")
                },
                divider: { ContentBuilder.owner(of: $0)?.add(.divider, in: "divider") },
                padding: { b, top, leading, bottom, trailing in
                    guard let owner = ContentBuilder.owner(of: b) else { return }
                    let function = "padding"
                    for (length, name) in [(top, "top"), (leading, "leading"), (bottom, "bottom"), (trailing, "trailing")] {
                        guard owner.checkLength(length, name, in: function) else { return }
                    }
                    owner.modify(function) {
                        $0.padding.top += top
                        $0.padding.leading += leading
                        $0.padding.bottom += bottom
                        $0.padding.trailing += trailing
                    }
                },
                background: { b, color in
                    ContentBuilder.owner(of: b)?.modify("background") { $0.background = ContentNode.Color(rawValue: color) }
                },
                corner_radius: { b, radius in
                    guard let owner = ContentBuilder.owner(of: b), owner.checkLength(radius, "radius", in: "corner_radius") else { return }
                    owner.modify("corner_radius") { $0.cornerRadius = radius }
                },
                border: { b, width, color in
                    guard let owner = ContentBuilder.owner(of: b), owner.checkLength(width, "width", in: "border") else { return }
                    owner.modify("border") { $0.border = ContentNode.Border(width: width, color: ContentNode.Color(rawValue: color)) }
                }
            ))
        table.pointee.host_ctx = Unmanaged.passUnretained(self).toOpaque()
        ContentBuilder.live.register(table, owner: self)
    }

    deinit {
        ContentBuilder.live.unregister(table)
        table.deallocate()
    }

    /// The content built, or the first misuse, containers left open, or no content at all.
    func finish() -> Result<ContentNode, ContentError> {
        if calledFromAnotherThread.load(ordering: .acquiring) {
            return .failure(
                ContentError(
                    message:
                        "a builder function was called from another thread (the builder is main-thread only: call it from build, on the thread that runs it)"
                ))
        }
        if let error { return .failure(ContentError(message: error)) }
        if !open.isEmpty {
            let names = open.map(\.name).joined(separator: ", ")
            let containers = open.count == 1 ? "container" : "containers"
            return .failure(ContentError(message: "\(open.count) \(containers) left open (\(names))"))
        }
        guard let root else { return .failure(ContentError(message: "no content")) }
        return .success(root)
    }

    /// The builder behind a table pointer from a plugin; nil for NULL or foreign pointers.
    static func owner(of builder: UnsafePointer<pop_content_builder_t>?) -> ContentBuilder? {
        guard let owner = live.owner(of: builder, context: { $0.host_ctx }) else { return nil }
        guard pthread_equal(owner.thread, pthread_self()) != 0 else {
            owner.calledFromAnotherThread.store(true, ordering: .releasing)
            return nil
        }
        return owner
    }

    func fail(_ message: String) {
        if error == nil { error = message }
    }

    // MARK: Arguments (each false or nil after recording the misuse)

    func string(_ utf8: UnsafePointer<CChar>?, _ name: String, in function: String, required: Bool) -> String? {
        guard error == nil else { return nil }
        guard let utf8 else {
            if required { fail("\(function): NULL \(name)") }
            return required ? nil : ""
        }
        guard let string = String(validatingCString: utf8) else {
            fail("\(function): \(name) is not valid UTF-8")
            return nil
        }
        return string
    }

    func checkLength(_ length: Double, _ name: String, in function: String) -> Bool {
        guard error == nil else { return false }
        guard length.isFinite, length >= 0 else {
            fail("\(function): \(name) \(length) is negative or not finite")
            return false
        }
        return true
    }

    func check<Enum>(_ value: Enum?, _ name: String, _ raw: Int32, in function: String) -> Enum? {
        guard error == nil else { return nil }
        if value == nil { fail("\(function): unknown \(name) \(raw)") }
        return value
    }

    // MARK: Structure

    /// Whether one more node may go where the next node goes; records the misuse when not.
    private func canAddNode(in function: String) -> Bool {
        guard error == nil else { return false }
        if open.isEmpty, root != nil {
            fail("\(function): a second root node (the content has exactly one)")
        } else if nodeCount == ContentBuilder.maxNodes {
            fail("\(function): more than \(ContentBuilder.maxNodes) nodes")
        } else if open.count == ContentBuilder.maxDepth {
            fail("\(function): deeper than \(ContentBuilder.maxDepth) levels")
        }
        return error == nil
    }

    /// Adds a leaf; false when it was a misuse.
    @discardableResult
    private func add(_ kind: ContentNode.Kind, in function: String) -> Bool {
        guard canAddNode(in: function) else { return false }
        nodeCount += 1
        place(ContentNode(kind))
        return true
    }

    private func place(_ node: ContentNode) {
        if open.isEmpty {
            root = node
        } else {
            open[open.count - 1].children.append(node)
        }
        hasLastNode = true
    }

    private func begin(
        _ function: String, spacing: Double, alignment: Int32,
        make: @escaping (ContentNode.Alignment, [ContentNode]) -> ContentNode.Kind
    ) {
        guard checkLength(spacing, "spacing", in: function),
            let alignment = check(ContentNode.Alignment(rawValue: alignment), "alignment", alignment, in: function),
            canAddNode(in: function)
        else { return }
        nodeCount += 1
        open.append(Container(name: String(function.dropFirst("begin_".count))) { make(alignment, $0) })
        hasLastNode = false
    }

    private func end() {
        guard error == nil else { return }
        guard let container = open.popLast() else { return fail("end: no container open") }
        place(ContentNode(container.make(container.children)))
    }

    func modify(_ function: String, _ change: (inout ContentNode) -> Void) {
        guard error == nil else { return }
        guard hasLastNode else {
            return fail("\(function): no node to modify (a modifier follows the node it applies to, or its container's end)")
        }
        if open.isEmpty {
            change(&root!)
        } else {
            let innermost = open.count - 1
            change(&open[innermost].children[open[innermost].children.count - 1])
        }
    }
}
