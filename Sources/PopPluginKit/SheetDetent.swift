import PluginABI
import Synchronization

/// Detent ids as the C strings a "pop.sheet/1" configuration holds (`pop_sheet_config_t.detents`,
/// `selected_detent`, `largest_undimmed_detent`), which must outlive `configure_sheet`: the host's
/// two, and any custom id, made once and never freed.
///
///     sheet.configure_sheet = { _, _, config in
///         guard let config else { return }
///         config.pointee.detent_count = 2
///         config.pointee.detents.0 = SheetDetent.medium
///         config.pointee.detents.1 = SheetDetent.large
///     }
public enum SheetDetent {
    public static var medium: UnsafePointer<CChar> { id(POP_DETENT_MEDIUM) }
    public static var large: UnsafePointer<CChar> { id(POP_DETENT_LARGE) }

    /// The C string of the detent `name`; the same pointer for the same name.
    public static func id(_ name: String) -> UnsafePointer<CChar> {
        names.withLock { names in
            if let known = names[name] { return UnsafePointer(bitPattern: known)! }
            let made = immortal(name)
            names[name] = UInt(bitPattern: made)
            return made
        }
    }

    private static let names = Mutex<[String: UInt]>([:])
}
