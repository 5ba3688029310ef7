import PluginABI
import PopChef
import PopLoader
import PopModel

/// A plugin's controller loader. Its function pointers, its own and those of its extensions
/// "pop.layout/1", "pop.animation/1", "pop.sheet/1", "pop.page/1", "pop.floating/1" and
/// "pop.trait_observer/1", are read once when it is created; calls are direct, configure, animate
/// and layout under its chef's display traits ("pop.traits/1"). Where
/// an extension gives a hook and the 1.0 kind struct its counterpart too, the extension's wins.
package final class PluginControllerLoader: ControllerLoaderComponent {
    /// The layout hook's C type: the same in the kind struct and in "pop.layout/1".
    typealias Layout =
        @convention(c) (UnsafePointer<pop_controller_loader_t>?, UnsafePointer<pop_layout_context_t>?, UnsafeMutablePointer<pop_rect_t>?) ->
        Bool

    /// A custom show or hide animation, in the form it was declared in.
    private enum AnimationHook {
        /// ABI 1.0's kind struct member, finished with a `pop_done_fn`.
        case doneFunction(
            @convention(c) (UnsafePointer<pop_controller_loader_t>?, UnsafePointer<pop_animation_context_t>?, pop_done_fn?) -> Bool)
        /// "pop.animation/1"'s, finished with a `pop_completion_t`.
        case completion(
            @convention(c) (UnsafePointer<pop_controller_loader_t>?, UnsafePointer<pop_animation_context_t>?, pop_completion_t) -> Bool)
    }

    package let id: String
    let pointer: UnsafePointer<pop_controller_loader_t>
    private let configureFunction:
        (@convention(c) (UnsafePointer<pop_controller_loader_t>?, OpaquePointer?, UnsafeMutablePointer<pop_presentation_t>?) -> Void)?
    private let showHook: AnimationHook?
    private let hideHook: AnimationHook?
    private let layoutHook: Layout?
    /// "pop.sheet/1" (PluginControllerLoader+Sheet.swift).
    let sheetHooks: SheetHooks?
    /// "pop.page/1"'s configure_page.
    private let configurePageHook:
        (@convention(c) (UnsafePointer<pop_controller_loader_t>?, OpaquePointer?, UnsafeMutablePointer<pop_page_config_t>?) -> Void)?
    /// "pop.floating/1"'s configure_floating.
    private let configureFloatingHook:
        (@convention(c) (UnsafePointer<pop_controller_loader_t>?, OpaquePointer?, UnsafeMutablePointer<pop_floating_config_t>?) -> Void)?
    private let instance: PluginInstance
    /// "pop.trait_observer/1".
    private let observer: TraitObserver?
    /// The completions handed to the plugin as 1.0 function pointers, freed when it is destroyed.
    private var closures: [CompletionClosure] = []
    /// The completions handed to the plugin as 1.1 tokens, revoked when it is destroyed.
    private var tokens: [UInt64] = []

    /// Reads the hooks; an extension table that breaks the growth rule fails the creation.
    init(_ instance: PluginInstance, id: String) throws(ComponentFailure) {
        self.instance = instance
        let pointer = instance.kind(pop_controller_loader_t.self)
        self.pointer = pointer
        self.id = id
        let kind = pointer.pointee
        configureFunction = kind.configure

        var layout = kind.layout
        if let found = try instance.extensionTable(
            POP_EXT_LAYOUT, as: pop_layout_ext_t.self, minimumSize: MemoryLayout<pop_layout_ext_t>.size),
            found.header.contains(\pop_layout_ext_t.layout), let hook = found.table.pointee.layout
        {
            layout = hook
        }
        layoutHook = layout

        var show: AnimationHook? = kind.animate_show.map(AnimationHook.doneFunction)
        var hide: AnimationHook? = kind.animate_hide.map(AnimationHook.doneFunction)
        if let found = try instance.extensionTable(
            POP_EXT_ANIMATION, as: pop_animation_ext_t.self,
            minimumSize: MemoryLayout<pop_animation_ext_t>.size)
        {
            let table = found.table.pointee
            if found.header.contains(\pop_animation_ext_t.animate_show), let hook = table.animate_show { show = .completion(hook) }
            if found.header.contains(\pop_animation_ext_t.animate_hide), let hook = table.animate_hide { hide = .completion(hook) }
        }
        showHook = show
        hideHook = hide
        sheetHooks = try instance.extensionTable(POP_EXT_SHEET, as: pop_sheet_ext_t.self, minimumSize: MemoryLayout<pop_sheet_ext_t>.size)
            .map { SheetHooks($0.table.pointee, header: $0.header) }
        configurePageHook = try instance.extensionTable(
            POP_EXT_PAGE, as: pop_page_ext_t.self, minimumSize: MemoryLayout<pop_page_ext_t>.size
        )
        .flatMap { $0.header.contains(\pop_page_ext_t.configure_page) ? $0.table.pointee.configure_page : nil }
        configureFloatingHook = try instance.extensionTable(
            POP_EXT_FLOATING, as: pop_floating_ext_t.self, minimumSize: MemoryLayout<pop_floating_ext_t>.size
        ).flatMap { $0.header.contains(\pop_floating_ext_t.configure_floating) ? $0.table.pointee.configure_floating : nil }
        observer = try instance.traitObserver()
    }

    package var hasShowAnimation: Bool { showHook != nil }
    package var hasHideAnimation: Bool { hideHook != nil }
    /// Whether it has a layout hook (a plugin host tells its parent, which then asks only when it has).
    package var hasLayout: Bool { layoutHook != nil }

    /// Its presentation, configured under its chef's display traits ("pop.traits/1"), with its sheet,
    /// page and floating configuration.
    package func configure(data: RequestData) throws(ComponentFailure) -> Presentation {
        try instance.underTraits { () throws(ComponentFailure) in try configureUnderTraits(data: data) }
    }

    private func configureUnderTraits(data: RequestData) throws(ComponentFailure) -> Presentation {
        guard let configureFunction else { return Presentation() }
        var raw = Presentation().raw
        configureFunction(pointer, data.tree.root, &raw)
        var presentation = try Presentation(raw)
        try configureSheet(&presentation, data: data)
        if presentation.style == .page || presentation.style == .floating { presentation.page = try configurePage(data: data) }
        if presentation.style == .floating {
            var page = presentation.page ?? PagePreferences()
            page.floating = try configureFloating(data: data)
            presentation.page = page
        }
        return presentation
    }

    /// What a floating page's bubble keeps and shows ("pop.floating/1"); empty strings stand for
    /// the defaults the stack fills in (the page's kind, its title's first character).
    private func configureFloating(data: RequestData) throws(ComponentFailure) -> FloatingDeclaration {
        var raw = pop_floating_config_t()
        raw.abi_version = ABIVersion.host.raw
        raw.struct_size = UInt32(MemoryLayout<pop_floating_config_t>.size)
        raw.logo_color = FloatingDeclaration(keep: "", logo: "").logoColor.rawValue
        configureFloatingHook?(pointer, data.tree.root, &raw)
        func text(_ pointer: UnsafePointer<CChar>?, _ field: String) throws(ComponentFailure) -> String {
            guard let pointer else { return "" }
            guard let text = String(validatingCString: pointer) else {
                throw ComponentFailure(.contractBroken, "floating configuration field \(field) is not UTF-8")
            }
            return text
        }
        return FloatingDeclaration(
            keep: try text(raw.keep, "keep"), logo: try text(raw.logo, "logo"), logoColor: ContentNode.Color(rawValue: raw.logo_color))
    }

    /// A page's declaration ("pop.page/1"); nil without the extension (the defaults).
    private func configurePage(data: RequestData) throws(ComponentFailure) -> PagePreferences? {
        guard let configurePageHook else { return nil }
        var raw = PageConfig.defaults
        configurePageHook(pointer, data.tree.root, &raw)
        return try PageConfig.preferences(raw)
    }

    package func animate(showing: Bool, context: AnimationContext, done: Completion<Void>) -> Bool {
        instance.underTraits { animateUnderTraits(showing: showing, context: context, done: done) }
    }

    private func animateUnderTraits(showing: Bool, context: AnimationContext, done: Completion<Void>) -> Bool {
        guard let hook = showing ? showHook : hideHook else { return false }
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
        switch hook {
        case .doneFunction(let hook):
            let closure = CompletionClosure.done(done)
            closures.append(closure)
            return hook(pointer, &raw, unsafeBitCast(closure.functionPointer, to: pop_done_fn.self))
        case .completion(let hook):
            let completion = CompletionTokens.done(done)
            guard hook(pointer, &raw, completion) else {
                // Declined: the completion was never the plugin's to call.
                CompletionTokens.revoke([completion.token], owner: "controller loader \(id)", declined: true)
                return false
            }
            tokens.append(completion.token)
            return true
        }
    }

    package func layout(container: Rect, keyboardHeight: Double, defaultFrame: Rect) -> Rect? {
        guard let layoutHook else { return nil }
        var context = pop_layout_context_t(
            abi_version: ABIVersion.host.raw, struct_size: UInt32(MemoryLayout<pop_layout_context_t>.size),
            container: container.raw, keyboard_height: keyboardHeight, default_frame: defaultFrame.raw)
        var frame = defaultFrame.raw
        guard instance.underTraits({ layoutHook(pointer, &context, &frame) }) else { return nil }
        return Rect(frame)
    }

    package var observesTraits: Bool { observer != nil }

    package func traitsDidChange(_ traits: DisplayTraits) { observer?.traitsChanged(to: traits) }

    package func destroy() {
        CompletionTokens.revoke(tokens, owner: "controller loader \(id)")
        tokens = []
        instance.destroy()
        for closure in closures { closure.free() }
        closures = []
    }
}
