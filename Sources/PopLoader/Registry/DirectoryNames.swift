#if canImport(Glibc)
import Glibc
#endif

/// The visible `*.so` names of one directory listing, kept as bytes in one buffer (each followed by
/// a NUL, so that it can be handed to `fstatat` as it is) instead of a `String` each: a warm
/// discovery makes one `String` a file, its path (docs/benchmarks.md, "Warm discovery").
struct DirectoryNames {
    private var bytes: [UInt8] = []
    /// Each name's bytes in `bytes`, without its NUL, in the order the system listed them.
    private var names: [Range<Int>] = []
    /// Whether every name is ASCII: then their order as bytes is their order as `String`s.
    private var allASCII = true

    /// Reads the rest of `stream`, keeping the names `isPluginName` accepts.
    init(reading stream: OpaquePointer) {
        while let entry = readdir(stream) {
            // The name in place, not a copy of the entry's 256-byte array.
            let name = UnsafeRawPointer(entry).advanced(by: Self.nameOffset).assumingMemoryBound(to: UInt8.self)
            let bytes = UnsafeBufferPointer(start: name, count: strlen(name))
            guard Self.isPluginName(bytes) else { continue }
            names.append(self.bytes.count..<self.bytes.count + bytes.count)
            self.bytes.append(contentsOf: bytes)
            self.bytes.append(0)
            if allASCII { allASCII = !bytes.contains(where: { $0 >= 0x80 }) }
        }
    }

    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!

    /// A visible name ending in ".so" (with something before it).
    static func isPluginName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = name.count
        return length > 3 && name[0] != 0x2E && name[length - 3] == 0x2E && name[length - 2] == 0x73 && name[length - 1] == 0x6F
    }

    var count: Int { names.count }

    /// The names in the order `String` comparison gives their decoded forms (`PathBytes`), as
    /// discovery has always listed them: for ASCII names, byte order; otherwise the `String`s are
    /// made and compared.
    func sorted() -> [Int] {
        if !allASCII {
            let strings = names.map { range in bytes.withUnsafeBufferPointer { PathBytes.string(UnsafeBufferPointer(rebasing: $0[range])) }
            }
            return names.indices.sorted { strings[$0] < strings[$1] }
        }
        return bytes.withUnsafeBufferPointer { buffer in
            // Most names differ in their first sixteen bytes, so each is compared as two numbers, and
            // only names that share them compare the rest of their bytes.
            var keys = names.indices.map { SortKey(UnsafeBufferPointer(rebasing: buffer[names[$0]]), index: $0) }
            keys.sort { left, right in
                if left.head != right.head { return left.head < right.head }
                if left.next != right.next { return left.next < right.next }
                let left = names[left.index], right = names[right.index]
                let rest = min(left.count, right.count) - 16
                let order =
                    rest > 0 ? memcmp(buffer.baseAddress! + left.lowerBound + 16, buffer.baseAddress! + right.lowerBound + 16, rest) : 0
                return order != 0 ? order < 0 : left.count < right.count
            }
            return keys.map(\.index)
        }
    }

    /// A name's first sixteen bytes as two big-endian numbers, zero past its end (no name holds a
    /// zero byte, so a name sorts before the longer names it begins): compared as numbers, they
    /// order as the bytes do.
    private struct SortKey {
        let head: UInt64
        let next: UInt64
        let index: Int

        init(_ name: UnsafeBufferPointer<UInt8>, index: Int) {
            func word(_ offset: Int) -> UInt64 {
                var word: UInt64 = 0
                for place in 0..<8 { word = word << 8 | UInt64(offset + place < name.count ? name[offset + place] : 0) }
                return word
            }
            head = word(0)
            next = word(8)
            self.index = index
        }
    }

    /// Calls `body` with name `index` as a NUL-terminated C string and as its decoded `String`'s
    /// UTF-8 when it is ASCII (nil otherwise: the caller decodes it with `PathBytes`).
    func withName<T>(_ index: Int, _ body: (UnsafePointer<CChar>, UnsafeBufferPointer<UInt8>) -> T) -> T {
        bytes.withUnsafeBufferPointer { buffer in
            let name = UnsafeBufferPointer(rebasing: buffer[names[index]])
            return UnsafeRawPointer(name.baseAddress!).withMemoryRebound(to: CChar.self, capacity: name.count + 1) { body($0, name) }
        }
    }

    /// Whether name `index` is ASCII, so that its bytes are its `String`'s UTF-8.
    func isASCII(_ index: Int) -> Bool {
        allASCII || !bytes[names[index]].contains(where: { $0 >= 0x80 })
    }
}
