import PluginABI
import PopChef
import PopModel

/// A plugin's view loader: describes its content through a content builder, under its chef's
/// display traits ("pop.traits/1"), and hears trait changes when it offers "pop.trait_observer/1".
final class PluginViewLoader: ViewLoaderComponent {
    let id: String
    private let pointer: UnsafePointer<pop_view_loader_t>
    private let buildFunction:
        @convention(c) (UnsafePointer<pop_view_loader_t>?, OpaquePointer?, UnsafePointer<pop_content_builder_t>?) -> Bool
    private let instance: PluginInstance
    private let observer: TraitObserver?

    /// Fails when the plugin has no `build` (it is required), or its trait observer table breaks the
    /// growth rule.
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
    }

    func build(data: RequestData) throws(ComponentFailure) -> ContentNode {
        let builder = ContentBuilder()
        guard instance.underTraits({ buildFunction(pointer, data.tree.root, builder.table) }) else {
            throw ComponentFailure(.declined, "build returned false")
        }
        switch builder.finish() {
        case .success(let content): return content
        case .failure(let error): throw ComponentFailure(.contractBroken, "its content is invalid: \(error)")
        }
    }

    var observesTraits: Bool { observer != nil }

    func traitsDidChange(_ traits: DisplayTraits) { observer?.traitsChanged(to: traits) }

    func destroy() { instance.destroy() }
}
