import ArgumentParser
import Foundation
import HostRuntime
import PopProcess

/// `pophost`: the popup presentation runtime's command-line host.
@main
struct Pophost: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pophost",
        abstract: "Load, inspect, run and render popup plugins.",
        discussion: """
            Plugins are shared libraries that export pop_plugin_entry_v1 (the C ABI in <pophost/pophost.h>; \
            `pkg-config --cflags pophost` finds it in an installation). They are searched for in --plugins \
            directories, else in POPHOST_PLUGIN_PATH (colon-separated), else in ~/.local/share/pophost/plugins, \
            /usr/local/lib/pophost/plugins, /usr/lib/pophost/plugins, <prefix>/lib/pophost/plugins of the \
            installation holding this executable, and the directory holding it. Start a plugin with \
            `pophost new <name>`.

            Exit status: 0 success; 1 the command ran and failed (a broken plugin, a failed test or \
            expectation, output it cannot write); 64 a usage error (a bad option, or a name that matches nothing: the message lists \
            what exists, and the subcommand's usage follows). Errors go to standard error as \
            "pophost: error: ...".
            """,
        version: PophostVersion.string,
        subcommands: [
            List.self, Inspect.self, Check.self, Show.self, Demo.self, Run.self, Render.self, Test.self, New.self, Preview.self,
            Migrate.self,
        ]
    )

    /// The command line, each argument decoded losslessly (`PathBytes`): a path that is not UTF-8
    /// still names its file, and `--data` is checked for UTF-8 on its own bytes (Swift's
    /// `CommandLine.arguments` replaces such bytes with U+FFFD).
    static let arguments: [String] = (0..<Int(CommandLine.argc)).map { index in
        guard let argument = CommandLine.unsafeArgv[index] else { return "" }
        return PathBytes.string(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
    }

    static func main() {
        // Before anything can print: pophost's results go to a descriptor plugin code cannot reach.
        StandardOutput.take()
        // Every process pophost or an in-process plugin starts, however it detaches, ends with pophost;
        // scanners, test processes and plugin hosts are killed with what they started if pophost is
        // interrupted.
        LiveChildren.adoptDescendants()
        LiveChildren.killOnTerminationSignals()
        StderrLogHandler.bootstrap()
        let arguments = Array(Self.arguments.dropFirst())
        var command: ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            exit(parsing: error, arguments: arguments)
        }
        do {
            try command.run()
        } catch {
            exit(reporting: error, from: type(of: command))
        }
    }
}
