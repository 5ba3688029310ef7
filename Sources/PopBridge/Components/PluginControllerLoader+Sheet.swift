import PluginABI
import PopChef
import PopLoader
import PopModel

/// A plugin's controller loader as a `SheetDelegate`: the calls go to its "pop.sheet/1" functions
/// (ext/sheet.h), each a no-op (or "inactive") when the plugin does not give it.
extension PluginControllerLoader: SheetDelegate {
    package func resolveDetent(_ id: Detent.ID, maximum: Double) -> Double? {
        guard let resolve = sheetHooks?.resolve else { return nil }
        var height = 0.0
        return id.withCString { resolve(pointer, $0, maximum, &height) } ? height : nil
    }

    package func detentChanged(to id: Detent.ID) {
        guard let detentChanged = sheetHooks?.detentChanged else { return }
        id.withCString { detentChanged(pointer, $0) }
    }

    package func dragProgress(_ progress: SheetDragProgress) {
        guard let dragProgress = sheetHooks?.dragProgress else { return }
        withOptionalCString(progress.lower) { lower in
            withOptionalCString(progress.upper) { upper in
                var raw = pop_sheet_drag_t(
                    abi_version: ABIVersion.host.raw, struct_size: UInt32(MemoryLayout<pop_sheet_drag_t>.size),
                    height: progress.height, lower: lower, upper: upper, fraction: progress.fraction)
                dragProgress(pointer, &raw)
            }
        }
    }

    /// Whether the plugin gives "pop.sheet/1" hooks at all (a plugin host tells its parent, so that
    /// a controller loader without them costs no call).
    package var hasSheetHooks: Bool { sheetHooks != nil }

    package func didAttemptToDismiss() { sheetHooks?.didAttemptToDismiss?(pointer) }
    package func willDismiss() { sheetHooks?.willDismiss?(pointer) }
    package func didDismiss() { sheetHooks?.didDismiss?(pointer) }

    /// The plugin's sheet configuration for a presentation that chose a sheet or popover.
    func configureSheet(_ presentation: inout Presentation, data: RequestData) throws(ComponentFailure) {
        guard presentation.layer == .sheet, let configure = sheetHooks?.configure else { return }
        var raw = SheetConfig.defaults
        configure(pointer, data.tree.root, &raw)
        presentation.sheet = try SheetConfig.options(raw)
    }
}

/// `body` with `string` as a C string, or NULL.
private func withOptionalCString<Result>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}
