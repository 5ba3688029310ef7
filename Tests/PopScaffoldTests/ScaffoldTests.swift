import Foundation
import PopChefTestSupport
import PopLoaderTestSupport
import PopTestSupport
import Testing

@testable import PopBridge
@testable import PopChef
@testable import PopLoader
@testable import PopScaffold
@testable import PopScenario

/// `pophost new`: names and ids, the directory rules, where the ABI headers and the plugin kit come
/// from, and the generated projects — each built as its README says (`make`; the Swift one with
/// `swiftc`, never `swift build` inside a test), loaded and run by a chef and through its scenario.
/// The Rust project runs the same checks from `RustProjectTests`, when cargo is on PATH.
@Suite struct ScaffoldTests {
    static let headers = ABIHeaders(directory: Repository.abiInclude)
    static let kit = PluginKitSources(directory: Repository.pluginKit)

    func scaffold(_ language: PluginScaffold.Language, name: String = "my-popup") throws -> PluginScaffold {
        PluginScaffold(identity: try PluginIdentity(name: name), language: language, headers: Self.headers, kit: Self.kit)
    }

    // MARK: names and ids

    @Test("names: a letter first, then letters, digits, '-' and '_', at most 64; the module, library and ids follow")
    func names() throws {
        for bad in [
            "", "1popup", "-popup", "my popup", "my.popup", "pöpup", "a/b", String(repeating: "a", count: 65), "PluginABI", "PopPluginKit",
            "Swift",
        ] {
            #expect(throws: ScaffoldError.self, "\(bad)") { try PluginIdentity(name: bad) }
        }
        #expect(throws: ScaffoldError.invalidName("1popup", reason: "it must start with an ASCII letter")) {
            try PluginIdentity(name: "1popup")
        }

        let identity = try PluginIdentity(name: "My_Popup-2")
        #expect(identity.id == "com.example.my-popup-2")
        #expect(identity.moduleName == "My_Popup_2")
        #expect(identity.libraryFileName == "libMy_Popup-2.so")
        #expect(
            [identity.handlerID, identity.viewID, identity.controllerID]
                == ["com.example.my-popup-2.handler", "com.example.my-popup-2.view", "com.example.my-popup-2.controller"])
        #expect(try PluginIdentity(name: String(repeating: "a", count: 64)).name.count == 64)
        #expect(try PluginIdentity(name: "x").id == "com.example.x")
    }

    @Test("--id must be reverse-DNS, as descriptors require")
    func ids() throws {
        for bad in [
            "example", "com..example", "1com.example", "com.exa mple", "com.example.", ".com.example", "com.ex@mple", "com/example",
            "com." + String(repeating: "a", count: 1020),
        ] {
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

    @Test("`pophost new`: a bad name or id is a usage error (64), an occupied directory a failure (1)")
    func commandLineErrors() throws {
        let temporary = TemporaryDirectory()
        let badName = try run(Build.pophost, ["new", "1x", "--dir", temporary.file("p")])
        #expect(badName.status == 64)
        #expect(badName.stderr.contains("error: invalid plugin name \"1x\": it must start with an ASCII letter"), "\(badName.stderr)")
        let badID = try run(Build.pophost, ["new", "x", "--id", "nodots", "--dir", temporary.file("p")])
        #expect(badID.status == 64)
        #expect(badID.stderr.contains("error: invalid plugin id \"nodots\""), "\(badID.stderr)")
        let badLanguage = try run(Build.pophost, ["new", "x", "--lang", "go", "--dir", temporary.file("p")])
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
        let result = try run(
            "/bin/sh", ["-c", "cd \(temporary.path) && exec \(Build.pophost) new greeter --lang c"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: temporary.file("greeter/src/plugin.c")))
        #expect(result.stdout.contains("Created the C plugin project greeter (com.example.greeter) in greeter:"))
        #expect(result.stdout.contains("  src/handler.c\n"))
        #expect(result.stdout.contains("  make\n"))
        #expect(result.stdout.contains("  pophost test ./libgreeter.so --scenarios scenarios\n"))
    }

    // MARK: the ABI headers

    @Test("the headers come from POPHOST_ABI_INCLUDE, else a checkout above the executable, else <prefix>/include")
    func locateHeaders() throws {
        // A checkout: the test binary lives in .build/debug of this repository.
        #expect(try ABIHeaders.locate(environment: [:], executableDirectory: Build.directory).directory == Repository.abiInclude)

        let temporary = TemporaryDirectory()
        let copy = temporary.subdirectory("copy")
        try FileManager.default.copyItem(atPath: Repository.abiInclude + "/pophost", toPath: copy + "/pophost")
        #expect(try ABIHeaders.locate(environment: ["POPHOST_ABI_INCLUDE": copy], executableDirectory: Build.directory).directory == copy)

        // An installed prefix: <prefix>/bin/pophost and <prefix>/include.
        let prefix = temporary.subdirectory("prefix")
        let bin = temporary.subdirectory("prefix/bin")
        try FileManager.default.copyItem(
            atPath: Repository.abiInclude + "/pophost", toPath: temporary.subdirectory("prefix/include") + "/pophost")
        let installed = try ABIHeaders.locate(environment: [:], executableDirectory: bin)
        #expect(installed.directory == prefix + "/include")
        #expect(try installed.moduleMap() == ABIHeaders.defaultModuleMap, "no module map installed: the standard one")

        // Nowhere: the error names every place it looked.
        let nowhere = temporary.subdirectory("nowhere/bin")
        #expect {
            try ABIHeaders.locate(environment: ["POPHOST_ABI_INCLUDE": temporary.file("missing")], executableDirectory: nowhere)
        } throws: { error in
            let text = "\(error)"
            return text.contains(temporary.file("missing") + " (POPHOST_ABI_INCLUDE)")
                && text.contains("Sources/PluginABI/include in \(nowhere)")
                && text.contains(temporary.path + "/nowhere/include") && text.contains("Set POPHOST_ABI_INCLUDE")
        }
        #expect(Self.headers.version() == ABIVersion.host.description)
    }

    @Test("the plugin kit is found like the headers: POPHOST_PLUGIN_KIT, a checkout, <prefix>/share/pophost/PopPluginKit")
    func locateKit() throws {
        #expect(try PluginKitSources.locate(environment: [:], executableDirectory: Build.directory).directory == Repository.pluginKit)

        let temporary = TemporaryDirectory()
        let copy = temporary.subdirectory("copy")
        for file in try Self.kit.sources() {
            try file.contents.write(toFile: copy + "/" + file.path, atomically: true, encoding: .utf8)
        }
        #expect(
            try PluginKitSources.locate(environment: ["POPHOST_PLUGIN_KIT": copy], executableDirectory: Build.directory).directory == copy)
        #expect(try PluginKitSources(directory: copy).sources() == Self.kit.sources())

        let bin = temporary.subdirectory("prefix/bin")
        try FileManager.default.copyItem(atPath: copy, toPath: temporary.subdirectory("prefix/share/pophost") + "/PopPluginKit")
        #expect(
            try PluginKitSources.locate(environment: [:], executableDirectory: bin).directory == temporary.path
                + "/prefix/share/pophost/PopPluginKit")

        let nowhere = temporary.subdirectory("nowhere/bin")
        #expect {
            try PluginKitSources.locate(environment: ["POPHOST_PLUGIN_KIT": temporary.file("missing")], executableDirectory: nowhere)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("cannot find the pophost plugin kit")
                && text.contains(temporary.file("missing") + " (POPHOST_PLUGIN_KIT)")
                && text.contains("Sources/PopPluginKit in \(nowhere)")
                && text.contains(temporary.path + "/nowhere/share/pophost/PopPluginKit")
                && text.contains("Set POPHOST_PLUGIN_KIT")
        }
    }

    @Test("`pophost new` fails with the places it looked when the headers, or a Swift project's kit, are nowhere")
    func headersNotFoundFromCommandLine() throws {
        // A copy of pophost outside the checkout finds no headers above it.
        let temporary = TemporaryDirectory()
        try FileManager.default.copyItem(atPath: Build.pophost, toPath: temporary.file("pophost"))
        let result = try run(
            temporary.file("pophost"), ["new", "x", "--dir", temporary.file("x")], environment: ["POPHOST_ABI_INCLUDE": nil])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: cannot find the pophost ABI headers"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temporary.file("x")))

        // With the headers but no kit: a C project needs none, a Swift project fails naming the kit.
        let headersOnly: [String: String?] = ["POPHOST_ABI_INCLUDE": Repository.abiInclude, "POPHOST_PLUGIN_KIT": nil]
        let c = try run(temporary.file("pophost"), ["new", "x", "--lang", "c", "--dir", temporary.file("c")], environment: headersOnly)
        #expect(c.status == 0, "\(c.stderr)")
        let swift = try run(temporary.file("pophost"), ["new", "x", "--dir", temporary.file("swift")], environment: headersOnly)
        #expect(swift.status == 1)
        #expect(swift.stderr.contains("error: cannot find the pophost plugin kit"), "\(swift.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temporary.file("swift")))
    }

    // MARK: the generated projects, built

    @Test(
        "the project builds as its README says, describes its three components and exports only the entry",
        arguments: ProjectBuild.alwaysBuilt)
    func projectBuildsAndDescribes(_ language: PluginScaffold.Language) throws {
        let project = try GeneratedProject.shared(language).get()
        let info = try PluginLoader.describe(path: project.library).get()
        #expect(info.abiVersion == ABIVersion.host)
        #expect(info.plugin.id == "com.example.x")
        #expect(info.plugin.name == "x")
        #expect(info.components.map(\.kind) == [.handler, .viewLoader, .controllerLoader])
        #expect(info.components.map(\.descriptor.id) == ["com.example.x.handler", "com.example.x.view", "com.example.x.controller"])
        #expect(info.components.allSatisfy { !$0.descriptor.name.isEmpty && !$0.descriptor.description.isEmpty })
        // The vendored headers (none in Rust), and the Swift project's kit, are this repository's, byte for byte.
        let headers = language == .c || language == .cpp ? "/include/" : "/PluginABI/include/"
        for header in try Self.headers.headers() where language != .rust {
            #expect(try String(contentsOfFile: project.directory + headers + header.path, encoding: .utf8) == header.contents)
        }
        if language == .swift {
            #expect(
                try PluginKitSources(directory: project.directory + "/PopPluginKit/Sources/PopPluginKit").sources() == Self.kit.sources())
        }
        #expect(try ELFDynamicInfo.read(path: project.library).exportedSymbols == ["pop_plugin_entry_v1"])
    }

    @Test(
        "the plugin's popup shows in a chef and its OK button runs the handler's action, which dismisses it",
        arguments: ProjectBuild.alwaysBuilt)
    func pluginInChef(_ language: PluginScaffold.Language) throws {
        let project = try GeneratedProject.shared(language).get()
        let plugins = TemporaryDirectory()  // this test's own image of the plugin
        try FileManager.default.copyItem(atPath: project.library, toPath: plugins.file("libx.so"))
        let discovery = try makeRegistry([plugins.path], cache: plugins.file("registry.cache")).discover()
        let source = PluginComponents(discovery: discovery)
        let catalog = ComponentCatalog()
        catalog.add(source)
        let t = TracedChef(catalog: catalog)
        t.keepAlive = plugins

        let request = PopupRequest(
            handler: "com.example.x.handler", viewLoader: "com.example.x.view",
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
        let vetoed = t.chef.show(
            PopupRequest(handler: "com.example.x.handler", viewLoader: "com.example.x.view", data: ["eligible": false]))
        t.chef.runUntilIdle()
        #expect(t.chef.finalEvent(of: vetoed) == .cancelled(.vetoed))
        #expect(source.liveInstances == 0)
    }

    @Test("the project's scenario plays and meets its expectations", arguments: ProjectBuild.alwaysBuilt)
    func projectScenario(_ language: PluginScaffold.Language) throws {
        let project = try GeneratedProject.shared(language).get()
        let scenario = try Scenario.load(path: project.directory + "/scenarios/x.json")
        #expect(
            scenario.plugins == [(project.library as NSString).deletingLastPathComponent],
            "the scenario looks for the library where the build puts it")
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

    @Test("the Swift project's files are well-formed: manifests, vendored headers and kit, sources, scenario, README")
    func swiftProject() throws {
        let temporary = TemporaryDirectory()
        let directory = temporary.file("my-popup")
        let result = try run(
            Build.pophost, ["new", "my-popup", "--dir", directory, "--id", "com.acme.popup"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        func read(_ path: String) throws -> String { try String(contentsOfFile: directory + "/" + path, encoding: .utf8) }

        let manifest = try read("Package.swift")
        #expect(manifest.hasPrefix("// swift-tools-version:6.0\n"))
        #expect(manifest.contains(#".library(name: "my-popup", type: .dynamic, targets: ["my_popup"])"#))
        #expect(manifest.contains(#".package(path: "PluginABI")"#) && manifest.contains(#".package(path: "PopPluginKit")"#))
        #expect(manifest.contains(#".unsafeFlags(["-Xlinker", "--version-script=exports.map", "-no-toolchain-stdlib-rpath"])"#))
        #expect(!manifest.contains(".package(url:"), "no remote dependency: it builds offline")
        let abiManifest = try read("PluginABI/Package.swift")
        #expect(abiManifest.contains(#".library(name: "PluginABI", targets: ["PluginABI"])"#))
        #expect(abiManifest.contains(#"publicHeadersPath: "include""#))
        #expect(
            try read("PluginABI/include/module.modulemap")
                == (try String(contentsOfFile: Repository.abiInclude + "/module.modulemap", encoding: .utf8)))
        for header in try Self.headers.headers() {
            #expect(try read("PluginABI/include/" + header.path) == header.contents)
        }
        let kitManifest = try read("PopPluginKit/Package.swift")
        #expect(kitManifest.contains(#".library(name: "PopPluginKit", targets: ["PopPluginKit"])"#))
        #expect(kitManifest.contains(#".package(path: "../PluginABI")"#))
        for source in try Self.kit.sources() {
            #expect(try read("PopPluginKit/Sources/PopPluginKit/" + source.path) == source.contents)
        }
        #expect(try read("exports.map").contains("global: pop_plugin_entry_v1;"))

        let sources = ["Plugin", "Handler", "View", "Controller"]
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory + "/Sources/my_popup").sorted()
                == sources.map { $0 + ".swift" }.sorted())
        #expect(try read("Sources/my_popup/Plugin.swift").contains(#"@_cdecl("pop_plugin_entry_v1")"# + "\npublic func"))
        let all = try sources.map { try read("Sources/my_popup/\($0).swift") }.joined()
        for id in ["\"com.acme.popup\"", "\"com.acme.popup.handler\"", "\"com.acme.popup.view\"", "\"com.acme.popup.controller\""] {
            #expect(all.contains(id), "\(id)")
        }
        #expect(!all.contains("com.example"))
        #expect(all.contains(#"action: "confirm")"#) && all.contains(#"action: "pop.dismiss")"#))
        let code = all.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        #expect(
            !code.contains("DispatchQueue") && !code.contains("@MainActor") && !code.contains("print("),
            "the host owns the loop; init is silent")

        // The action's signature parses and names only sources any request has.
        let handler = try read("Sources/my_popup/Handler.swift")
        let signature = try #require(
            handler.components(separatedBy: "signature: \"").dropFirst().first?.split(separator: "\"").first.map(String.init))
        let parsed = try ActionSignature.parse(signature)
        #expect(parsed.result == .bool)
        #expect(parsed.parameters.map(\.source) == [.handler, .data(path: "title")])

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

    // MARK: the C++ project

    @Test("the C++ project's files are well-formed: C++17 with the version script, C linkage, no exception let out")
    func cppProject() throws {
        let temporary = TemporaryDirectory()
        let directory = temporary.file("my-popup")
        let result = try run(
            Build.pophost, ["new", "my-popup", "--lang", "cpp", "--dir", directory, "--id", "com.acme.popup"],
            environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        func read(_ path: String) throws -> String { try String(contentsOfFile: directory + "/" + path, encoding: .utf8) }

        let makefile = try read("Makefile")
        #expect(makefile.contains("-std=c++17") && makefile.contains("-Wl,--version-script=exports.map"))
        #expect(makefile.contains("LIBRARY = libmy-popup.so") && makefile.contains("$(wildcard src/*.cpp)"))
        #expect(try read("exports.map").contains("global: pop_plugin_entry_v1;"))
        for file in ["src/handler.cpp", "src/view.cpp", "src/controller.cpp"] {
            let source = try read(file)
            #expect(source.contains("extern \"C\" {") && source.contains(") noexcept {"), "\(file)")
        }
        let plugin = try read("src/plugin.h") + read("src/plugin.cpp")
        #expect(plugin.contains("#define PLUGIN_ID \"com.acme.popup\""))
        #expect(plugin.contains("extern \"C\" POP_EXPORT const pop_plugin_entry_t *pop_plugin_entry_v1(void)"))
        #expect(try read("src/handler.cpp").contains("catch (...)"))
        #expect(try read("README.md").contains("pophost new my-popup --lang cpp --id com.acme.popup"))

        let scenario = try Scenario.load(path: directory + "/scenarios/my-popup.json")
        #expect(scenario.plugins == [directory])
        #expect(result.stdout.contains("Created the C++ plugin project my-popup (com.acme.popup)"))
        #expect(result.stdout.contains("  make\n"))
        #expect(result.stdout.contains("  pophost test ./libmy-popup.so --scenarios scenarios\n"))
    }

    // MARK: the Rust project

    @Test("the Rust project's files are well-formed: a std-only cdylib crate, safe components, the guarded binding")
    func rustProject() throws {
        let temporary = TemporaryDirectory()
        let directory = temporary.file("my-popup")
        let result = try run(
            Build.pophost, ["new", "my-popup", "--lang", "rust", "--dir", directory, "--id", "com.acme.popup"],
            environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        func read(_ path: String) throws -> String { try String(contentsOfFile: directory + "/" + path, encoding: .utf8) }

        let manifest = try read("Cargo.toml")
        #expect(manifest.contains("name = \"my-popup\"") && manifest.contains("name = \"my_popup\""))
        #expect(manifest.contains("crate-type = [\"cdylib\"]") && manifest.contains("panic = \"unwind\""))
        #expect(manifest.contains("[dependencies]\n\n"), "no dependency: it builds offline")
        #expect(!FileManager.default.fileExists(atPath: directory + "/include"), "nothing vendored: the binding is src/pophost.rs")
        #expect(!FileManager.default.fileExists(atPath: directory + "/exports.map"), "a cdylib needs no version script")

        let lib = try read("src/lib.rs")
        #expect(lib.contains("#![deny(unsafe_code)]"))
        let code = lib.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        #expect(!code.contains("unsafe {") && !code.contains("unsafe fn") && !code.contains("println!"))
        for id in ["\"com.acme.popup\"", "\"com.acme.popup.handler\"", "\"com.acme.popup.view\"", "\"com.acme.popup.controller\""] {
            #expect(lib.contains(id), "\(id)")
        }
        let binding = try read("src/pophost.rs")
        #expect(binding.contains("#[no_mangle]\npub extern \"C\" fn pop_plugin_entry_v1()"))
        #expect(binding.contains("catch_unwind") && binding.contains("#[repr(C)]"))
        #expect(binding.contains("ABI \(try #require(Self.headers.version())) for Rust"))

        let scenario = try Scenario.load(path: directory + "/scenarios/my-popup.json")
        #expect(scenario.plugins == [directory + "/target/release"])
        #expect(try read(".gitignore").contains("/target/"))
        #expect(result.stdout.contains("Created the Rust plugin project my-popup (com.acme.popup)"))
        #expect(result.stdout.contains("  cargo build --release --offline\n"))
        #expect(result.stdout.contains("  pophost test target/release/libmy_popup.so --scenarios scenarios\n"))
    }
}

/// One project per language generated by the real `pophost new x` and built as its README says
/// (`ProjectBuild`), shared by the tests (each copies the library before loading it, to get an image
/// of its own).
struct GeneratedProject: Sendable {
    let directory: String
    let library: String
    private let temporary: TemporaryDirectory

    static func shared(_ language: PluginScaffold.Language) -> Result<GeneratedProject, any Error> {
        switch language {
        case .c: c
        case .cpp: cpp
        case .swift: swift
        case .rust: rust
        }
    }

    private static let c = Result { try GeneratedProject(.c) }
    private static let cpp = Result { try GeneratedProject(.cpp) }
    private static let swift = Result { try GeneratedProject(.swift) }
    private static let rust = Result { try GeneratedProject(.rust) }

    private init(_ language: PluginScaffold.Language) throws {
        temporary = TemporaryDirectory()
        directory = temporary.file("x")
        let generated = try run(
            Build.pophost, ["new", "x", "--lang", language.rawValue, "--dir", directory],
            environment: ["POPHOST_ABI_INCLUDE": nil, "POPHOST_PLUGIN_KIT": nil])
        guard generated.status == 0 else { throw ProjectBuild.Failure(message: "pophost new failed: \(generated.stderr)") }
        library = try ProjectBuild.build(directory, language: language, name: "x")
    }
}
