import PluginABI
import PopChef
import PopLoader
import PopModel

/// A plugin's controller loader. Its function pointers are read once; calls are direct.
final class PluginControllerLoader: ControllerLoaderComponent {
    let id: String
    private let pointer: UnsafePointer<pop_controller_loader_t>
    private let configureFunction: (@convention(c) (UnsafePointer<pop_controller_loader_t>?, OpaquePointer?, UnsafeMutablePointer<pop_presentation_t>?) -> Void)?
    private let showHook: (@convention(c) (UnsafePointer<pop_controller_loader_t>?, UnsafePointer<pop_animation_context_t>?, pop_done_fn?) -> Bool)?
    private let hideHook: (@convention(c) (UnsafePointer<pop_controller_loader_t>?, UnsafePointer<pop_animation_context_t>?, pop_done_fn?) -> Bool)?
    private let layoutHook: (@convention(c) (UnsafePointer<pop_controller_loader_t>?, UnsafePointer<pop_layout_context_t>?, UnsafeMutablePointer<pop_rect_t>?) -> Bool)?
    private let instance: PluginInstance
    /// The completions handed to the plugin as function pointers, freed when it is destroyed.
    private var closures: [CompletionClosure] = []

    init(_ instance: PluginInstance, id: String) {
        self.instance = instance
        let pointer = instance.kind(pop_controller_loader_t.self)
        self.pointer = pointer
        self.id = id
        configureFunction = pointer.pointee.configure
        showHook = pointer.pointee.animate_show
        hideHook = pointer.pointee.animate_hide
        layoutHook = pointer.pointee.layout
    }

    var hasShowAnimation: Bool { showHook != nil }
    var hasHideAnimation: Bool { hideHook != nil }

    func configure(data: RequestData) throws(ComponentFailure) -> Presentation {
        guard let configureFunction else { return Presentation() }
        var raw = Presentation().raw
        configureFunction(pointer, data.tree.root, &raw)
        return try Presentation(raw)
    }

    func animate(showing: Bool, context: AnimationContext, done: Completion<Void>) -> Bool {
        guard let hook = showing ? showHook : hideHook else { return false }
        let closure = CompletionClosure.done(done)
        closures.append(closure)
        let sink = Unmanaged.passRetained(context)
        defer { sink.release() }
        var raw = pop_animation_context_t(
            abi_version: ABIVersion.host.raw, struct_size: UInt32(MemoryLayout<pop_animation_context_t>.size),
            host_ctx: sink.toOpaque(), container: context.container.raw, keyboard_height: context.keyboardHeight,
            final_frame: context.finalFrame.raw, from: context.from.raw, duration: context.duration.seconds,
            animate: { ctx, delay, duration, curve, target in
                guard let ctx, let data = ctx.pointee.host_ctx, let target else { return }
                let context = Unmanaged<AnimationContext>.fromOpaque(data).takeUnretainedValue()
                guard let curve = Keyframe.Curve(rawValue: curve) else {
                    return context.refuse("animate was given an invalid keyframe (delay \(delay), duration \(duration), curve \(curve))")
                }
                context.animate(delay: delay, duration: duration, curve: curve, to: VisualState(target.pointee))
            })
        return hook(pointer, &raw, unsafeBitCast(closure.functionPointer, to: pop_done_fn.self))
    }

    func layout(container: Rect, keyboardHeight: Double, defaultFrame: Rect) -> Rect? {
        guard let layoutHook else { return nil }
        var context = pop_layout_context_t(
            abi_version: ABIVersion.host.raw, struct_size: UInt32(MemoryLayout<pop_layout_context_t>.size),
            container: container.raw, keyboard_height: keyboardHeight, default_frame: defaultFrame.raw)
        var frame = defaultFrame.raw
        guard layoutHook(pointer, &context, &frame) else { return nil }
        return Rect(frame)
    }

    func destroy() {
        instance.destroy()
        for closure in closures { closure.free() }
        closures = []
    }
}
