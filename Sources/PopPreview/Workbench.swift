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
    /// Where the Record button saves scenarios (the played scenario's directory, or the plugin
    /// project's `scenarios/`); nil: nowhere was given.
    private let recordings: String?
    private var player: ScenarioPlayer
    private var screen = ScreenPreset.scenario
    /// What happened since the last `takeNews()`, for the page's live channel.
    private var news: [LiveMessage] = []
    /// The last test report of each plugin file tested from the page, whose failed snapshots the
    /// page draws (`snapshotSVG`).
    private var reports: [String: HarnessReport] = [:]

    /// Starts the plugins of `discovery` in plugin hosts with `isolation`, and `scenario` on them
    /// at time zero; the page's test runs use `harness` (its child command is `pophost-test-child`);
    /// recorded scenarios are saved in `recordings`.
    public init(
        scenario: Scenario, discovery: PluginRegistry.Discovery, isolation: IsolationOptions, harness: HarnessOptions,
        recordings: String? = nil
    ) throws(PreviewError) {
        entries = discovery.entries
        self.harness = harness
        self.recordings = recordings
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

    /// Starts recording: the run goes back to its start, the input given so far forgotten, so that
    /// what the person does from now on is all the recording holds.
    public func startRecording() throws(PreviewError) -> String {
        try locked { () throws(PreviewError) in
            player.host.restart()
            return try encode(player.state(screen: screen))
        }
    }

    /// Saves what the person did since the run began as the scenario `name`.json in the recordings
    /// directory (`replace`: over a file of that name); answers with its path and text.
    public func saveRecording(name: String, replace: Bool) throws(PreviewError) -> String {
        guard let recordings else {
            throw PreviewError(
                status: 409,
                "nowhere to save recordings: name a scenario file, give --plugins of a project with scenarios/, or --record-to DIR")
        }
        guard Self.isRecordingName(name) else {
            throw PreviewError("a recording's name is 1 to 100 letters, digits, '-', '_' or '.', not starting with '.': \"\(name)\" is not")
        }
        let path = recordings + "/" + (name.hasSuffix(".json") ? name : name + ".json")
        if !replace && FileManager.default.fileExists(atPath: path) {
            throw PreviewError(status: 409, "\(path) exists: choose another name, or replace it")
        }
        let text = try locked { () throws(PreviewError) in
            do {
                return try player.host.recordedScenario(
                    name: name.hasSuffix(".json") ? String(name.dropLast(5)) : name,
                    description: "Recorded in pophost preview from \(scenario.name ?? scenario.file ?? "a scenario").",
                    directory: recordings)
            } catch {
                throw PreviewError(status: 500, "cannot record: \(error)")
            }
        }
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw PreviewError(status: 500, "cannot write \(path): \(error.localizedDescription)")
        }
        return Value.object(["path": .string(path), "scenario": .string(text)]).json
    }

    private static func isRecordingName(_ name: String) -> Bool {
        (1...100).contains(name.count) && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy {
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "-_.".unicodeScalars.contains($0)
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
