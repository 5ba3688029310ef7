import Foundation
import PopTestSupport
import Testing

@testable import PopLoader

/// The C sample builds on its own with its Makefile, as a C team would build it, and describes
/// itself exactly like the copy SwiftPM builds.
@Suite struct StandaloneBuildTests {
    @Test("the C sample's Makefile builds a plugin equal to the bundled one")
    func cSampleMakefile() throws {
        let out = TemporaryDirectory()
        let result = try run("/usr/bin/env", ["make", "-s", "-C", Repository.root + "/Plugins/CSample", "OUT=\(out.path)"])
        #expect(result.status == 0, "\(result.stderr)")
        let built = try PluginLoader.describe(path: out.file("libpop_sample_c.so")).get()
        #expect(built == (try PluginLoader.describe(path: Build.cSample).get()))
    }
}
