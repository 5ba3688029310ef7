/// The files both languages' projects have: the export list, the scenario, `.gitignore`.
struct SharedTemplate {
    let identity: PluginIdentity
    let language: PluginScaffold.Language

    /// The linker version script: the entry is the only exported symbol.
    static let exportsMap = """
        /* Plugins export only their entry; everything else stays local. */
        {
            global: pop_plugin_entry_v1;
            local: *;
        };

        """

    var gitignore: String {
        switch language {
        case .swift:
            """
            /.build/
            /.swiftpm/
            /frames/
            *.so

            """
        case .c:
            """
            *.so
            *.o
            /frames/

            """
        }
    }

    /// `scenarios/NAME.json`: the app shows the popup composed from the three components, the user
    /// taps OK after a second, and the handler's action dismisses it. `pluginsDirectory` is where
    /// the built library lands, relative to the scenario's directory.
    func scenario(pluginsDirectory: String) -> String {
        let name = identity.name
        return #"""
            {
              "format": 1,
              "name": "\#(name)",
              "description": "\#(name)'s popup, composed from its handler, view and controller: it fades in, the user taps OK, and the handler's action dismisses it.",
              "plugins": ["\#(pluginsDirectory)"],
              "steps": [
                {
                  "at": 0,
                  "note": "the app shows the popup",
                  "show": {
                    "handler": "\#(identity.handlerID)",
                    "view": "\#(identity.viewID)",
                    "controller": "\#(identity.controllerID)",
                    "data": {"title": "Hello from \#(name)", "message": "Tap OK to confirm."},
                    "as": "popup"
                  }
                },
                {"wait": "idle", "note": "the presentation animation finishes"},
                {"at": 1000, "tap": {"action": "confirm", "on": "popup"}, "note": "OK: the handler's action \"confirm\" dismisses it"},
                {"wait": "idle"}
              ],
              "expect": {
                "trace": [
                  {"event": "requested", "request": "popup"},
                  {"event": "did-present", "request": "popup"},
                  {"event": "action", "request": "popup"},
                  {"event": "will-dismiss", "request": "popup", "reason": "action"},
                  {"event": "dismissed", "request": "popup", "reason": "action"}
                ],
                "frames": [
                  {"at": 500, "request": "popup", "node": "content.0", "role": "text", "text": "Hello from \#(name)", "visible": true}
                ]
              }
            }

            """#
    }
}
