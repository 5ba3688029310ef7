/// A frame of some scene beside the demo's alert frame measured in the same rounds: what the sheet
/// drag and the interactive pop each cost relative to the frame every other figure is read against.
struct AlertFrameComparison: Codable {
    let nodes: Int
    let microseconds: Double
    /// The alert scene's frame, measured in the same rounds.
    let alertMicroseconds: Double
    let ratio: Double
    let budgetShare: Double

    init(nodes: Int, microseconds: Double, alertMicroseconds: Double) {
        self.nodes = nodes
        self.microseconds = microseconds
        self.alertMicroseconds = alertMicroseconds
        ratio = microseconds / alertMicroseconds
        budgetShare = microseconds / PresentationBench.frameBudget
    }
}
