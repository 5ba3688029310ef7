// pophost-scanner: opens plugin files on behalf of the registry, in its own process, so that a
// plugin that crashes or hangs while loading cannot take the host down. Not meant to be run by hand:
// it reads NUL-separated paths on standard input and answers on descriptor 3 (see ScanWorker).
import PopLoader

#if canImport(Glibc)
import Glibc
#endif

exit(ScanWorker.run())
