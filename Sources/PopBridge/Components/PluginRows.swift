import PluginABI
import PopChef
import PopModel

/// A view loader's "pop.list/1" table (ext/list.h): a page's row count and heights, checked as the header
/// says, and one row's content at a time. Calls are made on the main thread, under the chef's traits (the
/// view loader's `underTraits`).
struct PluginRows {
    private let viewLoader: UnsafePointer<pop_view_loader_t>
    private let rowCount: @convention(c) (UnsafePointer<pop_view_loader_t>?, OpaquePointer?) -> Int64
    private let rowHeight: (@convention(c) (UnsafePointer<pop_view_loader_t>?, OpaquePointer?) -> Double)?
    private let heightForRow: (@convention(c) (UnsafePointer<pop_view_loader_t>?, OpaquePointer?, Int64) -> Double)?
    private let buildRow:
        @convention(c) (UnsafePointer<pop_view_loader_t>?, OpaquePointer?, Int64, UnsafePointer<pop_content_builder_t>?) -> Bool

    /// Nil when the view loader offers no list; fails when its table breaks the growth rule or lacks
    /// row_count or build_row.
    init?(_ instance: PluginInstance, viewLoader: UnsafePointer<pop_view_loader_t>) throws(ComponentFailure) {
        guard let found = try instance.extensionTable(POP_EXT_LIST, as: pop_list_ext_t.self, minimumSize: MemoryLayout<pop_list_ext_t>.size)
        else { return nil }
        let table = found.table.pointee
        guard let rowCount = table.row_count else {
            throw ComponentFailure(.contractBroken, "extension \"\(POP_EXT_LIST)\" has no row_count")
        }
        guard let buildRow = table.build_row else {
            throw ComponentFailure(.contractBroken, "extension \"\(POP_EXT_LIST)\" has no build_row")
        }
        self.viewLoader = viewLoader
        self.rowCount = rowCount
        rowHeight = table.row_height
        heightForRow = table.height_for_row
        self.buildRow = buildRow
    }

    /// The rows of `data`: nil for none (a count of 0); fails, naming the function and what it gave, for a
    /// count out of 0…POP_LIST_MAX_ROWS or a height that is not a positive finite number.
    func layout(_ data: RequestData) throws(ComponentFailure) -> RowLayout? {
        let root = data.tree.root
        let count = rowCount(viewLoader, root)
        guard count >= 0, count <= Int64(RowLayout.maxRows) else {
            throw ComponentFailure(.contractBroken, "row_count returned \(count), not 0…\(RowLayout.maxRows)")
        }
        guard count > 0 else { return nil }
        let shared = rowHeight?(viewLoader, root) ?? 0
        if shared != 0 {
            guard shared.isFinite, shared > 0 else {
                throw ComponentFailure(.contractBroken, "row_height returned \(shared), not a positive finite number (or 0)")
            }
            return RowLayout(count: Int(count), height: shared)
        }
        guard let heightForRow else { throw ComponentFailure(.contractBroken, "row_height returned 0 and height_for_row is NULL") }
        var heights: [Double] = []
        heights.reserveCapacity(Int(count))
        for row in 0..<count {
            let height = heightForRow(viewLoader, root, row)
            guard height.isFinite, height > 0 else {
                throw ComponentFailure(.contractBroken, "height_for_row(\(row)) returned \(height), not a positive finite number")
            }
            heights.append(height)
        }
        return RowLayout(heights: heights)
    }

    /// Whether build_row described row `row` of `data` through `builder`.
    func build(_ row: Int, _ data: RequestData, _ builder: ContentBuilder) -> Bool {
        buildRow(viewLoader, data.tree.root, Int64(row), builder.table)
    }
}
