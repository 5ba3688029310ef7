import Logging
import PopLoader
import PopProcess

// The protocol between pophost and a plugin host (`pophost-plugin-host`), the child process that
// serves one plugin file's components (docs/isolation.md has the whole exchange):
//
//   parent → child, standard input: one `PluginHostLaunch` as a JSON line, then end of file.
//   child → parent, descriptor 3:   the hello line "pophost-plugin-host/7", then frames (a length
//                                    of 4 bytes, little-endian, then the message: `MessageFrame`),
//                                    the first a `ChildMessage` answering call 0 with
//                                    `.ready(PluginInfo)` or `.failure`.
//   then, on descriptor 3 both ways (a socket pair), one message a frame:
//     parent → child: `HostRequest`s, one at a time: the parent waits for the answer (a deadline per
//                     call) before it sends the next;
//     child → parent: the `ChildMessage` answering it (`serial` echoed), carrying the events of the
//                     call (completions called, main-thread callbacks asked for, log messages); and
//                     between calls, notices: a `ChildMessage` without `serial`, for events on the
//                     plugin's own threads.
//   A message is JSON, or compact for the calls a popup's life makes most and their answers
//   (`HostRequest+Frame`, `ChildMessage+Frame`).
//   The parent closing the channel ends the child (its plugin is deinitialised first).

extension ChildProtocol {
    /// What a plugin host speaks.
    package static let pluginHost = ChildProtocol(name: "pophost-plugin-host", version: 7)
}

/// What a plugin host is started for, sent as one JSON line on its standard input.
struct PluginHostLaunch: Codable {
    /// The protocol the parent speaks; a child that speaks another refuses to serve.
    var protocolName = ChildProtocol.pluginHost.description
    /// The plugin file to open.
    var plugin: String
    /// The parent's process id: the child ends when its parent is gone.
    var parent: Int32
    /// The most detailed log level the parent shows: the child passes on nothing finer.
    var logLevel: Logger.Level

    enum CodingKeys: String, CodingKey {
        case protocolName = "protocol", plugin, parent, logLevel = "log_level"
    }
}
