import CProcessControl
import Foundation
import PopTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The orphan sweep reads each process's parent, group and session from /proc/<pid>/stat, past a
/// command name that may hold spaces and parentheses (issue 25).
@Suite struct ProcessIdsTests {
    @Test("a process whose name holds \") 7 8 (\" is read past its last parenthesis")
    func parenthesesInName() throws {
        let directory = TemporaryDirectory()
        let executable = directory.file("x) 7 8 (y")
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: executable)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["5"]
        try process.run()
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        var parent: pid_t = 0, group: pid_t = 0, session: pid_t = 0
        #expect(pop_process_ids(process.processIdentifier, &parent, &group, &session) == 0)
        #expect(parent == getpid())
        #expect(group == getpgid(process.processIdentifier))
        #expect(session == getsid(0))
    }

    @Test("a process that is gone reads as gone")
    func gone() {
        var parent: pid_t = 0, group: pid_t = 0, session: pid_t = 0
        #expect(pop_process_ids(0x3FFF_FFFF, &parent, &group, &session) == -1)
    }
}
