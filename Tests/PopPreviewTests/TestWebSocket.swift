import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A WebSocket client for the live channel's tests, over a plain TCP socket (RFC 6455: the upgrade
/// request, masked text frames out, unmasked frames in). Foundation's client needs a libcurl built
/// with WebSockets, which Debian's is not, and the WebSocket package's client brings a TLS library to
/// build: this is the least a test needs. Reads poll briefly and yield, so a test waiting for a
/// message never holds a thread the server's tasks need.
final class TestWebSocket {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Connects to 127.0.0.1:`port` and asks to upgrade `path` (`upgraded()` waits for the answer).
    init(port: Int, path: String, origin: String? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "cannot connect to port \(port)") }
        var timeout = timeval(tv_sec: 0, tv_usec: 1_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        write(
            Array(
                "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\(origin.map { "Origin: \($0)\r\n" } ?? "")\r\n"
                    .utf8))
    }

    /// Waits for the server's answer to the upgrade (without holding the thread).
    func upgraded() async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !buffer.containsHeaderEnd {
            guard ContinuousClock.now < deadline else { throw Failure(description: "no upgrade answer") }
            if !fill() { try await Task.sleep(for: .milliseconds(5)) }
        }
        let end = buffer.headerEnd!
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end + 4)
        guard head.hasPrefix("HTTP/1.1 101") else { throw Failure(description: "not upgraded: \(head)") }
    }

    deinit { close(descriptor) }

    /// Sends one text message.
    func send(_ text: String) {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else {
            frame.append(0x80 | 126)
            frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        write(frame)
    }

    /// The next text message, or nil when none comes within `seconds`.
    func receive(seconds: Double = 20) async throws -> String? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if let message = takeFrame() { return message }
            if !fill() { try await Task.sleep(for: .milliseconds(5)) }
        }
        return nil
    }

    /// A whole text frame from the buffer, if one is there (other frames are dropped).
    private func takeFrame() -> String? {
        while buffer.count >= 2 {
            var length = Int(buffer[1] & 0x7F), offset = 2
            if length == 126 {
                guard buffer.count >= 4 else { return nil }
                length = Int(buffer[2]) << 8 | Int(buffer[3])
                offset = 4
            } else if length == 127 {
                guard buffer.count >= 10 else { return nil }
                length = buffer[2..<10].reduce(0) { $0 << 8 | Int($1) }
                offset = 10
            }
            guard buffer.count >= offset + length else { return nil }
            let opcode = buffer[0] & 0x0F
            let payload = Array(buffer[offset..<(offset + length)])
            buffer.removeFirst(offset + length)
            if opcode == 1 { return String(decoding: payload, as: UTF8.self) }
        }
        return nil
    }

    /// Reads what has arrived (waiting at most 1 ms); false when nothing did.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[..<count]
        return true
    }

    private func write(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }
}

extension [UInt8] {
    fileprivate var headerEnd: Int? {
        guard count >= 4 else { return nil }
        return (0...(count - 4)).first { self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10 }
    }
    fileprivate var containsHeaderEnd: Bool { headerEnd != nil }
}
