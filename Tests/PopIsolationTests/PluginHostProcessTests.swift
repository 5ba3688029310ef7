import Foundation
import PopLoaderTestSupport
import PopTestSupport
import Testing

@testable import PopChef
@testable import PopIsolation
@testable import PopLoader
@testable import PopModel

/// The plugin host as a process: found or not, speaking the protocol or not, opening its plugin or
/// not, and never outliving the host that started it.
@Suite struct PluginHostProcessTests {
    /// A well-behaved fixture plugin, discovered.
    final class Plugin {
        let directory = TemporaryDirectory()
        let discovery: PluginRegistry.Discovery
        var path: String { directory.file("fixture.so") }

        init(_ flags: [String] = []) throws {
            try Fixture.build(directory.file("fixture.so"), flags + ["-DFIX_PLUGIN_ID=\"com.fixture.host\""])
            discovery = try makeRegistry([directory.path], cache: directory.file("registry.cache")).discover()
        }
    }

    /// Shows the fixture's handler through `options`; the request's final event and the failure's message.
    static func show(_ plugin: Plugin, _ options: IsolationOptions) -> (FinalEvent?, String) {
        let catalog = ComponentCatalog(discovery: plugin.discovery, isolated: options)
        let chef = Chef(catalog: catalog)
        let recorder = TraceRecorder()
        chef.trace = recorder
        let id = chef.show(PopupRequest(handler: "com.fixture.host.handler"))
        chef.runUntilIdle()
        return (chef.finalEvent(of: id), recorder.events.compactMap(\.detail).joined(separator: "\n"))
    }

    @Test("no plugin host executable: the request ends plugin-error and the message says where it was looked for")
    func missingExecutable() throws {
        let plugin = try Plugin()
        let (final, message) = Self.show(plugin, IsolationOptions(executable: plugin.directory.file("no-such-plugin-host")))
        #expect(final == .cancelled(.pluginError))
        #expect(message.contains("no-such-plugin-host") && message.contains("POPHOST_PLUGIN_HOST"), "\(message)")
    }

    @Test("an executable that speaks another protocol is refused as such")
    func foreignExecutable() throws {
        let plugin = try Plugin()
        let (final, message) = Self.show(plugin, IsolationOptions(executable: Build.scanner))
        #expect(final == .cancelled(.pluginError))
        #expect(message.contains("does not speak pophost-plugin-host/7"), "\(message)")
    }

    @Test("a plugin file that no longer loads fails its requests with the loader's reason; it is not a crash and never quarantined")
    func pluginNoLongerLoads() throws {
        let plugin = try Plugin()
        try Data("not a library any more\n".utf8).write(to: URL(fileURLWithPath: plugin.path))
        let source = IsolatedComponents(discovery: plugin.discovery, options: IsolationOptions(executable: Build.pluginHost))
        var events: [IsolationEvent] = []
        source.onEvent = { events.append($0) }
        let catalog = ComponentCatalog()
        catalog.add(source)
        let chef = Chef(catalog: catalog)
        let recorder = TraceRecorder()
        chef.trace = recorder
        for _ in 0..<4 {
            let id = chef.show(PopupRequest(handler: "com.fixture.host.handler"))
            #expect(chef.finalEvent(of: id) == .cancelled(.pluginError))
        }
        #expect(events.isEmpty)
        let details = recorder.events.compactMap(\.detail)
        #expect(details.contains { $0.contains("not-elf") || $0.contains("ELF") }, "\(details)")
    }

    @Test("killing the host kills its plugin hosts, even one stuck in a plugin")
    func orphans() throws {
        let plugin = try Plugin(["-DFIX_HANG_SHOULD_PRESENT"])
        let scenario = plugin.directory.file("hang.json")
        try #"{"plugins": ["\#(plugin.directory.path)"], "steps": [{"show": {"handler": "com.fixture.host.handler"}}]}"#
            .write(toFile: scenario, atomically: true, encoding: .utf8)
        let cache = TemporaryDirectory()
        let host = Process()
        host.executableURL = URL(fileURLWithPath: Build.pophost)
        host.arguments = ["run", scenario, "--call-timeout", "60"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cache.path
        host.environment = environment
        host.standardOutput = FileHandle.nullDevice
        host.standardError = FileHandle.nullDevice
        try host.run()
        var child: Int32?
        for _ in 0..<200 where child == nil {
            usleep(50_000)
            child = Self.children(of: host.processIdentifier).first { pid in
                // The kernel keeps 15 characters of a command's name.
                (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.hasPrefix("pophost-plugin") == true
            }
        }
        let pluginHost = try #require(child, "pophost started no plugin host")
        kill(host.processIdentifier, SIGKILL)
        host.waitUntilExit()
        var alive = true
        for _ in 0..<100 where alive {
            usleep(50_000)
            alive = Self.isRunning(pluginHost)
        }
        #expect(!alive, "plugin host \(pluginHost) outlived its host")
        if alive { kill(pluginHost, SIGKILL) }
    }

    /// The process ids whose parent is `parent` (from /proc).
    static func children(of parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent
        }
    }

    /// Whether `pid` exists and is not a zombie.
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else {
            return false
        }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }
}
