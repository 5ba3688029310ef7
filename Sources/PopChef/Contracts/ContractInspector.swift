import PopModel

/// Reads the composition contracts of a catalog's components without showing anything: each
/// handler's declared actions, each view loader's content for some data, and whether pairs fit.
/// Instances are made exactly as a request makes them — so a plugin's own checks (a malformed action
/// signature, invalid content) fail here as they would there — used once and destroyed at once.
/// `pophost inspect` and `pophost check` are its front ends.
public struct ContractInspector {
    /// The data a view loader is built for when there is no request's data at hand: `null`, what
    /// a request without data carries, and `{}`, an object with none of the keys a view reads, so
    /// each of its getters falls back to its default. Every view loader must build for both: a
    /// request may carry either, and content that needs a particular key is a crash or a plugin
    /// error waiting for the first request without it. What the content offers a handler (its
    /// buttons' actions and its text fields) usually does not depend on the data; when it does, a
    /// request's own data is checked with `check(handlers:viewLoaders:data:reformer:)`.
    public static let representativeData: [Value] = [.null, .object(Value.Object())]

    public let catalog: ComponentCatalog

    public init(catalog: ComponentCatalog) { self.catalog = catalog }

    /// The contract of handler `id`: its declared actions. Throws when the handler cannot be made.
    public func contract(ofHandler id: String) throws(ComponentFailure) -> CompositionContract {
        let handler = try catalog.makeHandler(id, context: .detached())
        defer { handler.destroy() }
        return CompositionContract(handler: handler)
    }

    /// What view loader `id` builds for each of `data`, in order, from one instance. Throws when
    /// the view loader cannot be made; a build that fails is that build's result.
    public func builds(ofViewLoader id: String, for data: [Value]) throws(ComponentFailure) -> [ViewBuild] {
        let view = try catalog.makeViewLoader(id, context: .detached())
        defer { view.destroy() }
        return data.map { value in
            ViewBuild(data: value, content: Result { () throws(ComponentFailure) in try view.build(data: RequestData(value)) })
        }
    }

    /// Checks each of `handlers` against each of `viewLoaders` for a request with `data`, whose view
    /// data goes through `reformer` first as a request's would; handler-major order. Each handler is
    /// read once and each view loader built once, in that order. Throws when an id names no component
    /// of its kind (unknown-component, wrong-kind; the handlers' first, then the reformer's, then the
    /// view loaders'): the caller's mistake, not the pair's. Anything else a component does wrong is
    /// the failure of every pair it is in.
    public func check(
        handlers: [String], viewLoaders: [String], data: Value, reformer: String? = nil
    ) throws(ComponentFailure) -> [PairCheck] {
        var contracts: [Result<CompositionContract, ComponentFailure>] = []
        for id in handlers {
            // "builtin": the default handler a request without one gets (it declares no actions).
            contracts.append(
                id == CompositionContract.builtIn.handlerID
                    ? .success(.builtIn) : try pairFailure { () throws(ComponentFailure) in try contract(ofHandler: id) })
        }
        let viewData = try pairFailure { () throws(ComponentFailure) in try reform(data, by: reformer) }
        var contents: [Result<ContentNode, ComponentFailure>] = []
        for id in viewLoaders {
            contents.append(
                try pairFailure { () throws(ComponentFailure) in
                    let view = try catalog.makeViewLoader(id, context: .detached())
                    defer { view.destroy() }
                    let value = try viewData.get()
                    do throws(ComponentFailure) {
                        return try view.build(data: RequestData(value))
                    } catch {
                        throw ComponentFailure(error.category, "view loader \(id) for the data \(value.json): \(error)")
                    }
                })
        }
        var checks: [PairCheck] = []
        for (handler, contract) in zip(handlers, contracts) {
            for (view, content) in zip(viewLoaders, contents) {
                switch (contract, content) {
                case (.failure(let failure), _), (_, .failure(let failure)):
                    checks.append(PairCheck(handler: handler, viewLoader: view, failure: failure))
                case (.success(let contract), .success(let content)):
                    checks.append(PairCheck(handler: handler, viewLoader: view, mismatches: contract.mismatches(in: content)))
                }
            }
        }
        return checks
    }

    /// The view loader's data of a request with `data`: the reformer's view data, or `data` itself
    /// when there is no reformer or it passes the data through.
    private func reform(_ data: Value, by id: String?) throws(ComponentFailure) -> Value {
        guard let id else { return data }
        let reformer = try catalog.makeReformer(id, context: .detached())
        defer { reformer.destroy() }
        do {
            return try reformer.reform(data: RequestData(data)).view ?? data
        } catch {
            throw ComponentFailure(error.category, "reformer \(id): \(error)")
        }
    }

    /// `body`'s result, a failure kept as the pair's — except an id that names nothing of its kind,
    /// which is thrown.
    private func pairFailure<T>(_ body: () throws(ComponentFailure) -> T) throws(ComponentFailure) -> Result<T, ComponentFailure> {
        do {
            return .success(try body())
        } catch let failure where failure.category == .unknownComponent || failure.category == .wrongKind {
            throw failure
        } catch {
            return .failure(error)
        }
    }
}
