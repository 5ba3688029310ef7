/// What a page declares to be floated (WeChat's "浮窗", JPSuspensionEntranceProtocol): what to keep
/// so the page can be made again from its bubble (a URL, an id), and the logo its bubble shows. A
/// page without one cannot float.
public struct FloatingDeclaration: Hashable, Sendable, Codable {
    /// What the page keeps while floating (JPSuspensionEntrance's `jp_suspensionCacheMsg`).
    public var keep: String
    /// Short text drawn in the bubble, e.g. "文" or "A" (a flat renderer draws no images).
    public var logo: String
    /// The logo's colour.
    public var logoColor: ContentNode.Color

    public init(keep: String, logo: String, logoColor: ContentNode.Color = 0x07C1_60FF) {
        self.keep = keep
        self.logo = logo
        self.logoColor = logoColor
    }
}
