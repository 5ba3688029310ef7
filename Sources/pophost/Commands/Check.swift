import ArgumentParser
import HostRuntime

/// `pophost check`: whether a handler and a view loader fit, without showing anything — every
/// mismatch the chef would fail the request for, at once. A command of its own rather than
/// `show --dry-run`: it shows nothing, so `show`'s typing, taps and trace would mean nothing, and
/// its exit status answers "does it fit?", not "did the request end with a plugin error?".
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that a handler and a view loader fit, without showing anything.",
        discussion: """
            The view loader is built for --data (default null), through --reformer when given, as a request's \
            would be; then every button must name an action the handler declares (or a host action such as \
            pop.dismiss), and every text field the handler's actions read (field.<id>) must be in the content. \
            Every mismatch is listed. With only --view-loader, every handler is checked against it (and the \
            built-in handler, "builtin", which declares no actions); with only \
            --handler, every view loader. Exits with status 0 when the pair fits (or, with one side left out, \
            when at least one does), 1 when not, 64 for an unknown id or bad arguments. The components run in \
            this process, or with --isolate in plugin host processes, where one that crashes or hangs fails its pairs.
            Example:
              pophost check --handler com.pophost.samples.c.payment-handler \\
                --view-loader com.pophost.samples.c.payment-view --data '{"amount": 12.5}'
            """
    )

    @Option(
        help: ArgumentHelp("The handler's component id (left out: every handler).", valueName: "id"),
        completion: ComponentCompletion.ids(.handler))
    var handler: String?
    @Option(
        help: ArgumentHelp("The view loader's component id (left out: every view loader).", valueName: "id"),
        completion: ComponentCompletion.ids(.viewLoader))
    var viewLoader: String?
    @Option(
        help: ArgumentHelp("The reformer's component id: the view loader gets its view data.", valueName: "id"),
        completion: ComponentCompletion.ids(.reformer))
    var reformer: String?
    @Option(help: ArgumentHelp("The request's data, as JSON.", valueName: "json")) var data: String = "null"
    @Flag(help: "Print JSON instead of text.") var json = false
    @Flag(help: "Run the components in plugin host processes: one that crashes or hangs fails its pairs, not pophost.")
    var isolate = false
    @OptionGroup var isolation: IsolationArguments
    @OptionGroup var options: PluginOptions

    func validate() throws {
        if handler == nil && viewLoader == nil { throw ValidationError("give --handler, --view-loader or both") }
        _ = try requestData()
    }

    func run() throws {
        let requestData = try requestData()
        let catalog = try options.catalog(isolation: isolation.readingOptions(isolate: isolate)).catalog
        let checks: [PairCheck]
        do {
            checks = try ContractInspector(catalog: catalog).check(
                // Left out: every handler, and the built-in one a request without a handler gets.
                handlers: handler.map { [$0] } ?? catalog.componentIDs(of: .handler) + [CompositionContract.builtIn.handlerID],
                viewLoaders: viewLoader.map { [$0] } ?? catalog.componentIDs(of: .viewLoader),
                data: requestData, reformer: reformer)
        } catch {
            throw CommandFailure.usage(error.description + (error.category == .unknownComponent ? options.searchedWhere : ""))
        }
        let fits = checks.contains(where: \.fits)
        if json {
            try printJSON(
                ContractReport.Check(data: requestData.json, reformer: reformer, fits: fits, pairs: checks.map(ContractReport.Pair.init)))
        } else {
            StandardOutput.print(
                CheckText(checks: checks, handler: handler, viewLoader: viewLoader, data: requestData, style: .standardOutput).render(),
                terminator: "")
        }
        if !fits { throw ExitCode.failure }
    }

    /// --data as a value.
    private func requestData() throws -> Value {
        do { return try Value(json: data) } catch { throw ValidationError("--data is not valid JSON: \(error)") }
    }
}

/// The human-readable verdict: one pair with each mismatch, or every handler of a view loader
/// (every view loader of a handler), those that fit first, the others with what is missing.
struct CheckText {
    let checks: [PairCheck]
    let handler: String?
    let viewLoader: String?
    let data: Value
    let style: Style

    func render() -> String {
        if handler != nil, viewLoader != nil, let check = checks.first {
            var out = "handler \(check.handler) with view loader \(check.viewLoader), data \(data.json): " + verdict(check) + "\n"
            if let failure = check.failure { out += "  \(failure)" + style.dim("  [\(failure.category.rawValue)]") + "\n" }
            for mismatch in check.mismatches { out += "  - " + mismatch.message + style.dim("  [\(mismatch.kind.rawValue)]") + "\n" }
            return out
        }
        let (subject, others) = viewLoader.map { ("view loader \($0)", "handlers") } ?? ("handler \(handler ?? "")", "view loaders")
        var out = "\(subject), data \(data.json): \(checks.filter(\.fits).count) of \(checks.count) \(others) fit\n"
        for check in checks.filter(\.fits) + checks.filter({ !$0.fits }) {
            let other = viewLoader == nil ? check.viewLoader : check.handler
            let mark = check.fits ? "fits" : check.failure == nil ? "does not fit" : "fails"
            let padding = String(repeating: " ", count: 14 - mark.count)
            out += "  " + (check.fits ? style.green(mark) : style.red(mark)) + padding + other + "\n"
            if !check.fits { out += "                " + style.dim(summary(check)) + "\n" }
        }
        if checks.contains(where: { !$0.fits }) {
            out += style.dim("(pophost check --handler ID --view-loader ID names each mismatch)") + "\n"
        }
        return out
    }

    private func verdict(_ check: PairCheck) -> String {
        if check.fits { return style.green("fits") }
        if check.failure != nil { return style.red("cannot be composed") }
        let count = check.mismatches.count
        return style.red("does not fit") + " (\(count) mismatch\(count == 1 ? "" : "es"))"
    }

    /// "undeclared actions: cancel, confirm; missing text fields: password (read by confirm)", or the failure.
    private func summary(_ check: PairCheck) -> String {
        if let failure = check.failure { return "\(failure)  [\(failure.category.rawValue)]" }
        var parts: [String] = []
        let undeclared = check.mismatches.filter { $0.kind == .undeclaredAction }.map(\.action)
        if !undeclared.isEmpty {
            parts.append("undeclared action\(undeclared.count == 1 ? "" : "s"): " + undeclared.joined(separator: ", "))
        }
        let missing = check.mismatches.filter { $0.kind == .missingTextField }.map { "\($0.field ?? "") (read by \($0.action))" }
        if !missing.isEmpty {
            parts.append("missing text field\(missing.count == 1 ? "" : "s"): " + missing.joined(separator: ", "))
        }
        return parts.joined(separator: "; ")
    }
}
