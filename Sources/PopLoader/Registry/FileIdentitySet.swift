/// The files a discovery has met, by device and inode, so that a file reached by two paths is listed
/// once: open addressing with a seeded multiply-and-shift hash of the two numbers, where a
/// `Set<FileIdentity>` hashes each with SipHash (docs/benchmarks.md, "Warm discovery").
struct FileIdentitySet {
    private var slots: [FileIdentity?]
    private var count = 0

    /// A set that holds `expected` identities before it grows.
    init(expected: Int) {
        slots = Array(repeating: nil, count: Self.size(for: expected))
    }

    /// Adds `identity`; false when it was there already.
    mutating func insert(_ identity: FileIdentity) -> Bool {
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var index = Self.slot(of: identity, mask: mask)
        while let held = slots[index] {
            if held == identity { return false }
            index = (index + 1) & mask
        }
        slots[index] = identity
        count += 1
        return true
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: old.count * 2)
        let mask = slots.count - 1
        for case let identity? in old {
            var index = Self.slot(of: identity, mask: mask)
            while slots[index] != nil { index = (index + 1) & mask }
            slots[index] = identity
        }
    }

    /// A power of two at least twice `expected` (at most half the slots are used).
    private static func size(for expected: Int) -> Int {
        var size = 16
        while size < expected * 2 { size <<= 1 }
        return size
    }

    /// A process-wide random seed, so that inode numbers cannot be chosen to make every insertion
    /// walk the whole table.
    private static let seed = UInt64.random(in: .min ... .max)

    /// The first slot to try for `identity`: its numbers mixed with the seed by multiplications,
    /// the high bits (the best mixed) taken.
    private static func slot(of identity: FileIdentity, mask: Int) -> Int {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = (seed ^ identity.inode) &* multiplier
        hash = (hash ^ (hash >> 29) ^ identity.device) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: hash >> 32) & mask
    }
}
