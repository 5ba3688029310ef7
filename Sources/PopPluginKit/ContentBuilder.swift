import PluginABI

/// A view loader's content, described through the host's `pop_content_builder_t` (content.h), which
/// is valid only during the build call.
///
///     let b = ContentBuilder(builder)
///     b.vstack(spacing: 12, alignment: POP_ALIGN_CENTER) {
///         b.text("Pay 12.00", size: 17, weight: POP_WEIGHT_SEMIBOLD)
///         b.button("Confirm", style: POP_BUTTON_DEFAULT, action: "confirm")
///     }
///     b.padding(20)  // modifiers apply to the node added, or the stack closed, last
///
/// Stacks take their children in a closure, so every begin has its end. Sizes are in points, colours
/// 0xRRGGBBAA; alignments, weights and styles are the headers' `POP_ALIGN_*`, `POP_WEIGHT_*` and
/// `POP_BUTTON_*`.
///
/// Content named by meaning ("pop.content_style/1", ext/content_style.h) follows the person's
/// appearance and text size, resolved by the host for every frame:
///
///     b.text("Pay 12.00", size: 17, weight: POP_WEIGHT_SEMIBOLD)
///     b.textStyle(POP_TEXT_STYLE_HEADLINE)   // 17 pt at the default size
///     b.foreground(POP_COLOR_LABEL)          // black in light, white in dark
///
/// Without the extension those modifiers do nothing: the content keeps what it was written with.
public struct ContentBuilder {
    public let raw: UnsafePointer<pop_content_builder_t>

    public init(_ raw: UnsafePointer<pop_content_builder_t>) { self.raw = raw }

    public func vstack(spacing: Double, alignment: Int, _ children: () -> Void) {
        raw.pointee.begin_vstack?(raw, spacing, Int32(alignment))
        children()
        raw.pointee.end?(raw)
    }

    public func hstack(spacing: Double, alignment: Int, _ children: () -> Void) {
        raw.pointee.begin_hstack?(raw, spacing, Int32(alignment))
        children()
        raw.pointee.end?(raw)
    }

    /// Children drawn on top of each other, aligned within the largest.
    public func overlay(alignment: Int, _ children: () -> Void) {
        raw.pointee.begin_overlay?(raw, Int32(alignment))
        children()
        raw.pointee.end?(raw)
    }

    /// `maxLines` 0: as many lines as it needs at the width it is given.
    public func text(
        _ text: String, size: Double, weight: Int = POP_WEIGHT_REGULAR, color: pop_color_t = 0x000000FF,
        alignment: Int = POP_ALIGN_CENTER, maxLines: UInt32 = 0
    ) {
        raw.pointee.text?(raw, text, size, Int32(weight), color, Int32(alignment), maxLines)
    }

    /// `action` names one of the handler's actions, or a host action such as "pop.dismiss".
    public func button(_ title: String, style: Int, action: String) {
        raw.pointee.button?(raw, title, Int32(style), action)
    }

    /// Actions read its text as `field.<id>`.
    public func textField(id: String, placeholder: String, secure: Bool = false) {
        raw.pointee.text_field?(raw, id, placeholder, secure)
    }

    /// A placeholder for the image `name`, of a fixed size.
    public func image(_ name: String, width: Double, height: Double) {
        raw.pointee.image?(raw, name, width, height)
    }

    /// Flexible space along the enclosing stack's axis.
    public func spacer(minLength: Double = 0) { raw.pointee.spacer?(raw, minLength) }

    /// A hairline across the enclosing stack.
    public func divider() { raw.pointee.divider?(raw) }

    public func padding(_ all: Double) { padding(top: all, leading: all, bottom: all, trailing: all) }
    public func padding(top: Double, leading: Double, bottom: Double, trailing: Double) {
        raw.pointee.padding?(raw, top, leading, bottom, trailing)
    }
    public func background(_ color: pop_color_t) { raw.pointee.background?(raw, color) }
    public func cornerRadius(_ radius: Double) { raw.pointee.corner_radius?(raw, radius) }
    public func border(width: Double, color: pop_color_t) { raw.pointee.border?(raw, width, color) }

    // MARK: By meaning ("pop.content_style/1")

    /// The text node's size follows the person's text size as `style` (`POP_TEXT_STYLE_*`) does.
    public func textStyle(_ style: Int) { Host.contentStyleExtension?.pointee.text_style?(raw, Int32(style)) }
    /// The text node's colour is the semantic colour `color` (`POP_COLOR_*`).
    public func foreground(_ color: Int) { Host.contentStyleExtension?.pointee.foreground?(raw, Int32(color)) }
    /// The node's background is the semantic colour `color` (`POP_COLOR_*`).
    public func background(semantic color: Int) { Host.contentStyleExtension?.pointee.background?(raw, Int32(color)) }
    /// A border of `width` points in the semantic colour `color` (`POP_COLOR_*`).
    public func border(width: Double, semantic color: Int) {
        Host.contentStyleExtension?.pointee.border?(raw, width, Int32(color))
    }
    /// How the node lays out in right-to-left (`POP_DIRECTION_*`, UIKit's semanticContentAttribute).
    public func direction(_ direction: Int) { Host.contentStyleExtension?.pointee.direction?(raw, Int32(direction)) }
}
