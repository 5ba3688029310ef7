import Foundation
import PopTestSupport
import Testing

/// Shell completion as the generated scripts ask for it (`pophost ---completion <command> -- <option>
/// <word index> <cursor> <words…>`): component ids from discovery, on the command line's --plugins.
@Suite struct CompletionCLITests {
    /// What completing `option` of `command` offers when the line is `words` and the last word is typed.
    static func complete(_ command: String, _ option: String, _ words: [String], cache: TemporaryDirectory) throws -> [String] {
        let typed = words.last ?? ""
        let result = try run(
            Build.pophost,
            ["---completion", command, "--", option, "\(words.count - 1)", "\(typed.count)"] + words,
            environment: CLITests.isolated(cache))
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test("--handler and --view-loader complete the component ids of their kind, on --plugins, by the prefix typed")
    func componentIDs() throws {
        let cache = TemporaryDirectory()
        let plugins = (Build.cSample as NSString).deletingLastPathComponent
        let handlers = try Self.complete(
            "show", "--handler", ["pophost", "show", "--plugins", plugins, "--handler", "com.pophost.samples.c."], cache: cache)
        #expect(handlers.contains("com.pophost.samples.c.payment-handler"), "\(handlers)")
        #expect(handlers.allSatisfy { $0.hasPrefix("com.pophost.samples.c.") }, "only what the prefix starts")
        let views = try Self.complete(
            "check", "--view-loader", ["pophost", "check", "--plugins", plugins, "--view-loader", ""], cache: cache)
        #expect(
            views.contains("com.pophost.samples.c.payment-view") && !views.contains("com.pophost.samples.c.payment-handler"), "\(views)")
        let nowhere = try Self.complete(
            "show", "--handler", ["pophost", "show", "--plugins", cache.file("none"), "--handler", ""], cache: cache)
        #expect(nowhere.isEmpty, "a search path with nothing offers nothing, and fails nothing")
    }
}
