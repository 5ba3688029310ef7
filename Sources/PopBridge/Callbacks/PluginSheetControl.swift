import PluginABI
import PopChef
import PopLoader
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// "pop.sheet-host/1" (ext/sheet.h): a plugin's programmatic changes to its request's sheet, sent
/// to the chef of the instance that asks (its `ComponentContext.controlSheet`), on the main thread.
enum PluginSheetControl {
    /// A live instance: how to reach its request's sheet, and the thread its chef runs on.
    private final class Owner: @unchecked Sendable {
        let context: ComponentContext
        let thread = pthread_self()
        init(context: ComponentContext) { self.context = context }
    }

    private static let owners = Mutex<[UInt: Owner]>([:])

    /// The table plugins get from `get_extension("pop.sheet-host/1")`, offered from the first use of
    /// the bridge on (`PluginComponents` makes sure of it).
    package static let offered: Void = {
        HostExtensions.offer(POP_HOST_EXT_SHEET) { (sheet: inout pop_host_sheet_t) in
            sheet.select_detent = { host, component, detent in
                guard let detent else { return PluginSheetControl.control(host, component, nil, "select_detent was given no detent") }
                return PluginSheetControl.control(host, component, .selectDetent(String(cString: detent)), nil)
            }
            sheet.invalidate_detents = { host, component in PluginSheetControl.control(host, component, .invalidateDetents, nil) }
        }
    }()

    static func register(_ component: UnsafePointer<pop_component_t>, context: ComponentContext) {
        let owner = Owner(context: context)
        owners.withLock { $0[UInt(bitPattern: component)] = owner }
    }

    static func unregister(_ component: UnsafePointer<pop_component_t>) {
        _ = owners.withLock { $0.removeValue(forKey: UInt(bitPattern: component)) }
    }

    /// Checks the call and passes `control` on; `refusal` is a misbehaviour to report instead.
    private static func control(
        _ host: UnsafePointer<pop_host_t>?, _ component: UnsafePointer<pop_component_t>?,
        _ control: SheetControl?, _ refusal: String?
    ) -> Bool {
        guard HostTable.owner(of: host) != nil, let component, let owner = owners.withLock({ $0[UInt(bitPattern: component)] }) else {
            return false
        }
        guard pthread_equal(owner.thread, pthread_self()) != 0 else {
            owner.context.reportMisbehaviour("pop.sheet-host/1 was called from another thread (it is main-thread only); nothing changed")
            return false
        }
        guard let control else {
            owner.context.reportMisbehaviour("pop.sheet-host/1 \(refusal ?? "was misused"); nothing changed")
            return false
        }
        return owner.context.controlSheet(control)
    }
}
