/// How renderers write numbers, so that the same frame always gives the same bytes and float noise
/// (0.30000000000000004) never shows: rounded to 3 decimals, trailing zeros dropped, integers without
/// ".0", never "-0", never an exponent. Non-finite values become 0; magnitudes are capped at 10¹⁵.
enum NumberFormat {
    /// The largest magnitude written; beyond it thousandths would not fit an `Int64`.
    static let limit = 1e15

    /// `value` rounded to 3 decimals (half away from zero), non-finite → 0, -0 → 0.
    static func rounded(_ value: Double) -> Double {
        Double(thousandths(value)) / 1000
    }

    /// `value` as text: "12", "0.5", "-3.125".
    static func string(_ value: Double) -> String {
        let count = thousandths(value)
        let magnitude = count.magnitude
        var whole = magnitude / 1000, fraction = magnitude % 1000
        // At most "-", 16 digits (the whole part is at most 10¹⁵), "." and 3 digits: written from the end of a
        // small buffer backwards, then moved to its start.
        let capacity = 24
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var start = capacity
            if fraction != 0 {
                var places = 3
                while fraction % 10 == 0 {
                    fraction /= 10
                    places -= 1
                }
                for _ in 0..<places {
                    start -= 1
                    buffer[start] = 0x30 + UInt8(fraction % 10)
                    fraction /= 10
                }
                start -= 1
                buffer[start] = UInt8(ascii: ".")
            }
            repeat {
                start -= 1
                buffer[start] = 0x30 + UInt8(whole % 10)
                whole /= 10
            } while whole != 0
            if count < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            let length = capacity - start
            for index in 0..<length { buffer[index] = buffer[start + index] }
            return length
        }
    }

    /// `value` as a JSON number: an integer when it rounds to one, else a double.
    static func value(_ value: Double) -> Value {
        let count = thousandths(value)
        return count % 1000 == 0 ? .int(count / 1000) : .double(Double(count) / 1000)
    }

    /// `value` in whole thousandths.
    private static func thousandths(_ value: Double) -> Int64 {
        guard value.isFinite else { return 0 }
        return Int64((min(max(value, -limit), limit) * 1000).rounded())
    }
}

extension AffineTransform {
    /// The matrix [a, b, c, d, e, f] as renderers write it (each component rounded by `NumberFormat`);
    /// nil when it rounds to the identity, which renderers leave out.
    var outputMatrix: [Double]? {
        let components = [a, b, c, d, e, f].map(NumberFormat.rounded)
        return components == [1, 0, 0, 1, 0, 0] ? nil : components
    }
}
