import Foundation
import PopLoaderTestSupport
import PopTestSupport
import Testing

@testable import PopChef
@testable import PopLoader
@testable import PopScaffold
@testable import PopScenario

/// The project templates (Sources/PopScaffold/Templates): each is a working plugin project as it is,
/// ships unchanged in the resource bundle, and becomes a project with no trace of its placeholder
/// names, whose README lists the files it has.
@Suite struct TemplateTests {
    @Test(
        "each template, as it is, builds (against this repository's headers and kit) and plays its own scenario",
        arguments: ProjectBuild.alwaysBuilt)
    func templateIsAWorkingProject(_ language: PluginScaffold.Language) throws {
        let temporary = TemporaryDirectory()
        let directory = temporary.file("my-popup")
        try FileManager.default.copyItem(atPath: Repository.projectTemplates + "/" + language.rawValue, toPath: directory)
        let library = try ProjectBuild.build(
            directory, language: language, name: "my-popup",
            include: Repository.abiInclude, kit: Repository.pluginKit)

        let info = try PluginLoader.describe(path: library).get()
        #expect(info.plugin.id == "com.example.my-popup")
        #expect(
            info.components.map(\.descriptor.id)
                == ["com.example.my-popup.handler", "com.example.my-popup.view", "com.example.my-popup.controller"])
        #expect(try ELFDynamicInfo.read(path: library).exportedSymbols == ["pop_plugin_entry_v1"])

        let scenario = try Scenario.load(path: directory + "/scenarios/my-popup.json")
        #expect(scenario.plugins == [(library as NSString).deletingLastPathComponent])
        let plugins = TemporaryDirectory()  // this test's own image of the plugin
        try FileManager.default.copyItem(atPath: library, toPath: plugins.file("libmy-popup.so"))
        let discovery = try makeRegistry([plugins.path], cache: plugins.file("registry.cache")).discover()
        let runner = ScenarioRunner(scenario: scenario, catalog: ComponentCatalog(discovery: discovery))
        runner.runToEnd()
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(runner.verify().isEmpty, "\(runner.verify())\n\(runner.recorder.jsonLines)")
        withExtendedLifetime(plugins) {}
    }

    @Test("the resource bundle holds each template's files unchanged, hidden ones included", arguments: PluginScaffold.Language.allCases)
    func bundledTemplates(_ language: PluginScaffold.Language) throws {
        let source = Repository.projectTemplates + "/" + language.rawValue
        var onDisk: [GeneratedFile] = []
        let enumerator = try #require(FileManager.default.enumerator(atPath: source))
        for case let path as String in enumerator {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            onDisk.append(GeneratedFile(path, try String(contentsOfFile: source + "/" + path, encoding: .utf8)))
        }
        let bundled = try ProjectTemplate(language: language).files()
        #expect(bundled.map(\.path) == onDisk.map(\.path).sorted())
        #expect(bundled == onDisk.sorted { $0.path < $1.path })
        #expect(bundled.contains { $0.path == ".gitignore" })
    }

    @Test("placeholders are replaced in one pass: an id that contains the template's name survives")
    func placeholders() throws {
        let placeholders = Placeholders(identity: try PluginIdentity(name: "x", id: "com.acme.my-popup-2"), abiVersion: "1.2.3")
        #expect(
            placeholders.fill("com.example.my-popup.handler, my-popup, Sources/my_popup, ABI 1.x.y; my-popupmy_popup")
                == "com.acme.my-popup-2.handler, x, Sources/x, ABI 1.2.3; xx")
        #expect(placeholders.fill("") == "")
        #expect(placeholders.fill("nothing to do") == "nothing to do")
    }

    @Test("a generated project carries none of the template's names, in paths or contents", arguments: PluginScaffold.Language.allCases)
    func noPlaceholderLeft(_ language: PluginScaffold.Language) throws {
        let scaffold = PluginScaffold(
            identity: try PluginIdentity(name: "Greeter_2", id: "com.acme.greeter"), language: language,
            headers: ScaffoldTests.headers, kit: ScaffoldTests.kit)
        let files = try scaffold.files()
        let fromTemplate = files.prefix(try ProjectTemplate(language: language).files().count)
        for file in fromTemplate {
            for placeholder in [Placeholders.name, Placeholders.moduleName, Placeholders.id, Placeholders.abiVersion, "com.example"] {
                #expect(!file.path.contains(placeholder) && !file.contents.contains(placeholder), "\(placeholder) in \(file.path)")
            }
        }
        let paths = files.map(\.path)
        #expect(paths.contains("scenarios/Greeter_2.json"))
        let entries = [
            "c": "src/plugin.c", "cpp": "src/plugin.cpp", "swift": "Sources/Greeter_2/Plugin.swift", "rust": "src/pophost.rs",
        ]
        #expect(paths.contains(try #require(entries[language.rawValue])))
        let readme = try #require(files.first { $0.path == "README.md" }).contents
        #expect(readme.contains("ABI \(try #require(ScaffoldTests.headers.version()))"))
        #expect(readme.contains("pophost new Greeter_2 --lang \(language.rawValue) --id com.acme.greeter"))
    }

    @Test(
        "the README's layout names only files the project has, and every file of its sources", arguments: PluginScaffold.Language.allCases)
    func readmeListsTheFiles(_ language: PluginScaffold.Language) throws {
        let scaffold = PluginScaffold(
            identity: try PluginIdentity(name: "greeter"), language: language,
            headers: ScaffoldTests.headers, kit: ScaffoldTests.kit)
        let files = try scaffold.files()
        let readme = try #require(files.first { $0.path == "README.md" }).contents
        let layout = try #require(readme.components(separatedBy: "\n## Layout\n").dropFirst().first?.components(separatedBy: "\n## ").first)
        // Code spans that name a file or directory: `src/plugin.c`, `View.swift` (in the directory just
        // named), `PluginABI/`, `include/pophost/*.h`.
        let suffixes = [".swift", ".c", ".h", ".rs", ".toml", ".json", ".map"]
        let named = layout.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }.filter { span in
            !span.contains(" ") && (span.contains("/") || span == "Makefile" || suffixes.contains { span.hasSuffix($0) })
        }
        let paths = files.map(\.path)
        for name in named {
            let parts = name.split(separator: "*", omittingEmptySubsequences: false).map(String.init)  // at most one '*'
            let exists = paths.contains { path in
                let relative = [path] + path.indices.filter { path[$0] == "/" }.map { String(path[path.index(after: $0)...]) }
                return relative.contains {
                    $0.hasPrefix(parts[0]) && (parts.count == 1 ? ($0 == name || name.hasSuffix("/")) : $0.hasSuffix(parts[1]))
                }
            }
            #expect(exists, "the README names \(name), which the project does not have")
        }
        let sources = language == .swift ? "Sources/greeter/" : "src/"
        for path in paths where path.hasPrefix(sources) {
            let file = String(path.dropFirst(sources.count))
            #expect(named.contains(file) || named.contains(path), "the README does not name \(path)")
        }
    }
}
