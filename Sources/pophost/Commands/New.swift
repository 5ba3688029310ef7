import ArgumentParser
import Foundation
import HostRuntime
import PopScaffold

/// `pophost new`: scaffold a standalone plugin project.
struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create a plugin project: a handler, a view loader and a controller loader, ready to build and test.",
        discussion: """
            Writes a standalone project into <dir> (default ./<name>): a Swift package (`swift build -c \
            release` -> .build/release/lib<name>.so), a C or C++ project with a Makefile (`make` -> \
            ./lib<name>.so) or a Rust crate, std only (`cargo build --release --offline` -> \
            target/release/lib<name, '-' as '_'>.so); for Swift, C and C++ a copy of this pophost's ABI headers \
            (found in $POPHOST_ABI_INCLUDE, else in the checkout or installation that holds this executable) \
            and, for Swift, of its plugin kit PopPluginKit (found the same way, $POPHOST_PLUGIN_KIT first); \
            for Rust the ABI's #[repr(C)] structs in src/pophost.rs; a README, and \
            scenarios/<name>.json, a scenario that shows the popup and taps its button. The plugin id is \
            <id>, else com.example.<name lowercased, '_' as '-'>; its components are <id>.handler, <id>.view and <id>.controller. \
            A directory that exists and is not empty is refused unless --force (files of the same name are \
            then overwritten; no other file is touched). It ends by printing the commands that build and \
            test the project.
            Example:
              pophost new greeter --lang c --id com.acme.greeter
            """
    )

    @Argument(help: ArgumentHelp("The project's name: an ASCII letter, then letters, digits, '-' and '_' (at most 64).", valueName: "name"))
    var name: String

    @Option(help: "swift, c, cpp (C++17) or rust.") var lang: PluginScaffold.Language = .swift

    @Option(help: ArgumentHelp("The project directory (default: ./<name>).", valueName: "dir"))
    var dir: String?

    @Option(help: ArgumentHelp("The plugin id, reverse-DNS (default: com.example.<name lowercased, '_' as '-'>).", valueName: "id"))
    var id: String?

    @Flag(help: "Write into a directory that is not empty.") var force = false

    func run() throws {
        let directory = dir ?? name
        let scaffold: PluginScaffold
        let written: [String]
        // A bad name or id is the caller's mistake (64), checked before anything is looked for.
        let identity: PluginIdentity
        do { identity = try PluginIdentity(name: name, id: id) } catch { throw CommandFailure.usage(error.description) }
        do {
            scaffold = PluginScaffold(
                identity: identity, language: lang,
                headers: try ABIHeaders.locate(),
                kit: lang == .swift ? try PluginKitSources.locate() : nil)
            written = try scaffold.write(to: directory, force: force)
        } catch {
            throw CommandFailure(error.description)
        }
        let style = Style.standardOutput
        StandardOutput.print(
            "Created the \(lang.displayName) plugin project \(style.bold(identity.name)) (\(identity.id)) in \(printable(directory)):"
        )
        for path in written { StandardOutput.print("  " + printable(path)) }
        StandardOutput.print(
            """

            Components: \(identity.handlerID), \(identity.viewID), \(identity.controllerID)

            Next:
              cd \(shellQuoted(directory))
              \(scaffold.buildCommand)
              pophost inspect \(scaffold.libraryPath)
              pophost test \(scaffold.libraryPath) --scenarios scenarios --update-snapshots   # once: records the scenario's snapshot
              pophost test \(scaffold.libraryPath) --scenarios scenarios
              pophost render \(scaffold.scenarioPath) --out frames

            Then keep `pophost preview \(scaffold.scenarioPath) --scenarios scenarios` (a browser) or
            `pophost run --watch \(scaffold.scenarioPath)` (a terminal) running: each rebuild reloads.
            """)
    }
}

/// `--lang`'s values are the scaffold's languages, by their raw names.
extension PluginScaffold.Language: ExpressibleByArgument {}
