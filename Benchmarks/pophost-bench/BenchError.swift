import Foundation

/// A failure that makes the figures meaningless: the benchmark stops and exits non-zero.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Writes `line` and a newline to standard error.
func printToStandardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
