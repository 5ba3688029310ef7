import Synchronization

/// The live C tables of one kind that the host hands to plugins, each with the object that owns it
/// (its `host_ctx`). A table pointer that a plugin passes back is looked up here before anything
/// is read through it, so a NULL, stale or foreign pointer finds nothing instead of crashing.
package final class LiveTables<Owner: AnyObject>: Sendable {
    /// Table address → owner address.
    private let owners = Mutex<[UInt: UInt]>([:])

    package init() {}

    package func register(_ table: UnsafeRawPointer, owner: Owner) {
        let ownerAddress = UInt(bitPattern: Unmanaged.passUnretained(owner).toOpaque())
        owners.withLock { $0[UInt(bitPattern: table)] = ownerAddress }
    }

    package func unregister(_ table: UnsafeRawPointer) {
        _ = owners.withLock { $0.removeValue(forKey: UInt(bitPattern: table)) }
    }

    /// The owner of a live table, provided the table's `host_ctx` (read by `context` only once the
    /// table is known to be live) still names it.
    package func owner<Table>(of table: UnsafePointer<Table>?, context: (Table) -> UnsafeMutableRawPointer?) -> Owner? {
        guard let table,
            let ownerAddress = owners.withLock({ $0[UInt(bitPattern: table)] }),
            let ownerPointer = UnsafeMutableRawPointer(bitPattern: ownerAddress),
            context(table.pointee) == ownerPointer
        else { return nil }
        return Unmanaged<Owner>.fromOpaque(ownerPointer).takeUnretainedValue()
    }
}
