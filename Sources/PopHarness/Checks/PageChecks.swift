import PluginABI
import PopBridge
import PopChef
import PopModel
import PopPresentation

/// Page components ("pop.page/1" and "pop.page-handler/1", ext/page.h): a page's controller
/// loader declares the same valid page for the same data, and a handler that hears page events
/// answers each of them promptly through push, pop and a cancelled and a completed swipe.
enum PageChecks {
    static let all = [declarations, lifecycle]

    static let declarations = ConformanceTest(
        "component.page-declarations", level: 3,
        "a page's controller loader declares a valid page (title, bar style, pop gesture) and the same one each time for the same data"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        let run = PopupRun(plugin: plugin)
        let (pages, invalid) = pageRequests(run)
        guard !pages.isEmpty || !invalid.isEmpty else {
            throw .skipped("no controller loader of the plugin declares a page (POP_STYLE_PAGE)")
        }
        let file = context.pluginPath.split(separator: "/").last.map(String.init) ?? context.pluginPath
        var problems = invalid.map { "\(file): \($0)" }
        for request in pages {
            let made = (0..<2).map { attempt in
                plugin.watchdog.within("making a page of \(request.controllerLoader) (\(attempt + 1) of 2)") {
                    Result { () throws(ComponentFailure) in try run.engine.pages.navigation.makePage(request) }
                }
            }
            switch (made[0], made[1]) {
            case (.success(let first), .success(let second)):
                let differences = Self.differences(first.preferences, second.preferences)
                if !differences.isEmpty {
                    problems.append(
                        "\(file): controller loader \(request.controllerLoader): the same data declares two different pages: "
                            + differences.joined(separator: "; ") + " (configure_page must depend on the data alone)")
                }
            case (.failure(let failure), _), (_, .failure(let failure)):
                problems.append("\(file): controller loader \(request.controllerLoader): \(failure.description)")
            }
        }
        try TestIssue.check(problems)
    }

    static let lifecycle = ConformanceTest(
        "component.page-lifecycle", level: 3,
        "a handler that hears page events answers each within 1 s through a push, a pop, a cancelled and a completed swipe, and its release"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        let run = PopupRun(plugin: plugin)
        let handlers = plugin.ids(of: .handler).filter { id in
            let made = try? run.source.makeHandler(id, context: .detached())
            defer { made?.destroy() }
            return (made as? PluginHandler)?.hearsPageEvents ?? false
        }
        guard !handlers.isEmpty else { throw .skipped("no handler of the plugin hears page events (pop.page-handler/1)") }
        let pageRequest = pageRequests(run).requests.first ?? PageRequest(viewLoader: Self.testView, controllerLoader: Self.testController)
        run.chef.catalog.register(controllerLoader: Self.testController) { TestPageController() }
        run.chef.catalog.register(viewLoader: Self.testView) { TestPageView() }
        var problems: [String] = []
        for handler in handlers {
            var request = pageRequest
            request.handler = handler
            let engine = run.engine, navigation = engine.pages.navigation
            func page(_ kind: String) -> Page? {
                request.kind = kind
                return plugin.watchdog.within("making a page with handler \(handler)") {
                    do throws(ComponentFailure) {
                        return try navigation.makePage(request)
                    } catch {
                        problems.append("\(handler): \(error.description)")
                        return nil
                    }
                }
            }
            func settle(_ what: String) {
                plugin.watchdog.within("\(handler) hearing the events of \(what)") { _ = run.chef.runUntilIdle(limit: .seconds(60)) }
            }
            while navigation.pages.count > 1 { _ = engine.pages.pop(animated: false) }
            guard let root = page("root"), let top = page("top") else { continue }
            plugin.watchdog.within("\(handler) hearing a root page load and appear") { _ = engine.pages.push(root, animated: false) }
            plugin.watchdog.within("\(handler) hearing a push begin") { _ = engine.pages.push(top, animated: true) }
            settle("a push")
            plugin.watchdog.within("\(handler) hearing an interactive pop begin") {
                _ = engine.pages.beginInteractivePop(.edge, start: Point(x: 5, y: 400), translation: Point(x: 40, y: 0))
                _ = engine.pages.endInteractivePop(velocity: 0)
            }
            settle("a cancelled swipe")
            plugin.watchdog.within("\(handler) hearing a pop begin") { _ = engine.pages.pop(animated: true) }
            settle("a pop and the page's release")
            if let again = page("again") {
                plugin.watchdog.within("\(handler) hearing an unanimated push") { _ = engine.pages.push(again, animated: false) }
                plugin.watchdog.within("\(handler) hearing a swipe") {
                    _ = engine.pages.beginInteractivePop(.fullScreen, start: Point(x: 100, y: 400), translation: Point(x: 300, y: 0))
                    _ = engine.pages.endInteractivePop(velocity: 900)
                }
                settle("a completed swipe and the page's release")
            }
        }
        try TestIssue.check(problems)
    }

    /// What differs between two declarations, member by member, in `pop_page_config_t`'s terms
    /// ("bar.tint 0x07C160FF vs 0x07C16100").
    static func differences(_ a: PagePreferences, _ b: PagePreferences) -> [String] {
        var found: [String] = []
        func compare<T: Equatable>(_ name: String, _ x: T, _ y: T, _ show: (T) -> String = { "\($0)" }) {
            if x != y { found.append("\(name) \(show(x)) vs \(show(y))") }
        }
        func color(_ color: ContentNode.Color) -> String { hex(color.rawValue) }
        compare("title", a.title.map { "\"\($0)\"" } ?? "NULL", b.title.map { "\"\($0)\"" } ?? "NULL")
        compare("bar.hidden", a.bar.hidden, b.bar.hidden)
        compare("bar.background", a.bar.background, b.bar.background, color)
        compare("bar.background_alpha", a.bar.backgroundAlpha, b.bar.backgroundAlpha)
        compare("bar.translucent", a.bar.translucent, b.bar.translucent)
        compare("bar.tint", a.bar.tint, b.bar.tint, color)
        compare("bar.title_color", a.bar.titleColor, b.bar.titleColor, color)
        compare("bar.title_size", a.bar.titleSize, b.bar.titleSize)
        compare("bar.title_weight", a.bar.titleWeight, b.bar.titleWeight) { "\($0.rawValue)" }
        compare("bar.shadow", a.bar.shadow, b.bar.shadow)
        compare("bar.large_title", a.bar.largeTitle, b.bar.largeTitle)
        compare("pop_gesture_enabled", a.popGestureEnabled, b.popGestureEnabled)
        compare("pop_gesture_max_initial_distance", a.popGestureMaxInitialDistance, b.popGestureMaxInitialDistance)
        compare("floating.keep", a.floating?.keep, b.floating?.keep) { $0.map { "\"\($0)\"" } ?? "(not floating)" }
        compare("floating.logo", a.floating?.logo, b.floating?.logo) { $0.map { "\"\($0)\"" } ?? "(not floating)" }
        compare("floating.logo_color", a.floating?.logoColor, b.floating?.logoColor) { $0.map(color) ?? "(not floating)" }
        return found
    }

    /// "0x07C160FF": an RGBA color as the ABI writes it.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

    /// The ids of the page controller and view the lifecycle check uses when the plugin has none.
    static let testController = "pophost.test.page-controller"
    static let testView = "pophost.test.page-view"

    /// An empty page's content.
    private final class TestPageView: ViewLoaderComponent {
        let id = PageChecks.testView
        func build(data: RequestData) throws(ComponentFailure) -> ContentNode { ContentNode(.spacer(minLength: 0)) }
    }

    /// A controller loader that declares a default page, for handlers whose plugin has no page of
    /// its own.
    private final class TestPageController: ControllerLoaderComponent {
        let id = PageChecks.testController
        func configure(data: RequestData) throws(ComponentFailure) -> Presentation {
            var presentation = Presentation()
            presentation.style = .page
            return presentation
        }
    }

    /// A page request per controller loader of the plugin that declares pages (or floating pages),
    /// with its first declared sample's data (else its covering popup's), over a view loader of the
    /// plugin (the one its covering popup pairs it with, else the first); and, for each controller
    /// loader whose page cannot be made at all — its "pop.page/1" or "pop.floating/1" table is
    /// broken, or its declaration for that data is invalid — why, naming the field.
    static func pageRequests(_ run: PopupRun) -> (requests: [PageRequest], invalid: [String]) {
        var requests: [PageRequest] = [], invalid: [String] = []
        for controller in run.plugin.ids(of: .controllerLoader) {
            let covering = run.pairs.coveringRequests(controllers: [controller], reformers: []).first { $0.controllerLoader == controller }
            let declared = run.plugin.components.first { $0.descriptor.id == controller }?.descriptor.samples.first?.data
            let data = declared ?? covering?.data ?? .null
            let configured: Result<Presentation, ComponentFailure> = run.plugin.watchdog.within("configure of \(controller)") {
                Result { () throws(ComponentFailure) in
                    let made = try run.source.makeControllerLoader(controller, context: .detached())
                    defer { made.destroy() }
                    return try made.configure(data: RequestData(data))
                }
            }
            switch configured {
            case .failure(let failure) where isPageFailure(failure):
                invalid.append(
                    "controller loader \(controller) declares no valid page for the data \(data.json): \(failure.description) "
                        + "(fix its configure_page or its \"pop.page/1\" / \"pop.floating/1\" table; ext/page.h gives each field's range)")
            case .failure: continue
            case .success(let presentation):
                guard presentation.style == .page || presentation.style == .floating else { continue }
                guard let view = covering?.viewLoader ?? run.plugin.ids(of: .viewLoader).first else { continue }
                requests.append(PageRequest(viewLoader: view, controllerLoader: controller, data: data))
            }
        }
        return (requests, invalid)
    }

    /// Whether a controller loader's failure is about its page: an invalid `pop_page_config_t` or
    /// `pop_floating_config_t` field, or a broken "pop.page/1" or "pop.floating/1" table.
    static func isPageFailure(_ failure: ComponentFailure) -> Bool {
        let text = failure.description
        return text.contains("page configuration") || text.contains("floating configuration")
            || text.contains("\"\(POP_EXT_PAGE)\"") || text.contains("\"\(POP_EXT_FLOATING)\"")
    }
}
