import HostRuntime

/// The "Composition" section of `pophost inspect`: each handler's actions with their signatures,
/// then each view loader's text fields and button actions for each data it was built for.
struct ContractText {
    let contracts: PluginContracts
    let style: Style
    /// Also say what a screen reader reads of each build (`--accessibility`).
    var accessibility = false

    func render() -> String {
        let labels = contracts.data.map(\.json)
        // A view loader's own sample data is built for too, after the data every one gets.
        let samples = contracts.viewLoaders.contains { (try? $0.builds.get().count).map { $0 > labels.count } ?? false }
        let built = labels.joined(separator: ", ") + (samples ? ", and each one's own sample data" : "")
        var out = style.bold("Composition") + style.dim(" (view loaders built for \(built))") + "\n"
        for handler in contracts.handlers {
            out += "  " + style.bold("handler") + " " + handler.id + "\n"
            switch handler.contract {
            case .success(let contract):
                let actions = contract.sortedActions
                let width = actions.map(\.name.count).max() ?? 0
                for action in actions { out += "    " + pad(action.name, width) + "  " + action.signature + "\n" }
                if actions.isEmpty { out += "    " + style.dim("(declares no actions)") + "\n" }
            case .failure(let failure):
                out += "    " + style.red("cannot be made (\(failure.category.rawValue))") + ": \(failure)\n"
            }
        }
        let width = labels.map(\.count).max() ?? 0
        for view in contracts.viewLoaders {
            out += "  " + style.bold("view-loader") + " " + view.id + "\n"
            switch view.builds {
            case .success(let builds):
                for build in builds {
                    out += "    " + pad(build.data.json, width) + "  " + describe(build.content) + "\n"
                    if accessibility, case .success(let content) = build.content {
                        out += "    " + pad("", width) + "  " + style.dim("reads: ") + Self.reading(content) + "\n"
                    }
                }
            case .failure(let failure):
                out += "    " + style.red("cannot be made (\(failure.category.rawValue))") + ": \(failure)\n"
            }
        }
        return out
    }

    /// "text fields: password  buttons: cancel, confirm", or why the build failed.
    private func describe(_ content: Result<ContentNode, ComponentFailure>) -> String {
        switch content {
        case .success(let content):
            let fields = unique(content.textFieldIDs), actions = unique(content.actionNames)
            return style.dim("text fields: ") + (fields.isEmpty ? style.dim("—") : fields.joined(separator: ", "))
                + style.dim("  buttons: ") + (actions.isEmpty ? style.dim("—") : actions.joined(separator: ", "))
        case .failure(let failure):
            return style.red("fails (\(failure.category.rawValue))") + ": \(failure)"
        }
    }

    /// `header "Confirm payment", text-field "Password", button "Confirm"`: each element in reading order.
    static func reading(_ content: ContentNode) -> String {
        let elements = content.readableElements.map { "\($0.description.role.rawValue) \(Value.string($0.description.label).json)" }
        return elements.isEmpty ? "nothing" : elements.joined(separator: ", ")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
