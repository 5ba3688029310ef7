import PopModel

extension FrameJSON {
    /// Why a JSON frame cannot be read back: where in it (a path like `nodes[3].rect.x`) and what
    /// was expected there.
    public struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        public let path: String
        public let expected: String

        public var description: String { "\(path): expected \(expected)" }
    }

    /// The frame a JSON frame (as `value(_:)` writes it) describes, so that a frame kept as JSON (a
    /// scenario snapshot's, a golden file's) can be drawn again with the one renderer. What the JSON
    /// leaves out reads back as its default; the JSON does not carry a text run's insets or vertical
    /// centring (layout details, not what a test asserts on), so those are zero and off:
    /// `value(frame(value))` is `value` itself, while the text of a decoded frame is drawn from its
    /// node's top-left edge.
    public static func frame(_ value: Value) throws(ReadError) -> Frame {
        let root = Reader(value: value, path: "frame")
        var nodes: [FrameNode] = []
        for (index, node) in try root.array("nodes").enumerated() {
            nodes.append(try Self.node(Reader(value: node, path: "nodes[\(index)]")))
        }
        let screen = try root.member("screen"), safe = try root.member("safe_area")
        guard let microseconds = Int64(exactly: (try root.number("time_ms") * 1000).rounded()) else {
            throw ReadError(path: "frame.time_ms", expected: "a time in milliseconds that fits microseconds in 64 bits")
        }
        let traits = root.has("traits") ? try Self.traits(try root.member("traits")) : DisplayTraits()
        return Frame(
            time: VirtualTime(microseconds: microseconds),
            screen: Size(width: try screen.number("width"), height: try screen.number("height")),
            safeArea: EdgeInsets(
                top: try safe.number("top"), leading: try safe.number("left"), bottom: try safe.number("bottom"),
                trailing: try safe.number("right")),
            traits: traits, nodes: nodes)
    }

    /// The frame of one line (or any text) of JSON.
    public static func decode(_ text: String) throws(ReadError) -> Frame {
        let value: Value
        do { value = try Value(json: text) } catch { throw ReadError(path: "frame", expected: "JSON (\(error))") }
        return try frame(value)
    }

    private static func node(_ node: Reader) throws(ReadError) -> FrameNode {
        guard let role = FrameNode.Role(rawValue: try node.string("role")) else {
            throw ReadError(
                path: node.path + ".role", expected: "one of " + FrameNode.Role.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let rect = try node.member("rect")
        var result = FrameNode(
            id: try node.string("id"), role: role,
            rect: Rect(
                x: try rect.number("x"), y: try rect.number("y"), width: try rect.number("width"), height: try rect.number("height")),
            opacity: try node.number("opacity"))
        if node.has("request") {
            guard let request = RequestID(exactly: try node.number("request")) else {
                throw ReadError(path: node.path + ".request", expected: "a whole number from 0")
            }
            result.request = request
        }
        if node.has("transform") {
            let matrix = try node.array("transform")
            let numbers = try matrix.indices.map { index throws(ReadError) in
                try Reader(value: matrix[index], path: node.path + ".transform[\(index)]").number()
            }
            guard numbers.count == 6 else { throw ReadError(path: node.path + ".transform", expected: "6 numbers [a, b, c, d, e, f]") }
            result.transform = AffineTransform(a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], e: numbers[4], f: numbers[5])
        }
        if node.has("fill") { result.fill = try node.color("fill") }
        if node.has("stroke") {
            let stroke = try node.member("stroke")
            result.stroke = ContentNode.Border(width: try stroke.number("width"), color: try stroke.color("color"))
        }
        if node.has("corner_radius") { result.cornerRadius = try node.number("corner_radius") }
        if node.has("shadow") {
            let shadow = try node.member("shadow")
            result.shadow = Shadow(
                offsetY: try shadow.number("offset_y"), blur: try shadow.number("blur"), color: try shadow.color("color"))
        }
        if node.has("text") { result.text = try text(try node.member("text")) }
        if node.has("action") { result.action = try node.string("action") }
        if node.has("field") { result.field = try node.string("field") }
        if node.has("focused") { result.focused = try node.bool("focused") }
        if node.has("clip") {
            let clip = try node.member("clip")
            result.clip = Rect(
                x: try clip.number("x"), y: try clip.number("y"), width: try clip.number("width"), height: try clip.number("height"))
        }
        if node.has("scroll") {
            let scroll = try node.member("scroll")
            result.scroll = Scroll(offset: try scroll.number("offset"), contentHeight: try scroll.number("content_height"))
        }
        return result
    }

    private static func text(_ text: Reader) throws(ReadError) -> TextRun {
        let lines = try text.array("lines")
        let strings = try lines.indices.map { index throws(ReadError) in
            try Reader(value: lines[index], path: text.path + ".lines[\(index)]").string()
        }
        guard let weight = ContentNode.Weight.allCases.first(where: { name($0) == (try? text.string("weight")) }) else {
            throw ReadError(path: text.path + ".weight", expected: "regular, medium, semibold or bold")
        }
        guard let alignment = ContentNode.Alignment.allCases.first(where: { name($0) == (try? text.string("alignment")) }) else {
            throw ReadError(path: text.path + ".alignment", expected: "leading, center, trailing or fill")
        }
        return TextRun(lines: strings, size: try text.number("size"), weight: weight, color: try text.color("color"), alignment: alignment)
    }

    /// A frame's traits; those left out are the default.
    private static func traits(_ reader: Reader) throws(ReadError) -> DisplayTraits {
        var traits = DisplayTraits(reduceMotion: try reader.bool("reduce_motion"))
        if reader.has("appearance") {
            guard let appearance = Appearance(rawValue: try reader.string("appearance")) else {
                throw ReadError(path: reader.path + ".appearance", expected: "\"light\" or \"dark\"")
            }
            traits.appearance = appearance
        }
        if reader.has("content_size") {
            guard let size = ContentSizeCategory(name: try reader.string("content_size")) else {
                throw ReadError(path: reader.path + ".content_size", expected: "a content size (xs … ax5)")
            }
            traits.contentSize = size
        }
        if reader.has("layout_direction") {
            guard let direction = LayoutDirection(rawValue: try reader.string("layout_direction")) else {
                throw ReadError(path: reader.path + ".layout_direction", expected: "\"ltr\" or \"rtl\"")
            }
            traits.layoutDirection = direction
        }
        if reader.has("voice_over") { traits.voiceOver = try reader.bool("voice_over") }
        return traits
    }

    /// A position in the JSON being read, for the members it must have and errors that say where.
    private struct Reader {
        let value: Value
        let path: String

        func has(_ key: String) -> Bool { value[key] != nil }

        func member(_ key: String) throws(ReadError) -> Reader {
            guard let member = value[key], case .object = member else { throw ReadError(path: path + "." + key, expected: "an object") }
            return Reader(value: member, path: path + "." + key)
        }

        func array(_ key: String) throws(ReadError) -> [Value] {
            guard case .array(let elements)? = value[key] else { throw ReadError(path: path + "." + key, expected: "an array") }
            return elements
        }

        func number(_ key: String) throws(ReadError) -> Double {
            try Reader(value: value[key] ?? .null, path: path + "." + key).number()
        }

        func number() throws(ReadError) -> Double {
            switch value {
            case .int(let number): return Double(number)
            case .double(let number): return number
            default: throw ReadError(path: path, expected: "a number")
            }
        }

        func string(_ key: String) throws(ReadError) -> String {
            try Reader(value: value[key] ?? .null, path: path + "." + key).string()
        }

        func string() throws(ReadError) -> String {
            guard case .string(let text) = value else { throw ReadError(path: path, expected: "a string") }
            return text
        }

        func bool(_ key: String) throws(ReadError) -> Bool {
            guard case .bool(let flag)? = value[key] else { throw ReadError(path: path + "." + key, expected: "true or false") }
            return flag
        }

        /// A colour written as "#rrggbbaa".
        func color(_ key: String) throws(ReadError) -> ContentNode.Color {
            let text = try string(key)
            guard text.utf8.count == 9, text.hasPrefix("#"), text.dropFirst().allSatisfy(\.isHexDigit),
                let raw = UInt32(text.dropFirst(), radix: 16)
            else {
                throw ReadError(path: path + "." + key, expected: "a colour \"#rrggbbaa\"")
            }
            return ContentNode.Color(rawValue: raw)
        }
    }
}
