import PopRender

#if canImport(Glibc)
import Glibc
#endif

/// A `HarnessReport` as JUnit XML, the format CI systems read: one <testsuite> per plugin, one
/// <testcase> per test. Failed is a <failure>; crashed and timeout are an <error>; skipped is
/// <skipped>; a warning passes with the warning in <system-out>.
public enum JUnitReport {
    public static func xml(_ report: HarnessReport) -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        let all = report.plugins.flatMap(\.results)
        lines.append(
            "<testsuites name=\"pophost test\" tests=\"\(all.count)\" failures=\"\(all.filter { $0.status == .failed }.count)\" errors=\"\(all.filter { $0.status == .crashed || $0.status == .timeout }.count)\" skipped=\"\(all.filter { $0.status == .skipped }.count)\" time=\"\(seconds(report.seconds * 1000))\">"
        )
        for plugin in report.plugins {
            let results = plugin.results
            lines.append(
                "  <testsuite name=\"\(XML.escaped(plugin.path))\" tests=\"\(results.count)\" failures=\"\(results.filter { $0.status == .failed }.count)\" errors=\"\(results.filter { $0.status == .crashed || $0.status == .timeout }.count)\" skipped=\"\(results.filter { $0.status == .skipped }.count)\" time=\"\(seconds(results.reduce(0) { $0 + $1.milliseconds }))\">"
            )
            lines.append(
                "    <properties><property name=\"seed\" value=\"\(report.seed)\"/><property name=\"strictness\" value=\"\(report.strictness)\"/></properties>"
            )
            for result in results {
                let group = result.name.split(separator: ".").first.map(String.init) ?? result.name
                let open =
                    "    <testcase classname=\"pophost.\(XML.escaped(group))\" name=\"\(XML.escaped(result.name))\" time=\"\(seconds(result.milliseconds))\""
                let message = XML.escaped(result.message ?? "")
                let body = XML.escaped(([result.message ?? ""] + result.details).joined(separator: "\n"))
                switch result.status {
                case .success: lines.append(open + "/>")
                case .warning: lines.append(open + "><system-out>warning: \(body)</system-out></testcase>")
                case .skipped: lines.append(open + "><skipped message=\"\(message)\"/></testcase>")
                case .failed: lines.append(open + "><failure type=\"failed\" message=\"\(message)\">\(body)</failure></testcase>")
                case .crashed, .timeout:
                    lines.append(open + "><error type=\"\(result.status.rawValue)\" message=\"\(message)\">\(body)</error></testcase>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Seconds with three decimals, as printf's `%.3f` writes them.
    private static func seconds(_ milliseconds: Double) -> String {
        let size = 64
        var buffer = [CChar](repeating: 0, count: size)
        let count = withVaList([milliseconds / 1000]) { vsnprintf(&buffer, size, "%.3f", $0) }
        return String(decoding: buffer.prefix(max(0, min(Int(count), size - 1))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
