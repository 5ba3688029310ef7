import ArgumentParser
import Foundation
import HostRuntime

/// How `pophost` ends on an error, the same for every command (README, "Exit status"): a message
/// "pophost: error: …" on standard error; for a usage error the usage of the subcommand that failed
/// and exit status 64; for any other failure status 1.
extension Pophost {
    /// The arguments could not be parsed. Help and --version exit cleanly as the parser prints them;
    /// an unknown subcommand is named with the nearest one; anything else is the parser's message in
    /// pophost's style, with the usage of the subcommand it was parsing.
    static func exit(parsing error: Error, arguments: [String]) -> Never {
        if exitCode(for: error) == .success { exit(printing: error) }
        let names = configuration.subcommands.map { $0._commandName } + ["help"]
        if let word = arguments.first, !word.hasPrefix("-"), !names.contains(word) {
            let hint = Spelling.nearest(to: word, among: names).map { " (did you mean \"\($0)\"?)" } ?? ""
            fail(
                usage: "unknown command \"\(word)\"\(hint); the commands are: \(names.dropLast().joined(separator: ", "))",
                of: Pophost.self)
        }
        var text = fullMessage(for: error, columns: 100)
        if text.hasPrefix("Error: ") { text = "pophost: error: " + text.dropFirst("Error: ".count) }
        Diagnostics.note(text)
        Foundation.exit(exitCode(for: error).rawValue)
    }

    /// `command` threw `error` while running.
    static func exit(reporting error: Error, from command: ParsableCommand.Type) -> Never {
        switch error {
        case let code as ExitCode:
            Foundation.exit(code.rawValue)
        case let failure as CommandFailure where failure.isUsage:
            fail(usage: failure.description, of: command)
        case let failure as CommandFailure:
            Diagnostics.error(failure.description)
            Foundation.exit(failure.status)
        case let validation as ValidationError:
            fail(usage: validation.message, of: command)
        default:
            if exitCode(for: error) == .success { exit(printing: error) }
            Diagnostics.error("\(error)")
            Foundation.exit(ExitCode.failure.rawValue)
        }
    }

    /// Help, the version or a completion script, which the parser reports as an error with status 0:
    /// printed on pophost's standard output (checked, as every result), then status 0.
    private static func exit(printing error: Error) -> Never {
        let text = fullMessage(for: error, columns: StandardOutput.columns)
        if !text.isEmpty { StandardOutput.print(text) }
        Foundation.exit(ExitCode.success.rawValue)
    }

    /// A usage error of `command`: the message, its usage, where its help is; status 64.
    private static func fail(usage message: String, of command: ParsableCommand.Type) -> Never {
        Diagnostics.error(message)
        let name = command == Pophost.self ? "pophost" : "pophost " + command._commandName
        Diagnostics.note("Usage: \(usageString(for: command))\n  See '\(name) --help' for more information.")
        Foundation.exit(ExitCode.validationFailure.rawValue)
    }
}
