import PopChef

/// What a plugin host asks its parent in the middle of a call, because the plugin waits for the
/// answer: a programmatic change to the sheet of instance `instance`'s request (`pop.sheet-host/1`,
/// whose functions return whether the sheet took it).
enum ChildQuestion: Codable, Equatable {
    case controlSheet(instance: UInt64, control: SheetControl)
}

/// The parent's answer to a `ChildQuestion`, a line of its own on the channel.
struct QuestionAnswer: Codable {
    var answer: Bool
}
