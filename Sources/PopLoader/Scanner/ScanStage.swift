/// The step of loading a plugin file that a scan is in: a crash or a hang is put down to it
/// ("crashed the scanner in its deinit").
public enum ScanStage: String, Sendable, CaseIterable {
    /// `dlopen` (the library's constructors run here) and the entry.
    case opening = "open"
    case initializing = "init"
    case readingComponents = "components"
    case deinitializing = "deinit"

    /// Where it happened, in words: "in dlopen or its entry", "in its init".
    public var words: String {
        switch self {
        case .opening: "in dlopen or its entry"
        case .initializing: "in its init"
        case .readingComponents: "while its components were read"
        case .deinitializing: "in its deinit"
        }
    }
}
