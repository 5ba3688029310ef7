/// The ids of a laid-out content's nodes below its root, in the order `ContentStyle.append` visits them (each
/// node, then its children, then its separators): made once, as the content is first drawn, and then read back
/// for every frame that draws the same layout. Making them (`"\(parent).\(index)"`, a new string a node) was a
/// seventh of a still frame.
struct ContentIDs {
    private var ids: [String] = []
    private var cursor = 0
    private var reading = false

    /// Ids to be made as they are asked for, and kept.
    init() {}

    /// The ids `made` made, to be read back in the same order.
    init(reading made: ContentIDs) {
        ids = made.ids
        reading = true
    }

    /// Whether the ids were read back rather than made.
    var wereRead: Bool { reading }

    /// The next node's id: the one kept at its place, or `make()`'s, kept.
    mutating func next(_ make: () -> String) -> String {
        if reading && cursor < ids.count {
            defer { cursor += 1 }
            return ids[cursor]
        }
        let id = make()
        ids.append(id)
        cursor += 1
        return id
    }
}
