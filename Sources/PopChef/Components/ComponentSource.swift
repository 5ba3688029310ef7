import PopModel

/// A set of components a catalog makes instances from: the C plugins of a discovery (the bridge's
/// `PluginComponents`, in this process; PopIsolation's `IsolatedComponents`, in plugin host
/// processes), or anything else that can make them by id.
public protocol ComponentSource: AnyObject {
    /// The kind of component `id`, or nil when this source has none of that id.
    func kind(of id: String) -> ComponentKind?
    /// The ids of its components of `kind`.
    func componentIDs(of kind: ComponentKind) -> [String]
    /// An instance of component `id` for the chef `context` comes from.
    func makeHandler(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any HandlerComponent
    func makeViewLoader(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any ViewLoaderComponent
    func makeControllerLoader(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any ControllerLoaderComponent
    func makeReformer(_ id: String, context: ComponentContext) throws(ComponentFailure) -> any ReformerComponent
    /// Runs the main-thread callbacks its components asked for; true when any ran.
    func deliverMainThreadCallbacks() -> Bool
    /// The instances it has lost since it was last asked (their plugin's process died or hung);
    /// the chef ends the requests that use them. Default: none (components in this process are
    /// never lost: a crash takes the host with them).
    func takeLosses() -> [ComponentLoss]
}

extension ComponentSource {
    public func takeLosses() -> [ComponentLoss] { [] }
}
