import PopModel

/// Maps a request's data to the view loader's and the controller loader's data (CSPopKit's
/// `fetchPopViewWithData:` and `fetchPopControllerWithData:`).
public protocol ReformerComponent: AnyObject {
    var id: String { get }
    /// The two data values; nil in either place passes the request's data through.
    func reform(data: RequestData) throws(ComponentFailure) -> (view: Value?, controller: Value?)
    func destroy()
}

extension ReformerComponent {
    public func destroy() {}
}
