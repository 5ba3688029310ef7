import Foundation
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopPreview

/// The sample data components declare (ABI 1.1's `sample_data`) in the gallery: each view loader
/// and handler lists its samples by name, a view loader is built for its first sample, and one
/// that declares none for the page's default data.
@Suite struct GallerySamplesTests {
    @Test(
        "a view loader is built for its first declared sample; one without samples for the default data; every component lists its samples")
    func samples() async throws {
        let project = try ScaffoldedPlugin()
        let fixture = try await PreviewFixture(extra: [project.library])
        let gallery = try await fixture.json("/api/gallery?data=\(encoded(#"{"title": "Default title"}"#))")
        guard case .array(let views)? = gallery["view_loaders"], case .array(let handlers)? = gallery["handlers"] else {
            Issue.record("no view loaders or handlers: \(gallery.json.prefix(300))")
            return
        }
        let payment = try #require(views.first { $0["id"] == "com.pophost.samples.c.payment-view" })
        #expect(payment["samples"]?[0]?["name"] == "Order A-1001" && payment["samples"]?[1]?["name"] == "Large amount")
        #expect(payment["data"] == ["amount": 42.5, "order": "A-1001"], "the first sample is the default")
        #expect(payment["data"] == payment["samples"]?[0]?["data"])
        #expect(payment["fields"] == ["password"])
        let watched = try #require(views.first { $0["id"] == "com.example.watched.view" })
        #expect(watched["samples"] == [], "the scaffolded plugin declares no sample")
        #expect(watched["data"] == ["title": "Default title"], "without samples: the page's default data")
        for handler in handlers { #expect(handler["samples"] != nil, "\(handler.json.prefix(120))") }
        #expect(gallery["sample_data"] == ["title": "Default title"])
    }
}
