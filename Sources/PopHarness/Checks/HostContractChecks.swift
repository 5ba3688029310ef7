import PluginABI
import PopChef
import PopLoader

/// The plugin's side of its contract with the host: what it may expect of the host table, which
/// thread it calls from, what it leaves alone, and the strings it hands over.
enum HostContractChecks {
    static let all = [extensionsWithheld, threadContract, hostDataUntouched, utf8Strings]

    static let extensionsWithheld = ConformanceTest(
        "component.host-extensions-withheld", level: 5,
        "the plugin works when the host withholds its extensions (all of them, then random subsets from the seed)"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        let rounds =
            [ExtensionIDs.host]
            + (0..<max(1, context.strictness / 2)).map { _ in
                ExtensionIDs.host.filter { _ in context.random.chance(0.5) }
            }
        var problems: [String] = []
        for withheld in rounds {
            HostExtensions.withheld = Set(withheld)
            defer { HostExtensions.withheld = [] }
            let what = withheld.isEmpty ? "no extension withheld" : "without \(withheld.joined(separator: ", "))"
            let run = PopupRun(plugin: plugin)
            run.playEveryComponent()
            problems += run.problems.filter(\.isOwnViolation).map { "\(what): \($0.detail)" }
        }
        try TestIssue.check(problems)
    }

    static let threadContract = ConformanceTest(
        "component.thread-contract", level: 5,
        "init starts no threads, and main-thread host functions (the content builder, value writers) are called on the calling thread"
    ) { context throws(TestIssue) in
        context.watchdog.start()
        let loaded: LoadedPlugin
        do throws(PluginError) { loaded = try PluginLoader.load(path: context.pluginPath) } catch {
            throw .skipped("the plugin does not load (\(error.category.rawValue)); see library.loads")
        }
        let before = ProcessThreads.current()
        do throws(PluginError) { try context.watchdog.within("init") { () throws(PluginError) in try loaded.initialize() } } catch {
            throw .skipped("init returned false; see library.init-idempotent")
        }
        let started = ProcessThreads.current().subtracting(before)
        context.watchdog.within("deinit") { loaded.deinitialize() }
        var problems: [String] = []
        if !started.isEmpty {
            problems.append(
                "init started \(started.count) thread\(started.count == 1 ? "" : "s") (a plugin starts no threads the host does not know of; start work lazily, from the main thread)"
            )
        }
        let plugin = try context.loadedPlugin()
        let run = PopupRun(plugin: plugin)
        run.playEveryComponent()
        problems += run.problems.filter { $0.detail.contains("another thread") }.map(\.detail)
        try TestIssue.check(problems)
    }

    static let hostDataUntouched = ConformanceTest(
        "component.host-data-untouched", level: 2,
        "the plugin never writes the host table's host_data (checked after init, every create, a popup's life and deinit)"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        let host = plugin.host
        func check(_ moment: String) throws(TestIssue) {
            if !host.isIntact { throw .failed("host_data changed \(moment) (it is reserved for the host: never read, write or free it)") }
        }
        try check("before the test (while reading the descriptors)")
        try plugin.initialized { () throws(TestIssue) in
            try check("in init")
            for component in plugin.components {
                plugin.destroy(try plugin.create(component.kind, component.descriptor.id))
                try check("in create or destroy of \(component.descriptor.id)")
            }
            let run = PopupRun(plugin: plugin)
            run.playEveryComponent()
            try check("while popups were shown and dismissed")
        }
        try check("in deinit")
    }

    static let utf8Strings = ConformanceTest(
        "component.utf8-strings", level: 3,
        "descriptors, action names and signatures, content text and log messages are valid UTF-8"
    ) { context throws(TestIssue) in
        let loaded: LoadedPlugin
        do throws(PluginError) { loaded = try PluginLoader.load(path: context.pluginPath) } catch {
            if error.cause.contains("UTF-8") { throw .failed(error.cause) }
            throw .skipped("the plugin does not load (\(error.category.rawValue)); see library.loads")
        }
        do throws(PluginError) {
            _ = try context.watchdog.within("init and reading the descriptors") { () throws(PluginError) in try loaded.describe() }
        } catch {
            if error.cause.contains("UTF-8") { throw .failed(error.cause) }
            throw .skipped("the plugin's components cannot be read; see component.descriptor-fields")
        }
        let plugin = try context.loadedPlugin()
        var problems: [String] = []
        let run = PopupRun(plugin: plugin)
        for id in plugin.ids(of: .handler) {
            do throws(ComponentFailure) { try run.source.makeHandler(id, context: .detached()).destroy() } catch
                where error.description.contains("UTF-8")
            {
                problems.append(error.description)
            } catch {}
        }
        run.playEveryComponent()
        problems += run.problems.filter { $0.detail.contains("UTF-8") }.map(\.detail)
        let invalidLogs = plugin.host.invalidLogMessages.load(ordering: .relaxed)
        if invalidLogs > 0 { problems.append("\(invalidLogs) log message\(invalidLogs == 1 ? " was" : "s were") not valid UTF-8") }
        try TestIssue.check(problems)
    }
}
