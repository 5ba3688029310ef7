/// A copy of a plugin's or component's `pop_descriptor_t`, validated and owned by the host.
public struct Descriptor: Hashable, Sendable {
    /// Its strings: Swift strings, or, for one read from a plugin, its place among the plugin's
    /// `DescriptorStrings` (made into `String`s when read; a load makes none).
    private var text: Text

    private enum Text: Sendable {
        case strings(Strings)
        /// Spans `first` (id), name, vendor, version, description, then `featureCount` features.
        case copied(DescriptorStrings, first: Int, featureCount: Int)
    }

    private struct Strings: Sendable {
        var id: String
        var name: String
        var vendor: String
        var version: String
        var description: String
        var features: [String]
    }

    /// Reverse-DNS identifier, unique within its plugin.
    public var id: String {
        get { read(0, \.id) }
        set { write { $0.id = newValue } }
    }
    public var name: String {
        get { read(1, \.name) }
        set { write { $0.name = newValue } }
    }
    public var vendor: String {
        get { read(2, \.vendor) }
        set { write { $0.vendor = newValue } }
    }
    public var version: String {
        get { read(3, \.version) }
        set { write { $0.version = newValue } }
    }
    public var description: String {
        get { read(4, \.description) }
        set { write { $0.description = newValue } }
    }
    public var features: [String] {
        get {
            switch text {
            case .strings(let strings): strings.features
            case .copied(let copy, let first, let count): (0..<count).map { copy.string(first + 5 + $0) }
            }
        }
        set { write { $0.features = newValue } }
    }
    /// The data it declares to be shown with ("pop.factory.sample-data/1"), as the plugin gave it:
    /// JSON text, read when it is used (`samples`), so that loading a plugin never pays for it and a
    /// mistake in it never keeps the plugin from loading; nil for none.
    public var sampleData: String?

    public init(
        id: String, name: String, vendor: String = "", version: String = "", description: String = "", features: [String] = [],
        sampleData: String? = nil
    ) {
        text = .strings(Strings(id: id, name: name, vendor: vendor, version: version, description: description, features: features))
        self.sampleData = sampleData
    }

    /// A descriptor whose strings are `copy`'s from `first` on (see `Text.copied`), already checked.
    init(copy: DescriptorStrings, first: Int, featureCount: Int, sampleData: String?) {
        text = .copied(copy, first: first, featureCount: featureCount)
        self.sampleData = sampleData
    }

    /// A string field: `offset` places it among a copied descriptor's strings.
    private func read(_ offset: Int, _ field: (Strings) -> String) -> String {
        switch text {
        case .strings(let strings): field(strings)
        case .copied(let copy, let first, _): copy.string(first + offset)
        }
    }

    /// Changes a field; a descriptor read from a plugin first gets its strings as `String`s.
    private mutating func write(_ change: (inout Strings) -> Void) {
        var strings: Strings
        switch text {
        case .strings(let current): strings = current
        case .copied:
            strings = Strings(id: id, name: name, vendor: vendor, version: version, description: description, features: features)
        }
        // Emptied first, so that `strings` is the only reference to its features and they change in place.
        text = .strings(Strings(id: "", name: "", vendor: "", version: "", description: "", features: []))
        change(&strings)
        text = .strings(strings)
    }

    public static func == (a: Descriptor, b: Descriptor) -> Bool {
        a.id == b.id && a.name == b.name && a.vendor == b.vendor && a.version == b.version && a.description == b.description
            && a.features == b.features && a.sampleData == b.sampleData
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(name)
        hasher.combine(vendor)
        hasher.combine(version)
        hasher.combine(description)
        hasher.combine(features)
        hasher.combine(sampleData)
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
        id.utf8.withContiguousStorageIfAvailable(isReverseDNS(bytes:)) ?? Array(id.utf8).withUnsafeBufferPointer(isReverseDNS(bytes:))
    }

    /// `isReverseDNS` on bytes: it runs for every descriptor of every load, so it is one pass with
    /// one table test per byte. No empty label means: no leading, trailing or doubled dot.
    static func isReverseDNS(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, isASCIILetter(first), bytes.last != 0x2E else { return false }
        var dots = 0, previous: UInt8 = 0
        for byte in bytes {
            if byte == 0x2E {  // "."
                if previous == 0x2E { return false }
                dots &+= 1
            } else if !isLabelByte(byte) {
                return false
            }
            previous = byte
        }
        return dots >= 1
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

extension Descriptor: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, name, vendor, version, description, features
        case sampleData = "sample_data"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id), name: try container.decode(String.self, forKey: .name),
            vendor: try container.decode(String.self, forKey: .vendor), version: try container.decode(String.self, forKey: .version),
            description: try container.decode(String.self, forKey: .description),
            features: try container.decode([String].self, forKey: .features),
            sampleData: try container.decodeIfPresent(String.self, forKey: .sampleData))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(vendor, forKey: .vendor)
        try container.encode(version, forKey: .version)
        try container.encode(description, forKey: .description)
        try container.encode(features, forKey: .features)
        try container.encodeIfPresent(sampleData, forKey: .sampleData)
    }
}
