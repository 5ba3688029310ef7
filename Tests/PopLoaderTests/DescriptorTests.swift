import Foundation
import PopProcess
import Testing

@testable import PopLoader

@Suite struct DescriptorTests {
    @Test(
        "reverse-DNS ids",
        arguments: [
            ("com.example", true), ("com.example.payments.password-dialog", true), ("io.x_y.z9", true),
            ("example", false), ("", false), ("com..example", false), (".com.example", false), ("com.example.", false),
            ("9com.example", false), ("com.exa mple", false), ("com.exämple", false), ("com/example", false),
        ])
    func reverseDNS(id: String, valid: Bool) {
        #expect(Descriptor.isReverseDNS(id) == valid)
    }

    @Test("search path precedence: flags, then POPHOST_PLUGIN_PATH, then defaults")
    func searchPathPrecedence() {
        let environment = ["POPHOST_PLUGIN_PATH": "/a:/b", "HOME": "/home/u"]
        #expect(SearchPath.resolve(flags: ["/x"], environment: environment) == SearchPath(directories: ["/x"], source: .flags))
        #expect(SearchPath.resolve(flags: [], environment: environment) == SearchPath(directories: ["/a", "/b"], source: .environment))
        let defaults = SearchPath.resolve(flags: [], environment: ["HOME": "/home/u"])
        #expect(defaults.source == .defaults)
        #expect(
            defaults.directories == [
                "/home/u/.local/share/pophost/plugins", "/usr/local/lib/pophost/plugins", "/usr/lib/pophost/plugins",
                URL(fileURLWithPath: RunningExecutable.directory + "/../lib/pophost/plugins").standardizedFileURL.path,
                RunningExecutable.directory,
            ])
        #expect(SearchPath.resolve(flags: [], environment: ["XDG_DATA_HOME": "/data"]).directories.first == "/data/pophost/plugins")
    }
}
