import Logging
import Testing

@testable import PopLoader

/// Plugins' log messages reach an app's log at `PluginLogging.level` and the logging system's own
/// level, whichever is stricter: an app that logs `info` does not get plugins' chatter.
@Suite(.serialized) struct PluginLoggingTests {
    @Test("by default only a plugin's warnings pass; a lower level lets more through, never more than the system's")
    func levels() {
        let system = Logger(label: "pophost.test").logLevel
        #expect(PluginLogging.level == .warning)
        #expect(PluginLogging.logger().logLevel == max(system, .warning))
        PluginLogging.level = .trace
        defer { PluginLogging.level = .warning }
        #expect(PluginLogging.logger().logLevel == system)
        PluginLogging.level = .error
        #expect(PluginLogging.logger().logLevel == max(system, .error))
    }
}
