import ArgumentParser
import HostRuntime

/// The plugin host's settings, for the commands that can run plugins isolated (`run`, `demo`,
/// `render`, `show`); whether they do is each command's own `--isolate` flag, since its default
/// differs (`run` and `demo` isolate, `render` and `show` do not unless asked).
struct IsolationArguments: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Isolated: seconds one call into a plugin may take before its plugin host is killed and its popups end (plugin-timeout).",
            valueName: "seconds"))
    var callTimeout: Double = 2

    func validate() throws {
        guard callTimeout > 0 && callTimeout <= 3600 else { throw ValidationError("--call-timeout must be between 0 and 3600 seconds") }
    }

    /// The options, when `isolate`; nil for plugins in this process.
    func options(isolate: Bool) -> IsolationOptions? {
        isolate ? IsolationOptions(callTimeout: callTimeout) : nil
    }

    /// The options for reading every component once (`inspect`, `check`), when `isolate`: a plugin
    /// that crashes is started again for the next component, never quarantined, so each component
    /// gets its own answer.
    func readingOptions(isolate: Bool) -> IsolationOptions? {
        isolate ? IsolationOptions(callTimeout: callTimeout, quarantineAfter: .max) : nil
    }
}
