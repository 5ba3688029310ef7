import PopRender
import PopRuntimeTestSupport
import Testing

@testable import PopModel
@testable import PopScenario

/// Reduce Motion in scenarios: the screen's `reduce_motion`, the `traits` step, and frames that say
/// what they were drawn under.
@Suite struct ReduceMotionScenarioTests {
    static let alert = #"""
        {"show": {"controller_loader": "pop.theme", "data": {"title": "Hi", "theme": {"base": "cspop-guide"}}, "as": "a"}}
        """#

    @Test("the screen's reduce_motion starts the run with it, untraced; frames carry it in JSON and read it back")
    func screen() throws {
        let (runner, samples) = try IsolatedSamples.play(#"{"screen": {"reduce_motion": true}, "steps": [\#(Self.alert)]}"#)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(runner.engine.traits.display.reduceMotion)
        #expect(!runner.recorder.events.contains { $0.kind == .traits })
        let frame = runner.stage.frame()
        let json = FrameJSON.encode(frame)
        #expect(json.contains(#""traits":{"reduce_motion":true}"#))
        let decoded = try FrameJSON.decode(json)
        #expect(decoded.traits.reduceMotion && FrameJSON.encode(decoded) == json)
        withExtendedLifetime(samples) {}
    }

    @Test("a frame under a device's default traits has no traits key, as before it existed")
    func defaultsLeftOut() throws {
        let (runner, samples) = try IsolatedSamples.play(#"{"steps": [\#(Self.alert)]}"#)
        #expect(!FrameJSON.encode(runner.stage.frame()).contains("traits"))
        withExtendedLifetime(samples) {}
    }

    @Test("the traits step turns Reduce Motion on mid-run, traced; a second, unchanged, is not")
    func step() throws {
        let (runner, samples) = try IsolatedSamples.play(
            #"""
            {"steps": [\#(Self.alert), {"wait": "idle"}, {"traits": {"reduce_motion": true}},
                       {"traits": {"reduce_motion": true}}, {"dismiss": {"all": true}}, {"wait": "idle"}]}
            """#)
        #expect(runner.problems.isEmpty, "\(runner.problems)")
        #expect(runner.recorder.events.filter { $0.kind == .traits }.map(\.detail) == ["reduce-motion on"])
        #expect(runner.engine.traits.display.reduceMotion)
        withExtendedLifetime(samples) {}
    }

    @Test("the scenario's trait keys are checked: a bad value, no trait, an unknown trait")
    func errors() {
        let error = scenarioError
        #expect(error(#"{"screen": {"reduce_motion": "yes"}, "steps": []}"#)?.contains("screen.reduce_motion") == true)
        #expect(
            error(#"{"steps": [{"traits": {}}]}"#)
                == "t.json: steps[0].traits: names no trait (traits keys are: appearance, content_size, layout_direction, reduce_motion, voice_over)"
        )
        #expect(
            error(#"{"steps": [{"traits": {"dark": true}}]}"#)?.contains(
                "traits keys are: appearance, content_size, layout_direction, reduce_motion") == true)
    }
}
