import Foundation
import HostRuntime
import PopLoaderTestSupport
import PopTestSupport

/// Fixture plugins built from Tests/Fixtures/fixture_plugin.c, one per defect flag (`FIX_<defect>`),
/// each under the plugin id `com.fixture.<defect, kebab-cased>`, discovered together: the suites
/// that show each defect's handler, view and controller and watch what the chef makes of it.
package final class DefectFixtures: @unchecked Sendable {
    package let directory = TemporaryDirectory()
    package let defects: [String]
    package let discovery: PluginRegistry.Discovery

    package init(_ defects: [String]) throws {
        self.defects = defects
        for defect in defects {
            try Fixture.build(
                directory.file("\(defect.lowercased()).so"),
                ["-DFIX_\(defect)", "-DFIX_PLUGIN_ID=\"\(Self.pluginID(defect))\""])
        }
        discovery = try makeRegistry([directory.path], cache: directory.file("registry.cache")).discover()
    }

    /// "com.fixture.complete-twice" for "COMPLETE_TWICE".
    package static func pluginID(_ defect: String) -> String {
        "com.fixture." + defect.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// A request for the fixture's handler, view loader and controller loader.
    package static func request(_ defect: String) -> PopupRequest {
        let plugin = pluginID(defect)
        return PopupRequest(handler: "\(plugin).handler", viewLoader: "\(plugin).view", controllerLoader: "\(plugin).controller")
    }
}
