import Foundation
import Testing

@testable import PopProcess

/// A child process whose channel goes both ways (the plugin host's): the parent sends lines and reads
/// the answers one at a time, each within a deadline, and learns of a child that ends.
@Suite struct DuplexChannelTests {
    /// A shell that answers each line on descriptor 3 with "echo: LINE", until it reads "bye".
    static func echo(
        _ script: String = #"while read -r line <&3; do [ "$line" = bye ] && exit 0; echo "echo: $line" >&3; done"#
    ) throws -> ChildProcess {
        try ChildProcess(executable: "/bin/sh", arguments: ["-c", script], input: [], duplex: true)
    }

    static func soon() -> ContinuousClock.Instant { .now + .seconds(10) }

    @Test("lines go both ways, one answer per request")
    func requestsAndAnswers() throws {
        let child = try Self.echo()
        for word in ["one", "two", "three"] {
            #expect(child.send(line: word, deadline: Self.soon()))
            #expect(child.readLine(deadline: Self.soon()) == .line("echo: \(word)"))
        }
        #expect(child.availableLine() == nil)
        #expect(child.send(line: "bye", deadline: Self.soon()))
        #expect(child.readLine(deadline: Self.soon()) == .end(.exited))
        #expect(child.wait() == .exited(0))
    }

    @Test("a child that does not answer in time: the read times out and the child is still there")
    func timeout() throws {
        let child = try Self.echo("sleep 5")
        #expect(child.readLine(deadline: .now + .milliseconds(100)) == .end(.timedOut))
        child.kill()
        #expect(child.wait() == .signaled(9))
    }

    @Test("what the child writes on its own is there without waiting; its exit shows as the channel's end")
    func notices() throws {
        let child = try Self.echo(#"echo notice >&3; read -r line <&3; exit 0"#)
        var line: ChildProcess.LineRead?
        for _ in 0..<200 where line == nil {
            line = child.availableLine()
            if line == nil { usleep(10_000) }
        }
        #expect(line == .line("notice"))
        child.finishSending()
        #expect(child.readLine(deadline: Self.soon()) == .end(.exited))
        #expect(child.wait() == .exited(0))
    }

    @Test("a child that closes its output and error keeps answering, and the parent does not spin on them")
    func closedOutput() throws {
        let child = try Self.echo(#"exec 1>&- 2>&-; read -r line <&3; echo "got $line" >&3; read -r line <&3"#)
        let start = ContinuousClock.now
        #expect(child.send(line: "x", deadline: Self.soon()))
        #expect(child.readLine(deadline: Self.soon()) == .line("got x"))
        #expect(ContinuousClock.now - start < .seconds(5))
        child.finishSending()
        #expect(child.readLine(deadline: Self.soon()) == .end(.exited))
    }

    @Test("a child that fills its output pipe before it answers is drained while the parent waits, and answers")
    func floodBeforeAnswer() throws {
        // 1 MiB of output is far more than a pipe holds: the child blocks until the parent reads it.
        let child = try Self.echo(#"read -r line <&3; head -c 1048576 /dev/zero | tr '\0' x; echo "got $line" >&3; read -r line <&3"#)
        #expect(child.send(line: "x", deadline: Self.soon()))
        #expect(child.readLine(deadline: Self.soon()) == .line("got x"))
        #expect(child.lastOutputLines(1).first?.hasSuffix("xxxx") == true)
        child.finishSending()
        #expect(child.readLine(deadline: Self.soon()) == .end(.exited))
    }
}
