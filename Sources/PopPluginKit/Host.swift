import PluginABI

/// The host that loaded the plugin: its table and the extensions the kit uses, looked up in the
/// first init() and cleared by the last deinit() (the entry does both).
///
/// A host may offer no extension at all — get_extension may even be NULL —, so every service here
/// is optional: without "pop.log/1" the plugin stays silent, without "pop.value/1" every request
/// reads as having no data, without "pop.timer/1" `Instance.after(_:_:)` answers nil, without
/// "pop.traits/1" `traits` is nil, without "pop.content_style/1" text keeps the sizes and colours
/// it was written with, without "pop.accessibility/1" content is read as the host infers it. Written only in init/deinit, on the main thread; `log` and
/// `requestCallback` may be called from any thread while the plugin is initialised.
public enum Host {
    /// The host table, or nil before the first init() and after the last deinit(). Never touch its
    /// `host_data`: it is the host's.
    nonisolated(unsafe) public private(set) static var table: UnsafePointer<pop_host_t>?
    /// "pop.log/1", or nil.
    nonisolated(unsafe) private static var logExtension: UnsafePointer<pop_host_log_t>?
    /// "pop.value/1", or nil: what `RequestValue` reads through.
    nonisolated(unsafe) private(set) static var valueExtension: UnsafePointer<pop_host_value_t>?
    /// "pop.timer/1", or nil: what `Instance.after(_:_:)` schedules with.
    nonisolated(unsafe) private(set) static var timerExtension: UnsafePointer<pop_host_timer_t>?
    /// "pop.sheet-host/1", or nil: what `Instance.selectDetent(_:)` and `invalidateDetents()` call.
    nonisolated(unsafe) private(set) static var sheetExtension: UnsafePointer<pop_host_sheet_t>?
    /// "pop.traits/1", or nil: what `traits`, `resolveColor(_:)` and `textSize(_:)` ask.
    nonisolated(unsafe) private static var traitsExtension: UnsafePointer<pop_host_traits_t>?
    /// "pop.content_style/1", or nil: what `ContentBuilder`'s modifiers by meaning call.
    nonisolated(unsafe) private(set) static var contentStyleExtension: UnsafePointer<pop_host_content_style_t>?
    /// "pop.accessibility/1", or nil: what `ContentBuilder`'s accessibility modifiers call.
    nonisolated(unsafe) private(set) static var accessibilityExtension: UnsafePointer<pop_host_accessibility_t>?

    static func attach(_ host: UnsafePointer<pop_host_t>) {
        table = host
        logExtension = host.pointee.get_extension?(host, POP_HOST_EXT_LOG)?.assumingMemoryBound(to: pop_host_log_t.self)
        valueExtension = host.pointee.get_extension?(host, POP_HOST_EXT_VALUE)?.assumingMemoryBound(to: pop_host_value_t.self)
        timerExtension = host.pointee.get_extension?(host, POP_HOST_EXT_TIMER)?.assumingMemoryBound(to: pop_host_timer_t.self)
        sheetExtension = host.pointee.get_extension?(host, POP_HOST_EXT_SHEET)?.assumingMemoryBound(to: pop_host_sheet_t.self)
        traitsExtension = host.pointee.get_extension?(host, POP_HOST_EXT_TRAITS)?.assumingMemoryBound(to: pop_host_traits_t.self)
        contentStyleExtension = host.pointee.get_extension?(host, POP_HOST_EXT_CONTENT_STYLE)?.assumingMemoryBound(
            to: pop_host_content_style_t.self)
        accessibilityExtension = host.pointee.get_extension?(host, POP_HOST_EXT_ACCESSIBILITY)?.assumingMemoryBound(
            to: pop_host_accessibility_t.self)
        if valueExtension == nil { log(.warning, "no \"\(POP_HOST_EXT_VALUE)\": request data is ignored") }
    }

    /// After this the plugin must not call the host again.
    static func detach() {
        table = nil
        logExtension = nil
        valueExtension = nil
        timerExtension = nil
        sheetExtension = nil
        traitsExtension = nil
        contentStyleExtension = nil
        accessibilityExtension = nil
    }

    /// The person's display traits the host's current call (a build, a configure, a layout, an
    /// animation, a timer, a trait change) is made under ("pop.traits/1"); nil outside such a call
    /// or when the host does not say. Main thread only.
    public static var traits: pop_traits_t? {
        guard let table, let get = traitsExtension?.pointee.get else { return nil }
        var traits = pop_traits_t()
        return get(table, &traits) ? traits : nil
    }

    /// The semantic colour `color` (`POP_COLOR_*`) for the current call's appearance, or nil when
    /// the host does not resolve colours. Main thread only.
    public static func resolveColor(_ color: Int) -> pop_color_t? {
        guard let table, let resolve = traitsExtension?.pointee.resolve_color else { return nil }
        return resolve(table, Int32(color))
    }

    /// The size in points of text of `style` (`POP_TEXT_STYLE_*`) at the current call's content
    /// size, or nil when the host does not say. Main thread only.
    public static func textSize(_ style: Int) -> Double? {
        guard let table, let size = traitsExtension?.pointee.text_size else { return nil }
        return size(table, Int32(style))
    }

    /// `POP_LOG_*`.
    public enum Severity: Int32, Sendable {
        case debug = 0, info = 1, warning = 2, error = 3
        /// The host (or another plugin) broke the contract, and the plugin reports it.
        case hostMisbehaving = 4
    }

    /// Logs through "pop.log/1" (the host copies the message); nothing when the host has no log.
    public static func log(_ severity: Severity, _ message: String) {
        guard let table, let log = logExtension?.pointee.log else { return }
        log(table, severity.rawValue, message)
    }

    /// Asks the host to call the entry's `onMainThread` soon, on the main thread; requests made
    /// before that call coalesce into one. False when there is no host to ask.
    @discardableResult
    public static func requestCallback() -> Bool {
        guard let table, let request = table.pointee.request_callback else { return false }
        request(table)
        return true
    }
}
