import Foundation
import Testing
import PopTestSupport
@testable import PopBridge
@testable import PopChef
@testable import PopLoader
@testable import PopScaffold
@testable import PopScenario

/// `pophost new`: names and ids, the directory rules, where the ABI headers come from, and the
/// generated projects — the C one built with `make`, loaded and run by a chef; the Swift one
/// checked file by file and type-checked with `swiftc` (never `swift build` inside a test).
@Suite struct ScaffoldTests {
    static let headers = ABIHeaders(directory: Repository.abiInclude)

    func scaffold(_ language: PluginScaffold.Language, name: String = "my-popup") throws -> PluginScaffold {
        PluginScaffold(identity: try PluginIdentity(name: name), language: language, headers: Self.headers)
    }

    // MARK: names and ids

    @Test("names: a letter first, then letters, digits, '-' and '_', at most 64; the module, library and ids follow")
    func names() throws {
        for bad in ["", "1popup", "-popup", "my popup", "my.popup", "pöpup", "a/b", String(repeating: "a", count: 65), "PluginABI", "Swift"] {
            #expect(throws: ScaffoldError.self, "\(bad)") { try PluginIdentity(name: bad) }
        }
        #expect(throws: ScaffoldError.invalidName("1popup", reason: "it must start with an ASCII letter")) { try PluginIdentity(name: "1popup") }

        let identity = try PluginIdentity(name: "My_Popup-2")
        #expect(identity.id == "com.example.my-popup-2")
        #expect(identity.moduleName == "My_Popup_2")
        #expect(identity.libraryFileName == "libMy_Popup-2.so")
        #expect([identity.handlerID, identity.viewID, identity.controllerID]
            == ["com.example.my-popup-2.handler", "com.example.my-popup-2.view", "com.example.my-popup-2.controller"])
        #expect(try PluginIdentity(name: String(repeating: "a", count: 64)).name.count == 64)
        #expect(try PluginIdentity(name: "x").id == "com.example.x")
    }

    @Test("--id must be reverse-DNS, as descriptors require")
    func ids() throws {
        for bad in ["example", "com..example", "1com.example", "com.exa mple", "com.example.", ".com.example", "com.ex@mple", "com/example",
                    "com." + String(repeating: "a", count: 1020)] {
            #expect(throws: ScaffoldError.self, "\(bad)") { try PluginIdentity(name: "p", id: bad) }
        }
        let identity = try PluginIdentity(name: "p", id: "com.acme.Payments_2.x-y")
        #expect(identity.handlerID == "com.acme.Payments_2.x-y.handler")
        #expect("\(ScaffoldError.invalidID("x", reason: "r"))" == "invalid plugin id \"x\": r")
    }

    // MARK: the project directory

    @Test("a non-empty directory is refused unless forced; forcing overwrites only the generated files")
    func directoryRules() throws {
        let temporary = TemporaryDirectory()
        let scaffold = try scaffold(.c)

        // Missing (with missing parents) and empty directories are fine.
        let fresh = temporary.file("a/b/project")
        let written = try scaffold.write(to: fresh)
        #expect(written.contains("Makefile") && written.contains("src/plugin.c") && written.contains("include/pophost/pophost.h"))
        let empty = temporary.subdirectory("empty")
        try scaffold.write(to: empty)

        let occupied = temporary.subdirectory("occupied")
        try "keep me".write(toFile: occupied + "/notes.txt", atomically: true, encoding: .utf8)
        try "old".write(toFile: occupied + "/Makefile", atomically: true, encoding: .utf8)
        #expect(throws: ScaffoldError.directoryNotEmpty(occupied)) { try scaffold.write(to: occupied) }
        #expect(try String(contentsOfFile: occupied + "/Makefile", encoding: .utf8) == "old", "nothing written when refused")
        try scaffold.write(to: occupied, force: true)
        #expect(try String(contentsOfFile: occupied + "/notes.txt", encoding: .utf8) == "keep me")
        #expect(try String(contentsOfFile: occupied + "/Makefile", encoding: .utf8).contains("libmy-popup.so"))

        let file = temporary.file("file")
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(throws: ScaffoldError.notADirectory(file)) { try scaffold.write(to: file, force: true) }
    }

    @Test("`pophost new` reports a bad name, a bad id and an occupied directory as errors with status 1")
    func commandLineErrors() throws {
        let temporary = TemporaryDirectory()
        let badName = try run(Build.pophost, ["new", "1x", "--dir", temporary.file("p")])
        #expect(badName.status == 1)
        #expect(badName.stderr.contains("error: invalid plugin name \"1x\": it must start with an ASCII letter"), "\(badName.stderr)")
        let badID = try run(Build.pophost, ["new", "x", "--id", "nodots", "--dir", temporary.file("p")])
        #expect(badID.status == 1)
        #expect(badID.stderr.contains("error: invalid plugin id \"nodots\""), "\(badID.stderr)")
        let badLanguage = try run(Build.pophost, ["new", "x", "--lang", "rust", "--dir", temporary.file("p")])
        #expect(badLanguage.status != 0)
        #expect(!FileManager.default.fileExists(atPath: temporary.file("p")))

        let occupied = temporary.subdirectory("occupied")
        try "x".write(toFile: occupied + "/file", atomically: true, encoding: .utf8)
        let refused = try run(Build.pophost, ["new", "x", "--dir", occupied])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("error: \(occupied) exists and is not empty (use --force"), "\(refused.stderr)")
        let forced = try run(Build.pophost, ["new", "x", "--dir", occupied, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
    }

    @Test("the default project directory is ./NAME, and the output lists the files and the next commands")
    func defaultDirectoryAndOutput() throws {
        let temporary = TemporaryDirectory()
        let result = try run("/bin/sh", ["-c", "cd \(temporary.path) && exec \(Build.pophost) new greeter --lang c"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: temporary.file("greeter/src/plugin.c")))
        #expect(result.stdout.contains("Created the C plugin project greeter (com.example.greeter) in greeter:"))
        #expect(result.stdout.contains("  src/handler.c\n"))
        #expect(result.stdout.contains("  make\n"))
        #expect(result.stdout.contains("  pophost test ./libgreeter.so --scenarios scenarios\n"))
    }

    // MARK: the ABI headers

    @Test("the headers come from POPHOST_ABI_INCLUDE, else a checkout above the executable, else <prefix>/share/pophost/include")
    func locateHeaders() throws {
        // A checkout: the test binary lives in .build/debug of this repository.
        #expect(try ABIHeaders.locate(environment: [:], executableDirectory: Build.directory).directory == Repository.abiInclude)

        let temporary = TemporaryDirectory()
        let copy = temporary.subdirectory("copy")
        try FileManager.default.copyItem(atPath: Repository.abiInclude + "/pophost", toPath: copy + "/pophost")
        #expect(try ABIHeaders.locate(environment: ["POPHOST_ABI_INCLUDE": copy], executableDirectory: Build.directory).directory == copy)

        // An installed prefix: <prefix>/bin/pophost and <prefix>/share/pophost/include.
        let prefix = temporary.subdirectory("prefix")
        let bin = temporary.subdirectory("prefix/bin")
        try FileManager.default.copyItem(atPath: Repository.abiInclude + "/pophost", toPath: temporary.subdirectory("prefix/share/pophost/include") + "/pophost")
        let installed = try ABIHeaders.locate(environment: [:], executableDirectory: bin)
        #expect(installed.directory == prefix + "/share/pophost/include")
        #expect(try installed.moduleMap() == ABIHeaders.defaultModuleMap, "no module map installed: the standard one")

        // Nowhere: the error names every place it looked.
        let nowhere = temporary.subdirectory("nowhere/bin")
        #expect {
            try ABIHeaders.locate(environment: ["POPHOST_ABI_INCLUDE": temporary.file("missing")], executableDirectory: nowhere)
        } throws: { error in
            let text = "\(error)"
            return text.contains(temporary.file("missing") + " (POPHOST_ABI_INCLUDE)") && text.contains("Sources/PluginABI/include in \(nowhere)")
                && text.contains(temporary.path + "/nowhere/share/pophost/include") && text.contains("Set POPHOST_ABI_INCLUDE")
        }
        #expect(Self.headers.version() == ABIVersion.host.description)
    }

    @Test("`pophost new` fails with the places it looked when POPHOST_ABI_INCLUDE is wrong and there is no checkout")
    func headersNotFoundFromCommandLine() throws {
        // A copy of pophost outside the checkout finds no headers above it.
        let temporary = TemporaryDirectory()
        try FileManager.default.copyItem(atPath: Build.pophost, toPath: temporary.file("pophost"))
        let result = try run(temporary.file("pophost"), ["new", "x", "--dir", temporary.file("x")], environment: ["POPHOST_ABI_INCLUDE": nil])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: cannot find the pophost ABI headers"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temporary.file("x")))
    }

    // MARK: the C project

    @Test("the C project from `pophost new --lang c` builds with make and describes its three components")
    func cProjectBuildsAndDescribes() throws {
        let project = try GeneratedCProject.shared.get()
        let info = try PluginLoader.describe(path: project.library).get()
        #expect(info.abiVersion == ABIVersion.host)
        #expect(info.plugin.id == "com.example.x")
        #expect(info.plugin.name == "x")
        #expect(info.components.map(\.kind) == [.handler, .viewLoader, .controllerLoader])
        #expect(info.components.map(\.descriptor.id) == ["com.example.x.handler", "com.example.x.view", "com.example.x.controller"])
        #expect(info.components.allSatisfy { !$0.descriptor.name.isEmpty && !$0.descriptor.description.isEmpty })
        // The vendored headers are this repository's, byte for byte.
        for header in try Self.headers.headers() {
            #expect(try String(contentsOfFile: project.directory + "/include/" + header.path, encoding: .utf8) == header.contents)
        }
        // Only the entry is exported.
        let symbols = try run("/usr/bin/env", ["nm", "-D", "--defined-only", project.library])
        #expect(symbols.status == 0)
        #expect(symbols.stdout.split(separator: "\n").map { $0.split(separator: " ").last.map(String.init) ?? "" } == ["pop_plugin_entry_v1"])
    }

    @Test("the C plugin's popup shows in a chef and its OK button runs the handler's action, which dismisses it")
    func cPluginInChef() throws {
        let project = try GeneratedCProject.shared.get()
        let plugins = TemporaryDirectory()  // this test's own image of the plugin
        try FileManager.default.copyItem(atPath: project.library, toPath: plugins.file("libx.so"))
        let discovery = try makeRegistry([plugins.path], cache: plugins.file("registry.cache")).discover()
        let source = PluginComponents(discovery: discovery)
        let catalog = ComponentCatalog()
        catalog.add(source)
        let t = TracedChef(catalog: catalog)
        t.keepAlive = plugins

        let request = PopupRequest(handler: "com.example.x.handler", viewLoader: "com.example.x.view",
                                   controllerLoader: "com.example.x.controller", data: ["title": "Hello", "message": "World"])
        let id = t.chef.show(request)
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: id) == .shown, "\(t.recorder.jsonLines)")
        let popup = try #require(t.chef.popups[id])
        #expect(popup.content?.actionNames.sorted() == ["confirm", "pop.dismiss"])
        #expect(popup.presentation.showAnimation == .fadeIn)
        #expect(t.chef.tap(action: "confirm", on: id))
        t.chef.runUntilIdle()
        #expect(t.chef.finalEvent(of: id) == .dismissed(.action))
        #expect(t.recorder.events.filter { $0.kind == .action }.compactMap(\.detail) == ["confirm → dismiss"])

        // "Not now" is the host's dismiss; "eligible": false vetoes the request.
        let second = t.chef.show(request)
        t.chef.runUntilIdle()
        #expect(t.chef.tap(action: "pop.dismiss", on: second))
        t.chef.runUntilIdle()
        #expect(t.chef.finalEvent(of: second) == .dismissed(.action))
        let vetoed = t.chef.show(PopupRequest(handler: "com.example.x.handler", viewLoader: "com.example.x.view", data: ["eligible": false]))
        t.chef.runUntilIdle()
        #expect(t.chef.finalEvent(of: vetoed) == .cancelled(.vetoed))
        #expect(source.liveInstances == 0)
    }

    @Test("the C project's scenario plays and meets its expectations")
    func cProjectScenario() throws {
        let project = try GeneratedCProject.shared.get()
        let scenario = try Scenario.load(path: project.directory + "/scenarios/x.json")
        #expect(scenario.plugins == [project.directory], "the scenario looks for the library where make puts it")
        let plugins = TemporaryDirectory()
        try FileManager.default.copyItem(atPath: project.library, toPath: plugins.file("libx.so"))
        let discovery = try makeRegistry([plugins.path], cache: plugins.file("registry.cache")).discover()
        let runner = ScenarioRunner(scenario: scenario, catalog: ComponentCatalog(discovery: discovery))
        runner.runToEnd()
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(runner.verify().isEmpty, "\(runner.verify())\n\(runner.recorder.jsonLines)")
        #expect(runner.chef.liveCount == 0)
        withExtendedLifetime(plugins) {}
    }

    // MARK: the Swift project

    @Test("the Swift project's files are well-formed: manifests, vendored headers, sources that type-check, scenario, README")
    func swiftProject() throws {
        let temporary = TemporaryDirectory()
        let directory = temporary.file("my-popup")
        let result = try run(Build.pophost, ["new", "my-popup", "--dir", directory, "--id", "com.acme.popup"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        func read(_ path: String) throws -> String { try String(contentsOfFile: directory + "/" + path, encoding: .utf8) }

        let manifest = try read("Package.swift")
        #expect(manifest.hasPrefix("// swift-tools-version:6.0\n"))
        #expect(manifest.contains(#".library(name: "my-popup", type: .dynamic, targets: ["my_popup"])"#))
        #expect(manifest.contains(#".package(path: "PluginABI")"#))
        #expect(manifest.contains(#".unsafeFlags(["-Xlinker", "--version-script=exports.map", "-no-toolchain-stdlib-rpath"])"#))
        #expect(!manifest.contains(".package(url:"), "no remote dependency: it builds offline")
        let abiManifest = try read("PluginABI/Package.swift")
        #expect(abiManifest.contains(#".library(name: "PluginABI", targets: ["PluginABI"])"#))
        #expect(abiManifest.contains(#"publicHeadersPath: "include""#))
        #expect(try read("PluginABI/include/module.modulemap") == (try String(contentsOfFile: Repository.abiInclude + "/module.modulemap", encoding: .utf8)))
        for header in try Self.headers.headers() {
            #expect(try read("PluginABI/include/" + header.path) == header.contents)
        }
        #expect(try read("exports.map").contains("global: pop_plugin_entry_v1;"))

        let sources = ["Plugin", "Components", "Host", "RequestData", "ContentBuilder", "Handler", "View", "Controller"]
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/Sources/my_popup").sorted() == sources.map { $0 + ".swift" }.sorted())
        #expect(try read("Sources/my_popup/Plugin.swift").contains(#"@_cdecl("pop_plugin_entry_v1")"# + "\npublic func"))
        let all = try sources.map { try read("Sources/my_popup/\($0).swift") }.joined()
        for id in ["\"com.acme.popup\"", "\"com.acme.popup.handler\"", "\"com.acme.popup.view\"", "\"com.acme.popup.controller\""] {
            #expect(all.contains(id), "\(id)")
        }
        #expect(!all.contains("com.example"))
        #expect(all.contains(#"action: "confirm")"#) && all.contains(#"action: "pop.dismiss")"#))
        let code = all.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        #expect(!code.contains("DispatchQueue") && !code.contains("@MainActor") && !code.contains("print("), "the host owns the loop; init is silent")

        // The action's signature parses and names only sources any request has.
        let handler = try read("Sources/my_popup/Handler.swift")
        let signature = try #require(handler.split(separator: "\n").first { $0.contains("signature: immortal(") }
            .flatMap { $0.split(separator: "\"").dropFirst().first }.map(String.init))
        let parsed = try ActionSignature.parse(signature)
        #expect(parsed.result == .bool)
        #expect(parsed.parameters.map(\.source) == [.handler, .data(path: "title")])

        // The sources type-check against the vendored headers as Swift 6 (what `swift build` compiles).
        let swiftc = try run("/usr/bin/env", ["swiftc", "-typecheck", "-swift-version", "6", "-module-name", "my_popup",
                                              "-I", directory + "/PluginABI/include"] + sources.map { directory + "/Sources/my_popup/\($0).swift" })
        #expect(swiftc.status == 0, "\(swiftc.stderr)")

        // The scenario looks in .build/release and expects the tap on OK to dismiss the popup.
        let scenario = try Scenario.load(path: directory + "/scenarios/my-popup.json")
        #expect(scenario.plugins == [directory + "/.build/release"])
        #expect(scenario.expectations.trace.contains { $0.event == .dismissed && $0.reason == .action })

        let readme = try read("README.md")
        #expect(readme.contains("swift build -c release    # -> .build/release/libmy-popup.so"))
        #expect(readme.contains("pophost test .build/release/libmy-popup.so --scenarios scenarios"))
        #expect(try read(".gitignore").contains("/.build/"))
        #expect(result.stdout.contains("  swift build -c release\n"))
    }
}

/// One C project generated by the real `pophost new x --lang c` and built with `make`, shared by the
/// tests (each copies the library before loading it, to get an image of its own).
struct GeneratedCProject: Sendable {
    let directory: String
    var library: String { directory + "/libx.so" }
    private let temporary: TemporaryDirectory

    static let shared = Result { try GeneratedCProject() }

    private init() throws {
        temporary = TemporaryDirectory()
        directory = temporary.file("x")
        let generated = try run(Build.pophost, ["new", "x", "--lang", "c", "--dir", directory], environment: ["POPHOST_ABI_INCLUDE": nil])
        guard generated.status == 0 else { throw Failure(message: "pophost new failed: \(generated.stderr)") }
        let built = try run("/usr/bin/env", ["make", "-s", "-C", directory])
        guard built.status == 0 else { throw Failure(message: "make failed: \(built.stdout)\(built.stderr)") }
    }

    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
