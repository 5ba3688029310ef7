import PopModel

/// Reading display traits, in the screen and in a `traits` step: `appearance` ("light" or "dark"),
/// `content_size` ("xs" … "l" … "ax5", or UIKit's name), `layout_direction` ("ltr" or "rtl"),
/// `reduce_motion` and `voice_over` (true or false).
extension ScenarioParser {
    static let traitKeys = ["appearance", "content_size", "layout_direction", "reduce_motion", "voice_over"]

    /// The traits `object` names at `path` (other keys are the caller's to check).
    static func traitChange(_ object: Value.Object, at path: String) throws(ScenarioError) -> TraitChange {
        TraitChange(
            appearance: try ScenarioRead.optional(object, "appearance", at: path) { (value, path) throws(ScenarioError) in
                Appearance(rawValue: try ScenarioRead.choice(value, at: path, Appearance.allCases.map(\.rawValue)))!
            },
            contentSize: try ScenarioRead.optional(object, "content_size", at: path, Self.contentSize),
            layoutDirection: try ScenarioRead.optional(object, "layout_direction", at: path) { (value, path) throws(ScenarioError) in
                LayoutDirection(rawValue: try ScenarioRead.choice(value, at: path, LayoutDirection.allCases.map(\.rawValue)))!
            },
            reduceMotion: try ScenarioRead.optional(object, "reduce_motion", at: path, ScenarioRead.bool),
            voiceOver: try ScenarioRead.optional(object, "voice_over", at: path, ScenarioRead.bool))
    }

    /// A content size category by its short name or UIKit's.
    static func contentSize(_ value: Value, at path: String) throws(ScenarioError) -> ContentSizeCategory {
        if case .string(let name) = value, let category = ContentSizeCategory(name: name) { return category }
        return ContentSizeCategory(name: try ScenarioRead.choice(value, at: path, ContentSizeCategory.names))!
    }
}
