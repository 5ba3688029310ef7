/// A copy of a plugin's or component's `pop_descriptor_t`, validated and owned by the host.
public struct Descriptor: Codable, Hashable, Sendable {
    /// Reverse-DNS identifier, unique within its plugin.
    public var id: String
    public var name: String
    public var vendor: String
    public var version: String
    public var description: String
    public var features: [String]
    /// The data it declares to be shown with ("pop.factory.sample-data/1"), as the plugin gave it:
    /// JSON text, read when it is used (`samples`), so that loading a plugin never pays for it and a
    /// mistake in it never keeps the plugin from loading; nil for none.
    public var sampleData: String?

    public init(
        id: String, name: String, vendor: String = "", version: String = "", description: String = "", features: [String] = [],
        sampleData: String? = nil
    ) {
        self.id = id
        self.name = name
        self.vendor = vendor
        self.version = version
        self.description = description
        self.features = features
        self.sampleData = sampleData
    }

    /// The declared samples, the default first: none when it declares none or its sample data is
    /// malformed (`sampleDataProblem` says how).
    public var samples: [SampleData] { (try? parsedSamples.get()) ?? [] }

    /// What is wrong with its sample data, if anything ("is not a JSON array").
    public var sampleDataProblem: SampleDataProblem? {
        guard case .failure(let problem) = parsedSamples else { return nil }
        return problem
    }

    /// Its samples, or what is wrong with its sample data: parsed on each use, so read it once.
    public var parsedSamples: Result<[SampleData], SampleDataProblem> {
        guard let sampleData else { return .success([]) }
        return SampleData.parse(sampleData, limit: SampleData.limit)
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
                labels &+= 1
                labelLength = 0
            } else if isLabelByte(byte) {
                labelLength &+= 1
            } else {
                return false
            }
        }
        return labels >= 2 && labelLength > 0
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// A letter, digit, `-` or `_`: one bit test in a 128-bit set (every id byte is tested).
    @inline(__always)
    private static func isLabelByte(_ byte: UInt8) -> Bool {
        // Bits 0x2D "-" and 0x30–0x39 digits; bits 0x41–0x5A, 0x5F "_" and 0x61–0x7A (less 64).
        let low: UInt64 = 0x03FF_2000_0000_0000, high: UInt64 = 0x07FF_FFFE_87FF_FFFE
        return byte < 64 ? (low >> byte) & 1 != 0 : byte < 128 && (high >> (byte & 63)) & 1 != 0
    }
}
