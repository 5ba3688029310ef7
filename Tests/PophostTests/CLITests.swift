import Foundation
import PopLoaderTestSupport
import PopRuntimeTestSupport
import PopTestSupport
import Testing

/// `pophost` run as a user would, as a child process.
@Suite struct CLITests {
    /// An environment that keeps the user's cache and plugin directories out of the test.
    static func isolated(_ cache: TemporaryDirectory) -> [String: String?] {
        ["XDG_CACHE_HOME": cache.path, "XDG_DATA_HOME": cache.subdirectory("data"), "POPHOST_PLUGIN_PATH": nil, "NO_COLOR": "1"]
    }

    @Test("`pophost list` with no arguments finds the bundled samples next to the executable")
    func defaultSearchPathFindsSamples() throws {
        let cache = TemporaryDirectory()
        let result = try run(Build.pophost, ["list", "--json"], environment: Self.isolated(cache))
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let plugins = report["plugins"] as! [[String: Any]]
        let ids = plugins.compactMap { ($0["plugin"] as? [String: Any])?["id"] as? String }
        #expect(ids.contains("com.pophost.samples.c"))
        #expect(ids.contains("com.pophost.samples.swift"))
        #expect(report["search_path_source"] as? String == "defaults")
        let table = try run(Build.pophost, ["list"], environment: Self.isolated(cache))
        #expect(table.stdout.contains("com.pophost.samples.swift.high-priority-handler"))
        #expect(!table.stdout.contains("\u{1B}["), "no colour when not on a terminal")
    }

    @Test("`pophost list --json` reports every broken plugin with its category")
    func listBrokenCorpus() throws {
        let cache = TemporaryDirectory()
        let corpus = BrokenPluginCorpus.shared
        let result = try run(
            Build.pophost, ["list", "--plugins", corpus.directory.path, "--json", "--scan-timeout", "1"], environment: Self.isolated(cache))
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let plugins = report["plugins"] as! [[String: Any]]
        for testCase in BrokenPluginCorpus.cases {
            let plugin = try #require(plugins.first { $0["path"] as? String == corpus.path(testCase.name) })
            let error = try #require(plugin["error"] as? [String: Any])
            #expect(error["category"] as? String == testCase.expected.rawValue, "\(testCase.name)")
            #expect((error["message"] as? String)?.hasPrefix(corpus.path(testCase.name)) == true)
            #expect(plugin["status"] as? String == (testCase.safeInProcess ? "error" : "blacklisted"))
        }
    }

    @Test("`pophost inspect` exits 0 for a good plugin, 1 for a broken one and 64 for an unknown id")
    func inspectExitStatus() throws {
        let cache = TemporaryDirectory()
        let good = try run(Build.pophost, ["inspect", Build.cSample], environment: Self.isolated(cache))
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("com.pophost.samples.c.pop-controller"))
        #expect(good.stdout.contains("ABI"))
        let byComponent = try run(
            Build.pophost, ["inspect", "com.pophost.samples.swift.test-view", "--json"], environment: Self.isolated(cache))
        #expect(byComponent.status == 0, "\(byComponent.stderr)")
        #expect(byComponent.stdout.contains("\"abi_version\": \"1.3.0\""))  // built against this checkout's headers
        let broken = try run(
            Build.pophost, ["inspect", BrokenPluginCorpus.shared.path("wrong-major.so")], environment: Self.isolated(cache))
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("abi-major-mismatch"))
        let unknown = try run(Build.pophost, ["inspect", "com.example.nothing"], environment: Self.isolated(cache))
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("no plugin or component with id \"com.example.nothing\""))
    }

    @Test("`pophost inspect` lists the component extensions each handler, view loader and controller loader offers, in text and JSON")
    func inspectExtensions() throws {
        let cache = TemporaryDirectory()
        let text = try run(Build.pophost, ["inspect", "com.pophost.samples.swift"], environment: Self.isolated(cache))
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Extensions  pop.page/1, pop.floating/1"), "\(text.stdout)")
        #expect(text.stdout.contains("Extensions  pop.page-handler/1"))
        let json = try run(Build.pophost, ["inspect", "com.pophost.samples.swift", "--json"], environment: Self.isolated(cache))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let contracts = try #require(report["contracts"] as? [String: Any])
        let extensions = try #require(contracts["extensions"] as? [[String: Any]])
        let article = try #require(extensions.first { $0["id"] as? String == "com.pophost.samples.swift.article-controller" })
        #expect(article["offered"] as? [String] == ["pop.page/1", "pop.floating/1"])
        // View loaders may offer "pop.trait_observer/1": listed (the sample's offers none); reformers ask for none: not listed.
        let testView = try #require(extensions.first { $0["id"] as? String == "com.pophost.samples.swift.test-view" })
        #expect(testView["offered"] as? [String] == [])
        #expect(!extensions.contains { ($0["id"] as? String)?.hasSuffix("promo-reformer") == true })
    }

    @Test("`pophost show` runs a popup, applies --type and --tap in order, and writes the trace with --trace")
    func show() throws {
        let cache = TemporaryDirectory()
        let samples = try IsolatedSamples()
        let trace = cache.file("trace.jsonl")
        let result = try run(
            Build.pophost,
            [
                "show", "--plugins", samples.directory.path,
                "--handler", "com.pophost.samples.c.payment-handler", "--view-loader", "com.pophost.samples.c.payment-view",
                "--data", "{\"amount\": 12.5, \"order\": \"A-1\"}",
                "--type", "password=12", "--tap", "confirm", "--type", "password=123456", "--tap", "confirm", "--trace", trace,
            ], environment: Self.isolated(cache))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("confirm → keep"))
        #expect(result.stdout.contains("confirm → dismiss"))
        #expect(result.stdout.hasSuffix("request 1: dismissed(action)\n"))
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        #expect(lines.count > 8)
        #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil })
        #expect(lines.last?.contains("\"event\":\"dismissed\"") == true)

        let broken = try run(
            Build.pophost, ["show", "--plugins", samples.directory.path, "--handler", "com.example.none"],
            environment: Self.isolated(cache))
        #expect(broken.status == 64, "an id that names nothing is a usage error")
        #expect(broken.stderr.contains("pophost: error: no handler with id \"com.example.none\""))
        let badData = try run(Build.pophost, ["show", "--data", "{oops"], environment: Self.isolated(cache))
        #expect(badData.status != 0)
        #expect(badData.stderr.contains("--data is not valid JSON"))
    }

    @Test(
        "every command's --help: no source paths, examples never wrapped mid-command, lines within 80 columns",
        arguments: [
            [], ["list"], ["inspect"], ["check"], ["show"], ["demo"], ["run"], ["render"], ["test"], ["new"], ["preview"], ["migrate"],
        ])
    func help(command: [String]) throws {
        let result = try run(Build.pophost, command + ["--help"], environment: ["COLUMNS": "80"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE"))
        for path in ["Sources/", "docs/", ".md", "/work/", "Plugins/"] {
            #expect(!result.stdout.contains(path), "an installed pophost's help names no source path: \(path)")
        }
        let lines = result.stdout.components(separatedBy: "\n")
        for line in lines where !line.hasPrefix("USAGE:") {
            #expect(line.count <= 80, "\(line)")
        }
        // An example is a command on its own lines, continued only after a trailing backslash.
        guard let start = lines.firstIndex(where: { $0.hasPrefix("Example") }) else { return }
        let examples = lines[(start + 1)...].prefix { !$0.isEmpty }
        #expect(!examples.isEmpty)
        for (previous, line) in zip([""] + examples, examples) {
            if previous.hasSuffix("\\") {
                #expect(line.hasPrefix("    --"), "a continuation is an option on its own line: \(line)")
            } else {
                #expect(line.hasPrefix("  pophost "), "each example starts a command: \(line)")
            }
        }
    }
}
