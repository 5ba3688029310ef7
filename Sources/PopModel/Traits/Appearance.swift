/// Light or dark (UIKit's `UIUserInterfaceStyle`), as a scenario, a flag and the ABI
/// (`POP_APPEARANCE_*`) name it.
public enum Appearance: String, Hashable, Sendable, CaseIterable, Codable {
    case light, dark

    /// The ABI's number (`POP_APPEARANCE_LIGHT` 0, `POP_APPEARANCE_DARK` 1).
    public var abiValue: Int32 { self == .light ? 0 : 1 }
}
