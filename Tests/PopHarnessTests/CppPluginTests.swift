import PopTestSupport
import Testing

@testable import PopHarness

/// A plugin written in C++ as docs/plugin-abi.md ("C++ plugins") says passes `pophost test` in every
/// C++ standard the headers claim, and the doc's warning holds: without the version script the
/// standard library's templates are exported beside the entry, and the harness says what to do.
@Suite struct CppPluginTests {
    @Test("a C++ plugin built as the docs say passes every test, in C++11, C++17 and C++20", arguments: ["c++11", "c++17", "c++20"])
    func passes(standard: String) throws {
        let directory = TemporaryDirectory()
        let plugin = directory.file("libcpp.so")
        try Fixture.cppPlugin(to: plugin, standard: standard)
        let (status, report, stderr) = try HarnessTests.harness([plugin])
        #expect(status == 0 && report.plugins.count == 1, "\(stderr)")
        report.plugins.forEach(HarnessTests.expectPassed)
    }

    @Test("without the version script the library exports libstdc++'s templates, and library.exports-only-entry says so")
    func versionScriptRequired() throws {
        let directory = TemporaryDirectory()
        let plugin = directory.file("libcpp.so")
        try Fixture.cppPlugin(to: plugin, standard: "c++17", versionScript: false)
        let (status, report, stderr) = try HarnessTests.harness(["--only", "library.exports-only-entry", plugin])
        #expect(status == 1, "\(stderr)")
        let result = try #require(report.plugins.first?.results.first { $0.name == "library.exports-only-entry" })
        #expect(result.status == .failed)
        #expect(result.message?.contains("_ZNSt") == true, "\(result.message ?? "")")
        #expect(result.message?.contains("C++ symbols: the standard library's templates keep default visibility") == true)
    }

    @Test("library.exports-only-entry's advice follows what leaked: Rust, C++'s standard library, C++, Swift, anything else")
    func exportAdvice() {
        let rust = "_ZN8my_popup7confirm17h0123456789abcdefE"
        #expect(LibraryChecks.exportAdvice(["helper", rust]).hasPrefix("Rust symbols: build the crate as crate-type = [\"cdylib\"]"))
        #expect(LibraryChecks.exportAdvice(["_RNvCs1234_8my_popup7confirm"]).hasPrefix("Rust symbols:"))
        #expect(
            LibraryChecks.exportAdvice(["helper", "_ZNSt6vectorIiSaIiEE9push_backEOi"])
                .hasPrefix("C++ symbols: the standard library's templates keep default visibility"))
        #expect(
            LibraryChecks.exportAdvice(["_ZN6plugin3logE18pop_log_severity_tPKcz"]).hasPrefix(
                "C++ symbols: compile with -fvisibility=hidden"))
        #expect(LibraryChecks.exportAdvice(["$s6Plugin4NameVMn"]).hasPrefix("Swift symbols: link with -Xlinker --version-script"))
        #expect(LibraryChecks.exportAdvice(["helper", "other_helper"]) == "link with a version script, see entry.h")
    }
}
