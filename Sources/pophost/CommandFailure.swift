import ArgumentParser
import Foundation

/// A command could not do its job: prints "error: <message>" on stderr and exits with status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ message: String) { description = message }
}

extension Pophost {
    /// Reports `error` and exits: a `CommandFailure` as "error: …" with status 1, anything else as
    /// ArgumentParser does.
    static func exit(reporting error: Error) -> Never {
        if let failure = error as? CommandFailure {
            FileHandle.standardError.write(Data("error: \(printable(failure.description))\n".utf8))
            Foundation.exit(1)
        }
        exit(withError: error)
    }
}
