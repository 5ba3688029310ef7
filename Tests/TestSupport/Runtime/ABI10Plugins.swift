import HostRuntime
import PopLoaderTestSupport
import PopTestSupport

/// ABI 1.0 plugins built at test time from Tests/Fixtures/abi-1.0: the released C sample
/// (`sample.c`) and a 1.0 promotion handler that answers should_present later (`promotion.c`).
/// Each instance compiles its own copies, so a test that drives them through a chef has images of
/// its own (a plugin's global state assumes one main thread).
package final class ABI10Plugins: @unchecked Sendable {
    /// Which headers the 1.0 sources are compiled against.
    package enum Headers: Sendable {
        /// The 1.0 headers as released: a plugin built back then.
        case released
        /// This checkout's headers: a 1.0 plugin's source rebuilt, unchanged, today.
        case current

        var include: String { self == .released ? Repository.abi10Include : Repository.abiInclude }
    }

    package let directory = TemporaryDirectory()
    /// The 1.0 C sample (plugin id com.pophost.samples.c).
    package let sample: String
    /// The 1.0 promotion handler (plugin id com.pophost.abi10).
    package let promotion: String

    package init(headers: Headers = .released) throws {
        sample = directory.file("libpop_sample_c_1_0.so")
        promotion = directory.file("libpop_promotion_1_0.so")
        try Fixture.plugin(Repository.abi10 + "/sample.c", to: sample, include: headers.include)
        try Fixture.plugin(Repository.abi10 + "/promotion.c", to: promotion, include: headers.include)
    }

    /// Both plugins, scanned as a host scans them.
    package func discover() throws -> PluginRegistry.Discovery {
        try makeRegistry([directory.path], cache: directory.file("registry.cache")).discover()
    }
}
