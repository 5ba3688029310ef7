import PopRuntimeTestSupport
import Testing

@testable import PopChef
@testable import PopModel
@testable import PopPresentation

/// Dark mode on a stage: the host's chrome (app, cards, dimming, grabber, keyboard, bars, bubbles)
/// in its dark colours, light frames as they always were, the `traits` change re-colouring what is on
/// screen at once, semantic colours resolved per appearance (elevated in alerts), and fixed colours a
/// plugin or theme wrote kept as written.
@Suite struct AppearanceStageTests {
    static let dark = DisplayTraits(appearance: .dark)

    func shown(_ theme: Value = [:], dark: Bool = true) throws -> (TestStage, RequestID) {
        let t = try TestStage()
        if dark { t.engine.setDisplayTraits(Self.dark) }
        let id = t.alert(theme)
        t.advance(1000)  // shown, and a banner still on screen
        return (t, id)
    }

    @Test("a dark alert: dark app, the alert surface, UIKit's dark dimming, white title, the dark accent")
    func darkAlert() throws {
        let (t, id) = try shown()
        let frame = t.stage.frame()
        #expect(frame.traits.appearance == .dark)
        #expect(frame.node("app.background")?.fill == 0x0000_00FF)
        #expect(frame.node("app.row.0")?.fill == 0x1C1C_1EFF)
        #expect(frame.node("app.navigation-bar")?.fill == 0x1D1D_1DFF)
        #expect(frame.node("app.navigation-bar")?.text?.color == 0xFFFF_FFFF)
        #expect(frame.node("app.home-indicator")?.fill == 0xFFFF_FFFF)
        #expect(frame.node("popup.\(id)")?.fill == 0x1E1E_1EBF)
        let dimming = try #require(frame.node("popup.\(id).dimming"))
        #expect(dimming.fill == 0x0000_00FF && abs(dimming.opacity - 0x7A / 255.0) < 1e-9)
        #expect(frame.node("popup.\(id).content.0")?.text?.color == 0xFFFF_FFFF)
        #expect(frame.node("popup.\(id).content.2")?.text?.color == 0x0A84_FFFF)
    }

    @Test("a light alert is drawn as before appearances: white card, black text, black at 0.35, system blue")
    func lightAlert() throws {
        let (t, id) = try shown(dark: false)
        let frame = t.stage.frame()
        #expect(frame.node("app.background")?.fill == 0xF2F2_F7FF)
        #expect(frame.node("popup.\(id)")?.fill == 0xFFFF_FFFF)
        let dimming = try #require(frame.node("popup.\(id).dimming"))
        #expect(dimming.fill == 0x0000_00FF && dimming.opacity == 0x59 / 255.0)
        #expect(frame.node("popup.\(id).content.0")?.text?.color == 0x0000_00FF)
        #expect(frame.node("popup.\(id).content.2")?.text?.color == 0x007A_FFFF)
    }

    @Test("a mask colour a theme wrote stays as written in dark: CSPopKit's 0.7, a plugin's red")
    func fixedMask() throws {
        let themes: [(Value, UInt32)] = [(["base": "cspop-default"], 0x0000_00B3), (["dim_color": "#FF000080"], 0xFF00_0080)]
        for (theme, colour) in themes {
            let (t, id) = try shown(theme)
            let dimming = try #require(t.stage.frame().node("popup.\(id).dimming"))
            #expect(dimming.fill?.rawValue == colour | 0xFF)
            #expect(abs(dimming.opacity - Double(colour & 0xFF) / 255) < 1e-9)
        }
    }

    @Test("the QMUI themes take the host's dimming: 0.35 in light, 0.478 in dark")
    func qmuiDimming() throws {
        for dark in [false, true] {
            let (t, id) = try shown(["base": "qmui-fade"], dark: dark)
            let opacity = try #require(t.stage.frame().node("popup.\(id).dimming")?.opacity)
            #expect(abs(opacity - (dark ? 0x7A : 0x59) / 255.0) < 1e-9)
        }
    }

    @Test("a dark sheet: the elevated background, its grabber in dark's tertiary label, dimmed as an alert")
    func darkSheet() throws {
        let (t, id) = try shown(["style": "sheet", "sheet": ["detents": ["medium"], "grabber": true]])
        let frame = t.stage.frame()
        #expect(frame.node("popup.\(id)")?.fill == 0x1C1C_1EFF)
        #expect(frame.node("popup.\(id).grabber")?.fill == 0xEBEB_F54C)
        let dimming = try #require(frame.node("popup.\(id).dimming"))
        #expect(abs(dimming.opacity - 0x7A / 255.0) < 1e-9)
    }

    @Test("a dark banner: the elevated background, no dimming")
    func darkBanner() throws {
        let (t, id) = try shown(["base": "top-banner"])
        let frame = t.stage.frame()
        #expect(frame.node("popup.\(id)")?.fill == 0x1C1C_1EFF)
        #expect(frame.node("popup.\(id).dimming") == nil)
    }

    @Test("a traits step mid-run re-colours the popup on screen and the app at once, traced")
    func changeMidRun() throws {
        let (t, id) = try shown(dark: false)
        #expect(t.stage.frame().node("popup.\(id).content.0")?.text?.color == 0x0000_00FF)
        t.engine.setDisplayTraits(Self.dark)
        var frame = t.stage.frame()
        #expect(frame.node("app.background")?.fill == 0x0000_00FF)
        #expect(frame.node("popup.\(id)")?.fill == 0x1E1E_1EBF)
        #expect(frame.node("popup.\(id).content.0")?.text?.color == 0xFFFF_FFFF)
        #expect(abs((frame.node("popup.\(id).dimming")?.opacity ?? 0) - 0x7A / 255.0) < 1e-9)
        #expect(t.recorder.events.contains { $0.kind == .traits && $0.detail == "appearance dark" })
        t.engine.setDisplayTraits(DisplayTraits())
        frame = t.stage.frame()
        #expect(frame.node("popup.\(id)")?.fill == 0xFFFF_FFFF)
        #expect(frame.node("popup.\(id).content.0")?.text?.color == 0x0000_00FF)
    }
}
