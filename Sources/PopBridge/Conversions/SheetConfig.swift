import PluginABI
import PopChef
import PopLoader
import PopModel

/// `pop_sheet_config_t` ("pop.sheet/1", ext/sheet.h): filled with the host's defaults for a
/// controller loader's `configure_sheet`, then read back into `SheetOptions`, each field checked.
struct SheetConfig {
    /// The defaults' detent id: a C string that lives as long as the process.
    private static let large: StaticString = "large"

    /// The defaults (UIKit's), as ext/sheet.h lists them.
    static var defaults: pop_sheet_config_t {
        var raw = pop_sheet_config_t()
        raw.abi_version = ABIVersion.host.raw
        raw.struct_size = UInt32(MemoryLayout<pop_sheet_config_t>.size)
        raw.detent_count = 1
        raw.detents.0 = UnsafeRawPointer(large.utf8Start).assumingMemoryBound(to: CChar.self)
        raw.prefers_scrolling_expands_when_scrolled_to_edge = true
        raw.preferred_corner_radius = -1
        raw.permitted_arrow_directions = UInt32(POP_ARROW_ANY)
        return raw
    }

    /// What the controller loader wrote, or a failure naming the field.
    static func options(_ raw: pop_sheet_config_t) throws(ComponentFailure) -> SheetOptions {
        func invalid(_ field: String, _ value: String) -> ComponentFailure {
            ComponentFailure(.contractBroken, "sheet configuration field \(field) has the invalid value \(value)")
        }
        func id(_ pointer: UnsafePointer<CChar>?, _ field: String) throws(ComponentFailure) -> String {
            guard let pointer else { throw invalid(field, "NULL") }
            let string = String(cString: pointer)
            guard !string.isEmpty else { throw invalid(field, "\"\"") }
            return string
        }
        func length(_ value: Double, _ field: String) throws(ComponentFailure) -> Double {
            guard value.isFinite, value >= 0 else { throw invalid(field, "\(value)") }
            return value
        }
        func rect(_ value: pop_rect_t, _ field: String) throws(ComponentFailure) -> Rect {
            guard value.x.isFinite, value.y.isFinite else { throw invalid(field, "(\(value.x), \(value.y))") }
            return Rect(
                x: value.x, y: value.y, width: try length(value.width, field + ".width"),
                height: try length(value.height, field + ".height"))
        }

        var options = SheetOptions()
        let count = Int(raw.detent_count)
        guard (1...Int(POP_SHEET_MAX_DETENTS)).contains(count) else { throw invalid("detent_count", "\(count)") }
        let detents = withUnsafeBytes(of: raw.detents) { Array($0.bindMemory(to: UnsafePointer<CChar>?.self)) }
        var ids: [Detent.ID] = []
        for index in 0..<count { ids.append(try id(detents[index], "detents[\(index)]")) }
        options.detents = ids.map(Detent.init)
        options.selectedDetent = try raw.selected_detent.map { (pointer) throws(ComponentFailure) in try id(pointer, "selected_detent") }
        options.largestUndimmedDetent = try raw.largest_undimmed_detent.map { (pointer) throws(ComponentFailure) in
            try id(pointer, "largest_undimmed_detent")
        }
        options.prefersGrabberVisible = raw.prefers_grabber_visible
        options.prefersScrollingExpandsWhenScrolledToEdge = raw.prefers_scrolling_expands_when_scrolled_to_edge
        options.prefersEdgeAttachedInCompactHeight = raw.prefers_edge_attached_in_compact_height
        options.widthFollowsPreferredContentSizeWhenEdgeAttached = raw.width_follows_preferred_content_size_when_edge_attached
        guard raw.preferred_corner_radius.isFinite else { throw invalid("preferred_corner_radius", "\(raw.preferred_corner_radius)") }
        options.preferredCornerRadius = raw.preferred_corner_radius < 0 ? nil : raw.preferred_corner_radius
        let width = try length(raw.preferred_content_width, "preferred_content_width")
        let height = try length(raw.preferred_content_height, "preferred_content_height")
        options.preferredContentSize = width == 0 && height == 0 ? nil : Size(width: width, height: height)
        if raw.has_source_rect { options.popover.sourceRect = try rect(raw.source_rect, "source_rect") }
        let arrows = ArrowDirections(rawValue: raw.permitted_arrow_directions)
        guard !arrows.isEmpty, ArrowDirections.any.isSuperset(of: arrows) else {
            throw invalid("permitted_arrow_directions", "\(raw.permitted_arrow_directions)")
        }
        options.popover.permittedArrowDirections = arrows
        let passthroughCount = Int(raw.passthrough_count)
        guard (0...Int(POP_SHEET_MAX_PASSTHROUGH)).contains(passthroughCount) else {
            throw invalid("passthrough_count", "\(passthroughCount)")
        }
        let passthrough = withUnsafeBytes(of: raw.passthrough) { Array($0.bindMemory(to: pop_rect_t.self)) }
        for index in 0..<passthroughCount { options.popover.passthroughRects.append(try rect(passthrough[index], "passthrough[\(index)]")) }
        return options
    }
}

/// A controller loader's "pop.sheet/1" functions, read once; each present only when the table's
/// struct_size holds it.
struct SheetHooks {
    typealias Loader = UnsafePointer<pop_controller_loader_t>?
    let configure: (@convention(c) (Loader, OpaquePointer?, UnsafeMutablePointer<pop_sheet_config_t>?) -> Void)?
    let resolve: (@convention(c) (Loader, UnsafePointer<CChar>?, Double, UnsafeMutablePointer<Double>?) -> Bool)?
    let detentChanged: (@convention(c) (Loader, UnsafePointer<CChar>?) -> Void)?
    let dragProgress: (@convention(c) (Loader, UnsafePointer<pop_sheet_drag_t>?) -> Void)?
    let didAttemptToDismiss: (@convention(c) (Loader) -> Void)?
    let willDismiss: (@convention(c) (Loader) -> Void)?
    let didDismiss: (@convention(c) (Loader) -> Void)?

    init(_ table: pop_sheet_ext_t, header: StructHeader) {
        configure = header.contains(\pop_sheet_ext_t.configure_sheet) ? table.configure_sheet : nil
        resolve = header.contains(\pop_sheet_ext_t.resolve_detent) ? table.resolve_detent : nil
        detentChanged = header.contains(\pop_sheet_ext_t.detent_changed) ? table.detent_changed : nil
        dragProgress = header.contains(\pop_sheet_ext_t.drag_progress) ? table.drag_progress : nil
        didAttemptToDismiss = header.contains(\pop_sheet_ext_t.did_attempt_to_dismiss) ? table.did_attempt_to_dismiss : nil
        willDismiss = header.contains(\pop_sheet_ext_t.will_dismiss) ? table.will_dismiss : nil
        didDismiss = header.contains(\pop_sheet_ext_t.did_dismiss) ? table.did_dismiss : nil
    }
}
