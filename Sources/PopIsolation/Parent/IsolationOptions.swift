import Foundation
import PopLoader
import PopProcess

/// How plugins run isolated: which executable serves them, how long a call may take, and when a
/// plugin that keeps crashing is given up on.
public struct IsolationOptions: Sendable {
    /// The plugin host executable: one process of it serves one plugin file.
    public var executable: String
    /// Seconds one call into a plugin may take (a lifecycle call, an action, a build…); past it the
    /// call fails, the plugin host is killed and its requests end with reason plugin-timeout.
    public var callTimeout: Double
    /// Seconds a plugin host may take to start: to open and initialise its plugin.
    public var startTimeout: Double
    /// After this many crashes or hangs in one session a plugin is quarantined: its components fail
    /// (reason plugin-crashed) until the host starts again.
    public var quarantineAfter: Int

    public init(
        executable: String = IsolationOptions.defaultExecutable, callTimeout: Double = 2, startTimeout: Double = 10,
        quarantineAfter: Int = 3
    ) {
        self.executable = executable
        self.callTimeout = callTimeout
        self.startTimeout = startTimeout
        self.quarantineAfter = quarantineAfter
    }

    /// `$POPHOST_PLUGIN_HOST`, else `pophost-plugin-host` next to the running executable (where
    /// `swift build` and an installation put it), as the scanner is found.
    public static var defaultExecutable: String {
        if let override = ProcessInfo.processInfo.environment["POPHOST_PLUGIN_HOST"], !override.isEmpty { return override }
        return RunningExecutable.directory + "/pophost-plugin-host"
    }
}
