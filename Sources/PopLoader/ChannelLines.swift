/// What a child has written on its channel and the parent has not yet taken, as lines. A line is
/// found without searching again what was searched before, and taken without moving what follows,
/// so a child that writes many lines at once, or one long line in many reads, costs time linear in
/// what it wrote.
package struct ChannelLines {
    /// The longest line kept: a child that writes more without a newline is cut there (its parent
    /// then sees a line it cannot read, and says so), so it cannot make the parent hold without end.
    package static let limit = 64 << 20

    private var bytes: [UInt8] = []
    /// The first byte not yet taken.
    private var start = 0
    /// Bytes from `start` up to here hold no newline.
    private var searched = 0

    /// Nothing is waiting.
    var isEmpty: Bool { start == bytes.count }

    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        if start > 0 && start >= bytes.count / 2 {
            bytes.removeFirst(start)
            searched -= start
            start = 0
        }
        bytes.append(contentsOf: chunk)
    }

    /// Whether a whole line (or a line cut at `limit`) is waiting.
    mutating func hasLine() -> Bool { lineEnd() != nil }

    /// The next line without its newline, or nil when none is whole yet.
    mutating func next() -> String? {
        guard let (end, newline) = lineEnd() else { return nil }
        let line = String(decoding: bytes[start..<end], as: UTF8.self)
        start = newline ? end + 1 : end
        searched = start
        return line
    }

    /// Everything waiting, as one line (the child has exited: its last line may lack a newline).
    mutating func rest() -> String {
        defer { self = ChannelLines() }
        return String(decoding: bytes[start...], as: UTF8.self)
    }

    /// Where the next line ends, and whether a newline ends it: its newline, or `limit` bytes on
    /// when there is none by then.
    private mutating func lineEnd() -> (end: Int, newline: Bool)? {
        let cut = start + Self.limit
        let from = max(searched, start)
        // A line of exactly `limit` bytes still ends at its newline.
        if from <= cut, let newline = bytes[from..<min(bytes.count, cut + 1)].firstIndex(of: 0x0A) { return (newline, true) }
        searched = min(bytes.count, cut + 1)
        return bytes.count > cut ? (cut, false) : nil
    }
}
