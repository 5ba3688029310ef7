import PopLoader

/// One plugin file of an `IsolatedComponents`: its components, its live plugin host (nil before
/// the first use and after a failure), how often its hosts failed, and its quarantine.
final class PluginSlot {
    let path: String
    let components: [PluginInfo.Component]
    var connection: PluginHostConnection?
    var failures = 0
    /// Why its components are refused, once it is quarantined.
    var quarantine: String?

    init(path: String, components: [PluginInfo.Component]) {
        self.path = path
        self.components = components
    }
}
