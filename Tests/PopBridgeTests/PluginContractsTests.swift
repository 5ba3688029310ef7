import PopBridge
import PopChef
import PopLoader
import PopLoaderTestSupport
import PopModel
import PopRuntimeTestSupport
import PopTestSupport
import Testing

/// Composition contracts of C plugins read before any request: the samples' actions and content,
/// fixture plugins whose handler and view do not fit (found as the chef would find them), and
/// components that cannot be made or built, each reported with its error.
@Suite struct PluginContractsTests {
    /// Fixture plugins built from Tests/Fixtures/fixture_plugin.c, each in its own file (its own image).
    final class Fixtures: @unchecked Sendable {
        let directory = TemporaryDirectory()
        let discovery: PluginRegistry.Discovery

        /// name → defects: a view and handler that do not fit, components that cannot be made or
        /// built, a plugin whose init fails, and a well-behaved one.
        static let plugins = [
            "mismatch": ["FIX_UNDECLARED_ACTION", "FIX_MISSING_FIELD"],
            "broken": ["FIX_BAD_SIGNATURE", "FIX_BAD_CONTENT"],
            "no-init": ["FIX_INIT_FAILS"],
            "good": [],
        ]

        init() throws {
            for (name, defects) in Self.plugins {
                try Fixture.build(directory.file("\(name).so"), defects.map { "-D\($0)" } + ["-DFIX_PLUGIN_ID=\"com.fixture.\(name)\""])
            }
            discovery = try makeRegistry([directory.path], cache: directory.file("registry.cache")).discover()
        }

        func entry(_ name: String) -> RegistryEntry { discovery.entries.first { $0.file.path == directory.file("\(name).so") }! }
    }

    @Test("the C sample: every handler's actions with signatures and fields, every view's fields and buttons for null and {}")
    func cSample() throws {
        let samples = try IsolatedSamples()
        let entry = try #require(samples.discovery.entries.first { $0.file.path == samples.path(Build.cSample) })
        let contracts = try #require(PluginContracts(entry: entry))
        #expect(contracts.data == ContractInspector.representativeData)
        #expect(
            contracts.handlers.map(\.id) == [
                "com.pophost.samples.c.high-priority-handler", "com.pophost.samples.c.payment-handler",
                "com.pophost.samples.c.promotion-handler",
            ])
        let payment = try contracts.handlers[1].contract.get()
        #expect(payment.sortedActions.map(\.name) == ["cancel", "confirm", "forgot"])
        #expect(
            payment.actions["confirm"]
                == ActionDeclaration(
                    name: "confirm", signature: "bool(self:ptr, field.password:str, data.amount:f64)", fields: ["password"]))

        #expect(contracts.viewLoaders.map(\.id) == ["com.pophost.samples.c.test-view", "com.pophost.samples.c.payment-view"])
        let builds = try contracts.viewLoaders[1].builds.get()
        // The data given, then the view loader's own samples (ext/sample_data.h).
        #expect(builds.map(\.data) == [.null, [:], ["amount": 42.5, "order": "A-1001"], ["amount": 12999.99, "order": "B-7"]])
        for build in builds {
            let content = try build.content.get()
            #expect(content.textFieldIDs == ["password"])
            #expect(content.actionNames == ["cancel", "confirm", "forgot"])
        }
        #expect(try contracts.viewLoaders[0].builds.get()[0].content.get().actionNames == ["details", "pop.dismiss"])
    }

    @Test(
        "across both samples, exactly the payment handler fits the payment view, and the test view fits the handlers whose actions it names"
    )
    func samplePairs() throws {
        let samples = try IsolatedSamples()
        let catalog = samples.catalog
        let inspector = ContractInspector(catalog: catalog)
        let handlers = catalog.componentIDs(of: .handler)
        let payment = try inspector.check(handlers: handlers, viewLoaders: ["com.pophost.samples.c.payment-view"], data: ["amount": 12.5])
        #expect(payment.filter(\.fits).map(\.handler) == ["com.pophost.samples.c.payment-handler"])
        let testView = try inspector.check(handlers: handlers, viewLoaders: ["com.pophost.samples.c.test-view"], data: .null)
        #expect(testView.filter(\.fits).map(\.handler) == ["com.pophost.samples.c.high-priority-handler"])
        let promo = try inspector.check(
            handlers: ["com.pophost.samples.swift.low-priority-handler"], viewLoaders: ["com.pophost.samples.swift.promo-view"],
            data: ["campaign": "spring"], reformer: "com.pophost.samples.swift.promo-reformer")
        #expect(promo.map(\.fits) == [true])
    }

    @Test("a handler and view that do not fit: every mismatch before run time, the same the chef fails the request with")
    func mismatch() throws {
        let fixtures = try Fixtures()
        let contracts = try #require(PluginContracts(entry: fixtures.entry("mismatch")))
        #expect(try contracts.handlers[0].contract.get().actions["go"]?.fields == ["pin"])
        #expect(
            try contracts.viewLoaders[0].builds.get().map { try $0.content.get().actionNames } == [
                ["goo", "pop.dismiss"], ["goo", "pop.dismiss"],
            ])

        let handler = "com.fixture.mismatch.handler", view = "com.fixture.mismatch.view"
        let checks = try ContractInspector(catalog: ComponentCatalog(discovery: fixtures.discovery))
            .check(handlers: [handler], viewLoaders: [view], data: .null)
        #expect(checks.count == 1 && !checks[0].fits && checks[0].failure == nil)
        #expect(
            checks[0].mismatches == [
                ContractMismatch(kind: .undeclaredAction, handler: handler, action: "goo", suggestion: "go"),
                ContractMismatch(kind: .missingTextField, handler: handler, action: "go", field: "pin"),
            ])

        let t = TracedHost(plugins: fixtures.discovery)
        let id = t.chef.show(PopupRequest(handler: handler, viewLoader: view))
        t.chef.runUntilIdle()
        #expect(t.finals[id] == [.cancelled(.pluginError)])
        let detail = t.recorder.events.first { $0.request == id && $0.kind == .misbehaviour }?.detail
        #expect(detail == checks[0].mismatches.map(\.message).joined(separator: "; "))
    }

    @Test("components that cannot be made or built are reported with their errors; unusable files are not opened")
    func failures() throws {
        let fixtures = try Fixtures()
        let contracts = try #require(PluginContracts(entry: fixtures.entry("broken"), data: [.null, [:], ["amount": 1]]))
        let handlerFailure = #expect(throws: ComponentFailure.self) { try contracts.handlers[0].contract.get() }
        #expect(handlerFailure?.category == .contractBroken)
        #expect(handlerFailure?.description.contains("action \"go\" has a malformed signature") == true)
        let builds = try contracts.viewLoaders[0].builds.get()
        #expect(builds.map(\.data) == [.null, [:], ["amount": 1]])
        for build in builds {
            let failure = #expect(throws: ComponentFailure.self) { try build.content.get() }
            #expect(failure?.category == .contractBroken)
            #expect(failure?.description.hasPrefix("its content is invalid") == true)
        }

        let checks = try ContractInspector(catalog: ComponentCatalog(discovery: fixtures.discovery))
            .check(handlers: ["com.fixture.good.handler"], viewLoaders: ["com.fixture.broken.view", "com.fixture.good.view"], data: .null)
        #expect(checks.map(\.fits) == [false, true])
        #expect(
            checks[0].failure?.description.hasPrefix("view loader com.fixture.broken.view for the data null: its content is invalid")
                == true)

        #expect(fixtures.entry("no-init").status == .error)
        #expect(PluginContracts(entry: fixtures.entry("no-init")) == nil)
    }
}
