import Foundation
import PopTestSupport
import Testing

@testable import PopScaffold

/// The Rust project (`pophost new NAME --lang rust`), built with `cargo build --release --offline`
/// when cargo is on PATH, and skipped, saying so, when it is not: the checks the C and Swift projects
/// pass (`TemplateTests`, `ScaffoldTests`), `pophost test` on the library with the project's
/// scenarios, and a panic caught at the ABI boundary.
@Suite(.enabled(if: Cargo.path != nil, Cargo.missing))
struct RustProjectTests {
    @Test("the template, as it is, builds with cargo and plays its own scenario")
    func template() throws {
        try TemplateTests().templateIsAWorkingProject(.rust)
    }

    @Test("the project builds as its README says, describes its three components and exports only the entry")
    func buildsAndDescribes() throws {
        try ScaffoldTests().projectBuildsAndDescribes(.rust)
    }

    @Test("the plugin's popup shows in a chef and its OK button runs the handler's action, which dismisses it")
    func inChef() throws {
        try ScaffoldTests().pluginInChef(.rust)
    }

    @Test("the project's scenario plays and meets its expectations")
    func scenario() throws {
        try ScaffoldTests().projectScenario(.rust)
    }

    @Test("`pophost test` passes on the library, the project's scenarios included")
    func conformance() throws {
        let project = try GeneratedProject.shared(.rust).get()
        let cache = TemporaryDirectory()
        let result = try run(
            Build.pophost, ["test", project.library, "--scenarios", project.directory + "/scenarios"],
            environment: ["NO_COLOR": "1", "XDG_CACHE_HOME": cache.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("passed  \(project.library): "), "\(result.stdout)")
        #expect(result.stdout.contains("scenario.x"), "the project's scenario is played")
    }

    @Test("a panic in a component never unwinds into the host: it is logged and the request ends with a plugin error")
    func panicIsCaught() throws {
        let project = try GeneratedProject.shared(.rust).get()
        let temporary = TemporaryDirectory()
        let directory = temporary.file("x")
        try FileManager.default.copyItem(atPath: project.directory + "/src", toPath: temporary.subdirectory("x") + "/src")
        try FileManager.default.copyItem(atPath: project.directory + "/Cargo.toml", toPath: directory + "/Cargo.toml")
        let lib = directory + "/src/lib.rs"
        let signature = "fn build(&mut self, data: Data, b: &mut Builder) -> bool {\n"
        let source = try String(contentsOfFile: lib, encoding: .utf8)
        #expect(source.contains(signature))
        try source.replacingOccurrences(
            of: signature, with: signature + "        if data.get(\"explode\").bool_or(false) {\n            panic!(\"boom\");\n        }\n"
        ).write(toFile: lib, atomically: true, encoding: .utf8)
        let library = try ProjectBuild.build(directory, language: .rust, name: "x")
        let plugins = temporary.subdirectory("plugins")
        try FileManager.default.copyItem(atPath: library, toPath: plugins + "/libx.so")

        func show(_ data: String, tap: [String] = []) throws -> ProcessResult {
            try run(
                Build.pophost,
                [
                    "show", "--plugins", plugins, "--handler", "com.example.x.handler", "--view-loader", "com.example.x.view",
                    "--controller-loader", "com.example.x.controller", "--data", data,
                ] + tap, environment: ["NO_COLOR": "1", "XDG_CACHE_HOME": temporary.subdirectory("cache")])
        }
        let exploded = try show(#"{"title": "Hello", "explode": true}"#)
        #expect(exploded.stdout.contains("request 1: cancelled(plugin-error)"), "\(exploded.stdout)")
        #expect(exploded.stderr.contains("x: view.build panicked: boom"), "\(exploded.stderr)")
        let fine = try show(#"{"title": "Hello"}"#, tap: ["--tap", "confirm"])
        #expect(fine.status == 0, "\(fine.stdout)\(fine.stderr)")
        #expect(fine.stdout.contains("request 1: dismissed(action)"), "\(fine.stdout)")
    }
}
