import Testing

@testable import PopLoader

/// The cache's record checksum: any one changed byte, at any place of a record of any length
/// (through the four word lanes, their fold, and the tail), and any change of length, changes it.
@Suite struct RegistryChecksumTests {
    func checksum(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBufferPointer(RegistryCache.checksum) }

    @Test("every single-byte change of a record changes its checksum", arguments: [0, 1, 7, 31, 32, 33, 95, 200])
    func singleByteChanges(length: Int) {
        let record = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let original = checksum(record)
        for index in record.indices {
            for flip: UInt8 in [1, 0x80, 0xFF] {
                var damaged = record
                damaged[index] ^= flip
                #expect(checksum(damaged) != original, "byte \(index) ^ \(flip) of \(length)")
            }
        }
    }

    @Test("a record cut short or run on does not keep its checksum")
    func lengthChanges() {
        let record = Array("0123456789abcdef0123456789abcdef0123456789".utf8)
        let original = checksum(record)
        for length in 0..<record.count { #expect(checksum(Array(record[..<length])) != original) }
        #expect(checksum(record + [0]) != original)
        #expect(checksum([UInt8](repeating: 0, count: 40)) != checksum([UInt8](repeating: 0, count: 41)))
    }
}
