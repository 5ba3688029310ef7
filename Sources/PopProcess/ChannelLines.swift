/// What a child process and its parent write each other on a channel and the reader has not yet
/// taken, as lines — or, for a protocol that frames its messages after its hello line (the plugin
/// host's), as frames: a length of 4 bytes, little-endian, then that many bytes. A line is found
/// without searching again what was searched before, and taken without moving what follows, so a
/// writer of many lines at once, or of one long line in many reads, costs time linear in what it wrote.
package struct ChannelLines {
    /// The longest line, and the longest frame: a writer that goes on without a newline is not held
    /// in memory without end. The reader is told (`Line.overlong`) and the rest of that line is
    /// skipped; a frame that says it is longer is `Frame.overlong`.
    package static let limit = 64 << 20

    /// What `next()` takes.
    package enum Line: Equatable {
        case text(String)
        /// A line longer than `limit`, skipped up to its newline.
        case overlong
    }

    /// What `nextFrame()` takes.
    package enum Frame: Equatable {
        /// The bytes of the next frame, without its length.
        case bytes([UInt8])
        /// A frame longer than `limit`: the channel carries nothing the reader can trust from here on
        /// (it is not taken; every later call says the same).
        case overlong
    }

    /// The size of a frame's length.
    package static let frameHeader = 4

    private var bytes: [UInt8] = []
    /// The first byte not yet taken.
    private var start = 0
    /// Bytes from `start` up to here hold no newline.
    private var searched = 0
    /// Skipping the rest of an overlong line: bytes are dropped up to its newline.
    private var skipping = false

    package init() {}

    /// Nothing is waiting.
    package var isEmpty: Bool { start == bytes.count }

    package mutating func append(_ chunk: UnsafeRawBufferPointer) {
        var chunk = chunk
        if skipping {
            guard let newline = chunk.firstIndex(of: 0x0A) else { return }
            skipping = false
            chunk = UnsafeRawBufferPointer(rebasing: chunk[(newline + 1)...])
        }
        if start > 0 && start >= bytes.count / 2 {
            // Everything taken, after a long line: its memory goes too.
            if start == bytes.count && bytes.capacity > 1 << 20 {
                bytes = []
            } else {
                bytes.removeFirst(start)
            }
            searched -= start
            start = 0
        }
        bytes.append(contentsOf: chunk)
    }

    /// Whether a line (whole, or known to be overlong) is waiting.
    package mutating func hasLine() -> Bool { lineEnd() != nil }

    /// The next line without its newline, or nil when none is whole yet.
    package mutating func next() -> Line? {
        guard let end = lineEnd() else { return nil }
        guard let newline = end else {
            // Past the limit with no newline: drop what is here and the rest of the line as it comes.
            if let newline = bytes[(start + Self.limit)...].firstIndex(of: 0x0A) {
                start = newline + 1
            } else {
                start = bytes.count
                skipping = true
            }
            searched = start
            return .overlong
        }
        let line = String(decoding: bytes[start..<newline], as: UTF8.self)
        start = newline + 1
        searched = start
        return .text(line)
    }

    /// Whether a frame (whole, or known to be overlong) is waiting.
    package func hasFrame() -> Bool {
        guard let length = frameLength() else { return false }
        return length > Self.limit || bytes.count - start - Self.frameHeader >= length
    }

    /// The next frame, or nil when none is whole yet.
    package mutating func nextFrame() -> Frame? {
        guard let length = frameLength() else { return nil }
        guard length <= Self.limit else { return .overlong }
        let first = start + Self.frameHeader
        guard bytes.count - first >= length else { return nil }
        start = first + length
        searched = start
        return .bytes(Array(bytes[first..<start]))
    }

    /// The length the next frame says it has, once it is here.
    private func frameLength() -> Int? {
        guard bytes.count - start >= Self.frameHeader else { return nil }
        var length = 0
        for index in 0..<Self.frameHeader { length |= Int(bytes[start + index]) << (8 * index) }
        return length
    }

    /// `payload` framed: its length, then itself.
    package static func frame(_ payload: [UInt8]) -> [UInt8] {
        var frame = [UInt8](unsafeUninitializedCapacity: frameHeader + payload.count) { buffer, count in
            for index in 0..<frameHeader { buffer[index] = UInt8(truncatingIfNeeded: payload.count >> (8 * index)) }
            count = frameHeader
        }
        frame.append(contentsOf: payload)
        return frame
    }

    /// Everything waiting, as one line (the writer has gone: its last line may lack a newline).
    package mutating func rest() -> String {
        defer { self = ChannelLines() }
        return String(decoding: bytes[start...], as: UTF8.self)
    }

    /// Where the next line ends: `.some(newline)` for a whole one, `.some(nil)` for one longer than
    /// `limit`, nil when neither is known yet.
    private mutating func lineEnd() -> Int?? {
        let cut = start + Self.limit
        let from = max(searched, start)
        // A line of exactly `limit` bytes still ends at its newline.
        if from <= cut, let newline = bytes[from..<min(bytes.count, cut + 1)].firstIndex(of: 0x0A) { return .some(newline) }
        searched = min(bytes.count, cut + 1)
        return bytes.count > cut ? .some(nil) : nil
    }
}
