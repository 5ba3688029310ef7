import Testing

@testable import PopLoader

/// The registry cache's index: numbers found by the bytes of their keys, the later of two equal keys
/// winning, through growth.
struct ByteStringTableTests {
    /// Keys that share long prefixes, as the paths of one directory do.
    let keys = (0..<1000).map { Array("/home/user/.local/lib/pophost/plugins/libplugin-\($0).so".utf8) }

    func hash(_ key: [UInt8]) -> UInt64 { key.withUnsafeBytes(ByteStringTable.hash) }

    @Test("every key stored is found, through growth, and a key never stored is not")
    func findsWhatWasStored() {
        var table = ByteStringTable(expected: 1)
        for (number, key) in keys.enumerated() {
            table.insert(number, hash: hash(key)) { keys[$0] == key }
        }
        #expect(table.count == keys.count)
        for (number, key) in keys.enumerated() {
            #expect(table.find(hash(key)) { keys[$0] == key } == number)
        }
        let absent = Array("/home/user/.local/lib/pophost/plugins/libplugin-1000.so".utf8)
        #expect(table.find(hash(absent)) { keys[$0] == absent } == nil)
        #expect(table.numbers.sorted() == Array(keys.indices))
    }

    @Test("a key stored again keeps the later number")
    func laterWins() {
        var table = ByteStringTable(expected: 4)
        let all = keys[..<3] + [keys[1]]
        for (number, key) in all.enumerated() {
            table.insert(number, hash: hash(key)) { all[$0] == key }
        }
        #expect(table.count == 3)
        #expect(table.find(hash(keys[1])) { all[$0] == keys[1] } == 3)
        #expect(table.numbers.sorted() == [0, 2, 3])
    }

    @Test("the hash tells apart keys that differ in one byte, in their length or in a tail byte")
    func hashSeparates() {
        let key = Array("/opt/pophost/plugins/libx.so".utf8)
        var shorter = key
        shorter.removeLast()
        var flipped = key
        flipped[3] ^= 1
        #expect(Set([hash(key), hash(shorter), hash(flipped), hash(key + [0]), hash([])]).count == 5)
    }
}
