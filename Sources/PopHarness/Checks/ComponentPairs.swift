import PopBridge
import PopChef
import PopModel

/// Which of a plugin's handlers go with which of its view loaders: a view's buttons name actions
/// that only some handlers declare, and a handler's actions may read text fields that only some
/// views have. The harness composes popups only from pairs that fit, by the chef's own rule
/// (`CompositionContract`, which `pophost check` applies too), and `component.composition` reports
/// the components that fit nothing.
struct ComponentPairs {
    /// Each view loader's content for empty data; absent when it builds nothing for it.
    private var contents: [String: ContentNode] = [:]
    /// Each handler's contract (those that can be made), in factory order.
    private(set) var contracts: [CompositionContract] = []
    let viewIDs: [String]

    /// What a view that builds nothing offers: no buttons, no text fields. The built-in view offers
    /// the same as far as a contract goes (its one button names a host action).
    private static let noContent = ContentNode(.vstack(spacing: 0, alignment: .center, children: []))

    /// Builds every view loader once and reads every handler's actions.
    init(plugin: PluginUnderTest, source: PluginComponents) {
        viewIDs = plugin.ids(of: .viewLoader)
        for id in viewIDs {
            guard let view = try? source.makeViewLoader(id, context: .detached()) else { continue }
            contents[id] = plugin.watchdog.within("build of \(id)", { try? view.build(data: RequestData(.null)) })
            view.destroy()
        }
        for id in plugin.ids(of: .handler) {
            guard let handler = try? source.makeHandler(id, context: .detached()) else { continue }
            contracts.append(CompositionContract(handler: handler))
            handler.destroy()
        }
    }

    /// Whether view loader `id` built content for empty data (one that cannot be made or fails to
    /// build is `component.content-limits`' to report).
    func hasContent(_ viewID: String) -> Bool { contents[viewID] != nil }

    /// Every way view `viewID` (nil: the built-in default) and handler `handlerID` (nil: the
    /// built-in default, which declares no actions) do not fit, worded as `pophost check` words them.
    func mismatches(view viewID: String?, handler handlerID: String?) -> [ContractMismatch] {
        let content = viewID.flatMap { contents[$0] } ?? Self.noContent
        let contract = handlerID.map { id in contracts.first { $0.handlerID == id } } ?? CompositionContract.builtIn
        return contract?.mismatches(in: content) ?? []
    }

    /// The handlers (nil: the built-in default, which declares no actions) that fit view `id`.
    func handlers(for viewID: String?) -> [String?] {
        let content = viewID.flatMap { contents[$0] } ?? Self.noContent
        var fitting: [String?] = contracts.filter { $0.fits(content) }.map(\.handlerID)
        if CompositionContract.builtIn.fits(content) { fitting.append(nil) }
        return fitting
    }

    /// The views (nil: the built-in default) that fit handler `id`.
    func views(for handlerID: String?) -> [String?] {
        (viewIDs.map(Optional.some) + [nil]).filter { handlers(for: $0).contains(handlerID) }
    }

    /// The first of the plugin's view loaders (in factory order) with a handler that fits it, and
    /// that handler; else the built-in view with a handler that fits it (the built-in pair always
    /// does). What a controller loader or reformer is shown with.
    var firstFittingPair: PopupRequest {
        for view in viewIDs {
            if let handler = handlers(for: view).first { return PopupRequest(handler: handler, viewLoader: view) }
        }
        return PopupRequest(handler: handlers(for: nil).first ?? nil, viewLoader: nil)
    }

    /// Requests that use every handler and every view loader at least once, each with a view and
    /// handler that fit where there is one, and every controller loader and reformer with the first
    /// pair that fits.
    func coveringRequests(controllers: [String], reformers: [String]) -> [PopupRequest] {
        var requests: [PopupRequest] = []
        for view in viewIDs {
            requests.append(PopupRequest(handler: handlers(for: view).first ?? nil, viewLoader: view))
        }
        for handler in contracts.map(\.handlerID) where !requests.contains(where: { $0.handler == handler }) {
            requests.append(PopupRequest(handler: handler, viewLoader: views(for: handler).first ?? nil))
        }
        let base = firstFittingPair
        for controller in controllers {
            requests.append(PopupRequest(handler: base.handler, viewLoader: base.viewLoader, controllerLoader: controller))
        }
        for reformer in reformers {
            requests.append(PopupRequest(handler: base.handler, viewLoader: base.viewLoader, reformer: reformer))
        }
        return requests
    }
}
