// pophost-bench-swift-floor: an empty Swift program. pophost-bench spawns it beside a test's process
// and /bin/true: what starting any Swift executable costs (the dynamic linker loading and relocating
// the Swift runtime's libraries), the floor under a test's process that no harness code can lower.
