import Foundation
import PopTestSupport

@testable import PopHarness

/// Plugins that each break one rule of the conformance suite, built once from
/// Tests/Fixtures/fixture_plugin.c, with the test that must catch each and the status it must give.
struct MisbehavingPluginCorpus: Sendable {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let flags: [String]
        let test: String
        let status: TestStatus
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "crash-in-callback", flags: ["-DFIX_CRASH_IN_CALLBACK"], test: "component.completions-once", status: .crashed),
        Case(name: "crash-in-action", flags: ["-DFIX_CRASH_IN_ACTION"], test: "component.actions-fuzzed", status: .crashed),
        Case(name: "segv-in-init", flags: ["-DFIX_SEGV_IN_INIT"], test: "library.loads", status: .crashed),
        Case(name: "needs-log", flags: ["-DFIX_NEEDS_LOG"], test: "component.host-extensions-withheld", status: .crashed),
        Case(name: "hang-should-present", flags: ["-DFIX_HANG_SHOULD_PRESENT"], test: "component.should-present-answers", status: .timeout),
        Case(name: "hang-should-dismiss", flags: ["-DFIX_HANG_SHOULD_DISMISS"], test: "component.should-dismiss-answers", status: .timeout),
        Case(name: "hang-in-init", flags: ["-DFIX_HANG_IN_INIT"], test: "library.loads", status: .timeout),
        Case(name: "unresolved-symbol", flags: ["-DFIX_UNRESOLVED"], test: "library.loads", status: .failed),
        Case(name: "extra-exports", flags: ["-DFIX_EXTRA_EXPORTS"], test: "library.exports-only-entry", status: .failed),
        Case(name: "wrong-major", flags: ["-DFIX_MAJOR=2"], test: "library.loads", status: .failed),
        Case(name: "struct-size-lie", flags: ["-DFIX_STRUCT_SIZE_LIE"], test: "library.struct-sizes", status: .failed),
        Case(name: "init-once", flags: ["-DFIX_INIT_ONCE"], test: "library.init-idempotent", status: .failed),
        Case(name: "slow-init", flags: ["-DFIX_SLOW_INIT"], test: "library.init-fast", status: .warning),
        Case(name: "noisy-init", flags: ["-DFIX_NOISY_INIT"], test: "library.init-silent", status: .failed),
        Case(name: "any-factory", flags: ["-DFIX_ANY_FACTORY"], test: "library.unknown-factory-null", status: .failed),
        Case(name: "loose-factory-id", flags: ["-DFIX_LOOSE_FACTORY_ID"], test: "library.factory-id-trailing-garbage", status: .failed),
        Case(
            name: "absolute-runpath", flags: ["-Wl,-rpath,/opt/build-machine/lib", "-Wl,--enable-new-dtags"],
            test: "library.runpath-portable", status: .warning),
        // The registry rejects a name that is not UTF-8, so library.loads fails first.
        Case(name: "invalid-utf8-name", flags: ["-DFIX_BAD_UTF8_NAME"], test: "library.loads", status: .failed),
        Case(name: "descriptor-mismatch", flags: ["-DFIX_DESC_MISMATCH"], test: "component.descriptor-consistency", status: .failed),
        Case(name: "leaking-instances", flags: ["-DFIX_LEAK"], test: "component.create-destroy-no-growth", status: .failed),
        Case(name: "any-extension", flags: ["-DFIX_ANY_EXTENSION"], test: "component.unknown-extension-null", status: .failed),
        Case(name: "wrong-thread", flags: ["-DFIX_WRONG_THREAD"], test: "component.thread-contract", status: .failed),
        Case(name: "thread-in-init", flags: ["-DFIX_INIT_THREAD"], test: "component.thread-contract", status: .failed),
        Case(name: "mutated-host-data", flags: ["-DFIX_MUTATE_HOST_DATA"], test: "component.host-data-untouched", status: .failed),
        Case(name: "invalid-utf8-text", flags: ["-DFIX_BAD_UTF8_TEXT"], test: "component.utf8-strings", status: .failed),
        Case(name: "nan-content", flags: ["-DFIX_NAN_CONTENT"], test: "component.content-limits", status: .failed),
        Case(name: "negative-content", flags: ["-DFIX_BAD_CONTENT"], test: "component.content-limits", status: .failed),
        Case(name: "deep-content", flags: ["-DFIX_DEEP_CONTENT"], test: "component.content-limits", status: .failed),
        Case(name: "malformed-signature", flags: ["-DFIX_BAD_SIGNATURE"], test: "component.action-signatures", status: .failed),
        Case(name: "answer-twice", flags: ["-DFIX_ANSWER_TWICE"], test: "component.completions-once", status: .failed),
        Case(name: "undeclared-action", flags: ["-DFIX_UNDECLARED_ACTION"], test: "component.composition", status: .failed),
        Case(name: "missing-field", flags: ["-DFIX_MISSING_FIELD"], test: "component.composition", status: .failed),
        Case(name: "answer-never", flags: ["-DFIX_ANSWER_NEVER"], test: "component.completions-once", status: .failed),
        Case(name: "done-twice", flags: ["-DFIX_DONE_TWICE"], test: "component.completions-once", status: .failed),
        Case(name: "done-never", flags: ["-DFIX_DONE_NEVER"], test: "component.completions-once", status: .failed),
        // ABI 1.1's pop_completion_t: a second call is reported; late and unknown ones are harmless
        // no-ops for the host, and a warning for the plugin's author.
        Case(name: "complete-twice", flags: ["-DFIX_COMPLETE_TWICE"], test: "component.completions-once", status: .failed),
        Case(name: "complete-after-end", flags: ["-DFIX_COMPLETE_AFTER_END"], test: "component.completions-once", status: .warning),
        Case(name: "stale-token", flags: ["-DFIX_STALE_TOKEN"], test: "component.completions-once", status: .warning),
        Case(name: "forged-token", flags: ["-DFIX_FORGED_TOKEN"], test: "component.completions-once", status: .warning),
        // Issue 18: what the registry rejects fails library.loads (and the run), and so do plugins
        // that spin, crash by raising a signal, or write a made-up result on the harness's channel.
        Case(name: "init-fails", flags: ["-DFIX_INIT_FAILS"], test: "library.loads", status: .failed),
        Case(name: "null-init", flags: ["-DFIX_NULL_INIT"], test: "library.loads", status: .failed),
        Case(name: "null-get-factory", flags: ["-DFIX_NULL_GET_FACTORY"], test: "library.loads", status: .failed),
        Case(name: "factory-without-count", flags: ["-DFIX_NO_COUNT"], test: "library.loads", status: .failed),
        Case(name: "factory-too-small", flags: ["-DFIX_FACTORY_SIZE=8"], test: "library.loads", status: .failed),
        Case(name: "factory-major-2", flags: ["-DFIX_FACTORY_MAJOR=2"], test: "library.loads", status: .failed),
        Case(name: "spin-in-entry", flags: ["-DFIX_SPIN_IN_ENTRY"], test: "library.loads", status: .timeout),
        Case(name: "raise-in-entry", flags: ["-DFIX_RAISE_IN_ENTRY"], test: "library.loads", status: .crashed),
        Case(name: "forges-protocol", flags: ["-DFIX_FORGE_PROTOCOL"], test: "library.loads", status: .crashed),
    ]

    /// The corpus, built on first use, with a well-behaved build of the same source as "good".
    static let shared: MisbehavingPluginCorpus = try! MisbehavingPluginCorpus()

    let directory: TemporaryDirectory

    func path(_ name: String) -> String { directory.file(name + ".so") }

    private init() throws {
        directory = TemporaryDirectory()
        for testCase in Self.cases + [Case(name: "good", flags: [], test: "", status: .success)] {
            try Fixture.build(path(testCase.name), testCase.flags + ["-DFIX_PLUGIN_ID=\"com.pophost.misbehaving.\(testCase.name)\""])
        }
    }
}
