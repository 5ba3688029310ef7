import PluginABI
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The host extensions a plugin can get through `pop_host_t.get_extension`, by id. `pop.log/1` and
/// `pop.value/1` are offered in every process that loads plugins (the scanner included, so that a
/// plugin's `init` finds the same services there as in its host); the layers above may offer more.
/// An app, or the conformance harness, may withhold some to see that plugins cope without them
/// (every extension may be NULL, host.h says).
public enum HostExtensions {
    /// An offered extension: its id as a C string (compared with `strcmp`, no allocation) and its
    /// table, which lives for the process.
    private struct Offer: @unchecked Sendable {
        let id: UnsafePointer<CChar>
        let table: UnsafeRawPointer
    }

    private static let offers = Mutex<[Offer]>([
        Offer(id: UnsafePointer(strdup(POP_HOST_EXT_LOG)!), table: UnsafeRawPointer(HostTable.logExtension)),
        Offer(id: UnsafePointer(strdup(POP_HOST_EXT_VALUE)!), table: UnsafeRawPointer(ValueTree.hostExtension)),
    ])
    private static let withheldIDs = Mutex<Set<String>>([])

    /// Offers `table` under `id` to every plugin from now on (again with the same id: replaced).
    /// `table` must stay valid for the process.
    public static func offer(_ id: String, table: UnsafeRawPointer) {
        offers.withLock { offers in
            if let index = offers.firstIndex(where: { String(cString: $0.id) == id }) {
                offers[index] = Offer(id: offers[index].id, table: table)
            } else {
                offers.append(Offer(id: UnsafePointer(strdup(id)!), table: table))
            }
        }
    }

    /// Ids `get_extension` answers NULL for although they are offered. Empty by default.
    public static var withheld: Set<String> {
        get { withheldIDs.withLock { $0 } }
        set { withheldIDs.withLock { $0 = newValue } }
    }

    /// The ids offered now, in the order they were first offered.
    public static var offeredIDs: [String] { offers.withLock { $0.map { String(cString: $0.id) } } }

    /// The table for `id`, or nil when it is not offered or is withheld.
    static func table(for id: UnsafePointer<CChar>) -> UnsafeRawPointer? {
        guard let table = offers.withLock({ $0.first { strcmp($0.id, id) == 0 }?.table }) else { return nil }
        let withheld = withheldIDs.withLock { $0.isEmpty ? false : $0.contains(String(cString: id)) }
        return withheld ? nil : table
    }
}
