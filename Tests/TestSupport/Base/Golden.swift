import Foundation
import Testing

/// Golden files: expected output checked in under Tests/Golden/. `check` compares
/// against them; with `POPHOST_RECORD_GOLDENS=1` in the environment it writes them instead.
package enum Golden {
    /// Tests/Golden in the checkout.
    package static let directory = Repository.root + "/Tests/Golden"

    /// How to write the golden files anew.
    package static let recordCommand = "POPHOST_RECORD_GOLDENS=1 swift test --filter Golden"

    package static var isRecording: Bool { ProcessInfo.processInfo.environment["POPHOST_RECORD_GOLDENS"] == "1" }

    package static func path(_ name: String) -> String { directory + "/" + name }

    /// Fails unless `actual` is the golden file `name`'s text (or records it, see above).
    package static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let path = path(name)
        if isRecording {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try actual.write(toFile: path, atomically: true, encoding: .utf8)
                Issue.record("recorded golden \(path)", severity: .warning, sourceLocation: sourceLocation)
            } catch {
                Issue.record("cannot record golden \(path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record("missing golden \(path); record it with: \(recordCommand)", sourceLocation: sourceLocation)
            return
        }
        if let difference = firstDifference(expected: expected, actual: actual) {
            Issue.record(
                """
                output differs from golden \(path) at line \(difference.line):
                  golden: \(difference.expected)
                  actual: \(difference.actual)
                if the change is intended, re-record with: \(recordCommand) (and review with git diff)
                """, sourceLocation: sourceLocation)
        }
    }

    /// The first line (1-based) where the texts differ, with both lines; nil when they are equal.
    package static func firstDifference(expected: String, actual: String) -> (line: Int, expected: String, actual: String)? {
        guard expected != actual else { return nil }
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(old, new).prefix { $0 == $1 }.count
        let show = { (lines: [Substring]) in line < lines.count ? String(lines[line]) : "<end of file>" }
        return (line + 1, show(old), show(new))
    }
}
