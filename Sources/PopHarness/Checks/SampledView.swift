import PopChef

/// A view loader of the plugin as the content checks show it (`component.traits`, the `a11y.*`
/// audits): composed with the first handler that fits it and its first declared sample (else null
/// data), named in findings by its id and the sample.
struct SampledView {
    let request: PopupRequest
    /// `com.example.view`, or `com.example.view (sample "Order A-1001")`.
    let name: String

    /// One per view loader a handler fits, in the plugin's order (those none fits are
    /// component.composition's to report); skipped when the plugin has no view loader.
    static func all(of plugin: PluginUnderTest) throws(TestIssue) -> [SampledView] {
        let views = plugin.ids(of: .viewLoader)
        guard !views.isEmpty else { throw .skipped("the plugin has no view loader") }
        let pairs = PopupRun(plugin: plugin).pairs
        return views.compactMap { view in
            guard let handler = pairs.handlers(for: view).first else { return nil }
            let sample = plugin.components.first { $0.descriptor.id == view }.flatMap { try? $0.descriptor.parsedSamples.get().first }
            return SampledView(
                request: PopupRequest(handler: handler, viewLoader: view, data: sample?.data ?? .null),
                name: sample.map { "\(view) (sample \"\($0.name)\")" } ?? view)
        }
    }
}
