import PopModel

/// Builds a request's content: what is inside the popup, nothing about where or how it shows. The
/// chef makes one instance per request and calls it on the chef's actor only.
///
///     final class WelcomeView: ViewLoaderComponent {
///         let id = "com.example.welcome"
///         func build(data: RequestData) throws(ComponentFailure) -> ContentNode {
///             guard case .string(let name)? = data.value["name"] else { throw ComponentFailure(.declined, "no \"name\"") }
///             return ContentNode(.vstack(spacing: 12, alignment: .center, children: [
///                 ContentNode(.text("Welcome, \(name)", size: 20, weight: .bold, alignment: .center)),
///                 ContentNode(.button("Thanks", style: .default, action: HostAction.dismiss)),
///             ]), padding: EdgeInsets(top: 24, leading: 20, bottom: 20, trailing: 20))
///         }
///     }
///     catalog.register(viewLoader: "com.example.welcome") { WelcomeView() }
public protocol ViewLoaderComponent: AnyObject {
    /// The component id, as requests name it; the same as the id it is registered under.
    var id: String { get }
    /// The content for `data` (the request's, or its reformer's view data), built once, when the
    /// popup starts presenting; a failure ends the request with reason plugin-error. Buttons name
    /// the handler's actions or `HostAction.dismiss`.
    func build(data: RequestData) throws(ComponentFailure) -> ContentNode
    /// Whether it wants to hear trait changes while its popup is on screen (`traitsDidChange`).
    /// Default: no.
    var observesTraits: Bool { get }
    /// The person's display traits changed to `traits` while its popup is on screen (UIKit's
    /// `traitCollectionDidChange`); the content it built stays, resolved again by the host.
    func traitsDidChange(_ traits: DisplayTraits)
    /// The rows a page of `data` (or a sheet's, when `listsRowsInSheets`) lists below its content, built on
    /// demand (`buildRow`; "pop.list/1", UITableView's data source): how many and how tall, asked once, right
    /// after `build`. Nil (the default): none, the content is all. A failure refuses the page (fails the popup).
    func rowLayout(for data: RequestData) throws(ComponentFailure) -> RowLayout?
    /// Whether a sheet it builds lists its rows below `build`'s content as a page does: a plugin's view loader
    /// says so by declaring ABI 1.3 or later, so that a plugin released before keeps its sheets as they were.
    /// Default: no (a sheet shows `build`'s content only).
    var listsRowsInSheets: Bool { get }
    /// The content of row `row` (within `rowLayout`'s count) for `data`, asked only while the row shows.
    /// Default: a failure (a view loader that lists rows implements it).
    func buildRow(_ row: Int, data: RequestData) throws(ComponentFailure) -> ContentNode
    /// Releases the instance's resources; the chef never uses it again.
    func destroy()
}

extension ViewLoaderComponent {
    public var observesTraits: Bool { false }
    public func traitsDidChange(_ traits: DisplayTraits) {}
    public func rowLayout(for data: RequestData) throws(ComponentFailure) -> RowLayout? { nil }
    public var listsRowsInSheets: Bool { false }
    public func buildRow(_ row: Int, data: RequestData) throws(ComponentFailure) -> ContentNode {
        throw ComponentFailure(.contractBroken, "view loader \(id) lists no rows")
    }
    public func destroy() {}
}
