import PopModel

/// What a handler asks of the content it is paired with: every button must name one of its
/// declared actions or a host action (`HostAction.all`), and every text field its actions read
/// (`field.ID` in a signature) must be in the content. The one implementation of that rule: the
/// chef checks each request's content with it before showing, the harness pairs components with
/// it, and `pophost inspect` / `pophost check` show it before anything runs.
public struct CompositionContract: Hashable, Sendable {
    /// The handler's id, for messages.
    public let handlerID: String
    /// Its declared actions, by name.
    public let actions: [String: ActionDeclaration]

    public init(handlerID: String, actions: [String: ActionDeclaration]) {
        self.handlerID = handlerID
        self.actions = actions
    }

    /// The contract of a live handler instance (its `actions` are read once).
    public init(handler: any HandlerComponent) {
        self.init(handlerID: handler.id, actions: handler.actions)
    }

    /// The built-in default handler's: it declares no actions, so it fits exactly the content whose
    /// buttons name only host actions.
    public static let builtIn = CompositionContract(handler: BuiltinHandler.shared)

    /// The declared actions, sorted by name (for listings).
    public var sortedActions: [ActionDeclaration] { actions.values.sorted { $0.name < $1.name } }

    /// Every way `content` breaks the contract: first the buttons' undeclared actions in document
    /// order, then each action's missing fields, actions by name and fields in signature order;
    /// each action or field once. Empty when they fit.
    public func mismatches(in content: ContentNode) -> [ContractMismatch] {
        var found: [ContractMismatch] = []
        var seen: Set<String> = []
        let declared = actions.keys.sorted()
        for name in content.actionNames where !HostAction.all.contains(name) && actions[name] == nil && seen.insert(name).inserted {
            found.append(
                ContractMismatch(
                    kind: .undeclaredAction, handler: handlerID, action: name,
                    suggestion: Spelling.nearest(to: name, among: declared)))
        }
        let fields = content.textFieldIDs
        for action in sortedActions {
            var reported: Set<String> = []
            for id in action.fields where !fields.contains(id) && reported.insert(id).inserted {
                found.append(
                    ContractMismatch(
                        kind: .missingTextField, handler: handlerID, action: action.name, field: id,
                        suggestion: Spelling.nearest(to: id, among: fields)))
            }
        }
        return found
    }

    /// Whether `content` breaks none of it.
    public func fits(_ content: ContentNode) -> Bool { mismatches(in: content).isEmpty }
}
