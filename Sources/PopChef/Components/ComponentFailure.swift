import PopModel

/// Why a component could not be made or did not do its part. The request ends with the failure's
/// `reason`: plugin-crashed or plugin-timeout when the plugin's process died or hung, plugin-error
/// for everything else (`unknownComponent` and `wrongKind` too: the request named something
/// unusable).
public struct ComponentFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Category: String, Hashable, Sendable {
        /// No component has the id.
        case unknownComponent = "unknown-component"
        /// The id names a component of another kind.
        case wrongKind = "wrong-kind"
        /// The component's plugin cannot be loaded or initialised.
        case unavailable
        /// The component declined (a build or reform that returned false).
        case declined
        /// The component broke its contract: invalid output, a bad declaration, a misused call.
        case contractBroken = "contract-broken"
        /// The process the component's plugin runs in crashed, aborted or exited (an isolated
        /// plugin host), or its plugin is quarantined for crashing again and again.
        case crashed = "plugin-crashed"
        /// A call into the component's plugin did not return within its deadline.
        case timedOut = "plugin-timeout"
    }

    public let category: Category
    public let description: String

    public init(_ category: Category, _ description: String) {
        self.category = category
        self.description = description
    }

    /// The reason a request this failure ends gets.
    public var reason: Reason {
        switch category {
        case .crashed: .pluginCrashed
        case .timedOut: .pluginTimeout
        case .unknownComponent, .wrongKind, .unavailable, .declined, .contractBroken: .pluginError
        }
    }
}
