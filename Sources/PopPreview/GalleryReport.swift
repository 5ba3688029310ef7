import PopChef
import PopLoader
import PopModel

/// The gallery's data: every plugin file found on the search path with its components; each
/// handler's actions with their signatures and its declared samples; each view loader's declared
/// samples, the data it is shown with (its first sample's, else the page's default data), its text
/// fields and buttons for that data, and every handler it does not fit with it (the contract check
/// of `pophost check`); the themes each view loader is drawn with. Components are read through the catalog the page plays
/// with, so an isolated plugin that crashes is a component's error here, not the server's end.
public struct GalleryReport: Encodable {
    struct Plugin: Encodable {
        let path: String
        let pluginID: String?
        let name: String?
        let status: String
        let problem: String?
        let components: [Component]

        enum CodingKeys: String, CodingKey {
            case path, pluginID = "plugin_id", name, status, problem, components
        }
    }

    struct Component: Encodable {
        let kind: String
        let id: String
        let name: String
        let description: String
    }

    struct Handler: Encodable {
        let id: String
        let actions: [ActionDeclaration]
        let error: String?
        /// The data it declares to be shown with, the default first.
        let samples: [SampleData]
    }

    struct ViewLoader: Encodable {
        let id: String
        /// The data it declares to be shown with, the default first.
        let samples: [SampleData]
        /// The data the fields, buttons and mismatches are for.
        let data: Value
        let fields: [String]
        let buttons: [String]
        let error: String?
        /// Handlers this view loader does not fit, each with its mismatches.
        let mismatches: [Mismatch]
    }

    struct Mismatch: Encodable {
        let handler: String
        let messages: [String]
    }

    let plugins: [Plugin]
    let handlers: [Handler]
    let viewLoaders: [ViewLoader]
    let themes: [String]
    let sampleData: Value

    enum CodingKeys: String, CodingKey {
        case plugins, handlers, viewLoaders = "view_loaders", themes, sampleData = "sample_data"
    }

    /// Reads `entries` (a discovery's) and the components of `catalog`, each view loader built for
    /// its first declared sample, else for `sampleData`.
    public init(entries: [RegistryEntry], catalog: ComponentCatalog, sampleData: Value) {
        var declared: [String: [SampleData]] = [:]
        for component in entries.flatMap({ $0.info?.components ?? [] }) where declared[component.descriptor.id] == nil {
            declared[component.descriptor.id] = component.descriptor.samples
        }
        plugins = entries.map { entry in
            Plugin(
                path: entry.file.path, pluginID: entry.pluginID, name: entry.info?.plugin.name, status: entry.status.rawValue,
                problem: entry.problem.map { "\($0)" },
                components: (entry.info?.components ?? []).map { component in
                    Component(
                        kind: component.kind.rawValue, id: component.descriptor.id, name: component.descriptor.name,
                        description: component.descriptor.description)
                })
        }
        let inspector = ContractInspector(catalog: catalog)
        let handlerIDs = catalog.componentIDs(of: .handler)
        handlers = handlerIDs.map { id in
            let samples = declared[id] ?? []
            do {
                return Handler(id: id, actions: try inspector.contract(ofHandler: id).sortedActions, error: nil, samples: samples)
            } catch {
                return Handler(id: id, actions: [], error: "\(error)", samples: samples)
            }
        }
        viewLoaders = catalog.componentIDs(of: .viewLoader).map { id in
            let samples = declared[id] ?? []
            let data = samples.first?.data ?? sampleData
            func failed(_ error: String) -> ViewLoader {
                ViewLoader(id: id, samples: samples, data: data, fields: [], buttons: [], error: error, mismatches: [])
            }
            let content: ContentNode
            do {
                guard let build = try inspector.builds(ofViewLoader: id, for: [data]).first else { return failed("built nothing") }
                content = try build.content.get()
            } catch {
                return failed("\(error)")
            }
            let checks = (try? inspector.check(handlers: handlerIDs, viewLoaders: [id], data: data)) ?? []
            let mismatches = checks.filter { !$0.fits }.map { check in
                Mismatch(handler: check.handler, messages: check.failure.map { ["\($0)"] } ?? check.mismatches.map(\.message))
            }
            return ViewLoader(
                id: id, samples: samples, data: data, fields: content.textFieldIDs, buttons: content.actionNames, error: nil,
                mismatches: mismatches)
        }
        themes = Presentation.named.keys.sorted()
        self.sampleData = sampleData
    }
}
