import PopModel

/// Whether one handler and one view loader fit for one request data, found without showing
/// anything: the mismatches between the handler's contract and the content, or the failure that
/// kept the pair from being checked at all (the handler could not be made, the reformer or the view
/// loader failed for the data) — a request of the pair would end with plugin-error either way.
public struct PairCheck: Sendable {
    public let handler: String
    public let viewLoader: String
    /// Set when the pair could not be checked; `mismatches` is then empty.
    public let failure: ComponentFailure?
    public let mismatches: [ContractMismatch]

    public init(handler: String, viewLoader: String, failure: ComponentFailure? = nil, mismatches: [ContractMismatch] = []) {
        self.handler = handler
        self.viewLoader = viewLoader
        self.failure = failure
        self.mismatches = mismatches
    }

    /// A request of this pair, with the data checked, passes the contract check.
    public var fits: Bool { failure == nil && mismatches.isEmpty }
}
