import PopModel

/// A number that may be NaN or infinite: a plugin's hook may return one, and the presentation engine
/// reports it by what it was ("an invalid frame Rect(x: -nan, …)"). JSON has no such numbers, so one
/// is written as the hexadecimal bits of its double — sign and payload kept, as "-nan" and "nan"
/// print differently — and read back as the same double; a finite one is a plain number.
struct ExactNumber: Codable, Equatable {
    var value: Double

    init(_ value: Double) { self.value = value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let found = try container.decode(Value.self)
        switch found {
        case .int(let number): value = Double(number)
        case .double(let number): value = number
        case .string(let bits) where UInt64(bits, radix: 16) != nil: value = Double(bitPattern: UInt64(bits, radix: 16)!)
        default: throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(found.json) is not a number")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if value.isFinite { try container.encode(value) } else { try container.encode(String(value.bitPattern, radix: 16)) }
    }
}
