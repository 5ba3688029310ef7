import Foundation
import Testing

/// A C plugin made with `pophost new watched --lang c` and built with make: what hot reload and the
/// preview's live channel rebuild while a scenario plays.
package final class ScaffoldedPlugin: @unchecked Sendable {
    package let directory = TemporaryDirectory()
    package var library: String { directory.file("libwatched.so") }

    /// Its three components shown with the title "First title", labelled "popup".
    package static let scenario = #"""
        {"steps": [{"show": {"handler": "com.example.watched.handler", "view_loader": "com.example.watched.view",
                             "controller_loader": "com.example.watched.controller", "data": {"title": "First title"}, "as": "popup"}}]}
        """#

    package init() throws {
        let made = try run(Build.pophost, ["new", "watched", "--lang", "c", "--dir", directory.path])
        guard made.status == 0 else { throw Fixture.FixtureError(message: made.stderr) }
        try build()
    }

    package func build() throws {
        let result = try run("/usr/bin/env", ["make", "-C", directory.path])
        guard result.status == 0 else { throw Fixture.FixtureError(message: result.stdout + result.stderr) }
    }

    /// Replaces `old` with `new` in a source file.
    package func edit(_ file: String, replacing old: String, with new: String) throws {
        let path = directory.file(file)
        let source = try String(contentsOfFile: path, encoding: .utf8)
        #expect(source.contains(old), "\(file) has no \(old)")
        try source.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: false, encoding: .utf8)
    }
}
