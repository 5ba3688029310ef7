import Foundation
import PopTestSupport
import Testing

@testable import PopModel
@testable import PopPreview

/// The player's trait toggles and the gallery's Traits menu, through the server's routes: the state
/// says the run's traits, the toggles' keys change them, and a gallery picture is drawn under the
/// traits it is asked for.
@Suite struct PreviewTraitsTests {
    @Test("the state carries the run's traits; the a, t, l and m keys change them, traced")
    func stateAndToggles() async throws {
        let fixture = try await PreviewFixture()
        let start = try await fixture.json("/api/state")
        #expect(
            start["traits"] == [
                "appearance": "light", "content_size": "l", "layout_direction": "ltr", "reduce_motion": false, "voice_over": false,
            ])
        for key in ["a", "t", "l", "m"] {
            let outcome = try await fixture.json("/api/input", post: #"{"kind": "key", "key": "\#(key)"}"#)
            #expect(outcome["state"]?["traits"] != nil, "\(outcome.json)")
        }
        let after = try await fixture.json("/api/state")
        #expect(
            after["traits"] == [
                "appearance": "dark", "content_size": "xxxl", "layout_direction": "rtl", "reduce_motion": true, "voice_over": false,
            ])
        let trace = try await fixture.request("/api/trace")
        #expect(trace.text.contains("appearance dark") && trace.text.contains("content-size xxxl"), "traced as the person changes them")
    }

    @Test("a gallery picture is drawn under the traits asked for; a bad trait is a 400 naming it")
    func pictureTraits() async throws {
        let fixture = try await PreviewFixture()
        let base = "/api/component.svg?view_loader=com.pophost.samples.c.payment-view&theme=alert"
        let light = try await fixture.request(base)
        let explicit = try await fixture.request(base + "&appearance=light&content_size=l&layout_direction=ltr")
        #expect(light.status == 200 && explicit.text == light.text, "the defaults named are the defaults")
        for (name, value) in [("appearance", "dim"), ("content_size", "huge"), ("layout_direction", "up")] {
            let bad = try await fixture.request(base + "&\(name)=\(value)")
            #expect(bad.status == 400 && bad.text.contains(name), "\(name)=\(value): \(bad.status) \(bad.text)")
        }
        for traits in ["appearance=dark", "content_size=ax5", "layout_direction=rtl"] {
            #expect(try await fixture.request(base + "&" + traits).status == 200, "\(traits)")
        }
    }
}
