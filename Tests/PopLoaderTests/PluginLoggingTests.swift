import Logging
import PluginABI
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

    @Test("a message below the level is not logged, yet counted when it is not UTF-8, as a logged one is")
    func invalidMessagesCounted() {
        let host = HostTable(pluginPath: "logging-test")
        let log = HostTable.logExtension.pointee.log!
        #expect(!host.logs(at: .debug) && host.logs(at: .error))
        let invalid: [CChar] = [0x61, CChar(bitPattern: 0xFF), 0x62, 0]
        let overlong: [CChar] = [CChar(bitPattern: 0xC0), CChar(bitPattern: 0x80), 0]
        log(host.table, Int32(POP_LOG_DEBUG), "valid, dropped")
        log(host.table, Int32(POP_LOG_DEBUG), "ünïcödé, dropped")
        #expect(host.invalidLogMessages.load(ordering: .relaxed) == 0)
        invalid.withUnsafeBufferPointer { log(host.table, Int32(POP_LOG_DEBUG), $0.baseAddress) }
        overlong.withUnsafeBufferPointer { log(host.table, Int32(POP_LOG_INFO), $0.baseAddress) }
        #expect(host.invalidLogMessages.load(ordering: .relaxed) == 2)
        invalid.withUnsafeBufferPointer { log(host.table, Int32(POP_LOG_ERROR), $0.baseAddress) }
        #expect(host.invalidLogMessages.load(ordering: .relaxed) == 3)
    }
}
