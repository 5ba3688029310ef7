import PopChef
import PopModel

/// A reformer in a plugin host process.
final class RemoteReformer: ReformerComponent {
    let id: String
    private let remote: RemoteInstance

    init(_ remote: RemoteInstance) {
        self.remote = remote
        id = remote.id
    }

    func reform(data: RequestData) throws(ComponentFailure) -> (view: Value?, controller: Value?) {
        let reply = remote.call(.reform(instance: remote.number, data: remote.reference(to: data)), "reform")
        guard case .reformed(let view, let controller)? = reply else { throw remote.failure(for: reply) }
        return (view?.value, controller?.value)
    }

    func destroy() { remote.destroy(owner: self) }
}
