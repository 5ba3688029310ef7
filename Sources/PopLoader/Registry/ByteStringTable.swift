/// Numbers stored under byte strings, by open addressing: the registry cache looks its records up by
/// the bytes of a real path, hashed once with a few multiplications a word, where a `[String: …]`
/// dictionary needs a `String` for every record and hashes it with SipHash (docs/benchmarks.md,
/// "Warm discovery").
///
/// The table keeps numbers and hashes, not keys: the caller keeps the bytes (the cache file's) and
/// says whether the key of a stored number is the one looked for.
struct ByteStringTable {
    private struct Slot {
        var hash: UInt64
        /// The number stored, or -1 when the slot is empty.
        var number: Int32
    }

    private var slots: [Slot]
    private(set) var count = 0

    /// A table that holds `expected` numbers before it grows.
    init(expected: Int) {
        slots = Array(repeating: Slot(hash: 0, number: -1), count: Self.size(for: expected))
    }

    /// The number stored under `hash` whose key `matches`, if any.
    func find(_ hash: UInt64, matches: (Int) -> Bool) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var index = Int(truncatingIfNeeded: hash) & mask
            while slots[index].number >= 0 {
                if slots[index].hash == hash, matches(Int(slots[index].number)) { return Int(slots[index].number) }
                index = (index + 1) & mask
            }
            return nil
        }
    }

    /// Stores `number` under `hash`, in place of the number whose key `matches` if there is one:
    /// the later of two records of one path wins, as it did in a dictionary.
    mutating func insert(_ number: Int, hash: UInt64, matches: (Int) -> Bool) {
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index].number >= 0 {
            if slots[index].hash == hash, matches(Int(slots[index].number)) {
                slots[index].number = Int32(number)
                return
            }
            index = (index + 1) & mask
        }
        slots[index] = Slot(hash: hash, number: Int32(number))
        count += 1
    }

    /// Every number stored, in no particular order.
    var numbers: [Int] { slots.compactMap { $0.number >= 0 ? Int($0.number) : nil } }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(hash: 0, number: -1), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.number >= 0 {
            var index = Int(truncatingIfNeeded: slot.hash) & mask
            while slots[index].number >= 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// A power of two at least twice `expected` (at most half the slots are used).
    private static func size(for expected: Int) -> Int {
        var size = 16
        while size < expected * 2 { size <<= 1 }
        return size
    }

    /// A process-wide random seed, so that file names chosen to collide cannot make every lookup
    /// walk the whole table (what SipHash's seed does for `Dictionary`).
    private static let seed = UInt64.random(in: .min ... .max)

    /// A 64-bit hash of `bytes`: each 8-byte word is mixed in with a multiplication and a shift,
    /// then the result goes through SplitMix64's finalizer.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = seed ^ (UInt64(bytes.count) &* multiplier)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
            hash ^= hash >> 29
            offset += 8
        }
        if offset < bytes.count {
            // The last bytes: the top of the word that ends the key when the key is that long (no
            // copy), else each byte.
            let left = bytes.count - offset
            var tail: UInt64 = 0
            if bytes.count >= 8 {
                tail = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)) >> (8 * (8 - left))
            } else {
                for place in 0..<left { tail |= UInt64(bytes[offset + place]) << (8 * place) }
            }
            hash = (hash ^ tail) &* multiplier
        }
        hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 31)
    }
}
