// The host: its table and the extensions this plugin uses, looked up once per init cycle.

import PluginABI

/// What the plugin got from the host in its first init(); cleared by the last deinit().
///
/// Written only in init/deinit and read on the main thread; the log extension itself may be called
/// from any thread.
enum Host {
    nonisolated(unsafe) private(set) static var table: UnsafePointer<pop_host_t>?
    /// "pop.log/1", or nil when the host does not offer it (then the plugin stays silent).
    nonisolated(unsafe) private static var logExtension: UnsafePointer<pop_host_log_t>?
    /// "pop.value/1", or nil when the host does not offer it (then request data reads as absent).
    nonisolated(unsafe) private(set) static var valueExtension: UnsafePointer<pop_host_value_t>?

    static func attach(_ host: UnsafePointer<pop_host_t>) {
        table = host
        logExtension = host.pointee.get_extension?(host, POP_HOST_EXT_LOG)?.assumingMemoryBound(to: pop_host_log_t.self)
        valueExtension = host.pointee.get_extension?(host, POP_HOST_EXT_VALUE)?.assumingMemoryBound(to: pop_host_value_t.self)
        if valueExtension == nil { log(.warning, "no \"\(POP_HOST_EXT_VALUE)\": request data is ignored") }
    }

    /// After this, the plugin must not call the host again.
    static func detach() {
        table = nil
        logExtension = nil
        valueExtension = nil
    }

    enum Severity: Int32 {
        case debug = 0, info = 1, warning = 2, error = 3  // POP_LOG_*
    }

    /// Logs through "pop.log/1"; the host copies the message.
    static func log(_ severity: Severity, _ message: String) {
        guard let table, let log = logExtension?.pointee.log else { return }
        log(table, severity.rawValue, message)
    }

    /// Asks the host to call the entry's on_main_thread soon. False when there is no host.
    @discardableResult
    static func requestCallback() -> Bool {
        guard let table, let request = table.pointee.request_callback else { return false }
        request(table)
        return true
    }
}
