import PopModel
import PopPresentation

/// A stage held still at one instant (a pan or drag in mid-air), whose frame a suite draws again
/// and again: the same `nodes` every time.
protocol StillScene {
    var stage: Stage { get }
    /// How many nodes its frame has.
    var nodes: Int { get }
}

extension StillScene {
    /// A page's content: `count` rows of body text, as a list page has.
    static func rows(_ count: Int) -> ContentNode {
        ContentNode(
            .vstack(
                spacing: 1, alignment: .fill,
                children: (1...count).map {
                    ContentNode(.text("Row \($0)", size: 17, weight: .regular, color: 0x0000_00FF, alignment: .leading, maxLines: 1))
                }))
    }

    /// `stage.frame()`, `count` times; nanoseconds.
    func frames(_ count: Int) -> Int {
        var drawn = 0
        let time = timed {
            for _ in 0..<count { drawn &+= stage.frame().nodes.count }
        }.nanoseconds
        precondition(drawn == count * nodes, "the scene must not change")
        return time
    }
}
