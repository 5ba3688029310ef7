import Logging
import PopBridge
import PopChef
import PopLoader
import PopModel
import PopProcess

/// A plugin host process (`pophost-plugin-host`), whole: reads its `PluginHostLaunch` on standard
/// input, says its protocol's name on descriptor 3, opens and initialises the plugin, answers with
/// what it found (`ready`) or why it cannot (`failure`), then serves the parent's calls until the
/// parent closes the channel or goes away. Its log messages, and its plugin's, go to the parent.
/// Being the whole process, it sets up logging and the callback observer, which a library does not.
public enum PluginHostChild {
    /// Runs the plugin host; returns the process's exit status (0 once served, 64 for a launch it
    /// cannot read or a protocol it does not speak, 74 when it cannot write to its parent).
    public static func run() -> Int32 {
        // Whatever the plugin starts, however it detaches, ends when the plugin host exits.
        LiveChildren.adoptDescendants()
        let input = ChildProcess.readStandardInput()
        guard ChildProcess.writeChannel(line: ChildProtocol.pluginHost.description) else { return 74 }
        let outbox = ChildOutbox()
        guard let launch = try? ValueDecoder().decode(PluginHostLaunch.self, json: input),
            launch.protocolName == ChildProtocol.pluginHost.description
        else {
            let found = String(decoding: input.prefix(80), as: UTF8.self)
            let problem = "the plugin host cannot read its launch (it speaks \(ChildProtocol.pluginHost)): \(found)"
            _ = outbox.answer(0, .failure(WireFailure(ComponentFailure(.unavailable, problem))))
            return 64
        }
        ParentWatch.start(parent: launch.parent)
        CrashSignals.restoreDefaults()
        LoggingSystem.bootstrap { label in ChannelLogHandler(label: label, outbox: outbox, logLevel: launch.logLevel) }
        PluginLogging.level = launch.logLevel
        HostTable.observeCallbackRequests { outbox.post(.callbackRequested) }

        let opened: (source: PluginComponents, info: PluginInfo)
        do {
            opened = try PluginComponents.open(path: launch.plugin)
        } catch {
            return outbox.answer(0, .failure(WireFailure(ComponentFailure(.unavailable, error.description)))) ? 0 : 74
        }
        guard outbox.answer(0, .ready(opened.info)) else { return 74 }
        let server = PluginHostServer(source: opened.source, outbox: outbox)
        ChildProcess.readChannelFrames(server.serve)
        return 0
    }
}
