import PopModel

/// Builds a request's content: what is inside the popup, nothing about where or how it shows.
public protocol ViewLoaderComponent: AnyObject {
    var id: String { get }
    /// The content for `data`; a failure ends the request with reason plugin-error.
    func build(data: RequestData) throws(ComponentFailure) -> ContentNode
    func destroy()
}

extension ViewLoaderComponent {
    public func destroy() {}
}
