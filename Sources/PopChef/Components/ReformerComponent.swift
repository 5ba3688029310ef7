import PopModel

/// Maps a request's data to the view loader's and the controller loader's data (CSPopKit's
/// `fetchPopViewWithData:` and `fetchPopControllerWithData:`), so that a view loader and a
/// controller loader written for other data can serve the request. The chef makes one instance per
/// request and calls it on the chef's actor only.
///
///     final class OfferReformer: ReformerComponent {
///         let id = "com.example.offer"
///         func reform(data: RequestData) throws(ComponentFailure) -> (view: Value?, controller: Value?) {
///             (["title": data.value["headline"] ?? "Offer"], nil)
///         }
///     }
///     catalog.register(reformer: "com.example.offer") { OfferReformer() }
public protocol ReformerComponent: AnyObject {
    /// The component id, as requests name it; the same as the id it is registered under.
    var id: String { get }
    /// The two data values, asked once, before the controller loader is configured; nil in either
    /// place passes the request's data through. A failure ends the request with reason plugin-error.
    func reform(data: RequestData) throws(ComponentFailure) -> (view: Value?, controller: Value?)
    /// Releases the instance's resources; the chef never uses it again.
    func destroy()
}

extension ReformerComponent {
    public func destroy() {}
}
