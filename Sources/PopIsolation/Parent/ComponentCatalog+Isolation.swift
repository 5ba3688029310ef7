import PopChef
import PopLoader

extension ComponentCatalog {
    /// A catalog of every component of the discovery's usable plugins, each plugin running in a
    /// plugin host process of its own (`IsolatedComponents`; make one yourself to hear its events).
    public convenience init(discovery: PluginRegistry.Discovery, isolated options: IsolationOptions) {
        self.init()
        add(IsolatedComponents(discovery: discovery, options: options))
    }
}
