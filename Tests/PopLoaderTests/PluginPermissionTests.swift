import Foundation
import PopLoaderTestSupport
import PopTestSupport
import Testing

@testable import PopLoader

#if canImport(Glibc)
import Glibc
#endif

/// Plugin files another user could change are refused before anything opens them (OpenSSH's rule),
/// unless the user allows it; relative elements of POPHOST_PLUGIN_PATH are ignored (issue 18).
@Suite(.serialized) struct PluginPermissionTests {
    /// A directory holding one plugin, and a cache of its own.
    final class Setup {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()
        let plugin: String
        /// The files the last discovery opened (in the scanner: the host opens none).
        private(set) var opened: [String] = []
        /// How many files the last discovery answered from the cache.
        private(set) var fromCache = 0

        init() throws {
            plugin = dir.file("plugin.so")
            try Fixture.build(plugin, ["-DFIX_PLUGIN_ID=\"com.pophost.fixture.permissions\""])
        }

        func discover(allowing: Bool = false) throws -> RegistryEntry {
            var registry = makeRegistry([dir.path], cache: cache.file("registry.cache"))
            registry.allowInsecurePlugins = allowing
            let discovery = try registry.discover()
            opened = discovery.scanned
            fromCache = discovery.fromCache
            return try #require(discovery.entries.first)
        }
    }

    @Test(
        "a group- or world-writable plugin file is refused, unopened, with the path and the fix",
        arguments: [
            (0o775 as mode_t, "its group", "chmod g-w"), (0o757, "anyone", "chmod o-w"), (0o777, "its group and anyone", "chmod go-w"),
        ])
    func writableFile(mode: mode_t, writers: String, fix: String) throws {
        let setup = try Setup()
        chmod(setup.plugin, mode)
        let entry = try setup.discover()
        #expect(entry.status == .error)
        let problem = try #require(entry.problem)
        #expect(problem.category == .insecure)
        #expect(problem.description.hasPrefix(setup.plugin + ": refused"))
        #expect(problem.cause.contains("the file is writable by \(writers)") && problem.cause.contains(fix), "\(problem.cause)")
        #expect(setup.opened.isEmpty, "a refused file was opened")
        #expect(setup.fromCache == 0, "a refused file is not counted as answered from the cache")
        // Allowed explicitly, it loads; refused again when the permission is withdrawn (never cached).
        #expect(try setup.discover(allowing: true).status == .ok)
        #expect(try setup.discover().problem?.category == .insecure)
        #expect(setup.fromCache == 0)
        chmod(setup.plugin, 0o755)
        #expect(try setup.discover().status == .ok)
        #expect(setup.fromCache == 1 && setup.opened.isEmpty)
    }

    @Test("a link to a device that anyone may write is not a file, not an insecure plugin")
    func linkToDevice() throws {
        let dir = TemporaryDirectory(), cache = TemporaryDirectory()
        #expect(symlink("/dev/zero", dir.file("zero.so")) == 0)
        let discovery = try makeRegistry([dir.path], cache: cache.file("registry.cache")).discover()
        let entry = try #require(discovery.entries.first)
        #expect(entry.problem?.category == .notAFile, "\(String(describing: entry.problem))")
        #expect(discovery.scanned.isEmpty)
    }

    @Test("every file of a writable plugin directory is refused, naming the directory")
    func writableDirectory() throws {
        let setup = try Setup()
        chmod(setup.dir.path, 0o733)
        defer { chmod(setup.dir.path, 0o700) }
        let problem = try #require(try setup.discover().problem)
        #expect(problem.category == .insecure)
        #expect(problem.cause.contains("its directory \(setup.dir.path) is writable by its group and anyone"), "\(problem.cause)")
        #expect(setup.opened.isEmpty)
    }

    @Test("a plugin file owned by another user (not root) is refused")
    func foreignOwner() throws {
        let setup = try Setup()
        guard geteuid() == 0 else { return }  // only root can give a file away
        #expect(chown(setup.plugin, 65534, 65534) == 0)
        let problem = try #require(try setup.discover().problem)
        #expect(problem.category == .insecure)
        #expect(problem.cause.contains("belongs to uid 65534, who is neither this user (uid 0) nor root"), "\(problem.cause)")
        #expect(setup.opened.isEmpty)
    }

    @Test("`pophost list` refuses, says how to allow, and allows with the flag or the variable")
    func commandLine() throws {
        let setup = try Setup()
        chmod(setup.plugin, 0o666)
        let environment: [String: String?] = ["XDG_CACHE_HOME": setup.cache.path, "NO_COLOR": "1", "POPHOST_ALLOW_INSECURE_PLUGINS": nil]
        let refused = try run(Build.pophost, ["list", "--plugins", setup.dir.path], environment: environment)
        #expect(refused.status == 0)
        #expect(refused.stdout.contains("error: insecure"))
        #expect(refused.stderr.contains("--allow-insecure-plugins"), "\(refused.stderr)")
        let flag = try run(Build.pophost, ["list", "--plugins", setup.dir.path, "--allow-insecure-plugins"], environment: environment)
        #expect(flag.stdout.contains("com.pophost.fixture.permissions") && flag.stdout.contains("[ok]"), "\(flag.stdout)")
        var allowing = environment
        allowing["POPHOST_ALLOW_INSECURE_PLUGINS"] = "1"
        let variable = try run(Build.pophost, ["list", "--plugins", setup.dir.path], environment: allowing)
        #expect(variable.stdout.contains("[ok]"), "\(variable.stdout)")
    }

    @Test("relative and empty elements of POPHOST_PLUGIN_PATH are ignored with a warning")
    func relativeSearchPath() throws {
        let resolved = SearchPath.resolve(flags: [], environment: ["POPHOST_PLUGIN_PATH": "plugins:/abs/one:.::/abs/two"])
        #expect(resolved.directories == ["/abs/one", "/abs/two"])
        #expect(resolved.ignored == ["plugins", ".", ""])
        // Run from a directory that holds a plugins/ directory: it is not searched.
        let workspace = TemporaryDirectory(), cache = TemporaryDirectory()
        try Fixture.build(workspace.subdirectory("plugins") + "/planted.so", ["-DFIX_PLUGIN_ID=\"com.pophost.fixture.planted\""])
        let result = try run(
            "/bin/sh", ["-c", "cd \"$0\" && exec \"$1\" list --json", workspace.path, Build.pophost],
            environment: ["POPHOST_PLUGIN_PATH": "plugins:" + cache.path, "XDG_CACHE_HOME": cache.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("com.pophost.fixture.planted"))
        #expect(result.stderr.contains("ignoring the relative element \"plugins\""), "\(result.stderr)")
    }
}
