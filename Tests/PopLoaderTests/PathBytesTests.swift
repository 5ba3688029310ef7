import PopModel
import Testing

@testable import PopLoader

/// File names are bytes: `PathBytes` decodes any of them to a String and back to the same bytes.
@Suite struct PathBytesTests {
    @Test("UTF-8 names decode as themselves")
    func plainNames() {
        for name in ["/usr/lib/libx.so", "/tmp/café/ünïcode-😀.so", ""] {
            #expect(PathBytes.string(Array(name.utf8)) == name)
            #expect(PathBytes.bytes(name) == Array(name.utf8))
        }
    }

    @Test("bytes that are not UTF-8 survive the round trip, and each shows as one escape scalar")
    func invalidBytes() {
        let raw: [UInt8] = [0x2F, 0x66, 0xE9, 0x2E, 0x73, 0x6F, 0xC3, 0x28, 0xFF, 0xF4, 0x8F, 0xBE, 0x80]
        let text = PathBytes.string(raw)
        #expect(PathBytes.bytes(text) == raw)
        #expect(text.unicodeScalars.compactMap(PathBytes.escapedByte) == [0xE9, 0xC3, 0xFF, 0xF4, 0x8F, 0xBE, 0x80])
    }

    @Test("random byte strings round-trip")
    func randomRoundTrip() {
        var generator = SplitMix64(seed: 18)
        for _ in 0..<2000 {
            let raw = (0..<Int(generator.next() % 24)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            #expect(PathBytes.bytes(PathBytes.string(raw)) == raw)
        }
    }

    @Test("withCString hands the system the original bytes")
    func cString() {
        let raw: [UInt8] = [0x61, 0xFF, 0x62]
        let bytes = PathBytes.withCString(PathBytes.string(raw)) { pointer in
            (0..<3).map { UInt8(bitPattern: pointer[$0]) } + [UInt8(bitPattern: pointer[3])]
        }
        #expect(bytes == raw + [0])
    }
}
