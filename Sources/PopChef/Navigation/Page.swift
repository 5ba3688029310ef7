import PopModel

/// One page of the navigation stack, composed like a popup: its content (a view loader's), its
/// preferences — title, bar style, pop gesture — (a controller loader's) and its lifecycle (a
/// handler's). Identity matters: the same page pushed twice is two pages, told apart by `name`.
public final class Page {
    /// The page's unique name in its stack's trace: its kind and a sequence number ("detail#2").
    public let name: String
    /// Which kind of page it is (the page component's id, "detail").
    public let kind: String
    public let preferences: PagePreferences
    public let content: ContentNode
    /// The rows it lists below its content on demand, when its view loader offers "pop.list/1".
    public let rows: ListRows?
    /// The components and data it was composed from (`NavigationStack.makePage(_:)`), so that it
    /// can be made again (a floating bubble reopens it); nil for a page given as values.
    public let request: PageRequest?
    let handler: PageHandler?

    /// Made by `NavigationStack.makePage`, which numbers the pages.
    init(
        kind: String, preferences: PagePreferences, content: ContentNode, rows: ListRows? = nil, handler: PageHandler? = nil,
        request: PageRequest? = nil, sequence: Int
    ) {
        self.kind = kind
        name = "\(kind)#\(sequence)"
        self.preferences = preferences
        self.content = content
        self.rows = rows
        self.handler = handler
        self.request = request
    }

    public var bar: BarStyle { preferences.bar }
    /// The bar's title: the declared one, else the page's kind.
    public var title: String { preferences.title ?? kind }
    /// The actions its buttons name: its content's, then those of the rows it keeps now.
    public var actionNames: [String] { content.actionNames + (rows?.keptActionNames ?? []) }
}
