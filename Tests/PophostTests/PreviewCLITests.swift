import Foundation
import PopTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `pophost preview` as a user runs it: it prints its address, serves the page there, says clearly
/// when it cannot listen, and ends on Ctrl-C.
@Suite(.serialized) struct PreviewCLITests {
    /// Starts `pophost preview ARGUMENTS` with its output in `out`; waits for its first line.
    static func start(_ arguments: [String], out: String) throws -> (BackgroundProcess, String) {
        let command = ([Build.pophost, "preview"] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let process = try BackgroundProcess("/bin/sh", ["-c", "exec \(command) > '\(out)' 2>&1"])
        var line = ""
        _ = ProcessTable.await(seconds: 20) {
            line = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
            return line.contains("\n")
        }
        return (process, line)
    }

    @Test("--port 0 --json prints the address; the page is there; a second server on the same port fails clearly; Ctrl-C ends it")
    func serve() async throws {
        let dir = TemporaryDirectory()
        let (server, line) = try Self.start(["--port", "0", "--json"], out: dir.file("out.txt"))
        let address = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        guard let url = address?["url"] as? String, let port = address?["port"] as? Int else {
            Issue.record("no address: \(line)")
            return
        }
        #expect(url == "http://127.0.0.1:\(port)/")
        let (page, _) = try await URLSession.shared.data(from: try #require(URL(string: url)))
        #expect(String(decoding: page, as: UTF8.self).contains("pophost preview"))

        let busy = try run(Build.pophost, ["preview", "--port", "\(port)"])
        #expect(busy.status == 1)
        #expect(busy.stderr.contains("pophost: error: pophost preview cannot serve on 127.0.0.1:\(port)"), "\(busy.stderr)")

        server.signalGroup(SIGINT)
        #expect(server.wait(seconds: 10) != nil, "pophost preview ends on Ctrl-C")
    }

    @Test("a bad port is a usage error; another host than loopback is served with a warning")
    func arguments() throws {
        let bad = try run(Build.pophost, ["preview", "--port", "70000"])
        #expect(bad.status == 64 && bad.stderr.contains("--port must be from 0 to 65535, not 70000"))
        let dir = TemporaryDirectory()
        let (server, line) = try Self.start(["--port", "0", "--host", "0.0.0.0"], out: dir.file("out.txt"))
        #expect(line.contains("warning: serving on 0.0.0.0: anyone who can reach this address can drive your plugins"), "\(line)")
        server.signalGroup(SIGINT)
        #expect(server.wait(seconds: 10) != nil)
    }

    @Test("--plugins names a plugin file: the server says what it serves and plays the plugin's own scenario; without one it says so")
    func ownPlugin() throws {
        let dir = TemporaryDirectory()
        let library = dir.file("libpayments.so")
        try FileManager.default.copyItem(atPath: Build.cSample, toPath: library)
        try FileManager.default.createDirectory(atPath: dir.file("libpayments.scenarios"), withIntermediateDirectories: true)
        let (bare, said) = try Self.start(["--plugins", library, "--port", "0"], out: dir.file("bare.txt"))
        // The note comes first; the address once the server listens.
        var output = ""
        _ = ProcessTable.await(seconds: 20) {
            output = (try? String(contentsOfFile: dir.file("bare.txt"), encoding: .utf8)) ?? ""
            return output.contains("serving")
        }
        bare.signalGroup(SIGINT)
        #expect(bare.wait(seconds: 10) != nil)
        #expect(said.contains("no scenario of the plugins' own was found (looked in \(dir.file("libpayments.scenarios")))"), "\(said)")
        #expect(
            output.contains("1 plugin (com.pophost.samples.c); nothing to play; Record saves in \(dir.file("libpayments.scenarios"))"),
            "\(output)")

        let scenario = dir.file("libpayments.scenarios/pay.json")
        try
            #"{"steps": [{"show": {"handler": "com.pophost.samples.c.payment-handler", "view_loader": "com.pophost.samples.c.payment-view"}}]}"#
            .write(toFile: scenario, atomically: true, encoding: .utf8)
        let (server, line) = try Self.start(["--plugins", library, "--port", "0", "--json"], out: dir.file("out.txt"))
        server.signalGroup(SIGINT)
        #expect(server.wait(seconds: 10) != nil)
        let address = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(address?["plugins"] as? [String] == ["com.pophost.samples.c"], "\(line)")
        #expect(address?["scenario"] as? String == scenario, "\(line)")
        #expect(address?["recordings"] as? String == dir.file("libpayments.scenarios"), "\(line)")
    }
}
