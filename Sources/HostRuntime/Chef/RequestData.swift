/// A request's data: the Swift value, and for plugins the C value tree, built on first use and kept
/// until the request's final event (handles given to a plugin stay valid that long).
package final class RequestData {
    let value: Value
    private var built: ValueTree?

    init(_ value: Value) { self.value = value }

    /// The tree plugins read through `pop.value/1`.
    var tree: ValueTree {
        if let built { return built }
        let tree = ValueTree(value)
        built = tree
        return tree
    }
}
