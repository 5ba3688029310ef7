import PopChef
import PopModel

/// The parent's handle on one component instance in a plugin host: its connection, its number
/// there, the data it was sent and the completions it was handed. Each remote component holds one;
/// a class, so that a call through it copies (and retains) none of it.
final class RemoteInstance {
    let connection: PluginHostConnection
    let number: UInt64
    /// The component id, for failure messages.
    let id: String
    /// The display traits of its chef now: every call carries them.
    private let displayTraits: () -> DisplayTraits
    private var sentData = SentData()
    private var completions: [UInt64] = []

    init(connection: PluginHostConnection, number: UInt64, id: String, displayTraits: @escaping () -> DisplayTraits) {
        self.connection = connection
        self.number = number
        self.id = id
        self.displayTraits = displayTraits
    }

    /// How a call passes `data` to it.
    func reference(to data: RequestData) -> DataReference { sentData.reference(to: data) }

    /// Hands it a completion; the id its call carries.
    func hand(_ target: CompletionTarget) -> UInt64 {
        let id = connection.hand(target)
        completions.append(id)
        return id
    }

    /// Makes `call` under its chef's display traits; nil when its plugin host has failed. `what` is
    /// the ABI function's name.
    func call(_ call: HostCall, _ what: @autoclosure () -> String) -> ChildReply? {
        connection.call(call, "\(what()) of \(id)", traits: displayTraits())
    }

    /// The failure a throwing call ends with when `reply` is not its answer.
    func failure(for reply: ChildReply?) -> ComponentFailure {
        Self.failure(for: reply, on: connection, id: id)
    }

    /// The failure a call about component `id` on `connection` ends with when `reply` is not its
    /// answer: the failure the plugin host reported, its own death, or an answer of the wrong kind
    /// (which the child never sends).
    static func failure(for reply: ChildReply?, on connection: PluginHostConnection, id: String) -> ComponentFailure {
        if case .failure(let failure)? = reply { return failure.failure }
        if let failure = connection.failure { return failure.componentFailure }
        return ComponentFailure(.contractBroken, "the plugin host of \(connection.pluginPath) gave an answer of the wrong kind for \(id)")
    }

    /// Destroys the instance in the plugin host (nothing when it has failed: the instance died with
    /// it) and forgets what it held; `owner` is the remote component.
    func destroy(owner: AnyObject) {
        connection.forget(completions)
        connection.detachContext(of: number)
        completions = []
        _ = call(.destroy(instance: number), "destroy")
        connection.release(owner)
    }
}
