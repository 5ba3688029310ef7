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
    /// The rows a page of `data` lists below its content, built on demand (`buildRow`; "pop.list/1",
    /// UITableView's data source): how many and how tall, asked once, right after `build`. Nil (the
    /// default): none, the content is all. A failure refuses the page.
    func rowLayout(for data: RequestData) throws(ComponentFailure) -> RowLayout?
    /// The content of row `row` (within `rowLayout`'s count) for `data`, asked only while the row shows.
    /// Default: a failure (a view loader that lists rows implements it).
    func buildRow(_ row: Int, data: RequestData) throws(ComponentFailure) -> ContentNode
    func destroy()
}

extension ViewLoaderComponent {
    public var observesTraits: Bool { false }
    public func traitsDidChange(_ traits: DisplayTraits) {}
    public func rowLayout(for data: RequestData) throws(ComponentFailure) -> RowLayout? { nil }
    public func buildRow(_ row: Int, data: RequestData) throws(ComponentFailure) -> ContentNode {
        throw ComponentFailure(.contractBroken, "view loader \(id) lists no rows")
    }
    public func destroy() {}
}
