import PopChef
import PopModel

/// A page a scenario pushes (`"push": {...}`): composed of components (`view_loader`,
/// `controller_loader`, `handler`, `data`), as a popup is; or declared in place: its kind, title,
/// bar style, pop gesture preferences, whether it can float (`floating`) and a list of rows for its
/// content.
public struct ScenarioPage: Hashable, Sendable {
    public var kind: String
    public var preferences: PagePreferences
    public var rows: [String]
    /// The components it is made of; nil: declared in place.
    public var components: PageRequest?

    public init(kind: String, preferences: PagePreferences, rows: [String] = []) {
        self.kind = kind
        self.preferences = preferences
        self.rows = rows
    }

    public init(_ components: PageRequest) {
        kind = components.kind ?? components.viewLoader
        preferences = PagePreferences()
        rows = []
        self.components = components
    }

    static let keys = ["page", "title", "bar", "pop_gesture", "pop_gesture_max_initial_distance", "floating", "rows", "animated"]
    static let componentKeys = ["page", "view_loader", "controller_loader", "handler", "data", "animated"]
    static let floatingKeys = ["keep", "logo", "logo_color"]
    static let barKeys = [
        "hidden", "background", "background_alpha", "translucent", "tint", "title_color", "title_size", "shadow", "large_title",
    ]

    /// The page's content: its rows as a plain list, 16 pt in, 60 pt a row (the app's list style), in
    /// the label colour on the grouped cell background of the appearance.
    var content: ContentNode {
        let rows = rows.map { row in
            ContentNode(
                .text(row, size: 17, weight: .regular, color: 0x0000_00FF, alignment: .leading, maxLines: 1),
                padding: EdgeInsets(top: 18, leading: 16, bottom: 18, trailing: 16), background: 0xFFFF_FFFF,
                semantics: ContentSemantics(foreground: .label, background: .secondarySystemGroupedBackground))
        }
        return ContentNode(
            .vstack(spacing: 0.5, alignment: .fill, children: rows), padding: EdgeInsets(top: 20, leading: 0, bottom: 0, trailing: 0))
    }

    /// Reads a `push` step's object (`animated` is the step's, read by the caller).
    static func read(_ object: Value.Object, at path: String) throws(ScenarioError) -> ScenarioPage {
        if object["view_loader"] != nil || object["controller_loader"] != nil { return try readComposed(object, at: path) }
        try ScenarioRead.checkKeys(object, at: path, allowed: keys, listing: "push keys are")
        let kind = try ScenarioRead.required(object, "page", at: path, ScenarioRead.nonEmptyString)
        var preferences = PagePreferences(title: try ScenarioRead.optional(object, "title", at: path, ScenarioRead.string) ?? kind)
        if let bar = object["bar"] { preferences.bar = try barStyle(bar, at: ScenarioRead.path(path, "bar")) }
        preferences.popGestureEnabled = try ScenarioRead.optional(object, "pop_gesture", at: path, ScenarioRead.bool) ?? true
        preferences
            .popGestureMaxInitialDistance  // As FDFullscreenPopGesture's setter stores it, MAX(0, distance): below zero is 0, anywhere.
        = max(0, try ScenarioRead.optional(object, "pop_gesture_max_initial_distance", at: path, ScenarioRead.number) ?? 0)
        preferences.floating = try ScenarioRead.optional(object, "floating", at: path, floating)
        let rows = try ScenarioRead.optional(object, "rows", at: path) { (value, path) throws(ScenarioError) in
            var rows: [String] = []
            for (index, row) in try ScenarioRead.array(value, at: path).enumerated() {
                rows.append(try ScenarioRead.string(row, at: ScenarioRead.path(path, index)))
            }
            return rows
        }
        return ScenarioPage(kind: kind, preferences: preferences, rows: rows ?? [])
    }

    /// A `push` of a page made of components: a view loader and a controller loader (required), a
    /// handler, the data, and optionally its kind.
    private static func readComposed(_ object: Value.Object, at path: String) throws(ScenarioError) -> ScenarioPage {
        try ScenarioRead.checkKeys(object, at: path, allowed: componentKeys, listing: "the keys of a push of components are")
        let request = PageRequest(
            kind: try ScenarioRead.optional(object, "page", at: path, ScenarioRead.nonEmptyString),
            viewLoader: try ScenarioRead.required(object, "view_loader", at: path, ScenarioRead.nonEmptyString),
            controllerLoader: try ScenarioRead.required(object, "controller_loader", at: path, ScenarioRead.nonEmptyString),
            handler: try ScenarioRead.optional(object, "handler", at: path, ScenarioRead.nonEmptyString),
            data: object["data"] ?? .null)
        return ScenarioPage(request)
    }

    /// `{"keep": "...", "logo": "...", "logo_color": "#RRGGBB"}`: what the page keeps while floating
    /// and what its bubble shows.
    static func floating(_ value: Value, at path: String) throws(ScenarioError) -> FloatingDeclaration {
        let object = try ScenarioRead.object(value, at: path)
        try ScenarioRead.checkKeys(object, at: path, allowed: floatingKeys, listing: "floating keys are")
        var declaration = FloatingDeclaration(
            keep: try ScenarioRead.required(object, "keep", at: path, ScenarioRead.string),
            logo: try ScenarioRead.required(object, "logo", at: path, ScenarioRead.nonEmptyString))
        if let color = try ScenarioRead.optional(object, "logo_color", at: path, color) { declaration.logoColor = color }
        return declaration
    }

    /// A bar style: UIKit's default with the members given.
    static func barStyle(_ value: Value, at path: String) throws(ScenarioError) -> BarStyle {
        let object = try ScenarioRead.object(value, at: path)
        try ScenarioRead.checkKeys(object, at: path, allowed: barKeys, listing: "bar keys are")
        var style = BarStyle()
        if let hidden = try ScenarioRead.optional(object, "hidden", at: path, ScenarioRead.bool) { style.hidden = hidden }
        if let color = try ScenarioRead.optional(object, "background", at: path, color) { style.background = color }
        if let alpha = try ScenarioRead.optional(
            object, "background_alpha", at: path,
            { (value, path) throws(ScenarioError) in
                try ScenarioRead.number(value, at: path, in: 0...1)
            })
        {
            style.backgroundAlpha = alpha
        }
        if let translucent = try ScenarioRead.optional(object, "translucent", at: path, ScenarioRead.bool) {
            style.translucent = translucent
        }
        if let tint = try ScenarioRead.optional(object, "tint", at: path, color) { style.tint = tint }
        if let titleColor = try ScenarioRead.optional(object, "title_color", at: path, color) { style.titleColor = titleColor }
        if let size = try ScenarioRead.optional(object, "title_size", at: path, ScenarioRead.positive) { style.titleSize = size }
        if let shadow = try ScenarioRead.optional(object, "shadow", at: path, ScenarioRead.bool) { style.shadow = shadow }
        if let large = try ScenarioRead.optional(object, "large_title", at: path, ScenarioRead.bool) { style.largeTitle = large }
        return style
    }

    /// A bar style's member by its JSON key, as text (for comparing and for messages).
    static func member(_ key: String, of style: BarStyle) -> String {
        let color = { (color: ContentNode.Color) in
            let digits = String(color.rawValue, radix: 16, uppercase: true)
            return "#" + String(repeating: "0", count: 8 - digits.count) + digits
        }
        return switch key {
        case "hidden": "\(style.hidden)"
        case "background": color(style.background)
        case "background_alpha": "\(style.backgroundAlpha)"
        case "translucent": "\(style.translucent)"
        case "tint": color(style.tint)
        case "title_color": color(style.titleColor)
        case "title_size": "\(style.titleSize)"
        case "shadow": "\(style.shadow)"
        default: "\(style.largeTitle)"
        }
    }

    /// "#RRGGBB" or "#RRGGBBAA".
    static func color(_ value: Value, at path: String) throws(ScenarioError) -> ContentNode.Color {
        let text = try ScenarioRead.string(value, at: path)
        let digits = text.dropFirst()
        guard text.first == "#", digits.count == 6 || digits.count == 8, let number = UInt32(digits, radix: 16) else {
            throw ScenarioRead.error(path, "expected a colour as \"#RRGGBB\" or \"#RRGGBBAA\", found \(ScenarioRead.describe(value))")
        }
        return ContentNode.Color(rawValue: digits.count == 6 ? number << 8 | 0xFF : number)
    }
}
