/// The project's README.md: what the plugin is, and how to build, test, preview, install it and
/// upgrade its ABI headers.
struct ReadmeTemplate {
    let scaffold: PluginScaffold
    /// The ABI version of the vendored headers, e.g. "1.0.0".
    let abiVersion: String

    var text: String {
        let identity = scaffold.identity, name = identity.name, id = identity.id
        let library = scaffold.libraryPath
        let pluginsDirectory = scaffold.libraryDirectory
        let languageName = scaffold.language == .swift ? "Swift" : "C"
        return #"""
            # \#(name)

            A popup plugin for pophost, written in \#(languageName) against the pophost plugin ABI \#(abiVersion).
            Plugin id: `\#(id)`. Made with `pophost new \#(name) --lang \#(scaffold.language.rawValue)`.

            | component | id | what it does |
            |---|---|---|
            | handler | `\#(identity.handlerID)` | normal priority, waits its turn; shows unless the request's data says `"eligible": false`; its action `confirm` — `bool(self:ptr, data.title:str)` — dismisses the popup |
            | view loader | `\#(identity.viewID)` | `data.title`, `data.message`, OK (the action `confirm`) and Not now (the host action `pop.dismiss`) |
            | controller loader | `\#(identity.controllerID)` | a centred alert over a dimmed background, at most 300 points wide, fading in and out |

            ## Build

            ```sh
            \#(scaffold.buildCommand)    # -> \#(library)
            ```

            \#(buildNotes)

            ## Test

            ```sh
            pophost inspect \#(library)                          # loads it and shows every descriptor
            pophost test \#(library) --scenarios scenarios       # the conformance harness
            ```

            `pophost test` checks what the ABI requires of every plugin: only `pop_plugin_entry_v1`
            exported and no absolute RUNPATH; ABI version and struct sizes; `init` counted, fast and silent;
            `get_factory` answering NULL for ids it does not know exactly; valid, unique reverse-DNS
            descriptors; components created and destroyed many times without leaking; coping with a host
            that offers no extensions; content within limits; action signatures that parse; `should_present`
            answered exactly once. `--scenarios scenarios` also plays
            [`scenarios/\#(name).json`](scenarios/\#(name).json) and checks its expectations: add a scenario
            for every behaviour you care about (the format: pophost's `docs/scenarios.md`).

            ## Preview

            ```sh
            # Compose the popup, tap OK, print the lifecycle trace:
            pophost show --plugins \#(pluginsDirectory) --handler \#(identity.handlerID) \
                --view-loader \#(identity.viewID) --controller-loader \#(identity.controllerID) \
                --data '{"title": "Hello", "message": "From \#(name)"}' --tap confirm
            # Play the scenario on the virtual clock: SVG frames and trace.jsonl in frames/:
            pophost render scenarios/\#(name).json --out frames
            # Play it live in a terminal (click OK, or q to quit):
            pophost run scenarios/\#(name).json
            ```

            ## Install

            Copy `\#(identity.libraryFileName)` into a plugin directory: `~/.local/share/pophost/plugins` (yours),
            `/usr/local/lib/pophost/plugins` or `/usr/lib/pophost/plugins` (everyone's), or a directory you
            name with `--plugins DIR` or `POPHOST_PLUGIN_PATH`. Only `*.so` files directly inside are
            loaded; `pophost list` shows what was found. The host loads a library once and never unloads it:
            restart it to pick up a new build.

            ## Layout

            \#(layout)
            - `exports.map` — the linker version script: `pop_plugin_entry_v1` is the only exported symbol.
            - `scenarios/\#(name).json` — shows the popup, taps OK, expects the trace and a frame.

            Every ABI function the plugin does not implement is left NULL and gets the host's default; the
            headers document each one with its thread and ownership rules.

            \#(addingComponents)

            ## Upgrading the ABI headers

            \#(headersDirectory) is a copy of the headers of the pophost that generated this project (ABI
            \#(abiVersion)): the project builds offline and stays pinned to that ABI. A host loads the plugin
            when their ABI majors are equal and the plugin's minor is not newer than the host's, so upgrade the
            headers no further than the oldest pophost you ship to. To take newer headers:

            ```sh
            pophost new \#(name) --lang \#(scaffold.language.rawValue) --id \#(id) --dir /tmp/\#(name)-abi
            \#(copyCommand)
            \#(scaffold.buildCommand) && pophost test \#(library) --scenarios scenarios
            ```

            \#(alternative)

            """#
    }

    private var addingComponents: String {
        let id = scaffold.identity.id
        switch scaffold.language {
        case .swift:
            return """
                To add a component, write its `ComponentSpec` (an id under `\(id).`, like `Handler.spec`) and
                append it to its kind's factory in `Components.swift`.
                """
        case .c:
            return """
                To add a component, write its `component_class_t` (an id under `\(id).`, like `handler_class`),
                declare it in `plugin.h` and append it to its kind's list in `plugin.c`.
                """
        }
    }

    private var headersDirectory: String {
        scaffold.language == .swift ? "`PluginABI/include`" : "`include/pophost`"
    }

    private var copyCommand: String {
        switch scaffold.language {
        case .swift: "rm -rf PluginABI/include && cp -R /tmp/\(scaffold.identity.name)-abi/PluginABI/include PluginABI/"
        case .c: "rm -rf include/pophost && cp -R /tmp/\(scaffold.identity.name)-abi/include/pophost include/"
        }
    }

    private var buildNotes: String {
        switch scaffold.language {
        case .swift:
            """
            Needs a Swift 6 toolchain — the same Swift version as the pophost that loads the plugin, whose
            Swift runtime the plugin uses. No package is fetched: the ABI headers are the local package
            `PluginABI`. The library is linked with `exports.map` (only the entry is exported) and
            `-no-toolchain-stdlib-rpath`, so it records no absolute path to this machine's toolchain (its
            RUNPATH is `$ORIGIN` only). Debug builds (`swift build`) work too: `.build/debug`.
            """
        case .c:
            """
            Needs `cc` (GCC or Clang) and `make`. Plain C11 with `-Wall -Wextra -Werror`, compiled with
            `-fvisibility=hidden` and linked with `exports.map`, so `pop_plugin_entry_v1` is the only
            exported symbol; the library depends on libc only. `make CFLAGS="-O0 -g"` for a debug build,
            `make clean` to start over.
            """
        }
    }

    private var layout: String {
        let name = scaffold.identity.name, module = scaffold.identity.moduleName
        switch scaffold.language {
        case .swift:
            return """
                - `Package.swift` — the dynamic library product `\(name)` (target and module `\(module)`).
                - `Sources/\(module)/Plugin.swift` — the entry and the plugin's descriptor; `Components.swift` —
                  descriptors, factories and component instances; `Host.swift`, `RequestData.swift` — the host's
                  log and request data; `ContentBuilder.swift` — building content; `Handler.swift`, `View.swift`,
                  `Controller.swift` — the three components.
                - `PluginABI/` — a header-only package: the vendored ABI headers (`include/pophost/*.h`) and
                  their module map.
                """
        case .c:
            return """
                - `Makefile` — builds `\(scaffold.identity.libraryFileName)` with plain `cc`.
                - `src/plugin.c` — the entry, the plugin's state, the host's services and the factories;
                  `src/plugin.h` — what the files share; `src/handler.c`, `src/view.c`, `src/controller.c` — the
                  three components.
                - `include/pophost/` — the vendored ABI headers; `#include <pophost/pophost.h>`.
                """
        }
    }

    private var alternative: String {
        switch scaffold.language {
        case .swift:
            """
            Or depend on the pophost repository's `PluginABI` product instead of the copy: in `Package.swift`
            replace `.package(path: "PluginABI")` with `.package(url: "<the pophost repository>", exact: "<version>")`
            and `package: "PluginABI"` with `package: "pophost"`, then delete `PluginABI/`. The trade-off: no
            copy to keep up to date, and the headers always match the pophost version you pin; but every fresh
            checkout needs network access (or a package mirror) to resolve pophost, and the pin has to move in
            step with the oldest pophost you ship to. The vendored copy builds anywhere, offline, and changes
            only when you copy new headers on purpose.
            """
        case .c:
            """
            Or compile against a pophost checkout's headers instead of the copy:
            `make POPHOST_INCLUDE=/path/to/pophost/Sources/PluginABI/include`. The trade-off: nothing to keep up
            to date, but the build then depends on that checkout being present and at the right version; the
            vendored copy builds anywhere and changes only when you copy new headers on purpose.
            """
        }
    }
}
