import PopModel

/// A rectangle whose numbers may be NaN or infinite: a plugin's layout hook may return one, and the
/// presentation engine reports it by what it was ("an invalid frame Rect(x: -nan, …)"). JSON has no
/// such numbers, so each is written as the hexadecimal bits of its double — sign and payload kept,
/// as "-nan" and "nan" print differently — and read back as the same double.
struct ExactRect: Codable, Equatable {
    var rect: Rect

    init(_ rect: Rect) { self.rect = rect }

    init(from decoder: any Decoder) throws {
        var numbers = try decoder.unkeyedContainer()
        func next() throws -> Double {
            let value = try numbers.decode(Value.self)
            switch value {
            case .int(let number): return Double(number)
            case .double(let number): return number
            case .string(let bits) where UInt64(bits, radix: 16) != nil: return Double(bitPattern: UInt64(bits, radix: 16)!)
            default: throw DecodingError.dataCorruptedError(in: numbers, debugDescription: "\(value.json) is not a number")
            }
        }
        rect = Rect(x: try next(), y: try next(), width: try next(), height: try next())
    }

    func encode(to encoder: any Encoder) throws {
        var numbers = encoder.unkeyedContainer()
        for number in [rect.x, rect.y, rect.width, rect.height] {
            if number.isFinite { try numbers.encode(number) } else { try numbers.encode(String(number.bitPattern, radix: 16)) }
        }
    }
}
