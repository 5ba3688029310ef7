/// The versions of the scenario format and what each spells differently, so that a file a team
/// checked in keeps being read as it was written for as long as the major version lasts
/// (docs/compatibility.md). A new shape is a new number; pophost writes the newest and reads all.
public enum ScenarioFormat {
    /// The format pophost writes (`pophost new`, `pophost migrate`).
    public static let newest = 2
    /// Every format this build reads.
    public static let readable: ClosedRange<Int> = 1...2
    /// The format of a file without a `"format"` key (the first one).
    public static let assumed = 1

    /// A key that an older format spelled otherwise: read there under its old name, with a warning
    /// naming today's.
    public struct Rename: Hashable, Sendable {
        /// The object the key is in (`show` for a step's show object).
        public let object: String
        public let old: String
        public let new: String
        /// The first format that spells it `new` only.
        public let since: Int
    }

    /// Every rename so far, oldest first. Format 1 as first released wrote a `show` step's view
    /// loader as `view` and its controller loader as `controller`; later format 1 files use the new
    /// names too, so format 1 takes either.
    public static let renames: [Rename] = [
        Rename(object: "show", old: "view", new: "view_loader", since: 2),
        Rename(object: "show", old: "controller", new: "controller_loader", since: 2),
    ]

    /// The renames a file in `format` may still use in `object`.
    static func renames(in object: String, format: Int) -> [Rename] {
        renames.filter { $0.object == object && format < $0.since }
    }
}
