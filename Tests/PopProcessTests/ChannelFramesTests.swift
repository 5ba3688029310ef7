import Testing

@testable import PopProcess

/// A channel taken as frames after its hello line (the plugin host's): a length of 4 bytes, then the
/// message, whole however the reads split it; a length past the limit is refused, never waited for.
@Suite struct ChannelFramesTests {
    func append(_ bytes: [UInt8], to lines: inout ChannelLines) {
        bytes.withUnsafeBytes { lines.append($0) }
    }

    @Test("a hello line, then frames that come out whole and in order however the reads split them")
    func splitting() {
        var channel = ChannelLines()
        let first = ChannelLines.frame(Array("one\nwith a newline".utf8)), second = ChannelLines.frame([])
        #expect(first.prefix(4) == [18, 0, 0, 0])
        append(Array("hello/1\n".utf8) + first.prefix(3), to: &channel)
        #expect(channel.next() == .text("hello/1"))
        #expect(!channel.hasFrame())
        #expect(channel.nextFrame() == nil)
        append(Array(first.dropFirst(3).dropLast()), to: &channel)
        #expect(channel.nextFrame() == nil)
        append([first.last!] + second, to: &channel)
        #expect(channel.hasFrame())
        #expect(channel.nextFrame() == .bytes(Array("one\nwith a newline".utf8)))
        #expect(channel.nextFrame() == .bytes([]))
        #expect(channel.nextFrame() == nil)
        #expect(channel.isEmpty)
    }

    @Test("a frame that says it is longer than the limit is refused at once, and stays refused")
    func overlong() {
        var channel = ChannelLines()
        let length = ChannelLines.limit + 1
        append((0..<4).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) }, to: &channel)
        #expect(channel.hasFrame())
        #expect(channel.nextFrame() == .overlong)
        #expect(channel.nextFrame() == .overlong)
    }

    @Test("frames go both ways on a duplex channel; a child that ends in the middle of one has ended")
    func duplex() throws {
        // The child reads one frame of 7 bytes and writes it back, then writes half a frame and exits.
        let script = #"head -c 7 <&3 >&3; printf '\011\000\000\000abc' >&3; exit 0"#
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", script], input: [], duplex: true)
        let soon = ContinuousClock.now + .seconds(10)
        #expect(child.send(frame: Array("abc".utf8), deadline: soon))
        #expect(child.readFrame(deadline: soon) == .frame(Array("abc".utf8)))
        #expect(child.readFrame(deadline: soon) == .end(.exited))
        #expect(child.availableFrame() == .end(.exited))
        #expect(child.wait() == .exited(0))
    }
}
