import Foundation
import PopTestSupport
import Testing

@testable import PopModel

/// Debian's headless `chromium`, driven through `chromedriver` over the W3C WebDriver protocol
/// (JSON over HTTP): the browser tests' real browser. `available` says whether both are installed
/// (`.ci/run` installs them).
final class WebDriver: @unchecked Sendable {
    static let chromium = "/usr/bin/chromium"
    static let chromedriver = "/usr/bin/chromedriver"
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: chromium) && FileManager.default.isExecutableFile(atPath: chromedriver)
    }
    static let missing = "chromium and chromedriver are not installed (apt-get install chromium chromium-driver; .ci/run installs them)"

    private let driver: BackgroundProcess
    private let base: String
    private var session = ""

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts chromedriver on a free port and a headless browser session in a window of `width` × `height`.
    init(width: Int = 1400, height: Int = 1000) async throws {
        let port = try Self.freePort()
        driver = try BackgroundProcess(Self.chromedriver, ["--port=\(port)"])
        base = "http://127.0.0.1:\(port)"
        let deadline = ContinuousClock.now + .seconds(20)
        while true {
            do {
                try await call("GET", "/status")
                break
            } catch {
                guard ContinuousClock.now < deadline else {
                    throw Failure(description: "chromedriver did not answer on port \(port): \(error)")
                }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        let capabilities: Value = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "binary": .string(Self.chromium),
                        "args": [
                            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                            .string("--window-size=\(width),\(height)"),
                        ],
                    ],
                ]
            ]
        ]
        let created = try await call("POST", "/session", capabilities)
        guard case .string(let id)? = created["sessionId"] else { throw Failure(description: "no session: \(created.json)") }
        session = id
    }

    deinit {
        if !session.isEmpty {
            _ = try? run("/usr/bin/env", ["curl", "-s", "--max-time", "10", "-X", "DELETE", base + "/session/" + session])
        }
    }

    /// A port nobody listens on now.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "cannot find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// One WebDriver command, through `curl` (Foundation's client fails on chromedriver's headers:
    /// "Failed writing header"), on a Dispatch thread so that waiting holds none of the threads the
    /// server's tasks run on.
    private static func send(_ method: String, _ url: String, _ body: Value?) async throws -> String {
        var arguments = ["curl", "-s", "--max-time", "120", "-X", method, url]
        if let body { arguments += ["-H", "Content-Type: application/json", "--data-binary", body.json] }
        let command = arguments
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do {
                    let result = try run("/usr/bin/env", command)
                    guard result.status == 0 else {
                        throw Failure(description: "curl \(method) \(url): exit \(result.status) \(result.stderr)")
                    }
                    continuation.resume(returning: result.stdout)
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    @discardableResult
    private func call(_ method: String, _ path: String, _ body: Value? = nil) async throws -> Value {
        let answer = try Value(json: try await Self.send(method, base + path, body))
        if case .object(let error)? = answer["value"], let kind = error["error"] {
            throw Failure(description: "\(method) \(path): \(kind.json) \(error["message"]?.json ?? "")")
        }
        return answer["value"] ?? .null
    }

    func open(_ url: String) async throws {
        try await call("POST", "/session/\(session)/url", ["url": .string(url)])
    }

    /// Runs `script` (a function body) in the page and returns what it returns.
    @discardableResult
    func execute(_ script: String, _ arguments: [Value] = []) async throws -> Value {
        try await call("POST", "/session/\(session)/execute/sync", ["script": .string(script), "args": .array(arguments)])
    }

    /// Waits until `script` returns something other than null or false; returns it.
    @discardableResult
    func wait(
        for what: String, seconds: Double = 20, _ script: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Value {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while true {
            let value = try await execute(script)
            if value != .null && value != false { return value }
            guard ContinuousClock.now < deadline else { throw Failure(description: "timed out waiting for \(what)") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Clicks the element matching `selector`.
    func click(_ selector: String) async throws {
        let found = try await call("POST", "/session/\(session)/element", ["using": "css selector", "value": .string(selector)])
        guard case .object(let object) = found, let id = object.first?.value else { throw Failure(description: "no element \(selector)") }
        guard case .string(let element) = id else { throw Failure(description: "bad element \(found.json)") }
        try await call("POST", "/session/\(session)/element/\(element)/click", [:])
    }

    /// A real mouse click at (`x`, `y`) of the viewport: move, press, release.
    func click(atViewportX x: Int, y: Int) async throws {
        let actions: Value = [
            "actions": [
                [
                    "type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"],
                    "actions": [
                        ["type": "pointerMove", "duration": 0, "origin": "viewport", "x": .int(Int64(x)), "y": .int(Int64(y))],
                        ["type": "pointerDown", "button": 0], ["type": "pause", "duration": 50], ["type": "pointerUp", "button": 0],
                    ],
                ]
            ]
        ]
        try await call("POST", "/session/\(session)/actions", actions)
    }

    /// WebDriver's key values for Tab, Enter and Shift (a character stands for itself).
    static let tab = "\u{E004}", enter = "\u{E007}", shift = "\u{E008}"

    /// A real key press on whatever has the focus: down, then up (with Shift held around it when `shift`).
    func press(_ key: String, shift: Bool = false) async throws {
        var keys: [Value] = [["type": "keyDown", "value": .string(key)], ["type": "keyUp", "value": .string(key)]]
        if shift { keys = [["type": "keyDown", "value": .string(Self.shift)]] + keys + [["type": "keyUp", "value": .string(Self.shift)]] }
        try await call("POST", "/session/\(session)/actions", ["actions": [["type": "key", "id": "keyboard", "actions": .array(keys)]]])
    }

    /// A Chrome DevTools Protocol command through chromedriver (`goog/cdp/execute`): what WebDriver
    /// does not reach, such as the accessibility tree the browser computes (`Accessibility.getFullAXTree`).
    func devTools(_ command: String, _ parameters: Value = [:]) async throws -> Value {
        try await call("POST", "/session/\(session)/goog/cdp/execute", ["cmd": .string(command), "params": parameters])
    }

    /// A screenshot of the window, as PNG.
    func screenshot() async throws -> Data {
        guard case .string(let base64) = try await call("GET", "/session/\(session)/screenshot"), let png = Data(base64Encoded: base64)
        else {
            throw Failure(description: "no screenshot")
        }
        return png
    }
}
