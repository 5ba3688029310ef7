import PluginABI
import PopChef
import PopModel

/// A plugin's view loader: describes its content through a content builder, under its chef's
/// display traits ("pop.traits/1"), hears trait changes when it offers "pop.trait_observer/1", and
/// lists a page's rows on demand when it offers "pop.list/1" (`PluginRows`), and a sheet's too when it declares
/// ABI 1.3 or later.
final class PluginViewLoader: ViewLoaderComponent {
    let id: String
    private let pointer: UnsafePointer<pop_view_loader_t>
    private let buildFunction:
        @convention(c) (UnsafePointer<pop_view_loader_t>?, OpaquePointer?, UnsafePointer<pop_content_builder_t>?) -> Bool
    private let instance: PluginInstance
    private let observer: TraitObserver?
    private let rows: PluginRows?
    /// It offers "pop.list/1" and its view loader struct declares ABI 1.3 or later (version.h's history): a
    /// plugin of 1.2 that offers the table for a popup keeps showing build()'s content only.
    let listsRowsInSheets: Bool

    /// Fails when the plugin has no `build` (it is required), or its trait observer or list table
    /// breaks the growth rule or lacks a required function.
    init(_ instance: PluginInstance, id: String) throws(ComponentFailure) {
        let pointer = instance.kind(pop_view_loader_t.self)
        guard let build = pointer.pointee.build else {
            throw ComponentFailure(.contractBroken, "view loader \(id) has no build function")
        }
        self.instance = instance
        self.pointer = pointer
        self.id = id
        buildFunction = build
        observer = try instance.traitObserver()
        rows = try PluginRows(instance, viewLoader: pointer)
        listsRowsInSheets = rows != nil && instance.header.version.minor >= 3
    }

    func build(data: RequestData) throws(ComponentFailure) -> ContentNode {
        let builder = ContentBuilder()
        guard instance.underTraits({ buildFunction(pointer, data.tree.root, builder.table) }) else {
            throw ComponentFailure(.declined, "build returned false")
        }
        return try Self.content(of: builder)
    }

    func rowLayout(for data: RequestData) throws(ComponentFailure) -> RowLayout? {
        guard let rows else { return nil }
        return try instance.underTraits { () throws(ComponentFailure) -> RowLayout? in try rows.layout(data) }
    }

    func buildRow(_ row: Int, data: RequestData) throws(ComponentFailure) -> ContentNode {
        guard let rows else { throw ComponentFailure(.contractBroken, "view loader \(id) lists no rows") }
        let builder = ContentBuilder()
        guard instance.underTraits({ rows.build(row, data, builder) }) else {
            throw ComponentFailure(.declined, "build_row returned false")
        }
        return try Self.content(of: builder)
    }

    /// What `builder` was given, or why it is not content.
    private static func content(of builder: ContentBuilder) throws(ComponentFailure) -> ContentNode {
        switch builder.finish() {
        case .success(let content): return content
        case .failure(let error): throw ComponentFailure(.contractBroken, "its content is invalid: \(error)")
        }
    }

    var observesTraits: Bool { observer != nil }

    func traitsDidChange(_ traits: DisplayTraits) { observer?.traitsChanged(to: traits) }

    func destroy() { instance.destroy() }
}
