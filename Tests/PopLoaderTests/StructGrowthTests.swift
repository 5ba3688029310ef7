import Foundation
import PluginABI
import PopTestSupport
import Testing

@testable import PopLoader
@testable import PopModel

/// version.h's growth rule: any minor of major 1 loads, struct_size says which fields exist, and
/// fields are only appended — checked against the 1.0 headers as released.
@Suite struct StructGrowthTests {
    /// sizeof every ABI struct, and where the handler's 1.1 member starts, as a C compiler sees them.
    static let sizesProgram = """
        #include <pophost/pophost.h>
        #include <stdio.h>
        #define SIZE(type) printf(#type " %zu\\n", sizeof(type))
        int main(void) {
            SIZE(pop_version_t); SIZE(pop_descriptor_t); SIZE(pop_host_t); SIZE(pop_host_log_t);
            SIZE(pop_host_value_t); SIZE(pop_value_writer_t); SIZE(pop_content_builder_t); SIZE(pop_component_t);
            SIZE(pop_component_factory_t); SIZE(pop_request_options_t); SIZE(pop_action_t); SIZE(pop_handler_t);
            SIZE(pop_view_loader_t); SIZE(pop_presentation_t); SIZE(pop_rect_t); SIZE(pop_layout_context_t);
            SIZE(pop_visual_state_t); SIZE(pop_animation_context_t); SIZE(pop_controller_loader_t);
            SIZE(pop_reformer_t); SIZE(pop_plugin_entry_t);
        #ifdef POP_STRUCT_HAS
            printf("should_present_ex %zu\\n", offsetof(pop_handler_t, should_present_ex));
            printf("has-in-1.0 %d\\n", POP_STRUCT_HAS(offsetof(pop_handler_t, should_present_ex), pop_handler_t, should_present_ex));
            printf("has-in-1.1 %d\\n", POP_STRUCT_HAS(sizeof(pop_handler_t), pop_handler_t, should_present_ex));
            printf("hide_curve %zu\\n", offsetof(pop_presentation_t, hide_curve));
            printf("curves-in-1.0 %d\\n", POP_STRUCT_HAS(offsetof(pop_presentation_t, hide_curve), pop_presentation_t, hide_curve));
            printf("curves-in-1.1 %d\\n", POP_STRUCT_HAS(sizeof(pop_presentation_t), pop_presentation_t, hide_curve));
        #endif
            return 0;
        }
        """

    /// Compiles and runs the program against `include`; its output as name → number.
    static func sizes(include: String) throws -> [String: Int] {
        let directory = TemporaryDirectory()
        let source = directory.file("sizes.c"), program = directory.file("sizes")
        try sizesProgram.write(toFile: source, atomically: true, encoding: .utf8)
        let compiled = try run("/usr/bin/env", ["cc", "-std=c11", "-Wall", "-Werror", "-I", include, "-o", program, source])
        guard compiled.status == 0 else { throw Fixture.FixtureError(message: compiled.stderr) }
        let output = try run(program, []).stdout
        return Dictionary(
            uniqueKeysWithValues: output.split(separator: "\n").map { line in
                let parts = line.split(separator: " ")
                return (String(parts[0]), Int(parts[1])!)
            })
    }

    @Test("1.1 only appends: every 1.0 struct keeps its size but the handler (should_present_ex) and the presentation (its curves)")
    func onlyAppended() throws {
        let released = try Self.sizes(include: Repository.abi10Include)
        let current = try Self.sizes(include: Repository.abiInclude)
        #expect(released["should_present_ex"] == nil && released["hide_curve"] == nil)
        for (type, size) in released where type != "pop_handler_t" && type != "pop_presentation_t" {
            #expect(current[type] == size, "\(type)")
        }
        let handler10 = try #require(released["pop_handler_t"])
        #expect(current["should_present_ex"] == handler10)
        #expect(current["pop_handler_t"] == handler10 + MemoryLayout<UnsafeRawPointer>.size)
        #expect(current["has-in-1.0"] == 0 && current["has-in-1.1"] == 1)
        // show_curve fills the 1.0 struct's tail padding; hide_curve, the field a plugin checks, lies
        // at the 1.0 end, so a 1.0-sized presentation has neither.
        let presentation10 = try #require(released["pop_presentation_t"])
        #expect(current["hide_curve"] == presentation10)
        #expect(current["pop_presentation_t"] == presentation10 + 8)
        #expect(current["curves-in-1.0"] == 0 && current["curves-in-1.1"] == 1)
        // The host's minimum sizes are the 1.0 sizes, and Swift lays the structs out as C does.
        #expect(ComponentKind.handler.minimumStructSize == handler10)
        #expect(ComponentKind.viewLoader.minimumStructSize == released["pop_view_loader_t"])
        #expect(ComponentKind.controllerLoader.minimumStructSize == released["pop_controller_loader_t"])
        #expect(ComponentKind.reformer.minimumStructSize == released["pop_reformer_t"])
        #expect(MemoryLayout<pop_handler_t>.size == current["pop_handler_t"])
        #expect(MemoryLayout<pop_presentation_t>.size == current["pop_presentation_t"])
        #expect(MemoryLayout<pop_plugin_entry_t>.size == current["pop_plugin_entry_t"])
    }

    @Test("StructHeader: same major any minor; at least the first size; a field only when wholly inside")
    func header() {
        func header(major: UInt32, minor: UInt32, size: Int) -> StructHeader {
            var raw = pop_component_t()
            raw.abi_version = pop_version_t(major: major, minor: minor, patch: 0)
            raw.struct_size = UInt32(size)
            return withUnsafePointer(to: raw) { StructHeader($0) }
        }
        let size10 = ComponentKind.handler.minimumStructSize
        #expect(header(major: 1, minor: 99, size: size10).problem(minimumSize: size10) == nil)
        #expect(header(major: 1, minor: 0, size: size10).problem(minimumSize: size10) == nil)
        #expect(header(major: 2, minor: 0, size: size10).problem(minimumSize: size10) == .majorMismatch)
        #expect(header(major: 0, minor: 9, size: size10).problem(minimumSize: size10) == .majorMismatch)
        #expect(header(major: 1, minor: 1, size: size10 - 1).problem(minimumSize: size10) == .tooSmall(minimum: size10))
        #expect(!header(major: 1, minor: 1, size: size10).contains(\pop_handler_t.should_present_ex))
        #expect(!header(major: 1, minor: 1, size: size10 + 7).contains(\pop_handler_t.should_present_ex))
        #expect(header(major: 1, minor: 1, size: size10 + 8).contains(\pop_handler_t.should_present_ex))
        #expect(header(major: 1, minor: 0, size: size10).contains(\pop_handler_t.finished))
        #expect(ABIVersion(major: 1, minor: 7, patch: 3).isReadable && !ABIVersion(major: 2, minor: 0, patch: 0).isReadable)
    }

    @Test("a plugin that declares minor 99 with 1.0-sized structs loads, in this process and in the scanner")
    func newerMinorLoads() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("minor-99.so")
        try Fixture.build(path, ["-DFIX_MINOR=99", "-DFIX_PLUGIN_ID=\"com.pophost.fixture.minor-99\""], include: Repository.abi10Include)
        let info = try PluginLoader.describe(path: path).get()
        #expect(info.abiVersion == ABIVersion(major: 1, minor: 99, patch: 0))
        #expect(
            info.components.map(\.descriptor.id).sorted()
                == ["handler", "view", "controller"].map { "com.pophost.fixture.minor-99.\($0)" }.sorted())
        let outcomes = try PluginScanner(executable: Build.scanner).scan([path]).outcomes
        #expect(outcomes == [.loaded(info: info)])
    }
}
