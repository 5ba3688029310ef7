// pophost-test-child: one conformance test in a process of its own, for `pophost test` and the
// preview's test results. Not meant to be run by hand: it reads its test on standard input and
// reports on descriptor 3 (pophost-harness/2; see docs/harness.md and PopHarness's HarnessChild).
// It carries the loader, the bridge and the harness's checks only — no command line, preview server
// or terminal — so that a test's process starts about as fast as a Swift executable can.
import PopHarness
import PopProcess

#if canImport(Glibc)
import Glibc
#endif

// First of all: a test's process whose harness is gone must not linger.
guard ChildProcess.dieWithParent() else { _exit(75) }
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
