import Foundation
import PopTestSupport
import Testing

/// What a plugin or a file name puts in pophost's human-readable output reaches the terminal
/// escaped, never as control sequences; arguments keep their bytes (issue 18).
@Suite struct PrintableOutputTests {
    /// A plugin whose name, description and log message hold escape sequences, in a directory of its own.
    final class EscapingPlugin {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()

        init() throws {
            try Fixture.build(dir.file("escapes.so"), ["-DFIX_ESCAPES", "-DFIX_PLUGIN_ID=\"com.pophost.fixture.escapes\""])
        }

        var environment: [String: String?] { ["XDG_CACHE_HOME": cache.path, "NO_COLOR": "1", "POPHOST_PLUGIN_PATH": nil] }
    }

    /// No escape, bell or carriage return: nothing a terminal would act on.
    static func expectInert(_ text: String, _ what: String) {
        #expect(!text.contains("\u{1B}") && !text.contains("\u{07}") && !text.contains("\r"), "\(what): \(text.debugDescription)")
    }

    @Test("list and inspect show a plugin's escape sequences as text")
    func listAndInspect() throws {
        let plugin = try EscapingPlugin()
        let list = try run(Build.pophost, ["list", "--plugins", plugin.dir.path], environment: plugin.environment)
        #expect(list.status == 0, "\(list.stderr)")
        Self.expectInert(list.stdout, "list")
        #expect(list.stdout.contains("Fixture \\e]0;pwned\\x07\\e[31mred\\e[2J plugin"), "\(list.stdout)")
        let inspect = try run(
            Build.pophost, ["inspect", "com.pophost.fixture.escapes", "--plugins", plugin.dir.path], environment: plugin.environment)
        #expect(inspect.status == 0, "\(inspect.stderr)")
        Self.expectInert(inspect.stdout, "inspect")
        #expect(inspect.stdout.contains("A test fixture.\\r\\e[1Aover the line above"), "\(inspect.stdout)")
    }

    @Test("a plugin's log message is one escaped line")
    func logMessages() throws {
        let plugin = try EscapingPlugin()
        let show = try run(
            Build.pophost, ["show", "--plugins", plugin.dir.path, "--handler", "com.pophost.fixture.escapes.handler"],
            environment: plugin.environment)
        #expect(show.status == 0, "\(show.stderr)")
        Self.expectInert(show.stderr, "log")
        let line = try #require(show.stderr.split(separator: "\n").first { $0.contains("fixture:") })
        #expect(line.hasPrefix("pophost: warning: fixture: \\e[2J\\e[Hscreen cleared\\nforged: a second line"), "\(line)")
        #expect(!show.stderr.contains("\nforged"))
    }

    @Test("a file name that is not UTF-8 is listed with its bytes escaped, and opens when named on the command line")
    func nonUTF8FileName() throws {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()
        try Fixture.build(dir.file("plain.so"), ["-DFIX_PLUGIN_ID=\"com.pophost.fixture.latin1\""])
        // printf writes the byte 0xE9 (Latin-1 é) that Swift strings cannot carry.
        let rename = try run("/bin/sh", ["-c", "mv \"$0/plain.so\" \"$0/caf$(printf '\\351').so\"", dir.path])
        #expect(rename.status == 0, "\(rename.stderr)")
        let environment: [String: String?] = ["XDG_CACHE_HOME": cache.path, "NO_COLOR": "1"]
        let list = try run(Build.pophost, ["list", "--plugins", dir.path], environment: environment)
        #expect(list.stdout.contains("caf\\xE9.so"), "\(list.stdout)")
        #expect(list.stdout.contains("[ok]"))
        let inspect = try run(
            "/bin/sh", ["-c", "exec \"$0\" inspect \"$1/caf$(printf '\\351').so\"", Build.pophost, dir.path],
            environment: environment)
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.contains("com.pophost.fixture.latin1"), "\(inspect.stdout)")
        let test = try run(
            "/bin/sh", ["-c", "cd \"$1\" && exec \"$0\" test --only library caf$(printf '\\351').so", Build.pophost, dir.path],
            environment: environment)
        #expect(test.status == 0, "\(test.stdout)")
        #expect(test.stdout.contains("passed  \(dir.path)/caf\\xE9.so"), "\(test.stdout)")
    }

    @Test("--data that is not UTF-8 is refused with the position, like other malformed JSON")
    func dataNotUTF8() throws {
        let cache = TemporaryDirectory()
        let result = try run(
            "/bin/sh", ["-c", "exec \"$0\" show --data \"$(printf '{\"name\": \"caf\\351\"}')\"", Build.pophost],
            environment: ["XDG_CACHE_HOME": cache.path, "NO_COLOR": "1"])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("--data is not valid JSON: JSON error at line 1, column 14 (byte 13): expected UTF-8, found byte 0xE9"),
            "\(result.stderr)")
    }
}
