import PopModel

/// What a view loader built for one request data, before any request: its content, or why it built
/// none. `pophost inspect` shows one per representative data (`ContractInspector.representativeData`).
public struct ViewBuild: Sendable {
    /// The data the view loader was given.
    public let data: Value
    /// The content, or the failure a request with this data would end with.
    public let content: Result<ContentNode, ComponentFailure>

    public init(data: Value, content: Result<ContentNode, ComponentFailure>) {
        self.data = data
        self.content = content
    }
}
