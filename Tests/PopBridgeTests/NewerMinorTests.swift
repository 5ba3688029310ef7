import PopLoaderTestSupport
import PopRuntimeTestSupport
import PopTestSupport
import Testing

@testable import PopBridge
@testable import PopChef
@testable import PopLoader
@testable import PopModel

/// A plugin built against a newer 1.x minor than this host's works when it uses nothing the host
/// lacks (version.h's growth rule): here every struct says minor 99 but has its 1.0 size.
@Suite struct NewerMinorTests {
    @Test("minor 99 with 1.0-sized structs: its handler, view and controller compose a popup that shows and goes")
    func newerMinorWorks() throws {
        let directory = TemporaryDirectory()
        try Fixture.build(
            directory.file("minor-99.so"), ["-DFIX_MINOR=99", "-DFIX_PLUGIN_ID=\"com.fixture.minor-99\""],
            include: Repository.abi10Include)
        let discovery = try makeRegistry([directory.path], cache: directory.file("registry.cache")).discover()
        #expect(discovery.entries.map(\.status) == [.ok])
        #expect(discovery.entries.first?.info?.abiVersion.minor == 99)
        let t = TracedHost(plugins: discovery, staged: true)
        let id = t.chef.show(
            PopupRequest(
                handler: "com.fixture.minor-99.handler", viewLoader: "com.fixture.minor-99.view",
                controllerLoader: "com.fixture.minor-99.controller"))
        t.chef.runUntilIdle()
        #expect(t.chef.state(of: id) == .shown)
        #expect(t.events(of: id).contains("answered"))  // its 1.0 should_present, through a 1.0 answer
        #expect(t.chef.tap(action: "go", on: id))  // its action, through libffi
        t.chef.runUntilIdle()
        #expect(t.finals[id] == [.dismissed(.action)])
        #expect(t.recorder.events.filter { $0.kind == .misbehaviour }.isEmpty)
        #expect(t.source!.liveInstances == 0)
    }
}
