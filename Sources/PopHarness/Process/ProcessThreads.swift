import PopLoader

/// The threads of this process, from /proc/self/task.
enum ProcessThreads {
    /// The ids of the threads alive now.
    static func current() -> Set<String> {
        Set(LocalFiles.names(in: "/proc/self/task") ?? [])
    }
}
