// An app that embeds pophost: it registers a Swift view loader, adds the plugins of a directory when
// one is given, shows a popup with a named theme on a stage, taps its button, and prints the trace;
// with `--svg FILE` it also writes the shown popup as SVG.
//
//     swift run --package-path Examples/EmbeddingApp [--plugins DIR --scanner PATH] [--svg FILE]
import Foundation
import HostRuntime

func value(after flag: String) -> String? {
    CommandLine.arguments.firstIndex(of: flag).flatMap {
        CommandLine.arguments.indices.contains($0 + 1) ? CommandLine.arguments[$0 + 1] : nil
    }
}

// Whatever a plugin loaded here starts, however it detaches, ends with this app (docs/isolation.md).
LiveChildren.adoptDescendants()

let catalog = ComponentCatalog()
catalog.register(viewLoader: "com.example.app.welcome") { WelcomeView() }
if let directory = value(after: "--plugins") {
    let scanner = PluginScanner(executable: value(after: "--scanner") ?? PluginScanner.defaultExecutable)
    let registry = PluginRegistry(searchPath: SearchPath(directories: [directory], source: .flags), cacheFile: nil, scanner: scanner)
    catalog.add(PluginComponents(discovery: try registry.discover()))
}

let chef = Chef(catalog: catalog)
let stage = Stage(chef: chef)
let trace = TraceRecorder()
chef.trace = trace

let id = chef.show(
    PopupRequest(
        viewLoader: "com.example.app.welcome", controllerLoader: "pop.theme",
        data: ["name": "Ada", "theme": ["base": "qmui-popup"]]))
chef.runUntilIdle()
if let file = value(after: "--svg") {
    try SVGRenderer().render(stage.frame()).write(toFile: file, atomically: true, encoding: .utf8)
}
guard let button = stage.frame().nodes.first(where: { $0.action == HostAction.dismiss }) else {
    FileHandle.standardError.write(Data("EmbeddingApp: the welcome has no button on screen\n".utf8))
    exit(1)
}
stage.tap(at: button.bounds.center)
chef.runUntilIdle()
print(trace.jsonLines, terminator: "")
print("request \(id): \(chef.finalEvent(of: id).map { "\($0)" } ?? "still alive")")
