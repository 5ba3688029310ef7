import PopChef
import PopModel

/// A view loader in a plugin host process: its content comes back whole, once per request (the
/// chef keeps it), so frames cost the same as with a plugin in this process.
final class RemoteViewLoader: ViewLoaderComponent {
    let id: String
    /// It offers "pop.trait_observer/1"; without, trait changes cost no call.
    let observesTraits: Bool
    private var remote: RemoteInstance

    init(_ remote: RemoteInstance, observesTraits: Bool) {
        self.remote = remote
        self.observesTraits = observesTraits
        id = remote.id
    }

    func build(data: RequestData) throws(ComponentFailure) -> ContentNode {
        let reply = remote.call(.build(instance: remote.number, data: remote.reference(to: data)), "build")
        guard case .content(let content)? = reply else { throw remote.failure(for: reply) }
        return content
    }

    func traitsDidChange(_ traits: DisplayTraits) {
        guard observesTraits else { return }
        _ = remote.call(.traitsChanged(instance: remote.number, traits: traits), "traits_changed")
    }

    func destroy() { remote.destroy(owner: self) }
}
