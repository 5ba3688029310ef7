import PopChef
import PopModel

/// A view loader in a plugin host process: its content comes back whole, once per request (the
/// chef keeps it), so frames cost the same as with a plugin in this process; a page's or a sheet's rows on
/// demand ("pop.list/1") come one at a time, as they show.
final class RemoteViewLoader: ViewLoaderComponent {
    let id: String
    /// It offers "pop.trait_observer/1"; without, trait changes cost no call.
    let observesTraits: Bool
    /// A sheet it builds lists its rows (the plugin declares ABI 1.3): told when it was made, as in this process.
    let listsRowsInSheets: Bool
    private let remote: RemoteInstance

    init(_ remote: RemoteInstance, observesTraits: Bool, listsRowsInSheets: Bool) {
        self.remote = remote
        self.observesTraits = observesTraits
        self.listsRowsInSheets = listsRowsInSheets
        id = remote.id
    }

    func build(data: RequestData) throws(ComponentFailure) -> ContentNode {
        let reply = remote.call(.build(instance: remote.number, data: remote.reference(to: data)), "build")
        guard case .content(let content)? = reply else { throw remote.failure(for: reply) }
        return content
    }

    /// Asked of every page's view loader (and a sheet's that lists rows in sheets): whether it lists rows is the
    /// plugin host's to say.
    func rowLayout(for data: RequestData) throws(ComponentFailure) -> RowLayout? {
        let reply = remote.call(.rowLayout(instance: remote.number, data: remote.reference(to: data)), "row_count")
        guard case .rowLayout(let layout)? = reply else { throw remote.failure(for: reply) }
        return layout
    }

    func buildRow(_ row: Int, data: RequestData) throws(ComponentFailure) -> ContentNode {
        let reply = remote.call(.buildRow(instance: remote.number, data: remote.reference(to: data), row: row), "build_row")
        guard case .content(let content)? = reply else { throw remote.failure(for: reply) }
        return content
    }

    func traitsDidChange(_ traits: DisplayTraits) {
        guard observesTraits else { return }
        _ = remote.call(.traitsChanged(instance: remote.number, traits: traits), "traits_changed")
    }

    func destroy() { remote.destroy(owner: self) }
}
