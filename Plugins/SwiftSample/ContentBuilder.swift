// Building content: a thin Swift layer over pop_content_builder_t (see content.h).

import PluginABI

/// Describes a popup's content through the host's builder, which is valid only during `build`.
/// Stacks take their children as a closure; modifiers apply to the node added or stack closed last.
struct ContentBuilder {
    let raw: UnsafePointer<pop_content_builder_t>

    func vstack(spacing: Double, alignment: Int, _ children: () -> Void) {
        raw.pointee.begin_vstack?(raw, spacing, Int32(alignment))
        children()
        raw.pointee.end?(raw)
    }

    func hstack(spacing: Double, alignment: Int, _ children: () -> Void) {
        raw.pointee.begin_hstack?(raw, spacing, Int32(alignment))
        children()
        raw.pointee.end?(raw)
    }

    func text(_ text: String, size: Double, weight: Int, color: pop_color_t, alignment: Int, maxLines: UInt32) {
        raw.pointee.text?(raw, text, size, Int32(weight), color, Int32(alignment), maxLines)
    }

    /// `action` names one of the handler's actions, or a host action such as "pop.dismiss".
    func button(_ title: String, style: Int, action: String) {
        raw.pointee.button?(raw, title, Int32(style), action)
    }

    /// Actions read its text as `field.<id>`.
    func textField(id: String, placeholder: String, secure: Bool) {
        raw.pointee.text_field?(raw, id, placeholder, secure)
    }

    func image(_ name: String, width: Double, height: Double) {
        raw.pointee.image?(raw, name, width, height)
    }

    func padding(_ all: Double) { raw.pointee.padding?(raw, all, all, all, all) }
    func background(_ color: pop_color_t) { raw.pointee.background?(raw, color) }
    func cornerRadius(_ radius: Double) { raw.pointee.corner_radius?(raw, radius) }
}
