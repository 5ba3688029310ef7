import Foundation
import PopTestSupport
import Testing

@testable import PopIsolation

/// The hot reload's watcher: a watched file written in place or renamed into place is a change, once;
/// other files in the same directory are not.
@Suite struct PluginWatcherTests {
    @Test("writes and renames into place are changes, each file once; other files are not")
    func changes() throws {
        let directory = TemporaryDirectory()
        let a = directory.file("liba.so"), b = directory.file("libb.so")
        for path in [a, b] { try Data("old".utf8).write(to: URL(fileURLWithPath: path)) }
        let watcher = try PluginWatcher(files: [a, b])
        #expect(watcher.changes() == [])
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory.file("unrelated.so")))
        #expect(watcher.changes() == [])
        try Data("new".utf8).write(to: URL(fileURLWithPath: a))  // written in place, twice
        try Data("newer".utf8).write(to: URL(fileURLWithPath: a))
        try Data("staged".utf8).write(to: URL(fileURLWithPath: directory.file(".libb.so.tmp")))
        #expect(rename(directory.file(".libb.so.tmp"), b) == 0)  // an atomic install
        #expect(watcher.changes() == [a, b])
        #expect(watcher.changes() == [])
    }

    @Test("a directory that cannot be watched is an error that names it")
    func missingDirectory() {
        #expect(throws: PluginWatcher.Failure.self) { try PluginWatcher(files: ["/no/such/directory/lib.so"]) }
    }
}
