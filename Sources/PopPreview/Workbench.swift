import Foundation
import PopChef
import PopHarness
import PopInteractive
import PopIsolation
import PopLoader
import PopModel
import PopScenario

/// Everything the page works on, in one place, one request at a time: the plugins found on the
/// search path (each in a plugin host process of its own, so a crash is an error on the page, not
/// the server's end), the gallery over them, the scenario player, and the live reload of rebuilt
/// plugin files. Every route of `PreviewServer` calls one method; a lock serializes them, since the
/// runtime's objects belong to one caller at a time.
public final class Workbench: @unchecked Sendable {
    private let lock = NSLock()
    private let entries: [RegistryEntry]
    private let harness: HarnessOptions
    private let reload: HotReload
    private let scenario: Scenario
    private var player: ScenarioPlayer
    private var screen = ScreenPreset.scenario
    /// What happened since the last `takeNews()`, for the page's live channel.
    private var news: [LiveMessage] = []
    /// The last test report of each plugin file tested from the page, whose failed snapshots the
    /// page draws (`snapshotSVG`).
    private var reports: [String: HarnessReport] = [:]

    /// Starts the plugins of `discovery` in plugin hosts with `isolation`, and `scenario` on them
    /// at time zero; the page's test runs use `harness` (its child command is `pophost-test-child`).
    public init(
        scenario: Scenario, discovery: PluginRegistry.Discovery, isolation: IsolationOptions, harness: HarnessOptions
    ) throws(PreviewError) {
        entries = discovery.entries
        self.harness = harness
        let source = IsolatedComponents(discovery: discovery, options: isolation)
        do {
            reload = try HotReload(source: source)
        } catch {
            throw PreviewError(status: 500, "\(error)")
        }
        self.scenario = scenario
        player = ScenarioPlayer(scenario: scenario, catalog: Self.catalog(over: source), reload: reload)
        watch(source)
        listen(to: player)
    }

    private func listen(to player: ScenarioPlayer) {
        player.host.onReload = { [weak self] outcome, message in self?.heard(outcome, message: message) }
    }

    private static func catalog(over source: IsolatedComponents) -> ComponentCatalog {
        let catalog = ComponentCatalog()
        catalog.add(source)
        return catalog
    }

    private func watch(_ source: IsolatedComponents) {
        source.onEvent = { [weak self] event in self?.news.append(.pluginEvent(event.message)) }
    }

    private func heard(_ outcome: HotReload.Outcome, message: String) {
        switch outcome {
        case .unchanged:
            return
        case .failed:
            news.append(.reloadFailed(message))
        case .reloaded(let files):
            news.append(.reloaded(files: files, message: message, timeMS: Int64(player.now.milliseconds.rounded())))
        }
    }

    private func locked<T>(_ body: () throws(PreviewError) -> T) throws(PreviewError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The gallery's data as JSON, each view loader built for its first declared sample, else for
    /// `sampleData`.
    public func galleryJSON(sampleData: Value) throws(PreviewError) -> String {
        try locked { () throws(PreviewError) in
            try encode(GalleryReport(entries: entries, catalog: Self.catalog(over: reload.source), sampleData: sampleData))
        }
    }

    /// A gallery picture: view loader `viewLoader` with theme `theme` for `data` under `traits`, as SVG.
    public func componentSVG(
        viewLoader: String, theme: String, data: Value, traits: DisplayTraits = DisplayTraits()
    ) throws(PreviewError) -> String {
        try locked { () throws(PreviewError) in
            let catalog = Self.catalog(over: reload.source)
            guard catalog.kind(of: viewLoader) == .viewLoader else {
                throw PreviewError(status: 404, "no view loader with id \"\(viewLoader)\"")
            }
            return try ComponentPreview.svg(viewLoader: viewLoader, theme: theme, data: data, traits: traits, catalog: catalog)
        }
    }

    /// The player's frame at `milliseconds` of virtual time.
    public func frame(atMilliseconds milliseconds: Int64, as format: FrameFormat) throws(PreviewError) -> String {
        guard (0...3_600_000).contains(milliseconds) else {
            throw PreviewError("the time must be from 0 to 3600000 ms, not \(milliseconds)")
        }
        return try locked { () throws(PreviewError) in
            player.seek(to: .milliseconds(milliseconds))
            return player.frame(as: format)
        }
    }

    /// The player's trace so far, as a JSON array.
    public func traceJSON() throws(PreviewError) -> String {
        try locked { () throws(PreviewError) in player.traceJSON() }
    }

    /// The player's state (time, end, screen, status, problems) as JSON.
    public func stateJSON() throws(PreviewError) -> String {
        try locked { () throws(PreviewError) in try encode(player.state(screen: screen)) }
    }

    /// Applies one input message (`PlayerInput`) at the current instant; answers with the actions it
    /// ran and the player's state.
    public func input(_ message: Value) throws(PreviewError) -> String {
        let input = try PlayerInput(message: message)
        return try locked { () throws(PreviewError) in
            let ran = player.apply(input)
            return try encode(InputOutcome(ran: ran, state: player.state(screen: screen)))
        }
    }

    /// Plays the scenario on another screen (`ScreenPreset`), from the start up to the current
    /// instant (the input given so far is not carried over: it was aimed at the other screen).
    public func useScreen(named name: String) throws(PreviewError) -> String {
        guard let preset = ScreenPreset(rawValue: name) else {
            throw PreviewError(
                status: 404, "no screen \"\(name)\" (\(ScreenPreset.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return try locked { () throws(PreviewError) in
            var scenario = scenario
            scenario.screen = preset.screen(given: scenario.screen)
            let now = player.now
            player = ScenarioPlayer(scenario: scenario, catalog: Self.catalog(over: reload.source), reload: reload)
            listen(to: player)
            screen = preset
            player.seek(to: now)
            return try encode(player.state(screen: screen))
        }
    }

    /// `pophost test` on the plugin file `path`, one of those found on the search path (no other
    /// file is run): its report (`HarnessReport`) as JSON. Each test runs in a child process, so a
    /// test that crashes is a result, and the run does not hold the player.
    public func testReport(plugin path: String) throws(PreviewError) -> String {
        try requireGalleryPlugin(path)
        let report = HarnessRunner(options: harness).run(plugins: [path])
        try locked { () throws(PreviewError) in reports[path] = report }
        return try encode(report)
    }

    /// The accessibility audit of the plugin file `path`, one of the gallery's: `pophost test`'s
    /// `a11y.*` tests alone, which the gallery shows beside each view loader's pictures; the report
    /// (`HarnessReport`) as JSON.
    public func auditReport(plugin path: String) throws(PreviewError) -> String {
        try requireGalleryPlugin(path)
        var options = harness
        options.only = [Self.auditTests]
        return try encode(HarnessRunner(options: options).run(plugins: [path]))
    }

    /// The harness's group of accessibility tests.
    private static let auditTests = "a11y"

    /// A picture of the failed snapshot of test `test` (`scenario.NAME`) in the last report of the
    /// plugin file `path`, as SVG.
    public func snapshotSVG(plugin path: String, test: String, picture: SnapshotPicture) throws(PreviewError) -> String {
        let difference = try locked { () throws(PreviewError) in
            guard let report = reports[path] else { throw PreviewError(status: 404, "\(path) has not been tested from this page") }
            guard let result = report.plugins.first?.results.first(where: { $0.name == test }), let difference = result.snapshot else {
                throw PreviewError(status: 404, "no failed snapshot of \(test) in the last test of \(path)")
            }
            return difference
        }
        return try picture.svg(of: difference)
    }

    /// Records anew the snapshot of the scenario named `scenario` of the plugin file `path`, one of
    /// the gallery's (`HarnessRunner.recordSnapshot`): only that scenario's snapshot file is
    /// written, the name choosing among the plugin's scenario files. Answers with the recording
    /// run's report.
    public func acceptSnapshot(plugin path: String, scenario: String) throws(PreviewError) -> String {
        try requireGalleryPlugin(path)
        guard let report = HarnessRunner(options: harness).recordSnapshot(plugin: path, scenario: scenario) else {
            throw PreviewError(status: 404, "\(path) has no scenario named \"\(scenario)\"")
        }
        return try encode(report)
    }

    private func requireGalleryPlugin(_ path: String) throws(PreviewError) {
        guard entries.contains(where: { $0.file.path == path }) else {
            throw PreviewError(status: 404, "no plugin file \(path) on the search path")
        }
    }

    private struct InputOutcome: Encodable {
        let ran: [String]
        let state: ScenarioPlayer.State
    }

    /// Looks for rebuilt plugin files (reloading them in place, at the current instant) and returns
    /// what happened since the last call: the live channel's messages.
    public func takeNews() -> [LiveMessage] {
        lock.lock()
        defer { lock.unlock() }
        player.seek(to: player.now)
        defer { news = [] }
        return news
    }

    private func encode(_ value: some Encodable) throws(PreviewError) -> String {
        do { return try ValueEncoder().encode(value).json } catch { throw PreviewError(status: 500, "cannot encode the answer: \(error)") }
    }
}
