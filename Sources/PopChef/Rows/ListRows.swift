import PopModel

/// The rows a page or a sheet lists on demand ("pop.list/1"): their layout, asked once when the page is made or
/// the sheet's content built, and the content of the rows the presentation shows now, built by the view loader
/// only when first shown and kept while they stay shown (UITableView's visible cells), so memory and frames
/// follow what is visible, not how many rows there are. A row whose build fails is reported once — logged,
/// traced `misbehaviour` naming the page or request, the view loader, the row and the cause — and drawn empty;
/// the host goes on. After the page or popup is released no row is asked for.
public final class ListRows {
    public let layout: RowLayout
    private var viewLoader: (any ViewLoaderComponent)?
    private let data: RequestData
    /// Reports a row that failed: who lists the rows (a page's name, a request) is known only once it is made.
    var report: (String) -> Void = { _ in }
    private var kept: [Int: ContentNode] = [:]
    private var failed: Set<Int> = []

    init(layout: RowLayout, viewLoader: any ViewLoaderComponent, data: RequestData) {
        self.layout = layout
        self.viewLoader = viewLoader
        self.data = data
    }

    /// The content of each row of `rows` (nil for one that failed or after the page's release): those kept are
    /// reused, the others built in increasing order; every row outside `rows` is forgotten.
    public func content(of rows: Range<Int>) -> [ContentNode?] {
        let rows = rows.clamped(to: 0..<layout.count)
        if kept.count > rows.count || kept.keys.contains(where: { !rows.contains($0) }) {
            kept = kept.filter { rows.contains($0.key) }
        }
        return rows.map { row in
            if let content = kept[row] { return content }
            guard let viewLoader, !failed.contains(row) else { return nil }
            do throws(ComponentFailure) {
                let content = try viewLoader.buildRow(row, data: data)
                kept[row] = content
                return content
            } catch {
                failed.insert(row)
                report("view loader \(viewLoader.id): row \(row): \(error.description)")
                return nil
            }
        }
    }

    /// The rows whose content is kept now, in order.
    public var keptRows: [Int] { kept.keys.sorted() }

    /// The actions the buttons of the rows kept now name, in row order.
    var keptActionNames: [String] { keptRows.flatMap { kept[$0]!.actionNames } }

    /// The page or popup was released: its view loader is destroyed, and no row is built any more.
    func release() {
        viewLoader = nil
        kept = [:]
    }
}
