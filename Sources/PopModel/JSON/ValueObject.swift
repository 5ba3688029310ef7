extension Value {
    /// One member of an object.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: Value

        public init(key: String, value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// An object's members: in insertion order, keys unique. Lookup by key scans small objects and
    /// uses a key index beyond `indexThreshold` members.
    public struct Object: Hashable, Sendable, RandomAccessCollection {
        /// The members, in order.
        public private(set) var members: [Member] = []
        /// Key → position in `members`; empty while the object has at most `indexThreshold` members.
        private var positions: [String: Int] = [:]
        private static let indexThreshold = 8

        /// An empty object.
        public init() {}

        /// The members in order; nil when a key repeats.
        public init?(_ members: some Sequence<Member>) {
            for member in members {
                guard append(key: member.key, value: member.value) else { return nil }
            }
        }

        public var startIndex: Int { members.startIndex }
        public var endIndex: Int { members.endIndex }
        public subscript(position: Int) -> Member { members[position] }

        /// The keys, in order.
        public var keys: [String] { members.map(\.key) }

        /// The position of the member `key`, or nil.
        public func index(forKey key: String) -> Int? {
            if members.count > Object.indexThreshold { return positions[key] }
            return members.firstIndex { $0.key == key }
        }

        /// The value of member `key`. Setting replaces it in place, appends a new member, or (nil)
        /// removes it.
        public subscript(key: String) -> Value? {
            get { index(forKey: key).map { members[$0].value } }
            set {
                switch (index(forKey: key), newValue) {
                case (let index?, let value?):
                    members[index].value = value
                case (let index?, nil):
                    members.remove(at: index)
                    rebuildPositions()
                case (nil, let value?):
                    _ = append(key: key, value: value)
                case (nil, nil):
                    break
                }
            }
        }

        /// An object of `members` whose keys the caller knows to be unique (checked in debug builds
        /// only): for writers that build many small objects with fixed keys.
        package init(uniqueMembers members: [Member]) {
            assert(Set(members.map(\.key)).count == members.count, "repeated keys in \(members.map(\.key))")
            self.members = members
            rebuildPositions()
        }

        /// Appends a member whose key the caller knows to be new (checked in debug builds only).
        package mutating func appendNew(key: String, value: Value) {
            assert(index(forKey: key) == nil, "the key \(key) is already used")
            members.append(Member(key: key, value: value))
            if members.count == Object.indexThreshold + 1 {
                rebuildPositions()
            } else if members.count > Object.indexThreshold {
                positions[key] = members.count - 1
            }
        }

        /// Appends a member unless `key` is already used; false (and no change) when it is.
        public mutating func append(key: String, value: Value) -> Bool {
            guard index(forKey: key) == nil else { return false }
            members.append(Member(key: key, value: value))
            if members.count == Object.indexThreshold + 1 {
                rebuildPositions()
            } else if members.count > Object.indexThreshold {
                positions[key] = members.count - 1
            }
            return true
        }

        private mutating func rebuildPositions() {
            positions = [:]
            guard members.count > Object.indexThreshold else { return }
            for (index, member) in members.enumerated() { positions[member.key] = index }
        }

        public static func == (lhs: Object, rhs: Object) -> Bool { lhs.members == rhs.members }
        public func hash(into hasher: inout Hasher) { hasher.combine(members) }
    }
}

extension Value.Object: ExpressibleByDictionaryLiteral {
    /// The members in literal order. Repeating a key is a programmer error (traps).
    public init(dictionaryLiteral members: (String, Value)...) {
        guard let object = Value.Object(members.map { Value.Member(key: $0.0, value: $0.1) }) else {
            preconditionFailure("a Value.Object dictionary literal repeats a key")
        }
        self = object
    }
}
