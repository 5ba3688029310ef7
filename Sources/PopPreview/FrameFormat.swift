/// How the player's frame is served: SVG for the page to show, JSON (`FrameJSON`) for a script to
/// read.
public enum FrameFormat: String, CaseIterable, Sendable {
    case svg, json

    var contentType: String { self == .svg ? "image/svg+xml" : "application/json" }
}
