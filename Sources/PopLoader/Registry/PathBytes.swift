#if canImport(Glibc)
import Glibc
#endif

/// File names on Linux are bytes, not text: a plugin's name need not be valid UTF-8. pophost keeps
/// paths in `String`s, so it decodes them losslessly — a surrogate-escape scheme like Python's, in
/// scalars Swift allows — and encodes them back to the same bytes wherever a path meets the system
/// (`open`, `dlopen`, `stat`, `opendir`, the scanner's input, `argv`):
///
/// - every byte sequence that is valid UTF-8 decodes to its scalars, except the scalars
///   U+10FF80…U+10FFFF (private use, never seen in real names);
/// - every other byte `b` ≥ 0x80 (not part of valid UTF-8, or part of one of those scalars) decodes
///   to the scalar U+10FF00 + `b`, which encodes back to the byte `b` alone.
///
/// So bytes → string → bytes is the identity, and the CLI shows an escaped byte as `\xFF`.
public enum PathBytes {
    /// The first scalar that stands for a raw byte (U+10FF80 stands for 0x80).
    private static let escapeBase: UInt32 = 0x10FF00
    private static let escapeFirst: UInt32 = 0x10FF80

    /// The byte `scalar` stands for, when it stands for one.
    public static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.value >= escapeFirst ? UInt8(scalar.value - escapeBase) : nil
    }

    /// Decodes a file name or path, keeping every byte.
    public static func string(_ bytes: some Collection<UInt8>) -> String {
        // The lead byte 0xF4 begins the escape scalars' UTF-8; without it, valid UTF-8 is plain text.
        if !bytes.contains(0xF4), let text = String(validating: bytes, as: UTF8.self) { return text }
        let bytes = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = decodeScalar(bytes, at: index), scalar.value < escapeFirst {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(bytes[index]))!)
                index += 1
            }
        }
        return String(scalars)
    }

    /// The bytes `path` was decoded from.
    public static func bytes(_ path: String) -> [UInt8] {
        guard hasEscapes(path) else { return Array(path.utf8) }
        var bytes: [UInt8] = []
        for scalar in path.unicodeScalars {
            if let byte = escapedByte(scalar) { bytes.append(byte) } else { bytes += UTF8.encode(scalar)! }
        }
        return bytes
    }

    /// Calls `body` with `path`'s bytes as a NUL-terminated C string.
    public static func withCString<T>(_ path: String, _ body: (UnsafePointer<CChar>) -> T) -> T {
        // Every file operation passes through here: a path without escapes is its own UTF-8.
        guard hasEscapes(path) else { return path.withCString(body) }
        let bytes = bytes(path) + [0]
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// Whether `path` holds escape scalars: their UTF-8 starts with 0xF4, which other paths seldom
    /// hold, so most are answered by one byte search.
    private static func hasEscapes(_ path: String) -> Bool {
        let lead =
            path.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.baseAddress.map { memchr($0, 0xF4, bytes.count) != nil } ?? false
            } ?? path.utf8.contains(0xF4)
        return lead && path.unicodeScalars.contains(where: { $0.value >= escapeFirst })
    }

    /// The well-formed UTF-8 scalar starting at `index` and its length, if there is one.
    private static func decodeScalar(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
        guard length > 0, index + length <= bytes.count,
            let text = String(validating: bytes[index..<index + length], as: UTF8.self),
            let scalar = text.unicodeScalars.first
        else { return nil }
        return (scalar, length)
    }
}
