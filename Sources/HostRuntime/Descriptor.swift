/// A copy of a plugin's or component's `pop_descriptor_t`, validated and owned by the host.
public struct Descriptor: Codable, Hashable, Sendable {
    /// Reverse-DNS identifier, unique within its plugin.
    public var id: String
    public var name: String
    public var vendor: String
    public var version: String
    public var description: String
    public var features: [String]

    public init(id: String, name: String, vendor: String = "", version: String = "", description: String = "", features: [String] = []) {
        self.id = id
        self.name = name
        self.vendor = vendor
        self.version = version
        self.description = description
        self.features = features
    }

    /// Whether `id` is a reverse-DNS identifier: two or more dot-separated labels of ASCII letters,
    /// digits, `-` or `_`, the first label starting with a letter.
    public static func isReverseDNS(_ id: String) -> Bool {
        let labels = id.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let first = labels[0].utf8.first, isASCIILetter(first) else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.utf8.allSatisfy { isASCIILetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F }
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
