// pophost-scanner: opens plugin files on behalf of the registry, in its own process, so that a
// plugin that crashes or hangs while loading cannot take the host down. Not meant to be run by hand:
// it reads a secret and NUL-separated paths on standard input and answers on descriptor 3 (see
// ScanWorker).
import PopLoader
import PopProcess

#if canImport(Glibc)
import Glibc
#endif

// First of all: a scanner whose parent is gone has no one to answer, and must not linger.
guard ChildProcess.dieWithParent() else { exit(75) }
// Whatever a plugin starts in the scanner, however it detaches, ends when the scanner exits.
LiveChildren.adoptDescendants()
exit(ScanWorker.run())
