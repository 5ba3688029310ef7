/// The Swift project `pophost new NAME --lang swift` writes: a package with the dynamic library
/// product NAME (target and module NAME with '-' turned into '_'), the vendored ABI headers as the
/// local header-only package `PluginABI`, and the plugin in `Sources/<module>/` — the entry and
/// factories, a few helpers over the C ABI, one file per component. Only the names are substituted.
struct SwiftTemplate {
    let identity: PluginIdentity

    func files(headers: [GeneratedFile], moduleMap: String) -> [GeneratedFile] {
        let sources = "Sources/\(identity.moduleName)/"
        return [GeneratedFile("Package.swift", packageManifest), GeneratedFile("PluginABI/Package.swift", abiManifest),
                GeneratedFile("PluginABI/include/module.modulemap", moduleMap)]
            + headers.map { GeneratedFile("PluginABI/include/" + $0.path, $0.contents) }
            + [
                GeneratedFile(sources + "Plugin.swift", pluginSource),
                GeneratedFile(sources + "Components.swift", componentsSource),
                GeneratedFile(sources + "Host.swift", hostSource),
                GeneratedFile(sources + "RequestData.swift", requestDataSource),
                GeneratedFile(sources + "ContentBuilder.swift", contentBuilderSource),
                GeneratedFile(sources + "Handler.swift", handlerSource),
                GeneratedFile(sources + "View.swift", viewSource),
                GeneratedFile(sources + "Controller.swift", controllerSource),
            ]
    }

    /// `Package.swift`: the dynamic library product NAME, linked to export only the entry.
    var packageManifest: String {
        #"""
            // swift-tools-version:6.0
            // \#(identity.name): a pophost popup plugin. `swift build -c release` -> .build/release/\#(identity.libraryFileName)
            import PackageDescription

            let package = Package(
                name: "\#(identity.name)",
                products: [
                    // The plugin: a shared library the host loads with dlopen.
                    .library(name: "\#(identity.name)", type: .dynamic, targets: ["\#(identity.moduleName)"]),
                ],
                dependencies: [
                    // The pophost plugin ABI: a vendored copy of its C headers (see README.md, "Upgrading the ABI headers").
                    .package(path: "PluginABI"),
                ],
                targets: [
                    .target(
                        name: "\#(identity.moduleName)",
                        dependencies: [.product(name: "PluginABI", package: "PluginABI")],
                        linkerSettings: [
                            // Export only pop_plugin_entry_v1 (exports.map), and record no absolute RUNPATH to this
                            // machine's toolchain: the plugin uses the Swift runtime of the host that loads it.
                            .unsafeFlags(["-Xlinker", "--version-script=exports.map", "-no-toolchain-stdlib-rpath"]),
                        ]
                    ),
                ]
            )

            """#
    }

    /// `PluginABI/Package.swift`: the vendored headers as a header-only package.
    var abiManifest: String {
        #"""
            // swift-tools-version:6.0
            // The pophost plugin ABI, header only: include/pophost/*.h, a copy of pophost's
            // Sources/PluginABI/include, and the module map that makes `import PluginABI` see them.
            import PackageDescription

            let package = Package(
                name: "PluginABI",
                products: [
                    .library(name: "PluginABI", targets: ["PluginABI"]),
                ],
                targets: [
                    .target(name: "PluginABI", path: ".", exclude: ["Package.swift"], publicHeadersPath: "include"),
                ]
            )

            """#
    }

    /// The entry, the plugin's descriptor, init/deinit and get_factory.
    var pluginSource: String {
        #"""
            // \#(identity.name): a pophost popup plugin (\#(identity.id)), written in Swift against the plugin C ABI
            // vendored in PluginABI/include/pophost (see README.md).
            //
            //   \#(identity.handlerID)     handler: when the popup shows, and its action "confirm"
            //   \#(identity.viewID)        view loader: a title, a message, OK (confirm) and Not now
            //   \#(identity.controllerID)  controller loader: a dimmed alert that fades in and out
            //
            // This file: the entry, the only exported symbol (exports.map), and the plugin's descriptor.
            // Components.swift: descriptors, factories and instances. Host.swift and RequestData.swift: the
            // host's services. ContentBuilder.swift: building content. Then one file per component.
            //
            // The host calls everything on its main thread unless the header says [thread-safe]. The plugin
            // starts no threads and never relies on DispatchQueue.main or @MainActor: the host owns the loop.

            import PluginABI

            #if canImport(Glibc)
            import Glibc
            #endif

            /// The plugin's own descriptor: its id identifies the plugin in the registry.
            nonisolated(unsafe) private let pluginDescriptor: UnsafeMutablePointer<pop_descriptor_t> = {
                let descriptor = UnsafeMutablePointer<pop_descriptor_t>.allocate(capacity: 1)
                descriptor.initialize(to: makeDescriptor(
                    id: "\#(identity.id)", name: "\#(identity.name)", description: "A popup plugin made with pophost new.", features: []))
                return descriptor
            }()

            /// Balanced init/deinit calls: set up on the first, tear down on the last.
            nonisolated(unsafe) private var initCount = 0

            /// The entry table. Everything the host reads is built when the entry is first called, so init and
            /// get_factory do no work.
            nonisolated(unsafe) private let entry: UnsafeMutablePointer<pop_plugin_entry_t> = {
                _ = (handlerFactory, viewFactory, controllerFactory, handlerActions)
                let entry = UnsafeMutablePointer<pop_plugin_entry_t>.allocate(capacity: 1)
                entry.initialize(to: pop_plugin_entry_t(
                    abi_version: abiVersion,
                    struct_size: UInt32(MemoryLayout<pop_plugin_entry_t>.size),
                    plugin: UnsafePointer(pluginDescriptor),
                    // Fast and silent: no output, no threads, no UI.
                    init: { host, _ in
                        guard let host else { return false }
                        if initCount == 0 { Host.attach(host) }
                        initCount += 1
                        return true
                    },
                    deinit: {
                        guard initCount > 0 else { return }
                        initCount -= 1
                        if initCount == 0 { Host.detach() }  // no component is alive: never call the host again
                    },
                    // [thread-safe] Exact ids only: anything else, even a known id with more after it, is NULL.
                    get_factory: { factoryID in
                        guard let factoryID else { return nil }
                        if strcmp(factoryID, POP_FACTORY_HANDLER) == 0 { return UnsafeRawPointer(handlerFactory.table) }
                        if strcmp(factoryID, POP_FACTORY_VIEW_LOADER) == 0 { return UnsafeRawPointer(viewFactory.table) }
                        if strcmp(factoryID, POP_FACTORY_CONTROLLER_LOADER) == 0 { return UnsafeRawPointer(controllerFactory.table) }
                        return nil  // no reformer
                    },
                    on_main_thread: nil  // only needed after host->request_callback(), which this plugin never calls
                ))
                return entry
            }()

            /// The plugin's only exported symbol (`public` is required for it to exist).
            @_cdecl("pop_plugin_entry_v1")
            public func popPluginEntryV1() -> UnsafePointer<pop_plugin_entry_t> {
                UnsafePointer(entry)
            }

            """#
    }

    /// Descriptors, factories and component instances.
    var componentsSource: String {
        #"""
            // Descriptors, factories and component instances: the C data the host sees.

            import PluginABI

            #if canImport(Glibc)
            import Glibc
            #endif

            /// The ABI version this plugin was built against; it goes into every struct handed to the host.
            let abiVersion = pop_version_t(
                major: UInt32(POP_VERSION_MAJOR), minor: UInt32(POP_VERSION_MINOR), patch: UInt32(POP_VERSION_PATCH))

            /// A NUL-terminated copy of `string` that is never freed (the host never unloads a plugin).
            func immortal(_ string: String) -> UnsafePointer<CChar> {
                UnsafePointer(strdup(string)!)
            }

            /// A component this plugin makes: what its descriptor says, and how to create an instance.
            struct ComponentSpec: Sendable {
                typealias Create = @Sendable (_ host: UnsafePointer<pop_host_t>?, _ descriptor: UnsafePointer<pop_descriptor_t>)
                    -> UnsafePointer<pop_component_t>

                let id: String  // reverse-DNS, unique within the plugin
                let name: String
                let description: String
                let features: [String]  // free-form tags, no duplicates
                let create: Create
            }

            /// A C descriptor in memory that is never freed. Descriptors are constant data: the host copies
            /// them when it scans the plugin and caches the copy.
            func makeDescriptor(id: String, name: String, description: String, features: [String]) -> pop_descriptor_t {
                let list = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: features.count + 1)
                for (index, feature) in features.enumerated() { list[index] = immortal(feature) }
                list[features.count] = nil  // NULL-terminated
                return pop_descriptor_t(
                    abi_version: abiVersion,
                    struct_size: UInt32(MemoryLayout<pop_descriptor_t>.size),
                    id: immortal(id),
                    name: immortal(name),
                    vendor: immortal(""),
                    version: immortal("0.1.0"),
                    description: immortal(description),
                    features: UnsafePointer(list)
                )
            }

            /// The factories, one per component kind, listing their components. To add a component, write its
            /// spec (like Handler.spec) and append it to its kind's list: never reorder or remove, ids are
            /// what apps ask for.
            nonisolated(unsafe) let handlerFactory = Factory([Handler.spec])
            nonisolated(unsafe) let viewFactory = Factory([View.spec])
            nonisolated(unsafe) let controllerFactory = Factory([Controller.spec])

            /// One factory: the C table the host sees, its descriptors (in `components` order) and the specs
            /// that create the instances.
            final class Factory {
                let table: UnsafeMutablePointer<pop_component_factory_t>
                let descriptors: UnsafeMutableBufferPointer<pop_descriptor_t>
                let components: [ComponentSpec]

                init(_ components: [ComponentSpec]) {
                    self.components = components
                    descriptors = .allocate(capacity: components.count)
                    _ = descriptors.initialize(from: components.map {
                        makeDescriptor(id: $0.id, name: $0.name, description: $0.description, features: $0.features)
                    })
                    table = .allocate(capacity: 1)
                    table.initialize(to: pop_component_factory_t(
                        abi_version: abiVersion,
                        struct_size: UInt32(MemoryLayout<pop_component_factory_t>.size),
                        // [thread-safe]
                        count: { factory in UInt32(Factory.owning(factory)?.components.count ?? 0) },
                        // [thread-safe] The same pointer for an index every time.
                        get_descriptor: { factory, index in
                            guard let owner = Factory.owning(factory), Int(index) < owner.components.count else { return nil }
                            return UnsafePointer(owner.descriptors.baseAddress! + Int(index))
                        },
                        // [main-thread]
                        create: { factory, host, componentID in
                            guard let owner = Factory.owning(factory), let componentID,
                                  let index = owner.descriptors.indices.first(where: { strcmp(owner.descriptors[$0].id, componentID) == 0 })
                            else { return nil }
                            // The instance's `desc` is the very pointer get_descriptor returns.
                            return owner.components[index].create(host, UnsafePointer(owner.descriptors.baseAddress! + index))
                        }
                    ))
                }

                /// The factory whose table `pointer` is.
                static func owning(_ pointer: UnsafePointer<pop_component_factory_t>?) -> Factory? {
                    [handlerFactory, viewFactory, controllerFactory].first { UnsafePointer($0.table) == pointer }
                }
            }

            /// The Swift side of one live component; subclass it to keep per-instance state (see Handler).
            ///
            /// The host sees only the kind struct (`pop_handler_t`, `pop_view_loader_t`, ...), allocated here
            /// zero-filled, so every function a component does not set stays NULL (the host's default). Its
            /// `component_data` holds a retained reference to this object; `destroy` releases it.
            class Instance {
                /// The host table the instance was created with.
                let host: UnsafePointer<pop_host_t>?
                private let table: UnsafeMutableRawPointer

                init<Kind>(_ kind: Kind.Type, descriptor: UnsafePointer<pop_descriptor_t>, host: UnsafePointer<pop_host_t>?) {
                    let size = MemoryLayout<Kind>.size
                    table = .allocate(byteCount: size, alignment: MemoryLayout<Kind>.alignment)
                    table.initializeMemory(as: UInt8.self, repeating: 0, count: size)
                    table.bindMemory(to: Kind.self, capacity: 1)
                    self.host = host
                    // Every kind struct starts with a pop_component_t.
                    table.assumingMemoryBound(to: pop_component_t.self).pointee = pop_component_t(
                        abi_version: abiVersion,
                        struct_size: UInt32(size),  // sizeof the kind struct
                        desc: descriptor,
                        component_data: nil,        // set by publish()
                        destroy: { component in
                            guard let data = component?.pointee.component_data else { return }
                            Unmanaged<Instance>.fromOpaque(data).release()  // frees the instance and its table
                        },
                        get_extension: { _, _ in nil }  // no component extensions
                    )
                }

                deinit { table.deallocate() }

                /// The kind struct, to set the functions the component implements.
                func kind<Kind>(_ type: Kind.Type) -> UnsafeMutablePointer<Kind> {
                    table.assumingMemoryBound(to: Kind.self)
                }

                /// Hands the instance to the host: retains it in `component_data` and returns the header.
                func publish() -> UnsafePointer<pop_component_t> {
                    let component = table.assumingMemoryBound(to: pop_component_t.self)
                    component.pointee.component_data = Unmanaged.passRetained(self).toOpaque()
                    return UnsafePointer(component)
                }

                /// The instance behind a kind struct the host passes back (`self` of a kind function), as this
                /// class; nil if it is not one.
                static func of(_ pointer: UnsafeRawPointer?) -> Self? {
                    guard let data = pointer?.assumingMemoryBound(to: pop_component_t.self).pointee.component_data else { return nil }
                    return Unmanaged<Instance>.fromOpaque(data).takeUnretainedValue() as? Self
                }
            }

            """#
    }

    /// The host table and its log and value extensions.
    var hostSource: String {
        #"""
            // The host: its table and the extensions this plugin uses, looked up in the first init().

            import PluginABI

            /// What the plugin got from the host in its first init(); cleared by the last deinit(). Written
            /// only in init/deinit (main thread); the log extension may be called from any thread.
            ///
            /// A host may offer no extension at all (get_extension returns NULL): then the plugin stays silent
            /// and reads every request as having no data. Never touch `host_data`: it is the host's.
            enum Host {
                nonisolated(unsafe) private(set) static var table: UnsafePointer<pop_host_t>?
                /// "pop.log/1", or nil.
                nonisolated(unsafe) private static var logExtension: UnsafePointer<pop_host_log_t>?
                /// "pop.value/1", or nil.
                nonisolated(unsafe) private(set) static var valueExtension: UnsafePointer<pop_host_value_t>?

                static func attach(_ host: UnsafePointer<pop_host_t>) {
                    table = host
                    logExtension = host.pointee.get_extension?(host, POP_HOST_EXT_LOG)?.assumingMemoryBound(to: pop_host_log_t.self)
                    valueExtension = host.pointee.get_extension?(host, POP_HOST_EXT_VALUE)?.assumingMemoryBound(to: pop_host_value_t.self)
                }

                static func detach() {
                    table = nil
                    logExtension = nil
                    valueExtension = nil
                }

                enum Severity: Int32 {
                    case debug = 0, info = 1, warning = 2, error = 3  // POP_LOG_*
                }

                /// Logs through "pop.log/1" (the host copies the message); nothing when the host has no log.
                static func log(_ severity: Severity, _ message: String) {
                    guard let table, let log = logExtension?.pointee.log else { return }
                    log(table, severity.rawValue, message)
                }
            }

            """#
    }

    /// Reading request data through "pop.value/1".
    var requestDataSource: String {
        #"""
            // Reading a request's data: opaque pop_value_t handles, read through the host's "pop.value/1".

            import PluginABI

            /// A read-only node of a request's data (JSON-like). Reads give nil when the node is missing, has
            /// another type, or the host offers no "pop.value/1". Valid until the request's final event.
            struct RequestData {
                /// `const pop_value_t *` (an incomplete C type, so Swift sees an OpaquePointer); nil is null.
                let node: OpaquePointer?

                init(_ node: OpaquePointer?) { self.node = node }

                private var api: pop_host_value_t? { Host.valueExtension?.pointee }

                /// The member `key` of an object (missing for anything else).
                subscript(key: String) -> RequestData { RequestData(api?.get?(node, key)) }

                var string: String? { api?.get_string?(node).map { String(cString: $0) } }

                var bool: Bool? {
                    guard api?.type?(node) == Int32(POP_VALUE_BOOL) else { return nil }
                    return api?.get_bool?(node, false)
                }

                /// An integer or a double.
                var number: Double? {
                    guard let type = api?.type?(node), type == Int32(POP_VALUE_INT) || type == Int32(POP_VALUE_DOUBLE) else { return nil }
                    return api?.get_double?(node, 0)
                }
            }

            """#
    }

    /// A Swift layer over pop_content_builder_t.
    var contentBuilderSource: String {
        #"""
            // Building content: a thin Swift layer over pop_content_builder_t (see content.h).

            import PluginABI

            /// Describes a popup's content through the host's builder, valid only during the view loader's
            /// build. Stacks take their children in a closure (so begin/end always balance); modifiers apply to
            /// the node added, or the stack closed, last. Sizes in points, colours 0xRRGGBBAA.
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

                /// `maxLines` 0: as many lines as it needs.
                func text(_ text: String, size: Double, weight: Int = POP_WEIGHT_REGULAR, color: pop_color_t = 0x000000FF,
                          alignment: Int = POP_ALIGN_CENTER, maxLines: UInt32 = 0) {
                    raw.pointee.text?(raw, text, size, Int32(weight), color, Int32(alignment), maxLines)
                }

                /// `action` names one of the handler's actions, or the host action "pop.dismiss".
                func button(_ title: String, style: Int, action: String) {
                    raw.pointee.button?(raw, title, Int32(style), action)
                }

                /// Actions read its text as `field.<id>`.
                func textField(id: String, placeholder: String, secure: Bool = false) {
                    raw.pointee.text_field?(raw, id, placeholder, secure)
                }

                func padding(_ all: Double) { raw.pointee.padding?(raw, all, all, all, all) }
                func background(_ color: pop_color_t) { raw.pointee.background?(raw, color) }
                func cornerRadius(_ radius: Double) { raw.pointee.corner_radius?(raw, radius) }
            }

            """#
    }

    /// The handler and its action "confirm".
    var handlerSource: String {
        #"""
            // \#(identity.handlerID): whether the popup shows, where it queues, and what OK does.

            import PluginABI

            /// Normal priority, waits its turn; shows unless the request's data says `"eligible": false`; its
            /// action "confirm" (the view's OK button) dismisses the popup.
            final class Handler: Instance {
                static let spec = ComponentSpec(
                    id: "\#(identity.handlerID)",
                    name: "\#(identity.name) handler",
                    description: "Shows the popup when it is eligible; OK confirms and dismisses it.",
                    features: ["enqueue", "confirm"],
                    create: { host, descriptor in create(host: host, descriptor: descriptor) }
                )

                /// Per-instance state lives on the Instance subclass: how often this popup's OK was tapped.
                var confirmations = 0

                static func create(host: UnsafePointer<pop_host_t>?, descriptor: UnsafePointer<pop_descriptor_t>)
                    -> UnsafePointer<pop_component_t>
                {
                    let instance = Handler(pop_handler_t.self, descriptor: descriptor, host: host)
                    let handler = instance.kind(pop_handler_t.self)

                    // The host's defaults arrive filled in: change only what this popup needs.
                    handler.pointee.get_options = { _, _, options in
                        guard let options else { return }
                        options.pointee.priority = Int32(POP_PRIORITY_NORMAL)
                        options.pointee.policy = Int32(POP_POLICY_ENQUEUE)  // wait while another popup is on screen
                    }

                    // Call `answer` exactly once: here, right away, or later from on_main_thread.
                    handler.pointee.should_present = { _, data, answer in
                        answer?(RequestData(data)["eligible"].bool != false)  // only an explicit false vetoes
                    }

                    // Background taps, swipes and hide-all may dismiss it. Answer at once: never block here.
                    handler.pointee.should_dismiss = { _, _ in true }

                    // The request's final event, exactly once; the host destroys the components right after.
                    handler.pointee.finished = { handler, outcome, reason in
                        let confirmations = Handler.of(handler)?.confirmations ?? 0
                        Host.log(.debug, "\#(identity.name): finished (outcome \(outcome), reason \(reason)), \(confirmations) confirmation(s)")
                    }

                    handler.pointee.action_count = { _ in UInt32(handlerActions.count) }
                    handler.pointee.get_action = { _, index in
                        Int(index) < handlerActions.count ? UnsafePointer(handlerActions.baseAddress! + Int(index)) : nil
                    }
                    return instance.publish()
                }
            }

            /// The action "confirm", "bool(self:ptr, data.title:str)": the host calls it through libffi with
            /// exactly these C types (self: const pop_handler_t *, str: const char *, valid during the call).
            /// Returning true dismisses the popup.
            private let confirm: @convention(c) (UnsafePointer<pop_handler_t>?, UnsafePointer<CChar>?) -> Bool = { handler, title in
                let instance = Handler.of(handler)
                instance?.confirmations += 1
                Host.log(.info, "\#(identity.name): confirmed \"\(title.map { String(cString: $0) } ?? "")\"")
                return true
            }

            /// The handler's actions: built once, never freed (pointers must stay valid until destroy).
            nonisolated(unsafe) let handlerActions: UnsafeMutableBufferPointer<pop_action_t> = {
                let actions = UnsafeMutableBufferPointer<pop_action_t>.allocate(capacity: 1)
                actions.baseAddress!.initialize(to: pop_action_t(
                    abi_version: abiVersion,
                    struct_size: UInt32(MemoryLayout<pop_action_t>.size),
                    name: immortal("confirm"),  // what the view's button names
                    signature: immortal("bool(self:ptr, data.title:str)"),  // the grammar is in handler.h
                    function: unsafeBitCast(confirm, to: UnsafeMutableRawPointer.self)
                ))
                return actions
            }()

            """#
    }

    /// The view loader.
    var viewSource: String {
        #"""
            // \#(identity.viewID): what is inside the popup.

            import PluginABI

            /// A title and a message from the request's data, OK (the handler's action "confirm") and Not now
            /// (the host action "pop.dismiss").
            enum View {
                static let spec = ComponentSpec(
                    id: "\#(identity.viewID)",
                    name: "\#(identity.name) view",
                    description: "A title, a message, and OK and Not now buttons.",
                    features: ["alert", "text", "buttons"],
                    create: { host, descriptor in create(host: host, descriptor: descriptor) }
                )

                static func create(host: UnsafePointer<pop_host_t>?, descriptor: UnsafePointer<pop_descriptor_t>)
                    -> UnsafePointer<pop_component_t>
                {
                    let instance = Instance(pop_view_loader_t.self, descriptor: descriptor, host: host)
                    instance.kind(pop_view_loader_t.self).pointee.build = { _, data, builder in
                        guard let builder else { return false }
                        View.build(RequestData(data), ContentBuilder(raw: builder))
                        return true  // false: the request ends with a plugin error (say why with Host.log)
                    }
                    return instance.publish()
                }

                static func build(_ data: RequestData, _ b: ContentBuilder) {
                    b.vstack(spacing: 12, alignment: POP_ALIGN_CENTER) {
                        b.text(data["title"].string ?? "\#(identity.name)", size: 17, weight: POP_WEIGHT_SEMIBOLD)
                        b.text(data["message"].string ?? "Made with pophost new.", size: 14, color: 0x333333FF)
                        b.hstack(spacing: 8, alignment: POP_ALIGN_FILL) {
                            b.button("Not now", style: POP_BUTTON_CANCEL, action: "pop.dismiss")
                            b.button("OK", style: POP_BUTTON_DEFAULT, action: "confirm")
                        }
                    }
                    // Modifiers apply to the vstack just closed.
                    b.padding(20)
                    b.background(0xFFFFFFFF)
                    b.cornerRadius(16)
                }
            }

            """#
    }

    /// The controller loader.
    var controllerSource: String {
        #"""
            // \#(identity.controllerID): how the popup is presented.

            import PluginABI

            /// A centred alert, at most 300 points wide, over a dimmed background; it fades in and out, and a
            /// tap on the background dismisses it (the handler's should_dismiss is asked first).
            enum Controller {
                static let spec = ComponentSpec(
                    id: "\#(identity.controllerID)",
                    name: "\#(identity.name) controller",
                    description: "A dimmed alert that fades in and out.",
                    features: ["alert", "dimmed", "fade"],
                    create: { host, descriptor in create(host: host, descriptor: descriptor) }
                )

                static func create(host: UnsafePointer<pop_host_t>?, descriptor: UnsafePointer<pop_descriptor_t>)
                    -> UnsafePointer<pop_component_t>
                {
                    let instance = Instance(pop_controller_loader_t.self, descriptor: descriptor, host: host)
                    // The presentation arrives filled with the host's alert: set only what differs.
                    instance.kind(pop_controller_loader_t.self).pointee.configure = { _, _, presentation in
                        guard let p = presentation else { return }
                        p.pointee.style = Int32(POP_STYLE_ALERT)
                        p.pointee.mask = Int32(POP_MASK_DIMMED)
                        p.pointee.width_mode = Int32(POP_WIDTH_MAXIMUM)
                        p.pointee.width = 300
                        p.pointee.corner_radius = 16
                        // Or POP_SHOW_SLIDE_FROM_BOTTOM / POP_HIDE_SLIDE_TO_BOTTOM, POP_SHOW_POPUP, ... (controller_loader.h).
                        p.pointee.show_animation = Int32(POP_SHOW_FADE_IN)
                        p.pointee.hide_animation = Int32(POP_HIDE_FADE_OUT)
                        p.pointee.show_duration = 0.25
                        p.pointee.hide_duration = 0.25
                        p.pointee.dismiss_on_background_tap = true
                    }
                    return instance.publish()
                }
            }

            """#
    }
}
