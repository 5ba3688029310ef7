import PopModel

/// The harness's random numbers: `SplitMix64`, so every choice a test makes follows from the seed
/// printed with its results, on every machine.
struct HarnessRandom: RandomNumberGenerator {
    private var generator: SplitMix64

    /// The generator for test `name` under `seed`: each test draws its own sequence, so running
    /// one test alone (`--only`) makes the same choices as running the whole suite.
    init(seed: UInt64, test name: String) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3 }
        generator = SplitMix64(seed: seed ^ hash)
    }

    mutating func next() -> UInt64 { generator.next() }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// A string a careless plugin might trip over: empty, long, multi-byte, numeric, or control
    /// characters.
    mutating func string() -> String {
        switch Int.random(in: 0..<8, using: &self) {
        case 0: return ""
        case 1: return String(repeating: "x", count: Int.random(in: 256...10_000, using: &self))
        case 2: return "ünïcödé 🎈 中文 \u{200B}\u{FEFF}"
        case 3: return ["0", "-1", "42", "1e308", "-1e308", "nan", "inf", "9223372036854775808", "3.9"].randomElement(using: &self)!
        case 4: return "line\none\ttab\u{1}\u{7F}"
        case 5: return "%s%n%x{}\\\"'<>&"
        default:
            let length = Int.random(in: 1...24, using: &self)
            return String((0..<length).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789 ".randomElement(using: &self)! })
        }
    }

    /// A number at the edges as often as in the middle.
    mutating func double() -> Double {
        switch Int.random(in: 0..<6, using: &self) {
        case 0: return 0
        case 1:
            return [-1, 1, -0.0, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude].randomElement(using: &self)!
        case 2: return [Double.nan, .infinity, -.infinity].randomElement(using: &self)!
        default: return Double.random(in: -1e6...1e6, using: &self)
        }
    }

    /// An integer at the edges as often as in the middle.
    mutating func integer() -> Int64 {
        switch Int.random(in: 0..<4, using: &self) {
        case 0: return [0, 1, -1, .max, .min, Int64(Int32.max), Int64(Int32.min)].randomElement(using: &self)!
        default: return Int64.random(in: -1_000_000...1_000_000, using: &self)
        }
    }

    /// Request data of any shape, nested at most `depth` levels.
    mutating func value(depth: Int = 3) -> Value {
        switch Int.random(in: 0..<(depth > 0 ? 8 : 5), using: &self) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &self))
        case 2: return .int(integer())
        case 3: let number = double(); return number.isFinite ? .double(number) : .double(0.5)
        case 4: return .string(string())
        case 5: return .array((0..<Int.random(in: 0...4, using: &self)).map { _ in value(depth: depth - 1) })
        default:
            var object = Value.Object()
            let keys = ["title", "message", "amount", "id", "items", "url", "style", "name", string()]
            for key in keys.shuffled(using: &self).prefix(Int.random(in: 0...5, using: &self)) {
                _ = object.append(key: key, value: value(depth: depth - 1))
            }
            return .object(object)
        }
    }
}
