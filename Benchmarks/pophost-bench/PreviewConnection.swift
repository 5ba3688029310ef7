import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One keep-alive connection to `pophost preview`'s server, as a browser holds one: HTTP/1.1 GETs
/// answered with a Content-Length, or, once upgraded, the live channel's WebSocket text messages.
/// Written on the socket directly, so that a figure is the server's and not a client library's.
final class PreviewConnection {
    private let socket: Int32
    private let authority: String
    private var buffer: [UInt8] = []

    init(port: Int) throws(BenchError) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw BenchError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            throw BenchError("cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        var one: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        self.socket = socket
        authority = "127.0.0.1:\(port)"
    }

    deinit { close(socket) }

    /// GETs `path`; the body, which must come with status 200.
    func get(_ path: String) throws(BenchError) -> [UInt8] {
        try send("GET \(path) HTTP/1.1\r\nHost: \(authority)\r\n\r\n")
        let head = try readHead()
        guard head.hasPrefix("HTTP/1.1 200") else { throw BenchError("GET \(path): \(head.prefix(80))") }
        guard let line = head.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
            let length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))
        else { throw BenchError("GET \(path): no Content-Length in \(head)") }
        return try read(length)
    }

    /// Upgrades the connection to the live channel's WebSocket.
    func upgradeToLiveChannel() throws(BenchError) {
        try send(
            "GET /live HTTP/1.1\r\nHost: \(authority)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        let head = try readHead()
        guard head.hasPrefix("HTTP/1.1 101") else { throw BenchError("the live channel: \(head.prefix(80))") }
    }

    /// The next text message of the live channel (a server's frames are not masked; control
    /// frames are skipped).
    func message() throws(BenchError) -> String {
        while true {
            let start = try read(2)
            var length = Int(start[1] & 0x7f)
            if length == 126 { length = try read(2).reduce(0) { $0 << 8 | Int($1) } }
            if length == 127 { length = try read(8).reduce(0) { $0 << 8 | Int($1) } }
            let payload = try read(length)
            if start[0] & 0x0f == 1 { return String(decoding: payload, as: UTF8.self) }
        }
    }

    private func send(_ text: String) throws(BenchError) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw BenchError("send: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// The response's status line and headers, up to the blank line.
    private func readHead() throws(BenchError) -> String {
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if buffer.count >= 4, let index = (0...(buffer.count - 4)).first(where: { buffer[$0..<($0 + 4)].elementsEqual(end) }) {
                let head = String(decoding: buffer[..<index], as: UTF8.self)
                buffer.removeFirst(index + 4)
                return head
            }
            try fill()
        }
    }

    private func read(_ count: Int) throws(BenchError) -> [UInt8] {
        while buffer.count < count { try fill() }
        defer { buffer.removeFirst(count) }
        return Array(buffer[..<count])
    }

    /// Reads what the server sent, waiting up to 20 s.
    private func fill() throws(BenchError) {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 20_000) == 1 else { throw BenchError("the preview server did not answer within 20 s") }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw BenchError("the preview server closed the connection") }
        buffer += chunk[..<count]
    }
}
