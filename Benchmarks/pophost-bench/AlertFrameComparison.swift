/// A frame of some scene beside the demo's alert frame measured in the same rounds: what the sheet
/// drag and the interactive pop each cost relative to the frame every other figure is read against.
struct AlertFrameComparison: Codable {
    let nodes: Int
    let microseconds: Double
    /// The alert scene's frame, measured in the same rounds.
    let alertMicroseconds: Double
    let ratio: Double
    let budgetShare: Double
    /// The most `ratio` may be, for a scene that has a target (absent from the JSON otherwise).
    let target: Double?
    let pass: Bool?

    init(nodes: Int, microseconds: Double, alertMicroseconds: Double, target: Double? = nil) {
        self.nodes = nodes
        self.microseconds = microseconds
        self.alertMicroseconds = alertMicroseconds
        let ratio = microseconds / alertMicroseconds
        self.ratio = ratio
        budgetShare = microseconds / PresentationBench.frameBudget
        self.target = target
        pass = target.map { ratio <= $0 }
    }
}
