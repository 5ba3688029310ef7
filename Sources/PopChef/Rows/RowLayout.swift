/// How many rows a page or a sheet lists on demand ("pop.list/1", UITableView's data source) and how tall each is:
/// where a row lies and which rows a band of the content shows, answered without asking for any row, in
/// constant time with one height for all (UITableView's `rowHeight`) and in logarithmic time with one each.
/// Positions are measured from the first row's top.
public struct RowLayout: Hashable, Sendable, Codable {
    /// The most rows a page or a sheet may list (POP_LIST_MAX_ROWS).
    public static let maxRows = 1_000_000

    public let count: Int
    /// Every row's height when they share one.
    private let sharedHeight: Double?
    /// With a height each: every row's top, then the last row's bottom (`count + 1` values).
    private let tops: [Double]

    /// `count` rows of `height` points each.
    public init(count: Int, height: Double) {
        self.count = count
        sharedHeight = height
        tops = []
    }

    /// One row per height, in order.
    public init(heights: [Double]) {
        count = heights.count
        sharedHeight = nil
        var tops = [0.0]
        tops.reserveCapacity(heights.count + 1)
        for height in heights { tops.append(tops[tops.count - 1] + height) }
        self.tops = tops
    }

    /// The rows' height together.
    public var height: Double { sharedHeight.map { $0 * Double(count) } ?? tops[count] }

    /// Row `row`'s top.
    public func top(of row: Int) -> Double { sharedHeight.map { $0 * Double(row) } ?? tops[row] }

    /// Row `row`'s height.
    public func height(of row: Int) -> Double { sharedHeight ?? tops[row + 1] - tops[row] }

    /// The rows that intersect `from`…`to` (a row touching it only at an edge does not), in order.
    public func rows(from: Double, to: Double) -> Range<Int> {
        guard count > 0, to > from, to > 0, from < height else { return 0..<0 }
        return first(below: from)..<min(count, first(atOrBelow: to))
    }

    /// The first row whose bottom is below `y`.
    private func first(below y: Double) -> Int {
        if let sharedHeight { return min(count, max(0, Int((y / sharedHeight).rounded(.down)))) }
        return search { tops[$0 + 1] > y }
    }

    /// The first row whose top is at or below `y`.
    private func first(atOrBelow y: Double) -> Int {
        if let sharedHeight { return min(count, max(0, Int((y / sharedHeight).rounded(.up)))) }
        return search { tops[$0] >= y }
    }

    /// The first row for which `isPast` holds (it holds for every row after it), or `count`.
    private func search(_ isPast: (Int) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isPast(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
