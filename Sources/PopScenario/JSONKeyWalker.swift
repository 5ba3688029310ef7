import PopModel

/// Walks a JSON document that is known to parse, noting where each object key is (its quoted
/// text's bytes) and the path of the object holding it, so that keys can be renamed in place.
struct JSONKeyWalker {
    enum Component: Equatable {
        case key(String)
        case index(Int)
    }

    struct Key {
        /// Where the object holding the key is.
        let path: [Component]
        let name: String
        /// The key's bytes, quotes included.
        let range: Range<Int>
    }

    let bytes: [UInt8]
    var position = 0
    var keys: [Key] = []
    /// Just after the root object's `{`.
    var rootOpen = 0
    /// The whitespace before the root object's first key.
    var firstMemberIndent: String?
    /// The bytes of the root's `format` value.
    var rootFormatValue: Range<Int>?

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func walk() {
        skipSpace()
        value(at: [])
    }

    private mutating func value(at path: [Component]) {
        skipSpace()
        guard position < bytes.count else { return }
        switch bytes[position] {
        case UInt8(ascii: "{"): object(at: path)
        case UInt8(ascii: "["): array(at: path)
        case UInt8(ascii: "\""): _ = string()
        default:
            while position < bytes.count, !",}] \t\r\n".utf8.contains(bytes[position]) { position += 1 }
        }
    }

    private mutating func object(at path: [Component]) {
        position += 1
        if path.isEmpty {
            rootOpen = position
            let start = position
            skipSpace()
            firstMemberIndent = String(decoding: bytes[start..<position], as: UTF8.self)
        }
        while true {
            skipSpace()
            guard position < bytes.count, bytes[position] != UInt8(ascii: "}") else { break }
            let start = position
            let name = string()
            keys.append(Key(path: path, name: name, range: start..<position))
            skipSpace()
            position += 1  // ':'
            skipSpace()
            let valueStart = position
            value(at: path + [.key(name)])
            if path.isEmpty && name == "format" { rootFormatValue = valueStart..<position }
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: ",") { position += 1 }
        }
        position += 1
    }

    private mutating func array(at path: [Component]) {
        position += 1
        var index = 0
        while true {
            skipSpace()
            guard position < bytes.count, bytes[position] != UInt8(ascii: "]") else { break }
            value(at: path + [.index(index)])
            index += 1
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: ",") { position += 1 }
        }
        position += 1
    }

    /// Reads a string at `position` and decodes it.
    private mutating func string() -> String {
        let start = position
        position += 1
        while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
            position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
        }
        position += 1
        if case .string(let text)? = try? Value(jsonBytes: bytes[start..<min(position, bytes.count)]) { return text }
        return ""
    }

    private mutating func skipSpace() {
        while position < bytes.count, " \t\r\n".utf8.contains(bytes[position]) { position += 1 }
    }
}
