// The runtime an app embeds, in one import: the model, plugin loading, the chef, the bridge from C
// plugins, plugins isolated in plugin host processes, the child processes and what keeps everything a
// plugin starts from outliving them (PopProcess), the presentation engine, the SVG and JSON renderers,
// and scenarios. The conformance harness (PopHarness), the project scaffold (PopScaffold) and the
// terminal (PopTerminal, PopInteractive) are separate targets an app does not carry. Beside them,
// what an app holds: `PopupRuntime` (a chef and a stage, async discovery, event streams, shutdown)
// and `RealTimeDriver` (its frame loop). docs/architecture.md has the graph.
@_exported import PopBridge
@_exported import PopChef
@_exported import PopIsolation
@_exported import PopLoader
@_exported import PopModel
@_exported import PopPresentation
@_exported import PopProcess
@_exported import PopRender
@_exported import PopScenario
