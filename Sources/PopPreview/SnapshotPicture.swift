import PopHarness
import PopModel
import PopRender

/// The three pictures of a failed scenario snapshot in the Tests tab: the frame that differs as
/// recorded, as run, and their difference (`FrameDifference`), each drawn from its frame JSON by
/// the one renderer, the screen alone.
public enum SnapshotPicture: String, CaseIterable, Sendable {
    case expected, actual, difference

    /// This picture of `difference`, as SVG; a 404 when the report has no such frame (the
    /// snapshot or the run lacks it, or only the trace differs), a 500 when a recorded frame
    /// cannot be read.
    func svg(of difference: SnapshotDifference) throws(PreviewError) -> String {
        let renderer = SVGRenderer(deviceFrame: false)
        switch self {
        case .expected: return renderer.render(try frame(difference.expectedFrame, "recorded"))
        case .actual: return renderer.render(try frame(difference.actualFrame, "run"))
        case .difference:
            let expected = try frame(difference.expectedFrame, "recorded"), actual = try frame(difference.actualFrame, "run")
            return renderer.render(FrameDifference(expected: expected, actual: actual).frame)
        }
    }

    private func frame(_ value: Value?, _ which: String) throws(PreviewError) -> Frame {
        guard let value else { throw PreviewError(status: 404, "the \(which) snapshot has no frame that differs") }
        do { return try FrameJSON.frame(value) } catch { throw PreviewError(status: 500, "the \(which) frame cannot be read: \(error)") }
    }
}
