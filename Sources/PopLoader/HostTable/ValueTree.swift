import PluginABI
import PopModel

#if canImport(Glibc)
import Glibc
#endif

/// A request's data as the host-owned C tree plugins read through "pop.value/1" — a host service
/// every plugin can reach through its host table (in the scanner too), so it lives with the table.
///
/// A `const pop_value_t *` handle points at a `Node` in one contiguous node array, laid out
/// breadth-first so that every container's children are consecutive nodes. A node holds all its
/// getters need — type, scalar, string, children, its key — so they work from the handle alone.
/// Strings and keys are NUL-terminated UTF-8 copies in one pool. The tree never changes, so reads
/// are thread-safe; handles and strings stay valid until the tree is deallocated.
package final class ValueTree: @unchecked Sendable {
    /// What a handle points at.
    struct Node {
        /// One of POP_VALUE_*.
        var type: Int32
        /// Elements or members of a container; 0 otherwise.
        var count: UInt32
        /// Bytes of `key`, without the NUL (keys may contain "\0").
        var keyLength: UInt32
        /// A bool (0 or 1), an Int64's or a Double's bit pattern.
        var scalar: UInt64
        /// A string's NUL-terminated bytes, or a container's first child.
        var data: UnsafeRawPointer?
        /// The key of this node in its parent object; nil elsewhere.
        var key: UnsafePointer<CChar>?
        /// For objects of more than `sortedThreshold` members: member positions ordered by key bytes.
        var sortedMembers: UnsafePointer<UInt32>?
    }

    /// Objects larger than this get a sorted key index for `get` and `lookup`.
    static let sortedThreshold = 8

    private let nodes: UnsafeMutableBufferPointer<Node>
    private let strings: UnsafeMutableBufferPointer<CChar>
    private let indexes: UnsafeMutableBufferPointer<UInt32>
    /// The `Value` of each node, by node position (subtrees share storage with `nodeValues[0]`).
    private let nodeValues: [Value]

    /// Flattens `value`.
    package init(_ value: Value) {
        let size = ValueTree.measure(value)
        let nodes = UnsafeMutableBufferPointer<Node>.allocate(capacity: size.nodes)
        let strings = UnsafeMutableBufferPointer<CChar>.allocate(capacity: max(size.stringBytes, 1))
        let indexes = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: max(size.indexEntries, 1))
        var stringEnd = 0
        var indexEnd = 0
        func copy(_ string: String) -> UnsafePointer<CChar> {
            let start = strings.baseAddress! + stringEnd
            var string = string
            let length = string.withUTF8 { utf8 in
                utf8.withMemoryRebound(to: CChar.self) {
                    _ = UnsafeMutableBufferPointer(start: start, count: $0.count).initialize(from: $0)
                }
                return utf8.count
            }
            start[length] = 0
            stringEnd += length + 1
            return UnsafePointer(start)
        }

        // Breadth-first: `values` is the queue, in node order. A container initializes its
        // children's nodes with their keys; each node is completed when its turn comes.
        var values = [value]
        values.reserveCapacity(size.nodes)
        let empty = Node(type: Int32(POP_VALUE_NULL), count: 0, keyLength: 0, scalar: 0, data: nil, key: nil, sortedMembers: nil)
        nodes.baseAddress!.initialize(to: empty)
        var position = 0
        while position < values.count {
            let node = nodes.baseAddress! + position
            let firstChild = nodes.baseAddress! + values.count
            switch values[position] {
            case .null:
                break
            case .bool(let bool):
                node.pointee.type = Int32(POP_VALUE_BOOL)
                node.pointee.scalar = bool ? 1 : 0
            case .int(let int):
                node.pointee.type = Int32(POP_VALUE_INT)
                node.pointee.scalar = UInt64(bitPattern: int)
            case .double(let double):
                node.pointee.type = Int32(POP_VALUE_DOUBLE)
                node.pointee.scalar = double.bitPattern
            case .string(let string):
                node.pointee.type = Int32(POP_VALUE_STRING)
                node.pointee.data = UnsafeRawPointer(copy(string))
            case .array(let elements):
                node.pointee.type = Int32(POP_VALUE_ARRAY)
                node.pointee.count = UInt32(elements.count)
                firstChild.initialize(repeating: empty, count: elements.count)
                values.append(contentsOf: elements)
            case .object(let object):
                node.pointee.type = Int32(POP_VALUE_OBJECT)
                node.pointee.count = UInt32(object.count)
                for (index, member) in object.enumerated() {
                    var child = empty
                    child.key = copy(member.key)
                    child.keyLength = UInt32(member.key.utf8.count)
                    (firstChild + index).initialize(to: child)
                    values.append(member.value)
                }
                if object.count > ValueTree.sortedThreshold {
                    let order = (0..<UInt32(object.count)).sorted { a, b in
                        let (a, b) = (firstChild[Int(a)], firstChild[Int(b)])
                        return ValueTree.compare(a.key!, Int(a.keyLength), b.key!, Int(b.keyLength)) < 0
                    }
                    let start = indexes.baseAddress! + indexEnd
                    start.initialize(from: order, count: order.count)
                    indexEnd += order.count
                    node.pointee.sortedMembers = UnsafePointer(start)
                }
            }
            if node.pointee.count > 0 { node.pointee.data = UnsafeRawPointer(firstChild) }
            position += 1
        }
        self.nodes = nodes
        self.strings = strings
        self.indexes = indexes
        nodeValues = values
    }

    /// What flattening `value` takes: nodes, string pool bytes (NULs included), sorted index entries.
    private static func measure(_ value: Value) -> (nodes: Int, stringBytes: Int, indexEntries: Int) {
        var size = (nodes: 1, stringBytes: 0, indexEntries: 0)
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .string(let string):
                size.stringBytes += string.utf8.count + 1
            case .array(let elements):
                size.nodes += elements.count
                pending.append(contentsOf: elements)
            case .object(let object):
                size.nodes += object.count
                if object.count > sortedThreshold { size.indexEntries += object.count }
                for member in object {
                    size.stringBytes += member.key.utf8.count + 1
                    pending.append(member.value)
                }
            default:
                break
            }
        }
        return size
    }

    deinit {
        nodes.deallocate()
        strings.deallocate()
        indexes.deallocate()
    }

    /// The handle of the whole data.
    package var root: OpaquePointer { OpaquePointer(nodes.baseAddress!) }

    /// The node at a dotted path from the root (see `pop_host_value_t.lookup`), or nil.
    package func node(atPath path: String) -> OpaquePointer? {
        path.withCString { ValueTree.lookup(root, $0) }
    }

    /// The `Value` behind a handle of this tree: `.null` for NULL (which reads as null), nil for a
    /// pointer that is not a node of this tree.
    func value(of handle: OpaquePointer?) -> Value? {
        guard let handle else { return .null }
        let offset = UnsafeRawPointer(handle) - UnsafeRawPointer(nodes.baseAddress!)
        let stride = MemoryLayout<Node>.stride
        guard offset >= 0, offset % stride == 0, offset / stride < nodes.count else { return nil }
        return nodeValues[offset / stride]
    }

    // MARK: The getters

    /// "pop.value/1", shared by every tree. Allocated once, never freed.
    nonisolated(unsafe) static let hostExtension: UnsafePointer<pop_host_value_t> = {
        let table = UnsafeMutablePointer<pop_host_value_t>.allocate(capacity: 1)
        table.initialize(
            to: pop_host_value_t(
                abi_version: ABIVersion.host.raw,
                struct_size: UInt32(MemoryLayout<pop_host_value_t>.size),
                type: { ValueTree.node($0)?.pointee.type ?? Int32(POP_VALUE_NULL) },
                get_bool: { handle, fallback in
                    guard let node = ValueTree.node(handle), node.pointee.type == POP_VALUE_BOOL else { return fallback }
                    return node.pointee.scalar != 0
                },
                get_int: { handle, fallback in
                    guard let node = ValueTree.node(handle) else { return fallback }
                    switch Int(node.pointee.type) {
                    case Int(POP_VALUE_INT):
                        return Int64(bitPattern: node.pointee.scalar)
                    case Int(POP_VALUE_DOUBLE):
                        let double = Double(bitPattern: node.pointee.scalar)
                        // [-2^63, 2^63) holds exactly the doubles that convert.
                        guard double.rounded(.towardZero) == double, double >= -0x1p63, double < 0x1p63 else { return fallback }
                        return Int64(double)
                    default:
                        return fallback
                    }
                },
                get_double: { handle, fallback in
                    guard let node = ValueTree.node(handle) else { return fallback }
                    switch Int(node.pointee.type) {
                    case Int(POP_VALUE_INT): return Double(Int64(bitPattern: node.pointee.scalar))
                    case Int(POP_VALUE_DOUBLE): return Double(bitPattern: node.pointee.scalar)
                    default: return fallback
                    }
                },
                get_string: { handle in
                    guard let node = ValueTree.node(handle), node.pointee.type == POP_VALUE_STRING else { return nil }
                    return node.pointee.data?.assumingMemoryBound(to: CChar.self)
                },
                count: { ValueTree.node($0)?.pointee.count ?? 0 },
                at: { handle, index in
                    guard let child = ValueTree.child(of: ValueTree.node(handle), at: index) else { return nil }
                    return OpaquePointer(child)
                },
                key_at: { handle, index in
                    guard let node = ValueTree.node(handle), node.pointee.type == POP_VALUE_OBJECT else { return nil }
                    return ValueTree.child(of: node, at: index)?.pointee.key
                },
                get: { handle, key in
                    guard let key else { return nil }
                    let member = key.withMemoryRebound(to: UInt8.self, capacity: 1) {
                        ValueTree.member(of: ValueTree.node(handle), key: $0, length: strlen(key))
                    }
                    return member.map(OpaquePointer.init)
                },
                lookup: { handle, path in ValueTree.lookup(handle, path) }
            ))
        return UnsafePointer(table)
    }()

    private static func node(_ handle: OpaquePointer?) -> UnsafePointer<Node>? { UnsafePointer(handle) }

    /// Child `index` of a container; nil for anything else or outside it.
    private static func child(of node: UnsafePointer<Node>?, at index: UInt32) -> UnsafePointer<Node>? {
        guard let node, index < node.pointee.count else { return nil }
        return node.pointee.data!.assumingMemoryBound(to: Node.self) + Int(index)
    }

    /// The member of an object whose key is the `length` bytes at `key`; nil when absent or not an object.
    private static func member(of node: UnsafePointer<Node>?, key: UnsafePointer<UInt8>, length: Int) -> UnsafePointer<Node>? {
        guard let node, node.pointee.type == POP_VALUE_OBJECT, node.pointee.count > 0 else { return nil }
        let members = node.pointee.data!.assumingMemoryBound(to: Node.self)
        let count = Int(node.pointee.count)
        let wanted = UnsafeRawPointer(key).assumingMemoryBound(to: CChar.self)
        func order(_ member: Int) -> Int32 {
            compare(members[member].key!, Int(members[member].keyLength), wanted, length)
        }
        guard let sorted = node.pointee.sortedMembers else {
            return (0..<count).first { order($0) == 0 }.map { members + $0 }
        }
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let found = order(Int(sorted[middle]))
            if found == 0 { return members + Int(sorted[middle]) }
            if found < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// Byte-wise order of two keys of known lengths.
    private static func compare(_ a: UnsafePointer<CChar>, _ aLength: Int, _ b: UnsafePointer<CChar>, _ bLength: Int) -> Int32 {
        let common = memcmp(a, b, min(aLength, bLength))
        if common != 0 { return common }
        return aLength == bLength ? 0 : (aLength < bLength ? -1 : 1)
    }

    /// Follows a dotted path (see `Value.lookup(path:)`); a NULL path finds nothing.
    private static func lookup(_ handle: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> OpaquePointer? {
        guard let path else { return nil }
        return path.withMemoryRebound(to: UInt8.self, capacity: 1) { path -> OpaquePointer? in
            var current = node(handle)
            var start = path
            guard start.pointee != 0 else { return handle }
            while true {
                var end = start
                while end.pointee != 0, end.pointee != UInt8(ascii: ".") { end += 1 }
                let length = end - start
                switch current?.pointee.type {
                case Int32(POP_VALUE_OBJECT):
                    current = member(of: current, key: start, length: length)
                case Int32(POP_VALUE_ARRAY):
                    guard let index = Value.arrayIndex(pathStep: UnsafeBufferPointer(start: start, count: length)),
                        index <= UInt32.max
                    else { return nil }
                    current = child(of: current, at: UInt32(index))
                default:
                    return nil
                }
                guard let found = current else { return nil }
                if end.pointee == 0 { return OpaquePointer(found) }
                start = end + 1
            }
        }
    }
}
