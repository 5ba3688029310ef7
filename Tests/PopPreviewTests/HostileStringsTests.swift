import Foundation
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopPreview

/// A hostile plugin's strings (its descriptors, its content) reach the page only as data: JSON
/// strings the page puts in as text, and SVG text escaped as XML, under a policy that runs no
/// script but the server's own.
@Suite struct HostileStringsTests {
    static let hostile = #"</text><script>alert("pwned")</script><img src=x onerror=alert(1)>&amp;"#

    /// A scaffolded plugin whose view loader's description is `hostile`.
    static func hostilePlugin() throws -> ScaffoldedPlugin {
        let project = try ScaffoldedPlugin()
        let escaped = hostile.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        try project.edit("src/view.c", replacing: #""A title, a message, and OK and Not now buttons.""#, with: "\"\(escaped)\"")
        try project.build()
        return project
    }

    @Test("a hostile description arrives in the gallery's JSON as the same string, and the content type is JSON, not sniffable")
    func galleryJSON() async throws {
        let project = try Self.hostilePlugin()
        let fixture = try await PreviewFixture(samples: false, extra: [project.library])
        let answer = try await fixture.request("/api/gallery")
        #expect(answer.headers["content-type"] == "application/json" && answer.headers["x-content-type-options"] == "nosniff")
        let gallery = try Value(json: answer.text)
        #expect(gallery.json.contains(Value.string(Self.hostile).json), "the string arrives unchanged, as data")
    }

    @Test("hostile text in a popup is escaped in its SVG: no element of its own")
    func svgText() async throws {
        let project = try Self.hostilePlugin()
        let fixture = try await PreviewFixture(samples: false, extra: [project.library])
        let data = encoded(Value.object(["title": .string(Self.hostile)]).json)
        let answer = try await fixture.request("/api/component.svg?view_loader=com.example.watched.view&theme=alert&data=\(data)")
        #expect(answer.status == 200, "\(answer.text)")
        #expect(!answer.text.contains("<script") && !answer.text.contains("<img"))
        #expect(answer.text.contains("&lt;/text&gt;&lt;script&gt;"), "\(answer.text)")
    }
}
