import Foundation
import PopModel
import PopTestSupport
import Testing

@testable import PopLoader

#if canImport(Glibc)
import Glibc
#endif

/// What a warm discovery reads without `String`s or SipHash: a directory's names as bytes, sorted as
/// `String`s would be; the files met by device and inode; a cache line's number columns.
@Suite struct DiscoveryListingTests {
    /// The order and paths discovery always gave: every visible "*.so" name decoded, sorted as `String`s.
    func expectedListing(_ directory: String, names: [[UInt8]]) -> [String] {
        names.filter { $0.count > 3 && $0.first != 0x2E && Array($0.suffix(3)) == Array(".so".utf8) }
            .map(PathBytes.string).sorted().map { directory + "/" + $0 }
    }

    func create(_ name: [UInt8], in directory: String, contents: String = "x") {
        let path = Array(directory.utf8) + [0x2F] + name + [0]
        let fd = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o600) } }
        precondition(fd >= 0)
        _ = contents.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
    }

    @Test("ASCII names are listed in String order, hidden and other names left out, each with its size and identity")
    func asciiOrder() throws {
        let dir = TemporaryDirectory()
        var generator = SplitMix64(seed: 43)
        let alphabet = Array("aAbB-_.0129zZ~".utf8)
        var names: Set<[UInt8]> = [Array("a.so".utf8), Array("a-b.so".utf8), Array("ab.so".utf8), Array("A.so".utf8), Array(".x.so".utf8)]
        names.insert(Array("x.txt".utf8))
        names.insert(Array(".so".utf8))
        // Names that share their first sixteen bytes or more, and end at or near the sixteenth.
        for suffix in ["", "a", "ab", "b", "-", "~", "aa", "a-b", "zzzzzzzzzzzz"] {
            names.insert(Array("com.example.plug\(suffix).so".utf8))
            names.insert(Array("com.example.plu\(suffix).so".utf8))
            names.insert(Array("com.example.plugin-long-\(suffix).so".utf8))
        }
        while names.count < 300 {
            let length = 1 + Int(generator.next() % 12)
            names.insert((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] } + Array(".so".utf8))
        }
        for name in names { create(name, in: dir.path, contents: String(repeating: "x", count: name.count)) }
        let listed = try #require(PluginFile.list(directory: dir.path))
        #expect(listed.map(\.path) == expectedListing(dir.path, names: Array(names)))
        for file in listed {
            #expect(file.realPath == file.path)
            #expect(file.size == Int64(PathBytes.bytes(file.path).count - dir.path.utf8.count - 1))
            var info = stat()
            #expect(stat(file.path, &info) == 0 && file.identity == FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
        }
        #expect(
            try #require(PluginFile.list(directory: dir.path + "/")).map(\.path) == listed.map(\.path), "a directory given with a slash")
    }

    @Test("names that are not ASCII, or not UTF-8, are listed in the order of their decoded Strings and keep their bytes")
    func otherNames() throws {
        let dir = TemporaryDirectory()
        let names: [[UInt8]] = [
            Array("zeta.so".utf8), Array("éclair.so".utf8), Array("eclair.so".utf8), [0x66, 0xFF, 0x2E, 0x73, 0x6F],
            Array("😀.so".utf8), [0x61, 0xC3, 0x28, 0x2E, 0x73, 0x6F], Array("Zeta.so".utf8),
        ]
        for name in names { create(name, in: dir.path) }
        let listed = try #require(PluginFile.list(directory: dir.path))
        #expect(listed.map(\.path) == expectedListing(dir.path, names: names))
        #expect(Set(listed.map { Array(PathBytes.bytes($0.path).suffix(from: dir.path.utf8.count + 1)) }) == Set(names))
        #expect(listed.allSatisfy { $0.size == 1 }, "every file was examined through its own bytes")
    }

    @Test("a symbolic link is identified through its path, and through a linked directory files get real paths")
    func links() throws {
        let dir = TemporaryDirectory(), other = TemporaryDirectory()
        create(Array("target.so".utf8), in: other.path, contents: "twelve bytes")
        #expect(symlink(other.file("target.so"), dir.file("link.so")) == 0)
        #expect(symlink(other.file("missing.so"), dir.file("dangling.so")) == 0)
        create(Array("plain.so".utf8), in: dir.path)
        let listed = try #require(PluginFile.list(directory: dir.path))
        #expect(listed.map(\.path) == [dir.file("dangling.so"), dir.file("link.so"), dir.file("plain.so")])
        #expect(listed[0].size == -1)
        #expect(listed[1].size == 12 && listed[1].realPath == resolvedPath(other.file("target.so")))
        #expect(listed[2].size == 1)
        let linkedDirectory = TemporaryDirectory()
        #expect(symlink(dir.path, linkedDirectory.file("plugins")) == 0)
        let throughLink = try #require(PluginFile.list(directory: linkedDirectory.file("plugins")))
        #expect(
            throughLink.map(\.path) == listed.map { linkedDirectory.file("plugins") + "/" + ($0.path.split(separator: "/").last ?? "") })
        #expect(throughLink[2].realPath == (resolvedPath(dir.path) ?? "") + "/plain.so")
        #expect(PluginFile.list(directory: dir.file("plain.so")) == nil)
    }

    @Test("the set of files met says each identity is new once, through growth")
    func identities() {
        var set = FileIdentitySet(expected: 2)
        let identities = (0..<3000).map { FileIdentity(device: UInt64($0 % 3), inode: UInt64($0 / 3) &* 0x1_0000_0001) }
        let first = identities.map { set.insert($0) }
        let again = identities.reversed().map { set.insert($0) }
        #expect(first.allSatisfy { $0 } && again.allSatisfy { !$0 })
        let other = set.insert(FileIdentity(device: 3, inode: 0))
        #expect(other)
    }

    /// The column parser's answer, by the definition it replaces: digits with an optional leading
    /// minus, each step checked for overflow.
    func reference(_ bytes: [UInt8]) -> Int64? {
        var digits = bytes[...], negative = false
        if digits.first == 0x2D { negative = true; digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard (0x30...0x39).contains(byte) else { return nil }
            let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (sum, carried) = times.addingReportingOverflow(Int64(byte - 0x30))
            guard !overflowed, !carried else { return nil }
            value = sum
        }
        return negative ? -value : value
    }

    func parsed(_ bytes: [UInt8]) -> Int64? {
        // Bytes around the column, as in a cache line, so that a reader past its end would be seen.
        let line = Array("7\t".utf8) + bytes + Array("\t9".utf8)
        return line.withUnsafeBufferPointer { parseInt64($0, 2..<2 + bytes.count) }
    }

    @Test("number columns: every length, the limits of Int64, and a wrong byte at any place")
    func numberColumns() {
        var cases: [String] = [
            "", "-", "--1", "0", "-0", "1", "12345678", "123456789", "-12345678", "999999999999999999", "1000000000000000000",
            "9223372036854775807", "9223372036854775808", "-9223372036854775807", "-9223372036854775808", "99999999999999999999",
            "00000000000000000000000001", "1764385845123456789", "+1", "1 ", " 1", "1-",
        ]
        var generator = SplitMix64(seed: 30)
        for length in 1...24 {
            for _ in 0..<20 {
                cases.append(String((0..<length).map { _ in Character(Unicode.Scalar(0x30 + UInt8(generator.next() % 10))) }))
            }
        }
        for text in cases {
            #expect(parsed(Array(text.utf8)) == reference(Array(text.utf8)), "\(text)")
        }
        // Each byte that is not a digit, at each place of a 19-digit mtime.
        let mtime = Array("1764385845123456789".utf8)
        for place in mtime.indices {
            for byte: UInt8 in [0x00, 0x2D, 0x2F, 0x3A, 0x40, 0x09, 0x80, 0xF9, 0xFA, 0xFF, 0x39 + 0x80, 0x30 - 0x10] {
                var damaged = mtime
                damaged[place] = byte
                // Only a minus in front is a number still (a negative one).
                #expect(parsed(damaged) == (place == 0 && byte == 0x2D ? -764_385_845_123_456_789 : nil), "byte \(byte) at \(place)")
            }
        }
    }

    @Test("eight digits at once: each value of each place, and every byte that is not a digit")
    func eightAtOnce() {
        func word(_ digits: [UInt8]) -> UInt64 { digits.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) } }
        for place in 0..<8 {
            for digit: UInt8 in 0...9 {
                var digits = [UInt8](repeating: 0x30, count: 8)
                digits[place] = 0x30 + digit
                var expected: UInt64 = 1
                for _ in 0..<(7 - place) { expected *= 10 }
                #expect(eightDigits(word(digits)) == UInt64(digit) * expected)
            }
            for byte in UInt8.min...UInt8.max where !(0x30...0x39).contains(byte) {
                var digits = Array("98765432".utf8)
                digits[place] = byte
                #expect(eightDigits(word(digits)) == nil, "byte \(byte) at \(place)")
            }
        }
        #expect(eightDigits(word(Array("12345678".utf8))) == 12_345_678)
        #expect(eightDigits(word(Array("99999999".utf8))) == 99_999_999)
    }

    @Test("a cache line whose checksum holds but whose size or mtime is not a number is discarded, and only that line")
    func malformedNumberColumns() throws {
        let cache = TemporaryDirectory()
        func line(size: String, mtime: String) -> String {
            let rest =
                "/tmp/p-\(size)-\(mtime).so\t\(size)\t\(mtime)\terror\tnotELF\t"
                + String(
                    decoding: try! ScanRecord(.failed(error: PluginError(.notELF, path: "/tmp/p.so", "nope"))).encodedPayload(),
                    as: UTF8.self)
            let checksum = String(Array(rest.utf8).withUnsafeBufferPointer(RegistryCache.checksum), radix: 16)
            return String(repeating: "0", count: 16 - checksum.count) + checksum + "\t" + rest + "\n"
        }
        let columns = [
            ("12", "1764385845123456789"), ("12a", "1"), ("12", "17643858451234567a9"), ("", "1"), ("1", "-"),
            ("12", "92233720368547758070"), ("-3", "-1764385845123456789"),
        ]
        let text = "\(RegistryCache.magic) \(RegistryCache.formatVersion) \(ABIVersion.host)\n" + columns.map(line).joined()
        try Data(text.utf8).write(to: URL(fileURLWithPath: cache.file("c")))
        guard case .loaded(let loaded, let discarded) = RegistryCache.load(from: cache.file("c")) else {
            Issue.record("not loaded")
            return
        }
        #expect(discarded == [3, 4, 5, 6, 7])
        #expect(loaded.entry(for: "/tmp/p-12-1764385845123456789.so")?.mtime == 1_764_385_845_123_456_789)
        #expect(loaded.entry(for: "/tmp/p--3--1764385845123456789.so")?.size == -3)
        #expect(loaded.entry(for: "/tmp/p--3--1764385845123456789.so")?.mtime == -1_764_385_845_123_456_789)
    }

    @Test("a line's checksum column: sixteen lowercase hex digits, every other byte at every place refused")
    func checksumColumn() {
        func parsed(_ text: [UInt8]) -> UInt64? {
            let line = Array("x".utf8) + text + Array("\ty".utf8)
            return line.withUnsafeBufferPointer { RegistryCache.parseHex($0, 1..<1 + text.count) }
        }
        let valid = Array("0123456789abcdef".utf8)
        #expect(parsed(valid) == 0x0123_4567_89AB_CDEF)
        #expect(parsed(Array("fedcba9876543210".utf8)) == 0xFEDC_BA98_7654_3210)
        #expect(parsed(Array("ffffffffffffffff".utf8)) == .max)
        #expect(parsed(Array("0000000000000000".utf8)) == 0)
        #expect(parsed(Array("0123456789abcde".utf8)) == nil)
        #expect(parsed(Array("0123456789abcdef0".utf8)) == nil)
        for place in valid.indices {
            for byte in UInt8.min...UInt8.max {
                var text = valid
                text[place] = byte
                let digit: UInt64? =
                    (0x30...0x39).contains(byte) ? UInt64(byte - 0x30) : (0x61...0x66).contains(byte) ? UInt64(byte - 0x61 + 10) : nil
                let expected = digit.map { digit in
                    let shift = UInt64(4 * (15 - place))
                    return 0x0123_4567_89AB_CDEF & ~(0xF << shift) | digit << shift
                }
                #expect(parsed(text) == expected, "byte \(byte) at \(place)")
            }
        }
    }
}
