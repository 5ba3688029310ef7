/// A copy of a plugin's or component's `pop_descriptor_t`, validated and owned by the host.
public struct Descriptor: Codable, Hashable, Sendable {
    /// Reverse-DNS identifier, unique within its plugin.
    public var id: String
    public var name: String
    public var vendor: String
    public var version: String
    public var description: String
    public var features: [String]
    /// The data it declares to be shown with (ABI 1.1's `sample_data`), the default first.
    public var samples: [SampleData]

    public init(
        id: String, name: String, vendor: String = "", version: String = "", description: String = "", features: [String] = [],
        samples: [SampleData] = []
    ) {
        self.id = id
        self.name = name
        self.vendor = vendor
        self.version = version
        self.description = description
        self.features = features
        self.samples = samples
    }

    /// Whether `id` is a reverse-DNS identifier: two or more dot-separated labels of ASCII letters,
    /// digits, `-` or `_`, the first label starting with a letter.
    public static func isReverseDNS(_ id: String) -> Bool {
        // Runs for every descriptor of every load: one pass over contiguous UTF-8.
        id.utf8.withContiguousStorageIfAvailable(isReverseDNS(bytes:)) ?? isReverseDNS(bytes: Array(id.utf8)[...])
    }

    private static func isReverseDNS(bytes: some Collection<UInt8>) -> Bool {
        var labels = 1, labelLength = 0
        guard let first = bytes.first, isASCIILetter(first) else { return false }
        for byte in bytes {
            if byte == 0x2E {  // "."
                if labelLength == 0 { return false }
                labels += 1
                labelLength = 0
            } else if isASCIILetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F {
                labelLength += 1
            } else {
                return false
            }
        }
        return labels >= 2 && labelLength > 0
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
