import PopChefTestSupport
import PopModel
import Testing

@testable import PopChef

/// The composition contract between a handler's actions and a content tree, over Swift components
/// registered in a catalog: the mismatches it finds, the chef failing a request with all of them,
/// and the inspector reading handlers, building views and checking pairs without showing anything.
@Suite struct CompositionContractTests {
    private final class Handler: HandlerComponent {
        let id: String
        let actions: [String: ActionDeclaration]

        init(_ id: String, _ declarations: [ActionDeclaration]) {
            self.id = id
            actions = Dictionary(uniqueKeysWithValues: declarations.map { ($0.name, $0) })
        }
    }

    private final class View: ViewLoaderComponent {
        let id: String
        let make: (Value) throws(ComponentFailure) -> ContentNode

        init(_ id: String, _ make: @escaping (Value) throws(ComponentFailure) -> ContentNode) {
            self.id = id
            self.make = make
        }

        func build(data: RequestData) throws(ComponentFailure) -> ContentNode { try make(data.value) }
    }

    /// Replaces the view's data with `{"code": true}`.
    private final class CodeReformer: ReformerComponent {
        let id = "com.test.code-reformer"
        func reform(data: RequestData) throws(ComponentFailure) -> (view: Value?, controller: Value?) { (["code": true], nil) }
    }

    /// A stack of text fields then buttons.
    private static func content(buttons: [String], fields: [String] = []) -> ContentNode {
        ContentNode(
            .vstack(
                spacing: 8, alignment: .fill,
                children:
                    fields.map { ContentNode(.textField(id: $0, placeholder: "", secure: false)) }
                    + buttons.map { ContentNode(.button($0, style: .default, action: $0)) }))
    }

    private static func payment() -> Handler {
        Handler(
            "com.test.payment",
            [
                ActionDeclaration(name: "confirm", signature: "bool(self:ptr, field.password:str)", fields: ["password"]),
                ActionDeclaration(name: "cancel", signature: "void()"),
                ActionDeclaration(name: "lookup", signature: "void(field.email:str, field.password:str)", fields: ["email", "password"]),
            ])
    }

    /// A catalog with the payment handler, a view that fits it, one that does not, one that declines
    /// null data, one whose field depends on the data, and the code reformer.
    private static func catalog() -> ComponentCatalog {
        let catalog = ComponentCatalog()
        catalog.register(handler: "com.test.payment") { payment() }
        catalog.register(handler: "com.test.silent") { Handler("com.test.silent", []) }
        catalog.register(viewLoader: "com.test.payment-view") {
            View("com.test.payment-view") { _ in
                content(buttons: ["confirm", "cancel", "lookup", HostAction.dismiss], fields: ["password", "email"])
            }
        }
        catalog.register(viewLoader: "com.test.typo-view") {
            View("com.test.typo-view") { _ in
                content(buttons: ["confrim", "cancel", "confrim"], fields: ["passwd"])
            }
        }
        catalog.register(viewLoader: "com.test.picky-view") {
            View("com.test.picky-view") { data throws(ComponentFailure) in
                guard data != .null else { throw ComponentFailure(.declined, "build returned false") }
                return content(buttons: [HostAction.dismiss])
            }
        }
        catalog.register(viewLoader: "com.test.code-view") {
            View("com.test.code-view") { data in
                content(buttons: ["confirm", "cancel", "lookup"], fields: data["code"] == true ? ["password", "email"] : [])
            }
        }
        catalog.register(reformer: "com.test.code-reformer") { CodeReformer() }
        return catalog
    }

    @Test("every mismatch at once: undeclared button actions in document order, then missing fields by action")
    func mismatches() {
        let contract = CompositionContract(handler: Self.payment())
        let found = contract.mismatches(in: Self.content(buttons: ["confrim", "cancel", "confrim", "pop.dismiss"], fields: ["passwd"]))
        #expect(
            found == [
                ContractMismatch(kind: .undeclaredAction, handler: "com.test.payment", action: "confrim", suggestion: "confirm"),
                ContractMismatch(
                    kind: .missingTextField, handler: "com.test.payment", action: "confirm", field: "password", suggestion: "passwd"),
                ContractMismatch(kind: .missingTextField, handler: "com.test.payment", action: "lookup", field: "email"),
                ContractMismatch(
                    kind: .missingTextField, handler: "com.test.payment", action: "lookup", field: "password", suggestion: "passwd"),
            ])
        #expect(
            found[0].message
                == #"a button names the action "confrim", which handler com.test.payment does not declare (did you mean "confirm"?)"#)
        #expect(found[2].message == #"action "lookup" reads field.email, but the content has no text field "email""#)
        #expect(contract.fits(Self.content(buttons: ["confirm", "pop.dismiss"], fields: ["email", "password"])))
    }

    @Test("host actions are always available; the built-in handler fits content that names only them")
    func hostActions() {
        let onlyHost = Self.content(buttons: Array(HostAction.all))
        #expect(CompositionContract.builtIn.fits(onlyHost))
        #expect(CompositionContract(handlerID: "h", actions: [:]).fits(onlyHost))
        #expect(CompositionContract.builtIn.mismatches(in: Self.content(buttons: ["go"])).map(\.kind) == [.undeclaredAction])
        // An action reading no fields fits content without any.
        #expect(
            CompositionContract(handlerID: "h", actions: ["go": ActionDeclaration(name: "go", signature: "bool()")])
                .fits(Self.content(buttons: ["go"])))
    }

    @Test("the chef fails a request whose content breaks the contract, naming every mismatch")
    func chefUsesTheContract() {
        let t = TracedChef(catalog: Self.catalog())
        let id = t.chef.show(PopupRequest(handler: "com.test.payment", viewLoader: "com.test.typo-view"))
        t.advance(1000)
        #expect(t.finals[id] == [.cancelled(.pluginError)])
        let detail = t.recorder.events.first { $0.request == id && $0.kind == .misbehaviour }?.detail ?? ""
        let expected = CompositionContract(handler: Self.payment())
            .mismatches(in: Self.content(buttons: ["confrim", "cancel"], fields: ["passwd"])).map(\.message)
        #expect(detail == expected.joined(separator: "; "))
        // An embedder reads why, by category.
        #expect(t.chef.failure(of: id) == ComponentFailure(.contractBroken, expected.joined(separator: "; ")))
        let fits = t.chef.show(PopupRequest(handler: "com.test.payment", viewLoader: "com.test.payment-view"))
        t.advance(1000)
        #expect(t.chef.state(of: fits) == .shown)
        #expect(t.chef.failure(of: fits) == nil)
        let unknown = t.chef.show(PopupRequest(handler: "com.test.payment", viewLoader: "com.test.no-such-view"))
        t.advance(1000)
        #expect(t.chef.failure(of: unknown)?.category == .unknownComponent)
    }

    @Test("the inspector reads a handler's contract and builds a view for the representative data")
    func inspector() throws {
        let inspector = ContractInspector(catalog: Self.catalog())
        #expect(ContractInspector.representativeData == [.null, [:]])
        let contract = try inspector.contract(ofHandler: "com.test.payment")
        #expect(contract.sortedActions.map(\.name) == ["cancel", "confirm", "lookup"])
        #expect(contract.actions["lookup"]?.fields == ["email", "password"])

        let builds = try inspector.builds(ofViewLoader: "com.test.picky-view", for: ContractInspector.representativeData)
        #expect(builds.map(\.data) == [.null, [:]])
        #expect(throws: ComponentFailure(.declined, "build returned false")) { try builds[0].content.get() }
        #expect(try builds[1].content.get().actionNames == ["pop.dismiss"])
    }

    @Test("pairs: handler-major, a failure for a view that does not build, data through the reformer")
    func pairs() throws {
        let inspector = ContractInspector(catalog: Self.catalog())
        let views = ["com.test.payment-view", "com.test.typo-view", "com.test.picky-view"]
        let checks = try inspector.check(handlers: ["com.test.payment", "com.test.silent"], viewLoaders: views, data: .null)
        #expect(
            checks.map { "\($0.handler) \($0.viewLoader)" }
                == ["com.test.payment", "com.test.silent"].flatMap { h in views.map { "\(h) \($0)" } })
        #expect(checks.map(\.fits) == [true, false, false, false, false, false])
        #expect(checks[1].mismatches.count == 4)
        #expect(checks[2].failure == ComponentFailure(.declined, "view loader com.test.picky-view for the data null: build returned false"))
        #expect(checks[3].mismatches.map(\.action) == ["confirm", "cancel", "lookup"])
        #expect(checks[3].mismatches.allSatisfy { $0.kind == .undeclaredAction })

        let code = "com.test.code-view"
        let withoutCode = try inspector.check(handlers: ["com.test.payment"], viewLoaders: [code], data: [:])
        #expect(withoutCode[0].mismatches.map(\.kind) == [.missingTextField, .missingTextField, .missingTextField])
        let reformed = try inspector.check(
            handlers: ["com.test.payment"], viewLoaders: [code], data: [:], reformer: "com.test.code-reformer")
        #expect(reformed[0].fits)
    }

    @Test("ids that name nothing usable are thrown, with the nearest id and every id of the kind")
    func unknownIDs() {
        let inspector = ContractInspector(catalog: Self.catalog())
        let typo = #expect(throws: ComponentFailure.self) {
            try inspector.check(handlers: ["com.test.paymnt"], viewLoaders: ["com.test.payment-view"], data: .null)
        }
        #expect(typo?.category == .unknownComponent)
        #expect(
            typo?.description
                == #"no handler with id "com.test.paymnt" in the loaded plugins (did you mean "com.test.payment"?); the handlers are: com.test.payment, com.test.silent"#
        )
        let short = #expect(throws: ComponentFailure.self) { try inspector.contract(ofHandler: "silent") }
        #expect(short?.description.contains(#"(did you mean "com.test.silent"?)"#) == true)
        let wrongKind = #expect(throws: ComponentFailure.self) {
            try inspector.check(handlers: ["com.test.payment-view"], viewLoaders: ["com.test.payment-view"], data: .null)
        }
        #expect(wrongKind?.category == .wrongKind)
        let reformer = #expect(throws: ComponentFailure.self) {
            try inspector.check(handlers: [], viewLoaders: [], data: .null, reformer: "com.test.none")
        }
        #expect(reformer?.description.hasSuffix("; the reformers are: com.test.code-reformer") == true)
    }
}
