import Foundation
import PopModel
import PopTestSupport
import Testing

@Suite struct TraceKindDocumentTests {
    @Test("docs/json.md's table of trace events names every event the trace can hold")
    func everyKindDocumented() throws {
        let text = try String(contentsOfFile: Repository.root + "/docs/json.md", encoding: .utf8)
        let table = try #require(text.components(separatedBy: "| event | what happened |").last)
        for kind in TraceEvent.Kind.allCases {
            #expect(table.contains("`\(kind.rawValue)`"), "docs/json.md does not list the trace event \(kind.rawValue)")
        }
    }
}
