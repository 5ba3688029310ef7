/// A dotted path into a `Value` ("order.items.0.price"; see `Value.lookup(path:)`), split once:
/// what is followed again and again — an action's `data.…` argument, on every tap — is parsed when
/// it is declared, so that following it scans and allocates nothing.
public struct ValuePath: Sendable, Equatable {
    /// One step: the key it names on an object, and the index it names on an array (nil when it is
    /// not a decimal index without sign or leading zeros).
    struct Step: Sendable, Equatable {
        let key: String
        let index: Int?
    }

    /// The path as written ("" for the root).
    public let text: String
    let steps: [Step]

    /// The path `text`; the empty text is the root.
    public init(_ text: String) {
        self.text = text
        steps =
            text.isEmpty
            ? []
            : text.split(separator: ".", omittingEmptySubsequences: false).map {
                Step(key: String($0), index: Value.arrayIndex(pathStep: $0.utf8))
            }
    }
}
