import Logging
import PluginABI
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The `pop_host_t` one plugin receives: answers `get_extension`, records `request_callback` for the
/// main loop, and passes log messages on. A table a plugin passes back is looked up by its address,
/// and its `host_data` must still hold the owner the host put there: a plugin that overwrites it
/// (the ABI forbids that) gets no answers instead of crashing the host.
package final class HostTable: @unchecked Sendable {
    /// The C table handed to the plugin. Allocated once, never freed (plugins are never unloaded).
    package let table: UnsafeMutablePointer<pop_host_t>
    /// The plugin's file, for log messages.
    let pluginPath: String
    /// Set by `request_callback` from any thread; cleared when the host delivers `on_main_thread`.
    package let callbackRequested = Atomic<Bool>(false)
    /// Made on the plugin's first log message: most plugins never log, and a logger is not free.
    private let logger = Mutex<Logger?>(nil)
    /// Log messages that were not valid UTF-8 (the host logs them repaired).
    package let invalidLogMessages = Atomic<Int>(0)

    private static let live = LiveTables<HostTable>()
    /// Told of every `request_callback`, on the thread that made it; see `observeCallbackRequests`.
    private static let callbackObserver = Mutex<(@Sendable () -> Void)?>(nil)

    /// Calls `observer` whenever a plugin of this process asks for `on_main_thread`, from the thread
    /// that asked: a process whose main thread may be waiting for something else (a plugin host
    /// waiting for its parent's next request) learns of it at once. Set it before loading plugins.
    package static func observeCallbackRequests(_ observer: @escaping @Sendable () -> Void) {
        callbackObserver.withLock { $0 = observer }
    }

    init(pluginPath: String) {
        self.pluginPath = pluginPath
        table = .allocate(capacity: 1)
        table.initialize(
            to: pop_host_t(
                abi_version: ABIVersion.host.raw,
                struct_size: UInt32(MemoryLayout<pop_host_t>.size),
                host_data: nil,
                name: HostIdentity.name,
                vendor: HostIdentity.vendor,
                version: HostIdentity.version,
                get_extension: { host, id in
                    guard let id, HostTable.owner(of: host) != nil else { return nil }
                    return HostExtensions.table(for: id)
                },
                request_callback: { host in
                    guard let owner = HostTable.owner(of: host) else { return }
                    owner.callbackRequested.store(true, ordering: .releasing)
                    HostTable.callbackObserver.withLock { $0 }?()
                }
            ))
        table.pointee.host_data = Unmanaged.passUnretained(self).toOpaque()
        Self.live.register(table, owner: self)
    }

    /// Whether the plugin left `host_data` as the host set it.
    package var isIntact: Bool { table.pointee.host_data == Unmanaged.passUnretained(self).toOpaque() }

    /// Logs `message` on the plugin's behalf, tagged with its path.
    package func log(level: Logger.Level, _ message: String) {
        withLogger { $0.log(level: level, "\(message)") }
    }

    /// Whether a message at `level` is logged (`PluginLogging.level` and the logging system's own): what is not
    /// need not be made into text.
    package func logs(at level: Logger.Level) -> Bool {
        withLogger { $0.logLevel <= level }
    }

    /// `body` with the plugin's logger, made the first time.
    private func withLogger<T>(_ body: (inout Logger) -> T) -> T {
        logger.withLock { logger in
            if logger == nil {
                logger = PluginLogging.logger()
                logger?[metadataKey: "plugin"] = .string(pluginPath)
            }
            return body(&logger!)
        }
    }

    /// The table's owner; nil for NULL, a pointer that is not a host table, or a table whose
    /// `host_data` the plugin changed.
    package static func owner(of host: UnsafePointer<pop_host_t>?) -> HostTable? {
        live.owner(of: host) { $0.host_data }
    }

    /// The "pop.log/1" extension, shared by every table.
    nonisolated(unsafe) static let logExtension: UnsafeMutablePointer<pop_host_log_t> = {
        let pointer = UnsafeMutablePointer<pop_host_log_t>.allocate(capacity: 1)
        pointer.initialize(
            to: pop_host_log_t(
                abi_version: ABIVersion.host.raw,
                struct_size: UInt32(MemoryLayout<pop_host_log_t>.size),
                log: { host, severity, message in
                    guard let owner = HostTable.owner(of: host) else { return }
                    let level = HostTable.level(for: severity)
                    guard owner.logs(at: level) else {
                        // Below the level: not made into text, but counted when it is not UTF-8, as a logged one is.
                        if let message, !HostTable.isUTF8(message) { owner.invalidLogMessages.add(1, ordering: .relaxed) }
                        return
                    }
                    let text: String
                    if let message {
                        if let valid = String(validatingCString: message) {
                            text = valid
                        } else {
                            owner.invalidLogMessages.add(1, ordering: .relaxed)
                            text = String(cString: message) + " (not valid UTF-8; repaired)"
                        }
                    } else {
                        text = "(null message)"
                    }
                    owner.log(level: level, text)
                }
            ))
        return pointer
    }()

    /// Whether the C string `text` is valid UTF-8, checked in place.
    private static func isUTF8(_ text: UnsafePointer<CChar>) -> Bool {
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text))
        return (try? UTF8Span(validating: bytes.span)) != nil
    }

    private static func level(for severity: Int32) -> Logger.Level {
        switch Int(severity) {
        case Int(POP_LOG_DEBUG): .debug
        case Int(POP_LOG_INFO): .info
        case Int(POP_LOG_WARNING): .warning
        default: .error
        }
    }
}

/// The host identity strings every table carries (C strings that live for the process).
enum HostIdentity {
    nonisolated(unsafe) static let name = UnsafePointer(strdup("pophost")!)
    nonisolated(unsafe) static let vendor = UnsafePointer(strdup("pophost project")!)
    nonisolated(unsafe) static let version = UnsafePointer(strdup(PophostVersion.string)!)
}

/// The version of pophost itself (not of the ABI).
public enum PophostVersion {
    public static let string = "0.1.0"
}
