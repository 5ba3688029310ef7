import PluginABI
import PopLoader

/// A host extension's table (`pop_host_timer_t`, `pop_host_traits_t`, …): every one begins with the
/// version it was written with and its size, so one function can stamp and offer any of them.
protocol HostExtensionTable {
    init()
    var abi_version: pop_version_t { get set }
    var struct_size: UInt32 { get set }
}

extension pop_host_timer_t: HostExtensionTable {}
extension pop_host_sheet_t: HostExtensionTable {}
extension pop_host_traits_t: HostExtensionTable {}
extension pop_host_content_style_t: HostExtensionTable {}
extension pop_host_accessibility_t: HostExtensionTable {}

extension HostExtensions {
    /// Offers under `id`, to every plugin this process loads from now on, a table `fill` sets the
    /// functions of; it is stamped with this host's version and its size, and lives as long as the
    /// process (plugins keep the pointer).
    static func offer<Table: HostExtensionTable>(_ id: String, _ fill: (inout Table) -> Void) {
        var table = Table()
        table.abi_version = ABIVersion.host.raw
        table.struct_size = UInt32(MemoryLayout<Table>.size)
        fill(&table)
        let stored = UnsafeMutablePointer<Table>.allocate(capacity: 1)
        stored.initialize(to: table)
        offer(id, table: UnsafeRawPointer(stored))
    }
}
