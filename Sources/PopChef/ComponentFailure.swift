/// Why a component could not be made or did not do its part. The request ends with reason
/// plugin-error (`unknownComponent` and `wrongKind` too: the request named something unusable).
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
    }

    public let category: Category
    public let description: String

    public init(_ category: Category, _ description: String) {
        self.category = category
        self.description = description
    }
}
