import Foundation

/// A line chart drawn as a small SVG document: the scale suite's curves, written by `--plots DIR` so
/// that docs/benchmarks.md shows what a run measured, not a drawing made by hand. The same figures
/// give the same bytes (every number is printed with a fixed number of decimals).
struct LineChart {
    /// One line of points, in the order they are joined.
    struct Series {
        let name: String
        let points: [(x: Double, y: Double)]
    }

    /// A horizontal dashed line across the chart (a target), with its label.
    struct Reference {
        let label: String
        let y: Double
    }

    let title: String
    let xLabel: String
    let yLabel: String
    let series: [Series]
    /// A logarithmic x axis (ticks at powers of ten), for counts that span decades; every x must be positive.
    var logarithmicX = false
    var reference: Reference?

    static let width = 640.0, height = 400.0
    /// The plot area's margins: room for the title, the tick labels and the axis labels.
    static let left = 78.0, right = 24.0, top = 48.0, bottom = 58.0
    static let colors = ["#1f6fb4", "#d9481c", "#2e8b3e", "#8a4fb0"]

    /// The SVG document.
    var svg: String {
        let xAxis =
            logarithmicX ? Axis.logarithmic(series.flatMap { $0.points.map(\.x) }) : Axis.linear(series.flatMap { $0.points.map(\.x) })
        let yAxis = Axis.linear(series.flatMap { $0.points.map(\.y) } + [reference?.y].compactMap { $0 }, fromZero: true)
        let plotWidth = Self.width - Self.left - Self.right, plotHeight = Self.height - Self.top - Self.bottom
        func x(_ value: Double) -> Double { Self.left + xAxis.fraction(value) * plotWidth }
        func y(_ value: Double) -> Double { Self.top + (1 - yAxis.fraction(value)) * plotHeight }
        let bottomEdge = Self.top + plotHeight, rightEdge = Self.left + plotWidth

        var lines = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(n(Self.width))" height="\##(n(Self.height))" viewBox="0 0 \##(n(Self.width)) \##(n(Self.height))" font-family="Helvetica, Arial, sans-serif" font-size="12">"##,
            ##"<rect width="100%" height="100%" fill="#ffffff"/>"##,
            ##"<text x="\##(n(Self.width / 2))" y="24" text-anchor="middle" font-size="15" font-weight="bold">\##(escaped(title))</text>"##,
        ]
        for tick in yAxis.ticks {
            let position = y(tick)
            lines.append(
                ##"<line x1="\##(n(Self.left))" y1="\##(n(position))" x2="\##(n(rightEdge))" y2="\##(n(position))" stroke="#e4e4e4"/>"##)
            lines.append(
                ##"<text x="\##(n(Self.left - 6))" y="\##(n(position + 4))" text-anchor="end">\##(yAxis.label(tick))</text>"##)
        }
        for tick in xAxis.ticks {
            let position = x(tick)
            lines.append(
                ##"<line x1="\##(n(position))" y1="\##(n(Self.top))" x2="\##(n(position))" y2="\##(n(bottomEdge))" stroke="#e4e4e4"/>"##)
            lines.append(
                ##"<line x1="\##(n(position))" y1="\##(n(bottomEdge))" x2="\##(n(position))" y2="\##(n(bottomEdge + 5))" stroke="#333333"/>"##
            )
            lines.append(
                ##"<text x="\##(n(position))" y="\##(n(bottomEdge + 19))" text-anchor="middle">\##(xAxis.label(tick))</text>"##)
        }
        lines.append(
            ##"<path d="M\##(n(Self.left)) \##(n(Self.top)) V\##(n(bottomEdge)) H\##(n(rightEdge))" fill="none" stroke="#333333"/>"##)
        lines.append(
            ##"<text x="\##(n(Self.left + plotWidth / 2))" y="\##(n(Self.height - 14))" text-anchor="middle">\##(escaped(xLabel))\##(logarithmicX ? " (log scale)" : "")</text>"##
        )
        let middle = Self.top + plotHeight / 2
        lines.append(
            ##"<text x="18" y="\##(n(middle))" text-anchor="middle" transform="rotate(-90 18 \##(n(middle)))">\##(escaped(yLabel))</text>"##
        )
        if let reference {
            let position = y(reference.y)
            lines.append(
                ##"<line x1="\##(n(Self.left))" y1="\##(n(position))" x2="\##(n(rightEdge))" y2="\##(n(position))" stroke="#c0392b" stroke-width="1.5" stroke-dasharray="6 4"/>"##
            )
            lines.append(
                ##"<text x="\##(n(rightEdge - 4))" y="\##(n(position - 6))" text-anchor="end" fill="#c0392b">\##(escaped(reference.label))</text>"##
            )
        }
        for (index, line) in series.enumerated() {
            let color = Self.colors[index % Self.colors.count]
            let points = line.points.map { "\(n(x($0.x))),\(n(y($0.y)))" }.joined(separator: " ")
            lines.append(##"<polyline points="\##(points)" fill="none" stroke="\##(color)" stroke-width="2"/>"##)
            for point in line.points {
                lines.append(##"<circle cx="\##(n(x(point.x)))" cy="\##(n(y(point.y)))" r="3.5" fill="\##(color)"/>"##)
            }
            // The legend, top left inside the plot area, one row a series.
            let row = Self.top + 14 + Double(index) * 18
            lines.append(
                ##"<line x1="\##(n(Self.left + 12))" y1="\##(n(row - 4))" x2="\##(n(Self.left + 32))" y2="\##(n(row - 4))" stroke="\##(color)" stroke-width="2"/>"##
            )
            lines.append(##"<text x="\##(n(Self.left + 38))" y="\##(n(row))">\##(escaped(line.name))</text>"##)
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A coordinate, to a tenth of a pixel.
    private func n(_ value: Double) -> String { String(format: "%.1f", value) }

    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
    }
}

/// An axis's range and ticks: linear (round steps of 1, 2 or 5 times a power of ten) or logarithmic
/// (whole decades).
struct Axis {
    let low: Double
    let high: Double
    let ticks: [Double]
    let logarithmic: Bool
    /// Decimals of the tick labels.
    let decimals: Int

    /// Where `value` falls between `low` (0) and `high` (1).
    func fraction(_ value: Double) -> Double {
        logarithmic ? (log10(value) - log10(low)) / (log10(high) - log10(low)) : (value - low) / (high - low)
    }

    /// A tick's label, with thousands separated by commas.
    func label(_ value: Double) -> String {
        guard decimals == 0 else { return String(format: "%.\(decimals)f", value) }
        let digits = String(Int(value.rounded()).magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index).isMultiple(of: 3) { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// Whole decades around `values` (all positive).
    static func logarithmic(_ values: [Double]) -> Axis {
        let lowest = floor(log10(values.min() ?? 1)), highest = max(ceil(log10(values.max() ?? 10)), lowest + 1)
        let ticks = stride(from: lowest, through: highest, by: 1).map { pow(10, $0) }
        return Axis(low: ticks.first!, high: ticks.last!, ticks: ticks, logarithmic: true, decimals: lowest < 0 ? Int(-lowest) : 0)
    }

    /// About five round steps covering `values` (and zero, when `fromZero`).
    static func linear(_ values: [Double], fromZero: Bool = false) -> Axis {
        var low = values.min() ?? 0, high = values.max() ?? 1
        if fromZero { low = min(low, 0) }
        if high <= low { high = low + 1 }
        let rough = (high - low) / 5
        let power = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        let first = floor(low / step) * step, last = ceil(high / step) * step
        let count = Int(((last - first) / step).rounded())
        let ticks = (0...count).map { first + Double($0) * step }
        return Axis(low: first, high: last, ticks: ticks, logarithmic: false, decimals: max(0, Int(-floor(log10(step)))))
    }
}
