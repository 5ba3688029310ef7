import Foundation
import PopTestSupport
import Testing

@testable import PopLoader
@testable import PopModel

/// The bundled samples, loaded from the libraries `swift build` produced.
@Suite struct SamplePluginTests {
    @Test(
        "each sample provides CSPopKit's trio",
        arguments: [
            (Build.cSample, "com.pophost.samples.c"),
            (Build.swiftSample, "com.pophost.samples.swift"),
        ])
    func sampleTrio(path: String, pluginID: String) throws {
        let info = try PluginLoader.describe(path: path).get()
        #expect(info.abiVersion == ABIVersion.host)
        #expect(info.plugin.id == pluginID)
        // CSPopKit's trio comes first in each factory.
        let firstOfKind = ComponentKind.allCases.compactMap { kind in info.components.first { $0.kind == kind }?.descriptor.id }
        #expect(
            Array(firstOfKind.prefix(3)) == [
                "\(pluginID).high-priority-handler", "\(pluginID).test-view", "\(pluginID).pop-controller",
            ])
        #expect(info.components.allSatisfy { !$0.descriptor.name.isEmpty && $0.descriptor.version == "1.0.0" })
    }

    @Test("init and deinit are counted, and descriptors are stable across loads")
    func countedInit() throws {
        let samples = try SampleCopies()
        let plugin = try PluginLoader.load(path: samples.path(Build.cSample))
        try plugin.initialize()
        try plugin.initialize()
        #expect(plugin.initCount == 2)
        let first = try plugin.components()
        plugin.deinitialize()
        let again = try PluginLoader.load(path: samples.path(Build.cSample)).describe()
        #expect(again.components == first)
        plugin.deinitialize()
        #expect(plugin.initCount == 0)
    }

    @Test("the host table's log extension is offered and unknown extensions are not")
    func hostExtensions() throws {
        let samples = try SampleCopies()
        let plugin = try PluginLoader.load(path: samples.path(Build.swiftSample))
        let table = UnsafePointer(plugin.host.table)
        #expect(table.pointee.get_extension(table, "pop.log/1") != nil)
        #expect(table.pointee.get_extension(table, "pop.log/1x") == nil)
        #expect(table.pointee.get_extension(table, "pop.nothing/1") == nil)
        table.pointee.request_callback(table)
        let requested = plugin.host.callbackRequested.load(ordering: .acquiring)
        #expect(requested)
    }

    @Test("the scanner describes the samples exactly as an in-process load does")
    func scannerMatchesInProcess() throws {
        let outcomes = try PluginScanner(executable: Build.scanner).scan([Build.cSample, Build.swiftSample]).outcomes
        #expect(
            outcomes == [
                .loaded(info: try PluginLoader.describe(path: Build.cSample).get()),
                .loaded(info: try PluginLoader.describe(path: Build.swiftSample).get()),
            ])
    }
}
