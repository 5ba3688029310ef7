import ArgumentParser

/// A command could not do its job. `Pophost.exit(reporting:from:)` prints it as
/// "pophost: error: <message>" on standard error and exits with `status`:
///
/// - 64 (EX_USAGE, as the argument parser's own errors), `usage(_:)`: the command line is wrong —
///   a malformed or out-of-range option, or a name that matches nothing (a component or plugin id,
///   an action, a field, a test): the message says what exists, and the subcommand's usage follows;
/// - 1: the command ran and what it did failed (a broken plugin, a failed test or expectation, a
///   file that cannot be written; standard output that cannot be written ends it the same way, from
///   `StandardOutput`).
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    let status: Int32

    init(_ message: String, status: Int32 = ExitCode.failure.rawValue) {
        description = message
        self.status = status
    }

    /// A usage error: exit status 64, with the usage of the subcommand that failed.
    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(message, status: ExitCode.validationFailure.rawValue)
    }

    var isUsage: Bool { status == ExitCode.validationFailure.rawValue }
}
