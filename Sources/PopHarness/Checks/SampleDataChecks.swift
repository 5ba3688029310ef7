import PopBridge
import PopChef
import PopLoader
import PopModel

/// The sample data a plugin declares ("pop.factory.sample-data/1", ext/sample_data.h) is what its
/// components are shown with in a gallery, so each sample must work with its own component.
enum SampleDataChecks {
    static let all = [samplesWork]

    static let samplesWork = ConformanceTest(
        "component.sample-data", level: 2,
        "declared sample data is well-formed, and every sample works with its component: a view loader builds it, a controller loader configures it, a reformer reforms it, a handler adjusts its options for it"
    ) { context throws(TestIssue) in
        let plugin = try context.loadedPlugin()
        let declaring = plugin.components.filter { $0.descriptor.sampleData != nil }
        guard !declaring.isEmpty else { throw .skipped("no component of the plugin declares sample data") }
        let source = plugin.source()
        var problems: [String] = []
        for component in declaring {
            let id = component.descriptor.id
            let samples: [SampleData]
            switch component.descriptor.parsedSamples {
            case .success(let parsed): samples = parsed
            case .failure(let problem):
                problems.append("the sample data of \(id) \(problem.message)")
                continue
            }
            for sample in samples {
                let what = "\(id), sample \"\(sample.name)\""
                let failure: ComponentFailure? = plugin.watchdog.within("\(what) with its component") {
                    do throws(ComponentFailure) {
                        try use(sample.data, with: component.kind, id, from: source)
                        return nil
                    } catch {
                        return error
                    }
                }
                // A table with a too-small struct_size is library.struct-sizes' to report.
                if let failure, !failure.description.contains("has struct_size") { problems.append("\(what): \(failure.description)") }
            }
        }
        try TestIssue.check(problems)
    }

    /// Makes an instance of component `id` and uses it with `data` as a request would.
    private static func use(_ data: Value, with kind: ComponentKind, _ id: String, from source: PluginComponents) throws(ComponentFailure) {
        let context = ComponentContext.detached()
        let requestData = RequestData(data)
        switch kind {
        case .viewLoader:
            let view = try source.makeViewLoader(id, context: context)
            defer { view.destroy() }
            _ = try view.build(data: requestData)
        case .controllerLoader:
            let controller = try source.makeControllerLoader(id, context: context)
            defer { controller.destroy() }
            _ = try controller.configure(data: requestData)
        case .reformer:
            let reformer = try source.makeReformer(id, context: context)
            defer { reformer.destroy() }
            _ = try reformer.reform(data: requestData)
        case .handler:
            let handler = try source.makeHandler(id, context: context)
            defer { handler.destroy() }
            var options = RequestOptions()
            handler.adjust(&options, data: requestData)
        }
    }
}
