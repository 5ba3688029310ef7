import PopModel

/// Builds a request's content: what is inside the popup, nothing about where or how it shows.
public protocol ViewLoaderComponent: AnyObject {
    var id: String { get }
    /// The content for `data`; a failure ends the request with reason plugin-error.
    func build(data: RequestData) throws(ComponentFailure) -> ContentNode
    /// Whether it wants to hear trait changes while its popup is on screen (`traitsDidChange`).
    /// Default: no.
    var observesTraits: Bool { get }
    /// The person's display traits changed to `traits` while its popup is on screen (UIKit's
    /// `traitCollectionDidChange`); the content it built stays, resolved again by the host.
    func traitsDidChange(_ traits: DisplayTraits)
    func destroy()
}

extension ViewLoaderComponent {
    public var observesTraits: Bool { false }
    public func traitsDidChange(_ traits: DisplayTraits) {}
    public func destroy() {}
}
