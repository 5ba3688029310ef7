import Foundation
import PopTestSupport
import Testing

/// `pophost inspect`'s composition section and `pophost check`, run as a user would, on the
/// bundled samples and on fixture plugins whose handler and view do not fit.
@Suite struct ContractCLITests {
    /// A directory of fixture plugins: "mismatch" (a button naming "goo", an action reading
    /// field.pin) and "broken" (a malformed signature, invalid content).
    final class Fixtures: @unchecked Sendable {
        let directory = TemporaryDirectory()

        init() throws {
            try Fixture.build(
                directory.file("mismatch.so"),
                ["-DFIX_UNDECLARED_ACTION", "-DFIX_MISSING_FIELD", "-DFIX_PLUGIN_ID=\"com.fixture.mismatch\""])
            try Fixture.build(
                directory.file("broken.so"), ["-DFIX_BAD_SIGNATURE", "-DFIX_BAD_CONTENT", "-DFIX_PLUGIN_ID=\"com.fixture.broken\""])
        }
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("with --isolate, a component that aborts is reported by inspect and check, each on its own, and pophost lives")
    func isolatedAbort() throws {
        let directory = TemporaryDirectory(), cache = TemporaryDirectory()
        try Fixture.build(
            directory.file("abort.so"), ["-DFIX_ABORT_IN_BUILD", "-DFIX_ABORT_IN_EXTENSION", "-DFIX_PLUGIN_ID=\"com.fixture.abort\""])
        let environment = CLITests.isolated(cache)
        let inspect = try run(
            Build.pophost, ["inspect", "com.fixture.abort.view", "--plugins", directory.path, "--isolate", "--data", #"{"a": 1}"#],
            environment: environment)
        #expect(inspect.status == 0, "\(inspect.stderr)")
        #expect(inspect.stdout.contains("null     fails (plugin-crashed): the plugin host of "), "\(inspect.stdout)")
        #expect(inspect.stdout.contains("was killed by SIGABRT (Aborted) during build of com.fixture.abort.view"), "\(inspect.stdout)")
        // Read last, after three crashes: in a plugin host of their own, not quarantined.
        #expect(
            inspect.stdout.contains(
                "Extensions  the plugin host of \(directory.file("abort.so")) was killed by SIGABRT (Aborted) during reading the extensions of"
            ),
            "\(inspect.stdout)")
        let check = try run(
            Build.pophost,
            [
                "check", "--handler", "com.fixture.abort.handler", "--view-loader", "com.fixture.abort.view", "--plugins", directory.path,
                "--isolate",
            ],
            environment: environment)
        #expect(check.status == 1, "\(check.stderr)")
        #expect(check.stdout.contains("[plugin-crashed]"), "\(check.stdout)")
    }

    @Test("`pophost inspect` lists each handler's actions and each view loader's fields and buttons for null and {}")
    func inspectSample() throws {
        let cache = TemporaryDirectory()
        let result = try run(Build.pophost, ["inspect", Build.cSample], environment: CLITests.isolated(cache))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Composition (view loaders built for null, {}, and each one's own sample data)"))
        #expect(
            result.stdout.contains(
                "  handler com.pophost.samples.c.payment-handler\n    cancel   void(action:str)\n    confirm  bool(self:ptr, field.password:str, data.amount:f64)\n"
            ))
        #expect(
            result.stdout.contains(
                "  view-loader com.pophost.samples.c.payment-view\n    null  text fields: password  buttons: cancel, confirm, forgot\n    {}    text fields: password  buttons: cancel, confirm, forgot\n"
            ))

        let report = try json(
            try run(
                Build.pophost, ["inspect", "com.pophost.samples.swift.promo-view", "--json", "--data", "{\"title\": \"x\"}"],
                environment: CLITests.isolated(cache)
            ).stdout)
        #expect(report["abi_version"] as? String == "1.3.0", "the plugin's own keys stay")
        let contracts = try #require(report["contracts"] as? [String: Any])
        #expect(contracts["data"] as? [String] == ["null", "{}", "{\"title\":\"x\"}"])
        let handlers = try #require(contracts["handlers"] as? [[String: Any]])
        let low = try #require(handlers.first { $0["id"] as? String == "com.pophost.samples.swift.low-priority-handler" })
        let claim = try #require((low["actions"] as? [[String: Any]])?.first)
        #expect(claim["name"] as? String == "claim")
        #expect(claim["signature"] as? String == "bool(self:ptr, data.campaign:str)")
        #expect(claim["fields"] as? [String] == [])
        let views = try #require(contracts["view_loaders"] as? [[String: Any]])
        let promo = try #require(views.first { $0["id"] as? String == "com.pophost.samples.swift.promo-view" })
        let builds = try #require(promo["builds"] as? [[String: Any]])
        // The data given, then the view's own samples.
        #expect(
            builds.map { $0["data"] as? String } == [
                "null", "{}", "{\"title\":\"x\"}", "{\"title\":\"20% off everything\",\"message\":\"Spring sale: this week only.\"}",
                "{\"title\":\"Limited offer\"}",
            ])
        #expect(
            builds.allSatisfy { $0["button_actions"] as? [String] == ["claim", "pop.dismiss"] && $0["text_fields"] as? [String] == [] })

        let list = try run(Build.pophost, ["list", "--json"], environment: CLITests.isolated(cache))
        #expect(!list.stdout.contains("\"contracts\""), "list does not open plugins")
    }

    @Test("`pophost inspect` reports a handler that cannot be made and a view that fails to build, with their errors, and exits 0")
    func inspectFailures() throws {
        let cache = TemporaryDirectory()
        let fixtures = try Fixtures()
        let text = try run(Build.pophost, ["inspect", fixtures.directory.file("broken.so")], environment: CLITests.isolated(cache))
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout.contains(
                "    cannot be made (contract-broken): handler com.fixture.broken.handler: action \"go\" has a malformed signature"))
        #expect(
            text.stdout.contains("    null  fails (contract-broken): its content is invalid: text: size -3.0 is negative or not finite\n"))

        let report = try json(
            try run(Build.pophost, ["inspect", fixtures.directory.file("broken.so"), "--json"], environment: CLITests.isolated(cache))
                .stdout)
        let contracts = try #require(report["contracts"] as? [String: Any])
        let handler = try #require((contracts["handlers"] as? [[String: Any]])?.first)
        #expect(handler["actions"] == nil)
        #expect((handler["error"] as? [String: Any])?["category"] as? String == "contract-broken")
        let build = try #require(((contracts["view_loaders"] as? [[String: Any]])?.first?["builds"] as? [[String: Any]])?.first)
        #expect(
            (build["error"] as? [String: Any])?["message"] as? String == "its content is invalid: text: size -3.0 is negative or not finite"
        )
        #expect(build["text_fields"] == nil)

        let mismatch = try run(Build.pophost, ["inspect", fixtures.directory.file("mismatch.so")], environment: CLITests.isolated(cache))
        #expect(mismatch.stdout.contains("    go  bool(field.pin:str)\n"))
        #expect(mismatch.stdout.contains("    null  text fields: —  buttons: goo, pop.dismiss\n"))
    }

    @Test("`pophost check`: 0 when the pair fits, 1 with every mismatch when it does not, 1 when it cannot be composed")
    func checkPair() throws {
        let cache = TemporaryDirectory()
        let fixtures = try Fixtures()
        let fits = try run(
            Build.pophost,
            [
                "check", "--handler", "com.pophost.samples.c.payment-handler",
                "--view-loader", "com.pophost.samples.c.payment-view", "--data", "{\"amount\": 12.5}",
            ],
            environment: CLITests.isolated(cache))
        #expect(fits.status == 0, "\(fits.stderr)")
        #expect(
            fits.stdout
                == "handler com.pophost.samples.c.payment-handler with view loader com.pophost.samples.c.payment-view, data {\"amount\":12.5}: fits\n"
        )

        let plugins = ["--plugins", fixtures.directory.path]
        let pair = ["--handler", "com.fixture.mismatch.handler", "--view-loader", "com.fixture.mismatch.view"]
        let mismatch = try run(Build.pophost, ["check"] + plugins + pair, environment: CLITests.isolated(cache))
        #expect(mismatch.status == 1)
        #expect(
            mismatch.stdout == """
                handler com.fixture.mismatch.handler with view loader com.fixture.mismatch.view, data null: does not fit (2 mismatches)
                  - a button names the action "goo", which handler com.fixture.mismatch.handler does not declare (did you mean "go"?)  [undeclared-action]
                  - action "go" reads field.pin, but the content has no text field "pin"  [missing-text-field]

                """)
        let report = try json(try run(Build.pophost, ["check", "--json"] + plugins + pair, environment: CLITests.isolated(cache)).stdout)
        #expect(report["fits"] as? Bool == false)
        #expect(report["data"] as? String == "null")
        let only = try #require((report["pairs"] as? [[String: Any]])?.first)
        let mismatches = try #require(only["mismatches"] as? [[String: Any]])
        #expect(mismatches.map { $0["kind"] as? String } == ["undeclared-action", "missing-text-field"])
        #expect(mismatches.map { $0["action"] as? String } == ["goo", "go"])
        #expect(mismatches[0]["suggestion"] as? String == "go")
        #expect(mismatches[1]["field"] as? String == "pin")

        let broken = try run(
            Build.pophost, ["check"] + plugins + ["--handler", "com.fixture.broken.handler", "--view-loader", "com.fixture.mismatch.view"],
            environment: CLITests.isolated(cache))
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("cannot be composed\n  handler com.fixture.broken.handler: action \"go\" has a malformed signature"))
    }

    @Test("`pophost check` with one side left out lists what fits it: 0 when something does, 1 when nothing does")
    func checkListing() throws {
        let cache = TemporaryDirectory()
        let handlers = try run(
            Build.pophost, ["check", "--view-loader", "com.pophost.samples.c.payment-view"], environment: CLITests.isolated(cache))
        #expect(handlers.status == 0, "\(handlers.stderr)")
        #expect(
            handlers.stdout.hasPrefix(
                "view loader com.pophost.samples.c.payment-view, data null: 1 of 7 handlers fit\n  fits          com.pophost.samples.c.payment-handler\n"
            ))
        // The built-in handler a request without one gets is a candidate too.
        #expect(handlers.stdout.contains("  does not fit  builtin\n                undeclared actions: cancel, confirm, forgot\n"))
        #expect(
            handlers.stdout.contains(
                "  does not fit  com.pophost.samples.swift.low-priority-handler\n                undeclared actions: cancel, confirm, forgot\n"
            ))

        let views = try run(
            Build.pophost, ["check", "--handler", "com.pophost.samples.swift.low-priority-handler", "--json"],
            environment: CLITests.isolated(cache))
        let report = try json(views.stdout)
        let pairs = try #require(report["pairs"] as? [[String: Any]])
        #expect(
            pairs.filter { $0["fits"] as? Bool == true }.map { $0["view_loader"] as? String }
                == [
                    "com.pophost.samples.swift.article-page", "com.pophost.samples.swift.banner-view",
                    "com.pophost.samples.swift.list-page", "com.pophost.samples.swift.promo-view", "com.pophost.samples.swift.test-view",
                ])

        let fixtures = try Fixtures()
        let none = try run(
            Build.pophost, ["check", "--plugins", fixtures.directory.path, "--view-loader", "com.fixture.mismatch.view"],
            environment: CLITests.isolated(cache))
        #expect(none.status == 1)
        #expect(
            none.stdout.contains(
                "  does not fit  com.fixture.mismatch.handler\n                undeclared action: goo; missing text field: pin (read by go)\n"
            ))
        #expect(none.stdout.contains("  fails         com.fixture.broken.handler\n"))
    }

    @Test("`pophost check` with an unknown id, a component of another kind or no id at all is a usage error (64) that names what exists")
    func checkUsageErrors() throws {
        let cache = TemporaryDirectory()
        let typo = try run(
            Build.pophost,
            ["check", "--handler", "com.pophost.samples.c.paymnt-handler", "--view-loader", "com.pophost.samples.c.payment-view"],
            environment: CLITests.isolated(cache))
        #expect(typo.status == 64)
        #expect(typo.stdout.isEmpty)
        #expect(
            typo.stderr.hasPrefix(
                "pophost: error: no handler with id \"com.pophost.samples.c.paymnt-handler\" in the loaded plugins (did you mean \"com.pophost.samples.c.payment-handler\"?); the handlers are: com.pophost.samples.c.high-priority-handler, "
            ))
        let short = try run(Build.pophost, ["check", "--view-loader", "payment-view"], environment: CLITests.isolated(cache))
        #expect(short.status == 64)
        #expect(short.stderr.contains("(did you mean \"com.pophost.samples.c.payment-view\"?)"))
        let kind = try run(
            Build.pophost, ["check", "--view-loader", "com.pophost.samples.c.payment-handler"], environment: CLITests.isolated(cache))
        #expect(kind.status == 64)
        #expect(kind.stderr.contains("\"com.pophost.samples.c.payment-handler\" is a handler, not a view-loader"))
        let neither = try run(Build.pophost, ["check"], environment: CLITests.isolated(cache))
        #expect(neither.status == 64)
        #expect(neither.stderr.contains("give --handler, --view-loader or both"))
        let badData = try run(Build.pophost, ["check", "--view-loader", "x", "--data", "{oops"], environment: CLITests.isolated(cache))
        #expect(badData.status == 64)
        #expect(badData.stderr.contains("--data is not valid JSON"))
    }
}
