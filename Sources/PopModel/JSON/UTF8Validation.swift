/// Checks bytes for well-formed UTF-8 without making a `String`: the JSON parser checks a whole
/// document before parsing it, and the plugin loader checks a plugin's descriptor strings in place.
public enum UTF8Validation {
    /// The offset of the first byte that does not start or continue a well-formed UTF-8 sequence
    /// (overlong forms, surrogates and scalars beyond U+10FFFF are ill-formed), or nil.
    public static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        while index < bytes.count {
            // ASCII eight bytes at a time: descriptors, ids and most JSON are ASCII.
            if index + 8 <= bytes.count,
                UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let secondRange: ClosedRange<UInt8>
            let length: Int
            switch lead {
            case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
            case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, secondRange) = (3, 0x80...0xBF)
            case 0xED: (length, secondRange) = (3, 0x80...0x9F)
            case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
            case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
            default: return index
            }
            guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return index }
            for next in index + 2..<index + length where bytes[next] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }
}
