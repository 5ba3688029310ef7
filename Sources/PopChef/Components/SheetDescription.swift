import PopModel

/// A theme's `sheet` object (`pop.theme`, scenarios): a sheet's or popover's options as JSON.
///
/// ```json
/// {"detents": ["medium", "large"], "selected_detent": "medium", "grabber": true,
///  "largest_undimmed_detent": "medium", "corner_radius": 20, "scrolling_expands": false,
///  "edge_attached_in_compact_height": true, "width_follows_preferred_content_size": true,
///  "preferred_content_size": {"width": 320, "height": 240},
///  "source_rect": {"x": 300, "y": 60, "width": 44, "height": 44}, "arrow_directions": ["up", "down"],
///  "passthrough": [{"x": 0, "y": 0, "width": 390, "height": 100}]}
/// ```
/// Custom detents need a resolver, which only a controller loader has: here a detent id other than
/// "medium" and "large" is kept and stays inactive unless the controller loader resolves it.
enum SheetDescription {
    static let arrowNames: [String: ArrowDirections] = ["up": .up, "down": .down, "left": .left, "right": .right, "any": .any]

    static func options(from value: Value, key path: String) throws(ComponentFailure) -> SheetOptions {
        guard case .object(let object) = value else { throw ThemeDescription.failure(path, "expected an object") }
        var options = SheetOptions()
        for member in object {
            let key = "\(path).\(member.key)", value = member.value
            switch member.key {
            case "detents":
                let ids = try strings(value, key)
                guard !ids.isEmpty else { throw ThemeDescription.failure(key, "expected at least one detent") }
                options.detents = ids.map(Detent.init)
            case "selected_detent": options.selectedDetent = try string(value, key)
            case "grabber": options.prefersGrabberVisible = try ThemeDescription.bool(value, key)
            case "corner_radius": options.preferredCornerRadius = try ThemeDescription.number(value, key, atLeast: 0)
            case "scrolling_expands": options.prefersScrollingExpandsWhenScrolledToEdge = try ThemeDescription.bool(value, key)
            case "largest_undimmed_detent": options.largestUndimmedDetent = try string(value, key)
            case "edge_attached_in_compact_height": options.prefersEdgeAttachedInCompactHeight = try ThemeDescription.bool(value, key)
            case "width_follows_preferred_content_size":
                options.widthFollowsPreferredContentSizeWhenEdgeAttached = try ThemeDescription.bool(value, key)
            case "preferred_content_size":
                options.preferredContentSize = Size(
                    width: try ThemeDescription.number(value.lookup(path: "width") ?? .null, key + ".width", atLeast: 0),
                    height: try ThemeDescription.number(value.lookup(path: "height") ?? .null, key + ".height", atLeast: 0))
            case "source_rect": options.popover.sourceRect = try rect(value, key)
            case "arrow_directions":
                var directions: ArrowDirections = []
                for name in try strings(value, key) {
                    guard let direction = arrowNames[name] else {
                        throw ThemeDescription.failure(key, "expected directions among \(arrowNames.keys.sorted().joined(separator: ", "))")
                    }
                    directions.formUnion(direction)
                }
                options.popover.permittedArrowDirections = directions
            case "passthrough":
                guard case .array(let rects) = value else { throw ThemeDescription.failure(key, "expected an array of rects") }
                var result: [Rect] = []
                for (index, rect) in rects.enumerated() { result.append(try self.rect(rect, "\(key)[\(index)]")) }
                options.popover.passthroughRects = result
            default: throw ThemeDescription.failure(key, "unknown key")
            }
        }
        return options
    }

    private static func string(_ value: Value, _ key: String) throws(ComponentFailure) -> String {
        guard case .string(let string) = value, !string.isEmpty else { throw ThemeDescription.failure(key, "expected a detent id") }
        return string
    }

    private static func strings(_ value: Value, _ key: String) throws(ComponentFailure) -> [String] {
        guard case .array(let items) = value else { throw ThemeDescription.failure(key, "expected an array of strings") }
        var result: [String] = []
        for item in items { result.append(try string(item, key)) }
        return result
    }

    private static func rect(_ value: Value, _ key: String) throws(ComponentFailure) -> Rect {
        func field(_ name: String, atLeast minimum: Double) throws(ComponentFailure) -> Double {
            try ThemeDescription.number(value.lookup(path: name) ?? .null, "\(key).\(name)", atLeast: minimum)
        }
        return Rect(
            x: try field("x", atLeast: -.infinity), y: try field("y", atLeast: -.infinity),
            width: try field("width", atLeast: 0), height: try field("height", atLeast: 0))
    }
}
