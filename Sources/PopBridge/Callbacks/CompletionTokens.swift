import Logging
import PluginABI
import PopChef
import Synchronization

/// ABI 1.1's `pop_completion_t`: chef `Completion`s handed to plugins as a token in a process-wide
/// table and one host function that looks the token up. Unlike a 1.0 `CompletionClosure`, nothing
/// the plugin holds ever points at memory the host frees, so every call is checked: the first one
/// reaches the completion, a second one reaches it too and is reported as the component's
/// misbehaviour, and a call with a token that was revoked (its request ended, its component was
/// destroyed) or never issued is logged and ignored.
///
/// A component revokes the tokens it handed out when its request's final event begins and when it
/// is destroyed. Tokens count up from 1 and are never reused.
package enum CompletionTokens {
    /// Where a token's call goes, by shape.
    private enum Target: Sendable {
        case answer(Completion<Bool>)
        case done(Completion<Void>)
    }

    private static let live = Mutex<[UInt64: Target]>([:])
    /// Who held the most recently revoked tokens ("handler com.example.pay"), so that a late call
    /// names its component; bounded, oldest forgotten first.
    private static let revokedOwners = Mutex(RevokedOwners())
    private static let lastIssued = Atomic<UInt64>(0)
    private static let ignored = Atomic<Int>(0)
    private static let logger = Logger(label: "pophost.completion")

    /// The function every `pop_completion_t` carries: [thread-safe], valid for the process.
    private static let complete: @convention(c) (UInt64, Bool) -> Void = { token, value in
        CompletionTokens.called(token, value)
    }

    /// A `pop_completion_t` whose call answers `completion` (should_present's answer).
    package static func answer(_ completion: Completion<Bool>) -> pop_completion_t { issue(.answer(completion)) }

    /// A `pop_completion_t` whose call ends a custom animation (its value is ignored).
    package static func done(_ completion: Completion<Void>) -> pop_completion_t { issue(.done(completion)) }

    private static func issue(_ target: Target) -> pop_completion_t {
        let token = lastIssued.add(1, ordering: .relaxed).newValue
        live.withLock { $0[token] = target }
        return pop_completion_t(complete: complete, token: token)
    }

    /// Makes later calls with these tokens logged no-ops; `owner` ("handler com.example.pay") names
    /// the component in that log line. `declined`: the hook they were handed to returned false, so
    /// they were never the plugin's to call, and a call is a bug worth a warning.
    package static func revoke(_ tokens: [UInt64], owner: String, declined: Bool = false) {
        guard !tokens.isEmpty else { return }
        live.withLock { live in
            for token in tokens { live.removeValue(forKey: token) }
        }
        revokedOwners.withLock { owners in
            for token in tokens { owners.insert(token, (owner, declined)) }
        }
    }

    /// How many calls were ignored because their token was revoked or never issued, in this process
    /// (the conformance harness reports a plugin's).
    package static var ignoredCalls: Int { ignored.load(ordering: .relaxed) }

    /// A call through a `pop_completion_t`, from any thread. The completion is called outside the
    /// lock: it posts to its chef, which may be revoking tokens on another thread.
    private static func called(_ token: UInt64, _ value: Bool) {
        guard let target = live.withLock({ $0[token] }) else {
            ignored.add(1, ordering: .relaxed)
            let issued = token != 0 && token <= lastIssued.load(ordering: .relaxed)
            guard issued else {
                // A token the host never made: a plugin bug worth seeing at the default level.
                logger.warning("completion token \(token) was never issued; the call is ignored")
                return
            }
            let owner = revokedOwners.withLock { $0.owner(of: token) }
            if let owner, owner.declined {
                logger.warning(
                    "completion token \(token) of \(owner.name) was called, though its hook returned false (declined): the call is ignored")
                return
            }
            // Kept past its request's end: allowed (completion.h), so only noted.
            logger.info(
                """
                completion token \(token)\(owner.map { " of \($0.name)" } ?? "") was called after its request ended or its component \
                was destroyed; the call is ignored
                """)
            return
        }
        switch target {
        case .answer(let completion): completion(value)
        case .done(let completion): completion()
        }
    }
}

/// The owners of the most recently revoked completion tokens, at most `capacity`.
private struct RevokedOwners {
    static let capacity = 1024
    private var owners: [UInt64: (name: String, declined: Bool)] = [:]
    private var order: [UInt64] = []

    mutating func insert(_ token: UInt64, _ owner: (name: String, declined: Bool)) {
        owners[token] = owner
        order.append(token)
        if order.count > Self.capacity {
            let forgotten = order.count - Self.capacity
            for old in order.prefix(forgotten) { owners.removeValue(forKey: old) }
            order.removeFirst(forgotten)
        }
    }

    func owner(of token: UInt64) -> (name: String, declined: Bool)? { owners[token] }
}
