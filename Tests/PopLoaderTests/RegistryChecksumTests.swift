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

    @Test(
        "the checksum of format 7 is what it was: caches written before still read",
        arguments: [
            (0, 0x7CFF_3D04_C3F9_083F), (1, 0x5EB2_BD19_0020_5B45), (63, 0x91BD_A560_8F2A_F290), (64, 0xFA3C_A782_E320_1AFE),
            (65, 0x56E9_1267_F108_86A2), (127, 0x1BD6_BE24_86FF_4F7B), (128, 0x0E18_993F_9997_CA0E), (129, 0x8BA1_2611_FCF5_D712),
            (200, 0x38CC_3216_CA75_6642), (1000, 0x53C3_9ABA_5FF1_87F2), (6400, 0x5E50_3E92_D284_EFF1), (6455, 0x25C4_D076_9207_87D2),
        ] as [(Int, UInt64)])
    func pinnedValues(length: Int, expected: UInt64) {
        #expect(checksum((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }) == expected)
        if length == 0 { #expect(checksum([UInt8](repeating: 0xFF, count: 300)) == 0xDC39_72AD_C880_815F) }
    }
}
