import HostRuntime

/// A frame of a page — or of a sheet (ABI 1.3) — that lists N rows on demand ("pop.list/1": a Swift view
/// loader giving the count, one height and each row's text), scrolled back and forth by 10 points so every
/// frame is drawn anew with the same rows on screen, for N = 20, 100, 1,000 and 10,000: what a frame costs
/// should follow what shows, not how many rows exist. Reported as the series (N, µs a frame) and the
/// 10,000-row frame against the 20-row frame in the same rounds (target ≤ 1.2), the sizes interleaved within a
/// round, their order alternating.
enum ScaleRowsBench {
    /// Where the rows are listed.
    enum Surface {
        case page, sheet
    }

    static let counts = [20, 100, 1_000, 10_000]
    static let target = 1.2
    /// Frames timed per size and round, in `chunks` slices interleaved across the sizes so that a noisy moment
    /// falls on every size alike.
    static let frames = 2_000
    static let chunks = 10

    static func measure(rounds: Int, on surface: Surface) throws(BenchError) -> ScaleRowsMeasurements {
        let scenes = try counts.map { (count) throws(BenchError) in try ListScene(rows: count, on: surface) }
        var times = Array(repeating: [Int](), count: counts.count)
        var ratios: [Double] = []
        for round in 0..<rounds {
            var total = Array(repeating: 0, count: counts.count)
            for chunk in 0..<chunks {
                let order = (round + chunk).isMultiple(of: 2) ? Array(scenes.indices) : scenes.indices.reversed()
                for index in order { total[index] += scenes[index].frames(frames / chunks) }
            }
            let perFrame = total.map { $0 / frames }
            for index in scenes.indices { times[index].append(perFrame[index]) }
            ratios.append(Double(perFrame[counts.count - 1]) / Double(perFrame[0]))
        }
        let series = scenes.indices.map { index in
            ScaleRowsMeasurements.Point(rows: counts[index], microseconds: median(times[index]) / 1000, nodes: scenes[index].nodes)
        }
        let sorted = ratios.sorted()
        let ratio = (sorted[(sorted.count - 1) / 2] + sorted[sorted.count / 2]) / 2
        return ScaleRowsMeasurements(series: series, ratio: ratio, target: target, pass: ratio <= target, surface: surface)
    }
}

/// What the rows figure holds: one point per size, and the ratio of the largest to the smallest.
struct ScaleRowsMeasurements: Codable {
    struct Point: Codable {
        let rows: Int
        /// The median frame, µs.
        let microseconds: Double
        /// Nodes in its frame.
        let nodes: Int
    }

    let series: [Point]
    let ratio: Double
    let target: Double
    let pass: Bool
    /// A sheet's rows (`scaleSheetRows`), not a page's (`scaleRows`); not in the JSON.
    private var isSheet = false

    enum CodingKeys: String, CodingKey { case series, ratio, target, pass }

    init(series: [Point], ratio: Double, target: Double, pass: Bool, surface: ScaleRowsBench.Surface) {
        self.series = series
        self.ratio = ratio
        self.target = target
        self.pass = pass
        isSheet = surface == .sheet
    }

    /// The frame at each row count against the smallest count's, with the target.
    var chart: (file: String, chart: LineChart) {
        let smallest = series.first?.microseconds ?? 1, surface = isSheet ? "sheet" : "page"
        return (
            isSheet ? "scale-sheet-rows.svg" : "scale-rows.svg",
            LineChart(
                title: "A \(surface) listing rows on demand: a frame, the same rows on screen", xLabel: "rows the \(surface) lists",
                yLabel: "frame / the frame with \(series.first?.rows ?? 0) rows",
                series: [.init(name: "frame (layout + frame nodes)", points: series.map { (Double($0.rows), $0.microseconds / smallest) })],
                logarithmicX: true, reference: .init(label: "target ≤ \(target)×", y: target))
        )
    }
}

/// A page of `rows` rows of 44 points on a stage, pushed without animation, or a sheet of as many, shown and
/// at rest.
private struct ListScene {
    let stage: Stage
    let nodes: Int
    /// Scrolls the rows by a number of points.
    let scroll: (Double) -> Void

    init(rows: Int, on surface: ScaleRowsBench.Surface) throws(BenchError) {
        let catalog = ComponentCatalog()
        catalog.register(viewLoader: "bench.list") { RowsViewLoader(count: rows) }
        catalog.register(controllerLoader: "bench.list-style") { ListControllerLoader(style: surface == .page ? .page : .sheet) }
        let chef = Chef(catalog: catalog)
        let stage = Stage(chef: chef)
        self.stage = stage
        let first: String
        switch surface {
        case .page:
            let page: Page
            do throws(ComponentFailure) {
                page = try chef.navigation.makePage(
                    PageRequest(kind: "list", viewLoader: "bench.list", controllerLoader: "bench.list-style"))
            } catch {
                throw BenchError("the list page of \(rows) rows: \(error)")
            }
            stage.engine.pages.push(page, animated: false)
            scroll = { stage.engine.pages.scroll(by: $0) }
            first = "page.list#1.row.0"
        case .sheet:
            let id = chef.show(PopupRequest(viewLoader: "bench.list", controllerLoader: "bench.list-style"))
            chef.runUntilIdle()
            scroll = { stage.engine.sheets.scroll(id, by: $0) }
            first = "popup.\(id).row.0"
        }
        guard stage.frame().node(first) != nil else { throw BenchError("the \(surface) of \(rows) rows shows no first row") }
        scroll(-10)
        let frame = stage.frame()
        guard frame.node(first) != nil, frame.nodes.contains(where: { $0.scroll?.offset == 10 }) else {
            throw BenchError("the \(surface) of \(rows) rows does not scroll")
        }
        nodes = frame.nodes.count
    }

    /// `count` frames, each after a scroll of 10 points (up, then down, …); nanoseconds.
    func frames(_ count: Int) -> Int {
        var drawn = 0
        let time = timed {
            for index in 0..<count {
                scroll(index.isMultiple(of: 2) ? 10 : -10)
                drawn &+= stage.frame().nodes.count
            }
        }.nanoseconds
        precondition(drawn == count * nodes, "the same rows must show")
        return time
    }
}

/// Rows on demand: an empty header, `count` rows of 44 points, each its number as body text.
private final class RowsViewLoader: ViewLoaderComponent {
    let id = "bench.list"
    let count: Int

    init(count: Int) { self.count = count }

    func build(data: RequestData) throws(ComponentFailure) -> ContentNode {
        ContentNode(.vstack(spacing: 0, alignment: .fill, children: []))
    }

    func rowLayout(for data: RequestData) throws(ComponentFailure) -> RowLayout? { RowLayout(count: count, height: 44) }

    var listsRowsInSheets: Bool { true }

    func buildRow(_ row: Int, data: RequestData) throws(ComponentFailure) -> ContentNode {
        ContentNode(
            .text("Row \(row + 1)", size: 17, weight: .regular, color: 0x0000_00FF, alignment: .leading, maxLines: 1),
            padding: EdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16), background: 0xFFFF_FFFF)
    }
}

/// A page, or a sheet at its medium detent only, where the band of rows (its height ± the margin) holds 12 rows
/// whatever the count, so that the 20-row sheet shows exactly the rows the 10,000-row one does.
private final class ListControllerLoader: ControllerLoaderComponent {
    let id = "bench.list-style"
    let style: Presentation.Style

    init(style: Presentation.Style) { self.style = style }

    func configure(data: RequestData) throws(ComponentFailure) -> Presentation {
        var presentation = Presentation()
        presentation.style = style
        if style == .sheet { presentation.sheet.detents = [.medium] }
        return presentation
    }
}
