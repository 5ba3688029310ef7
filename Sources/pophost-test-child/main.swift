// pophost-test-child: one conformance test in a process of its own, for `pophost test` and the
// preview's test results. Not meant to be run by hand: it reads its test on standard input and
// reports on descriptor 3 (pophost-harness/2; see docs/harness.md and PopHarness's HarnessChild);
// or, given `--fork-server`, it forks a copy of itself for each test (PopProcess's ForkServer).
// It carries the loader, the bridge and the harness's checks only — no command line, preview server
// or terminal — so that a test's process starts about as fast as a Swift executable can.
import PopHarness
import PopProcess

#if canImport(Glibc)
import Glibc
#endif

// First of all: a test's process whose harness is gone must not linger.
guard ChildProcess.dieWithParent() else { _exit(75) }
// Asked to serve (`--fork-server`, as the harness asks each of its workers' servers): this process
// only forks, once per test, and never gets past this line; each copy goes on below as a test's
// process started afresh would, without paying for the start again.
if CommandLine.arguments.dropFirst().first == ForkServer.argument, case .exit(let status) = ForkServer.serve() { exit(status) }
// Whatever the plugin starts, however it detaches, is ended with this process; so is it when
// interrupted.
_ = LiveChildren.adoptDescendants()
LiveChildren.killOnTerminationSignals()
// A write to a reader that has gone is an error for the plugin, not this process's death.
signal(SIGPIPE, SIG_IGN)
PluginLog.bootstrap()
// A watchdog's _exit skips atexit: what the plugin started is ended first.
exit(
    HarnessChild.run(endingWith: {
        LiveChildren.endAll()
        _exit($0)
    }))
