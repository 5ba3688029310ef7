import HostRuntime

/// The JSON shapes of composition contracts: `contracts` in `inspect --json` and the pairs of
/// `check --json` (docs/json.md lists the keys). Data is given as its
/// JSON text ("null", "{}"), errors as `{category, message}` like a plugin's error in `list --json`.
enum ContractReport {
    /// `inspect --json`'s `contracts`.
    struct Plugin: Encodable {
        let data: [String]
        let handlers: [Handler]
        let viewLoaders: [ViewLoader]
        let extensions: [Extensions]

        enum CodingKeys: String, CodingKey {
            case data, handlers, viewLoaders = "view_loaders", extensions
        }

        /// `accessibility`: each build also says what a screen reader reads (`--accessibility`).
        init(_ contracts: PluginContracts, accessibility: Bool = false) {
            data = contracts.data.map(\.json)
            handlers = contracts.handlers.map(Handler.init)
            viewLoaders = contracts.viewLoaders.map { ViewLoader($0, accessibility: accessibility) }
            extensions = contracts.extensions.keys.sorted().map { Extensions(id: $0, offered: contracts.extensions[$0]!) }
        }
    }

    /// The component extensions one handler or controller loader offers, or why they cannot be read.
    struct Extensions: Encodable {
        let id: String
        let offered: [String]?
        let error: PluginReport.Problem?

        init(id: String, offered: Result<[String], ComponentFailure>) {
            self.id = id
            self.offered = try? offered.get()
            error = problem(offered)
        }
    }

    struct Handler: Encodable {
        let id: String
        let actions: [Action]?
        let error: PluginReport.Problem?

        init(_ handler: PluginContracts.Handler) {
            id = handler.id
            actions = (try? handler.contract.get())?.sortedActions.map(Action.init)
            error = problem(handler.contract)
        }
    }

    struct Action: Encodable {
        let name: String
        let signature: String
        let fields: [String]

        init(_ declaration: ActionDeclaration) {
            name = declaration.name
            signature = declaration.signature
            fields = declaration.fields
        }
    }

    struct ViewLoader: Encodable {
        let id: String
        let builds: [Build]?
        let error: PluginReport.Problem?

        init(_ view: PluginContracts.ViewLoader, accessibility: Bool) {
            id = view.id
            builds = (try? view.builds.get())?.map { Build($0, accessibility: accessibility) }
            error = problem(view.builds)
        }
    }

    /// One build: what the content offers a handler, or why there is none.
    struct Build: Encodable {
        let data: String
        let textFields: [String]?
        let buttonActions: [String]?
        /// What a screen reader reads, in reading order (only with `--accessibility`).
        let accessibility: [ReadElement]?
        let error: PluginReport.Problem?

        enum CodingKeys: String, CodingKey {
            case data, textFields = "text_fields", buttonActions = "button_actions", accessibility, error
        }

        init(_ build: ViewBuild, accessibility: Bool) {
            data = build.data.json
            let content = try? build.content.get()
            textFields = content.map { unique($0.textFieldIDs) }
            buttonActions = content.map { unique($0.actionNames) }
            self.accessibility = accessibility ? content.map { $0.readableElements.map(ReadElement.init) } : nil
            error = problem(build.content)
        }
    }

    /// One element a screen reader reads of a build: its role, label, value and states, and its node's
    /// path in the content (child indices, as frame ids write them).
    struct ReadElement: Encodable {
        let role: String
        let label: String
        let value: String?
        let traits: [String]?
        let path: [Int]

        init(_ element: (path: [Int], description: AccessibilityDescription)) {
            role = element.description.role.rawValue
            label = element.description.label
            value = element.description.value
            traits = element.description.traits.isEmpty ? nil : element.description.traits.names
            path = element.path
        }
    }

    /// `check --json`.
    struct Check: Encodable {
        let data: String
        let reformer: String?
        let fits: Bool
        let pairs: [Pair]
    }

    struct Pair: Encodable {
        let handler: String
        let viewLoader: String
        let fits: Bool
        let mismatches: [Mismatch]
        let error: PluginReport.Problem?

        enum CodingKeys: String, CodingKey {
            case handler, viewLoader = "view_loader", fits, mismatches, error
        }

        init(_ check: PairCheck) {
            handler = check.handler
            viewLoader = check.viewLoader
            fits = check.fits
            mismatches = check.mismatches.map(Mismatch.init)
            error = check.failure.map { PluginReport.Problem(category: $0.category.rawValue, message: $0.description) }
        }
    }

    struct Mismatch: Encodable {
        let kind: String
        let action: String
        let field: String?
        let suggestion: String?
        let message: String

        init(_ mismatch: ContractMismatch) {
            kind = mismatch.kind.rawValue
            action = mismatch.action
            field = mismatch.field
            suggestion = mismatch.suggestion
            message = mismatch.message
        }
    }
}

/// The failure of `result` as JSON, nil when it succeeded.
private func problem<T>(_ result: Result<T, ComponentFailure>) -> PluginReport.Problem? {
    guard case .failure(let failure) = result else { return nil }
    return PluginReport.Problem(category: failure.category.rawValue, message: failure.description)
}

/// `names` without repeats, in order: a content with two buttons naming one action offers it once.
func unique(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
}
