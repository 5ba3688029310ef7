import PopChef
import PopModel

/// What components produce for the host: a view loader's content and a reformer's data.
enum OutputChecks {
    static let all = [contentLimits, reformerOutput]

    static let contentLimits = ConformanceTest(
        "component.content-limits", level: 1,
        "each view loader's content, for empty and random data, is valid: balanced, within the node and depth limits, finite non-negative sizes"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        let views = plugin.ids(of: .viewLoader)
        guard !views.isEmpty else { throw .skipped("the plugin has no view loader") }
        let source = plugin.source()
        let inputs: [Value] = [.null, .object(Value.Object())] + (0..<context.repetitions(10)).map { _ in context.random.value() }
        var problems: [String] = []
        for id in views {
            var built = 0
            for data in inputs {
                let view: ViewLoaderComponent
                do throws(ComponentFailure) { view = try source.makeViewLoader(id, context: .detached()) } catch {
                    throw .failed(error.description)
                }
                let result = context.watchdog.within("build of \(id)") {
                    Result { () throws(ComponentFailure) in try view.build(data: RequestData(data)) }
                }
                view.destroy()
                switch result {
                case .success: built += 1
                case .failure(let failure) where failure.category == .declined: break
                case .failure(let failure): problems.append("\(id), data \(Self.abbreviate(data)): \(failure)")
                }
                if problems.count > 5 { break }
            }
            if built == 0 { context.warn("\(id) built no content for empty or random data (it returned false every time)") }
        }
        try TestIssue.check(problems)
    }

    static let reformerOutput = ConformanceTest(
        "component.reformer-output", level: 3,
        "each reformer, for empty and random data, writes valid values (or returns false)"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        let reformers = plugin.ids(of: .reformer)
        guard !reformers.isEmpty else { throw .skipped("the plugin has no reformer") }
        let source = plugin.source()
        let inputs: [Value] = [.null, .object(Value.Object())] + (0..<context.repetitions(10)).map { _ in context.random.value() }
        var problems: [String] = []
        for id in reformers {
            for data in inputs {
                let reformer: ReformerComponent
                do throws(ComponentFailure) { reformer = try source.makeReformer(id, context: .detached()) } catch {
                    throw .failed(error.description)
                }
                let result = context.watchdog.within("reform of \(id)") {
                    Result { () throws(ComponentFailure) in try reformer.reform(data: RequestData(data)) }
                }
                reformer.destroy()
                if case .failure(let failure) = result, failure.category != .declined {
                    problems.append("\(id), data \(Self.abbreviate(data)): \(failure)")
                }
                if problems.count > 5 { break }
            }
        }
        try TestIssue.check(problems)
    }

    /// The data as JSON, cut short for a message.
    static func abbreviate(_ data: Value) -> String {
        let json = data.json
        return json.count <= 80 ? json : String(json.prefix(77)) + "…"
    }
}
