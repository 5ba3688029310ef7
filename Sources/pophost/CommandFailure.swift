import ArgumentParser
import Foundation

/// A command could not do its job: prints "error: <message>" on stderr and exits with `status`:
/// 1, or 64 (EX_USAGE, as ArgumentParser's own usage errors) when the arguments name something that
/// is not there, for a command whose status 1 means something else (`check`: does not fit).
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    let status: Int32

    init(_ message: String, status: Int32 = 1) {
        description = message
        self.status = status
    }
}

extension Pophost {
    /// Reports `error` and exits: a `CommandFailure` as "error: …" with its status, anything else as
    /// ArgumentParser does.
    static func exit(reporting error: Error) -> Never {
        if let failure = error as? CommandFailure {
            FileHandle.standardError.write(Data("error: \(printable(failure.description))\n".utf8))
            Foundation.exit(failure.status)
        }
        exit(withError: error)
    }
}
