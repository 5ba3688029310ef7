import PopModel

/// A frame as JSON, the form tests assert on (see docs/rendering.md, "JSON frames"): keys in a fixed
/// order, optional and default-valued fields left out, every number rounded to 3 decimals.
public enum FrameJSON {
    /// The frame as a `Value` (objects keep the documented key order).
    public static func value(_ frame: Frame) -> Value {
        var object = Value.Object()
        object.add("time_ms", NumberFormat.value(frame.time.milliseconds))
        object.add("screen", Self.object(["width": number(frame.screen.width), "height": number(frame.screen.height)]))
        object.add(
            "safe_area",
            Self.object([
                "top": number(frame.safeArea.top), "left": number(frame.safeArea.leading),
                "bottom": number(frame.safeArea.bottom), "right": number(frame.safeArea.trailing),
            ]))
        if !frame.traits.isDefault { object.add("traits", Self.traits(frame.traits)) }
        if frame.traits.voiceOver { object.add("accessibility", AccessibilityJSON.value(frame.accessibility)) }
        object.add("nodes", .array(frame.nodes.map(node)))
        return .object(object)
    }

    /// The frame as one line of compact JSON.
    public static func encode(_ frame: Frame) -> String { value(frame).json }

    /// `color` as "#rrggbbaa".
    static func hex(_ color: ContentNode.Color) -> String { hex(color.rawValue, digits: 8) }

    /// "#" and the low `digits` hex digits of `value`, lower case, with leading zeros.
    private static func hex(_ value: UInt32, digits: Int) -> String {
        String(unsafeUninitializedCapacity: digits + 1) { buffer in
            buffer[0] = UInt8(ascii: "#")
            for index in 0..<digits {
                let nibble = UInt8(truncatingIfNeeded: value >> (4 * (digits - 1 - index))) & 0xF
                buffer[index + 1] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
            }
            return digits + 1
        }
    }

    private static func node(_ node: FrameNode) -> Value {
        var object = Value.Object()
        object.add("id", .string(node.id))
        object.add("role", .string(node.role.rawValue))
        if let request = node.request { object.add("request", .int(Int64(truncatingIfNeeded: request))) }
        object.add(
            "rect",
            Self.object([
                "x": number(node.rect.x), "y": number(node.rect.y),
                "width": number(node.rect.width), "height": number(node.rect.height),
            ]))
        if let matrix = node.transform.outputMatrix { object.add("transform", .array(matrix.map(number))) }
        object.add("opacity", number(node.opacity))
        if let fill = node.fill { object.add("fill", .string(hex(fill))) }
        if let stroke = node.stroke {
            object.add("stroke", Self.object(["width": number(stroke.width), "color": .string(hex(stroke.color))]))
        }
        if NumberFormat.rounded(node.cornerRadius) != 0 { object.add("corner_radius", number(node.cornerRadius)) }
        if let shadow = node.shadow {
            object.add(
                "shadow",
                Self.object([
                    "offset_y": number(shadow.offsetY), "blur": number(shadow.blur),
                    "color": .string(hex(shadow.color)),
                ]))
        }
        if let text = node.text {
            object.add(
                "text",
                Self.object([
                    "lines": .array(text.lines.map(Value.string)), "size": number(text.size),
                    "weight": .string(name(text.weight)), "color": .string(hex(text.color)),
                    "alignment": .string(name(text.alignment)),
                ]))
        }
        if let action = node.action { object.add("action", .string(action)) }
        if let field = node.field { object.add("field", .string(field)) }
        if node.focused { object.add("focused", true) }
        if let clip = node.clip {
            object.add(
                "clip",
                Self.object([
                    "x": number(clip.x), "y": number(clip.y), "width": number(clip.width), "height": number(clip.height),
                ]))
        }
        if let scroll = node.scroll {
            object.add("scroll", Self.object(["offset": number(scroll.offset), "content_height": number(scroll.contentHeight)]))
        }
        return .object(object)
    }

    private static func number(_ value: Double) -> Value { NumberFormat.value(value) }

    /// An object of fixed, distinct keys (not checked again, unlike a `Value` dictionary literal).
    /// The traits a frame was drawn under: `reduce_motion` always (as since 1.1), the others when
    /// they are not the default (`appearance`, `content_size`, `layout_direction`, `voice_over`).
    private static func traits(_ traits: DisplayTraits) -> Value {
        var members = [Value.Member(key: "reduce_motion", value: .bool(traits.reduceMotion))]
        if traits.appearance != .light { members.append(Value.Member(key: "appearance", value: .string(traits.appearance.rawValue))) }
        if traits.contentSize != .large { members.append(Value.Member(key: "content_size", value: .string(traits.contentSize.name))) }
        if traits.layoutDirection != .leftToRight {
            members.append(Value.Member(key: "layout_direction", value: .string(traits.layoutDirection.rawValue)))
        }
        if traits.voiceOver { members.append(Value.Member(key: "voice_over", value: true)) }
        return .object(Value.Object(uniqueMembers: members))
    }

    private static func object(_ members: KeyValuePairs<String, Value>) -> Value {
        .object(Value.Object(uniqueMembers: members.map { Value.Member(key: $0.key, value: $0.value) }))
    }

    static func name(_ weight: ContentNode.Weight) -> String {
        switch weight {
        case .regular: "regular"
        case .medium: "medium"
        case .semibold: "semibold"
        case .bold: "bold"
        }
    }

    static func name(_ alignment: ContentNode.Alignment) -> String {
        switch alignment {
        case .leading: "leading"
        case .center: "center"
        case .trailing: "trailing"
        case .fill: "fill"
        }
    }
}

private extension Value.Object {
    /// Appends a member whose key is known to be new.
    mutating func add(_ key: String, _ value: Value) {
        appendNew(key: key, value: value)
    }
}
