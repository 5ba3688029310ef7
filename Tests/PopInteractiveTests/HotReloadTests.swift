import Foundation
import PopLoaderTestSupport
import PopTestSupport
import Testing

@testable import PopChef
@testable import PopInteractive
@testable import PopIsolation
@testable import PopLoader
@testable import PopModel
@testable import PopScenario
@testable import PopTerminal

/// `pophost run --watch`'s app driven without a terminal: a scaffolded C plugin rebuilt while its
/// scenario plays shows its change in the next frame, in place; a broken rebuild shows the error and
/// keeps the last good state.
@Suite struct HotReloadTests {
    /// The texts drawn in `frame`.
    static func texts(_ frame: Frame) -> [String] { frame.nodes.compactMap { $0.text?.lines.joined(separator: " ") } }

    /// Advances the app by frames, as the terminal loop does in real time, until `done` or 20 s.
    static func play(_ host: InteractiveHost, until done: () -> Bool) {
        let deadline = ContinuousClock.now + .seconds(20)
        while !done() && ContinuousClock.now < deadline {
            host.advance(by: .milliseconds(16))
            usleep(16_000)
        }
    }

    @Test(
        "rebuilt with a new title while its scenario plays: the next frame shows it; a truncated file, not ELF, a crash in init are refused"
    )
    func reload() throws {
        let project = try ScaffoldedPlugin()
        let discovery = try makeRegistry([project.directory.path], cache: project.directory.file("registry.cache")).discover()
        let source = IsolatedComponents(discovery: discovery, options: IsolationOptions(executable: Build.pluginHost))
        let catalog = ComponentCatalog()
        catalog.add(source)
        let scenario = try Scenario.parse(json: ScaffoldedPlugin.scenario, file: "watched.json", baseDirectory: nil)
        let host = InteractiveHost(runner: ScenarioRunner(scenario: scenario, catalog: catalog), reload: try HotReload(source: source))
        host.advance(by: .milliseconds(600))
        #expect(Self.texts(host.frame()).contains("First title"))
        // Input the replay must give again: the app's keyboard goes up.
        #expect(host.handle(.key(.character("k"))) == .continue)
        host.advance(by: .milliseconds(100))
        #expect(host.runner.engine.keyboard.owner != nil)
        let before = host.runner.chef.now

        try project.edit("src/view.c", replacing: #"data_string(data, "title", PLUGIN_NAME)"#, with: #""Rebuilt title""#)
        try project.build()
        Self.play(host) { Self.texts(host.frame()).contains("Rebuilt title") }
        #expect(Self.texts(host.frame()).contains("Rebuilt title"), "\(host.statusLine)")
        #expect(host.statusLine.contains("reloaded libwatched.so"), "\(host.statusLine)")
        #expect(host.runner.chef.now >= before)
        #expect(host.runner.engine.keyboard.owner != nil)
        let popup = try #require(host.runner.labels["popup"])
        #expect(host.runner.chef.state(of: popup) == .shown)

        // Truncated mid-write: refused, the last good build stays.
        let good = try Data(contentsOf: URL(fileURLWithPath: project.library))
        try good.prefix(good.count / 3).write(to: URL(fileURLWithPath: project.library))
        Self.play(host) { host.statusLine.contains("not reloaded") }
        #expect(host.statusLine.contains("libwatched.so not reloaded, keeping the last good build"), "\(host.statusLine)")
        #expect(Self.texts(host.frame()).contains("Rebuilt title"))

        // Not a library at all: refused.
        try Data("#!/bin/sh\necho not a plugin\n".utf8).write(to: URL(fileURLWithPath: project.library))
        Self.play(host) { host.statusLine.contains("not an ELF file") }
        #expect(host.statusLine.contains("libwatched.so not reloaded") && host.statusLine.contains("not an ELF file"), "\(host.statusLine)")
        #expect(Self.texts(host.frame()).contains("Rebuilt title"))

        // A build that crashes in init: refused too.
        try project.edit(
            "src/plugin.c", replacing: "    if (!host) return false;\n", with: "    if (!host) return false;\n    *(volatile int *)0 = 1;\n"
        )
        try project.build()
        Self.play(host) { host.statusLine.contains("SIGSEGV") }
        #expect(host.statusLine.contains("not reloaded") && host.statusLine.contains("SIGSEGV"), "\(host.statusLine)")
        #expect(Self.texts(host.frame()).contains("Rebuilt title"))
        #expect(host.runner.chef.state(of: popup) == .shown)
    }
}
