import PopModel
import Testing

@testable import PopRender

/// The device drawn around the screen follows the screen: a phone has a Dynamic Island, a tablet
/// (regular in both size classes, however it is held) a camera in its bezel and no island.
@Suite struct DeviceFrameTests {
    static func svg(_ width: Double, _ height: Double) -> String {
        SVGRenderer(deviceFrame: true).render(Frame(time: .zero, screen: Size(width: width, height: height)))
    }

    @Test(
        "a phone, upright or turned, has its island; a tablet, upright or turned, has none",
        arguments: [
            (390.0, 844.0, false), (844.0, 390.0, false), (430.0, 932.0, false), (820.0, 1180.0, true), (1180.0, 820.0, true),
        ])
    func islandOnPhonesOnly(width: Double, height: Double, tablet: Bool) {
        let device = DeviceFrame(screen: Size(width: width, height: height))
        #expect(device.isTablet == tablet)
        let svg = Self.svg(width, height)
        // The island is the only fully rounded black rect drawn after the screen's content.
        let island = svg.contains("rx=\"\(TraceText.number(37 * min(1, min(width, height) / 393) / 2))\" fill=\"#000000\"")
        #expect(island == !tablet)
        #expect(svg.contains("<circle") == tablet)
        #expect(device.screenCornerRadius == (tablet ? 18 : min(47, 0.12 * min(width, height))))
    }
}
