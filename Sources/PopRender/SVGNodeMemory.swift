import PopModel
import Synchronization

/// What a renderer wrote for each node of its last frame, so that the next frame copies the bytes of every
/// node that has not changed instead of writing them again: most of a frame is still (the page under a
/// dialog, the dialog while it is read), and the same node always gives the same bytes. A node's bytes
/// depend on the node, on the frame's appearance (an image placeholder's colours) and on how deep it is
/// indented (inside a phone or not); a change of either forgets everything. Nodes are matched by their
/// place in the frame and compared in every field a drawing reads (`SVGNodeDrawing.drawsTheSame`), so what
/// is copied is what would have been written.
struct SVGNodeMemory {
    /// The last frame's nodes.
    private var nodes: [FrameNode] = []
    /// Where each node's bytes end in `bytes` (its start is the end of the one before it).
    private var ends: [Int] = []
    /// The last frame's node elements, as written.
    private var bytes: [UInt8] = []
    private var appearance: Appearance?
    private var depth = -1
    /// Where each node's bytes end in the frame being written, and the nodes that changed (both kept to be
    /// reused from frame to frame).
    private var written: [Int] = [], changes: [Int] = []

    /// Writes `drawn`'s nodes into `document`, copying the bytes of each node equal to the last frame's node at
    /// its place, and remembers this frame for the next.
    mutating func write(_ drawn: UnsafeBufferPointer<FrameNode>, appearance: Appearance, into document: inout SVGDocument) {
        let usable = self.appearance == appearance && depth == document.depth
        let start = document.byteCount
        var written: [Int] = [], changes: [Int] = [], last: [FrameNode] = []
        swap(&written, &self.written)
        swap(&changes, &self.changes)
        swap(&last, &nodes)
        written.removeAll(keepingCapacity: true)
        changes.removeAll(keepingCapacity: true)
        let lastEnds = ends
        // Runs of unchanged nodes are copied whole: their bytes follow each other in `bytes` too.
        var run: Range<Int>? = nil
        bytes.withUnsafeBufferPointer { lastBytes in
            last.withUnsafeBufferPointer { last in
                for index in drawn.indices {
                    let node = drawn.baseAddress! + index
                    if usable && index < last.count && SVGNodeDrawing.drawsTheSame(last.baseAddress! + index, node) {
                        run = (run?.lowerBound ?? (index == 0 ? 0 : lastEnds[index - 1]))..<lastEnds[index]
                    } else {
                        Self.copy(&run, of: lastBytes, into: &document)
                        changes.append(index)
                        SVGNodeDrawing(node, appearance: appearance)?.write(into: &document)
                    }
                    written.append(document.byteCount + (run?.count ?? 0) - start)
                }
                Self.copy(&run, of: lastBytes, into: &document)
            }
        }
        if usable && last.count == drawn.count {
            // Only the nodes that changed are replaced: copying a frame's nodes retains every string and array in them.
            for index in changes { last[index] = drawn[index] }
            nodes = last
        } else {
            nodes = Array(drawn)
        }
        if !changes.isEmpty {
            bytes = document.bytes(from: start)
            swap(&ends, &written)
        }
        self.appearance = appearance
        depth = document.depth
        self.written = written
        self.changes = changes
    }

    /// Appends the bytes `run` marks in `bytes`, if any, and clears it.
    private static func copy(_ run: inout Range<Int>?, of bytes: UnsafeBufferPointer<UInt8>, into document: inout SVGDocument) {
        guard let copied = run else { return }
        document.append(written: UnsafeBufferPointer(rebasing: bytes[copied]))
        run = nil
    }
}

/// The memory of an `SVGRenderer` and of its copies, which may render on different threads: one renders with
/// it while the others write every node.
final class SVGNodeCache: Sendable {
    private let memory = Mutex(SVGNodeMemory())

    /// Writes `nodes` into `document` through the memory, or without it while another thread renders with it.
    func write(_ nodes: UnsafeBufferPointer<FrameNode>, appearance: Appearance, into document: inout SVGDocument) {
        let wrote: Bool? = memory.withLockIfAvailable { memory in
            memory.write(nodes, appearance: appearance, into: &document)
            return true
        }
        if wrote == nil {
            var alone = SVGNodeMemory()
            alone.write(nodes, appearance: appearance, into: &document)
        }
    }
}
