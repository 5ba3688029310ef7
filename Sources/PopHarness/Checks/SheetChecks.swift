import PluginABI
import PopBridge
import PopChef
import PopModel
import PopPresentation

/// Controller loaders that present sheets ("pop.sheet/1", ext/sheet.h): their custom detents'
/// resolvers and their callbacks, through the engine as a host calls them.
enum SheetChecks {
    static let all = [resolvers, callbacks]

    /// The scene heights the resolvers are asked about (a 390-point-wide phone, small to tall: every
    /// maximum from 485 to 1335 points).
    static let heights: [Double] = [542, 600, 700, 844, 932, 1000, 1200, 1392]
    /// The longest one layout of a sheet (its resolvers' calls together) may take.
    static let layoutLimit = Duration.milliseconds(50)

    static let resolvers = ConformanceTest(
        "component.sheet-resolvers", level: 3,
        "a sheet's custom detents resolve fast (a layout within 50 ms), deterministically, to finite heights that never shrink as the maximum grows"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        let run = PopupRun(plugin: plugin)
        let (sheets, unshown) = try sheetRequests(run, file: context.pluginPath)
        var problems = unshown
        for (controller, request) in sheets {
            let id = run.show(request, within: 5, as: "showing a sheet of \(controller)")
            _ = plugin.watchdog.within("presenting a sheet of \(controller)", seconds: 5) { run.chef.runUntilIdle(limit: .seconds(120)) }
            guard run.engine.isOnScreen(id) else { run.finish(id); continue }
            var previous: [Detent.ID: Double] = [:]
            for height in heights {
                var scene = Scene()
                scene.height = height
                let clock = ContinuousClock()
                let first = clock.measure {
                    plugin.watchdog.within("resolving the detents of \(controller) for a \(height)-point scene") {
                        run.engine.resize(to: scene)
                    }
                }
                if first > layoutLimit {
                    problems.append(
                        "\(controller): laying out its sheet on a \(Int(height))-point scene took \(Int(first / .milliseconds(1))) ms, over \(Int(layoutLimit / .milliseconds(1))) ms"
                    )
                }
                let detents = run.engine.sheets.detents(of: id)
                run.engine.sheets.invalidateDetents(of: id)
                if run.engine.sheets.detents(of: id) != detents {
                    problems.append(
                        "\(controller): its detents differ when resolved twice for a \(Int(height))-point scene: "
                            + "\(describe(detents)), then \(describe(run.engine.sheets.detents(of: id)))")
                }
                for detent in detents {
                    if let before = previous[detent.id], detent.height < before {
                        problems.append(
                            "\(controller): detent \"\(detent.id)\" shrinks from \(before) to \(detent.height) as the scene grows to \(Int(height)) points"
                        )
                    }
                    previous[detent.id] = detent.height
                }
            }
            for detail in Set(run.problems.filter { $0.request == id && $0.detail.contains("resolved to") }.map(\.detail)).sorted() {
                problems.append("\(controller): \(detail)")
            }
            run.finish(id)
        }
        try TestIssue.check(problems)
    }

    static let callbacks = ConformanceTest(
        "component.sheet-callbacks", level: 3,
        "a sheet's callbacks (drag progress, detent changed, did-attempt / will / did dismiss) return within 1 s through drags up, down and away, and its request ends once"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        let run = PopupRun(plugin: plugin)
        let (sheets, unshown) = try sheetRequests(run, file: context.pluginPath)
        for (controller, request) in sheets {
            let id = run.show(request, within: 5, as: "showing a sheet of \(controller)")
            _ = plugin.watchdog.within("presenting a sheet of \(controller)", seconds: 5) { run.chef.runUntilIdle(limit: .seconds(120)) }
            for (from, to) in [(0.0, -300.0), (0.0, 150.0), (0.0, 900.0)] {
                guard let height = run.engine.sheets.height(of: id) else { break }
                let top = run.engine.scene.height - height + 30
                plugin.watchdog.within("a drag of \(controller)'s sheet by \(Int(to)) points") {
                    drag(run, from: top + from, to: top + to)
                }
            }
            run.finish(id)
        }
        var problems = unshown + run.problems.filter(\.isOwnViolation).map(\.detail)
        problems += run.finalEvents.filter { $0.value != 1 }.map { "request \($0.key) got \($0.value) final events" }
        try TestIssue.check(problems)
    }

    /// One request per controller loader of the plugin whose popup is a sheet now (a sheet, or a
    /// popover on this phone-sized scene), each shown with the first view loader and handler that
    /// fit (whatever the factory order), and why each controller loader that configures a sheet or
    /// popover for empty data did not present one. Skips when no controller loader does either.
    static func sheetRequests(
        _ run: PopupRun, file: String
    ) throws(TestIssue) -> (
        sheets: [(String, PopupRequest)], unshown: [String]
    ) {
        var sheets: [(String, PopupRequest)] = [], unshown: [String] = []
        var declaring = 0
        let file = file.split(separator: "/").last.map(String.init) ?? file
        for controller in run.plugin.ids(of: .controllerLoader) {
            let base = run.pairs.firstFittingPair
            let request = PopupRequest(handler: base.handler, viewLoader: base.viewLoader, controllerLoader: controller)
            let id = run.show(request, within: 5, as: "showing a popup of \(controller)")
            _ = run.plugin.watchdog.within("presenting a popup of \(controller)", seconds: 5) {
                run.chef.runUntilIdle(limit: .seconds(120))
            }
            let isSheet = run.engine.sheets.selectedDetent(of: id) != nil
            run.finish(id)
            if isSheet {
                sheets.append((controller, request))
                continue
            }
            let configured: Result<Presentation, ComponentFailure> = run.plugin.watchdog.within("configure of \(controller)") {
                Result { () throws(ComponentFailure) in
                    let made = try run.source.makeControllerLoader(controller, context: .detached())
                    defer { made.destroy() }
                    return try made.configure(data: RequestData(.null))
                }
            }
            let declared: String
            var why = run.problems.filter { $0.request == id }.map(\.detail)
            switch configured {
            case .success(let presentation) where presentation.style == .sheet: declared = "a sheet"
            case .success(let presentation) where presentation.style == .popover: declared = "a popover"
            case .failure(let failure)
            where failure.description.contains("sheet configuration") || failure.description.contains("\"\(POP_EXT_SHEET)\""):
                declared = "a sheet"
                why = [failure.description]
            default: continue
            }
            declaring += 1
            unshown.append(
                "\(file): controller loader \(controller) configures \(declared) for empty data, but \(PopupRun.describe(request)) did not present one"
                    + (why.isEmpty ? "" : ": " + why.joined(separator: "; "))
                    + "; fix that so that its detents and callbacks can be checked")
        }
        if sheets.isEmpty && declaring == 0 { throw .skipped("no controller loader of the plugin presents a sheet") }
        return (sheets, unshown)
    }

    /// "small 120, large 787".
    private static func describe(_ detents: [ResolvedDetent]) -> String {
        detents.map { "\($0.id) \($0.height)" }.joined(separator: ", ")
    }

    /// A finger from `from` to `to` (x in the middle) over 160 ms, then lifted.
    private static func drag(_ run: PopupRun, from: Double, to: Double) {
        let x = run.engine.scene.width / 2
        run.stage.pointerDown(at: Point(x: x, y: from))
        for step in 1...10 {
            run.chef.advance(by: .milliseconds(16))
            run.stage.pointerMoved(to: Point(x: x, y: from + (to - from) * Double(step) / 10))
        }
        run.stage.pointerUp(at: Point(x: x, y: to))
        _ = run.chef.runUntilIdle(limit: .seconds(120))
    }
}
