import PopModel

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
        var bytes = ByteBuffer(capacity: 24)
        append(value, to: &bytes)
        return bytes.string
    }

    /// Appends `value` as text (see `string`), as UTF-8.
    @inline(__always)
    static func append(_ value: Double, to bytes: inout ByteBuffer) {
        bytes.append(upTo: maximumLength) { write(value, to: $0) }
    }

    /// The longest number written: a sign, 16 digits (`limit`), a point and 3 decimals.
    static var maximumLength: Int { 21 }

    /// Stores `value` as text (see `string`) at `start`, which has room for `maximumLength` bytes, and returns
    /// how many bytes it stored: the whole part from its last digit back, without a division by a power of ten
    /// for every digit.
    static func write(_ value: Double, to start: UnsafeMutablePointer<UInt8>) -> Int {
        let count = thousandths(value)
        let fraction = count.magnitude % 1000
        var end = start
        if count < 0 {
            end.pointee = UInt8(ascii: "-")
            end += 1
        }
        var whole = count.magnitude / 1000, digits = 1, power: UInt64 = 10
        while whole >= power {
            digits += 1
            power &*= 10
        }
        end += digits
        var digit = end
        repeat {
            digit -= 1
            digit.pointee = 0x30 + UInt8(truncatingIfNeeded: whole % 10)
            whole /= 10
        } while whole != 0
        guard fraction != 0 else { return end - start }
        // Up to three decimals, the trailing zeros left out.
        end[0] = UInt8(ascii: ".")
        end[1] = 0x30 + UInt8(truncatingIfNeeded: fraction / 100)
        end[2] = 0x30 + UInt8(truncatingIfNeeded: fraction / 10 % 10)
        end[3] = 0x30 + UInt8(truncatingIfNeeded: fraction % 10)
        end += fraction % 10 != 0 ? 4 : fraction % 100 != 0 ? 3 : 2
        return end - start
    }

    /// `value` as a JSON number: an integer when it rounds to one, else a double.
    static func value(_ value: Double) -> Value {
        let count = thousandths(value)
        return count % 1000 == 0 ? .int(count / 1000) : .double(Double(count) / 1000)
    }

    /// `value` in whole thousandths, rounded half away from zero.
    private static func thousandths(_ value: Double) -> Int64 {
        guard value.isFinite else { return 0 }
        // What `rounded()` gives, without its call into libm (a few hundred a frame): |scaled| ≤ 10¹⁸ fits an
        // Int64, the conversion truncates, and `scaled - whole` is exact (zero once doubles are integers).
        let scaled = min(max(value, -limit), limit) * 1000
        let whole = Int64(scaled), fraction = scaled - Double(whole)
        return fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole
    }
}

extension AffineTransform {
    /// The transform with each component rounded by `NumberFormat`, as renderers write it; nil when that
    /// is the identity, which renderers leave out.
    var outputTransform: AffineTransform? {
        // Most nodes are not transformed: no rounding to do (an identity, or -0 where 0 is, rounds to the identity).
        if a == 1 && b == 0 && c == 0 && d == 1 && e == 0 && f == 0 { return nil }
        let rounded = AffineTransform(
            a: NumberFormat.rounded(a), b: NumberFormat.rounded(b), c: NumberFormat.rounded(c),
            d: NumberFormat.rounded(d), e: NumberFormat.rounded(e), f: NumberFormat.rounded(f))
        return rounded == .identity ? nil : rounded
    }

    /// The matrix [a, b, c, d, e, f] of `outputTransform`.
    var outputMatrix: [Double]? {
        outputTransform.map { [$0.a, $0.b, $0.c, $0.d, $0.e, $0.f] }
    }
}
