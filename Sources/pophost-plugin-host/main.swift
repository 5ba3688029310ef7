// pophost-plugin-host: serves the components of one plugin file to pophost, in a process of its own,
// so that a plugin that crashes or hangs takes only this process down. Not meant to be run by hand:
// it reads its launch on standard input and speaks pophost-plugin-host/7 on descriptor 3 (see
// docs/isolation.md and PopIsolation's PluginHostChild).
import PopIsolation

#if canImport(Glibc)
import Glibc
#endif

exit(PluginHostChild.run())
