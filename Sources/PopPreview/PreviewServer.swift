import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import PopModel

/// `pophost preview`'s web server (Hummingbird, with its WebSocket module): the page and its assets,
/// the workbench's JSON and SVG routes, and the live channel. Every answer carries a content
/// security policy that allows only the server's own scripts, styles and pictures, so nothing a
/// plugin says can load or run anything in the page; requests that change something and the live
/// channel are refused to other sites' pages (`isSameOrigin`).
///
/// | route | answer |
/// |---|---|
/// | `GET /`, `GET /assets/NAME` | the page and its files (only the shipped ones, by exact name) |
/// | `GET /favicon.ico` | the page's icon (an SVG) |
/// | `GET /api/gallery?data=JSON` | `GalleryReport` as JSON (JSON: the default data, for view loaders without samples) |
/// | `GET /api/component.svg?view_loader=ID&theme=NAME&data=JSON` | one gallery picture; `appearance`, `content_size`, `layout_direction` draw it under those traits |
/// | `GET /api/frame.svg?t=MS`, `GET /api/frame.json?t=MS` | the player's frame at MS ms of virtual time |
/// | `GET /api/trace`, `GET /api/state` | the player's trace and state (with the frame's accessibility tree) as JSON |
/// | `POST /api/record` | `{"action": "start"}`: the player goes back to 0 and records; `{"action": "save", "name": N}`: saves the recording as N.json |
/// | `POST /api/input` | one input (`PlayerInput`), answered with the actions it ran |
/// | `POST /api/test` | `{"plugin": PATH}`: `pophost test` on that plugin file of the gallery, its report |
/// | `POST /api/audit` | `{"plugin": PATH}`: the `a11y.*` tests of `pophost test` on that plugin file, its report |
/// | `GET /api/snapshot.svg?plugin=PATH&test=NAME&picture=P` | a failed snapshot's `SnapshotPicture` from the last test |
/// | `POST /api/accept` | `{"plugin": PATH, "scenario": NAME}`: re-records that scenario's snapshot, its report |
/// | `POST /api/screen` | `{"name": …}`: play on another screen (`ScreenPreset`), answered with the state |
/// | `GET /live` (WebSocket) | `LiveMessage`s; takes `{"type": "input", "input": …}` and `{"type": "ping"}` |
public struct PreviewServer: Sendable {
    /// How often rebuilt plugin files are looked for.
    public static let pollInterval = Duration.milliseconds(20)

    let workbench: Workbench
    let assets: StaticAssets
    let host: String
    let port: Int

    /// A server for `workbench` on `host`:`port` (port 0: any free port).
    public init(workbench: Workbench, assets: StaticAssets, host: String = "127.0.0.1", port: Int = 0) {
        self.workbench = workbench
        self.assets = assets
        self.host = host
        self.port = port
    }

    static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy:
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; connect-src 'self'; base-uri 'none'; form-action 'none'",
        .xContentTypeOptions: "nosniff",
        .cacheControl: "no-store",
    ]

    /// Serves until the task is cancelled; `ready` gets the port once it listens.
    public func run(ready: @escaping @Sendable (Int) -> Void) async throws {
        let channel = LiveChannel()
        let router = Router(context: BasicWebSocketRequestContext.self)
        addRoutes(to: router, channel: channel)
        // A library does not print: what goes wrong serving comes back from this function, and the
        // server's own notes (a client gone, a shutdown) are not the user's concern.
        var logger = Logger(label: "pophost.preview")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: router),
            configuration: .init(address: .hostname(host, port: port), serverName: "pophost-preview"),
            onServerRunning: { ready($0.localAddress?.port ?? 0) },
            logger: logger
        )
        let workbench = workbench
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            group.addTask {
                while !Task.isCancelled {
                    for message in workbench.takeNews() { channel.publish(message.json) }
                    try await Task.sleep(for: Self.pollInterval)
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    private func addRoutes(to router: Router<BasicWebSocketRequestContext>, channel: LiveChannel) {
        let workbench = workbench, assets = assets
        router.get("/") { _, _ in try Self.asset("index.html", in: assets) }
        router.get("/assets/:name") { _, context in try Self.asset(context.parameters.get("name") ?? "", in: assets) }
        // Browsers and tools that ask for the icon at its conventional path get the page's.
        router.get("/favicon.ico") { _, _ in try Self.asset("favicon.svg", in: assets) }
        router.get("/api/gallery") { request, _ in
            Self.answer("application/json") { () throws(PreviewError) in
                try workbench.galleryJSON(sampleData: try Self.data(request))
            }
        }
        router.get("/api/component.svg") { request, _ in
            Self.answer("image/svg+xml") { () throws(PreviewError) in
                let query = request.uri.queryParameters
                guard let viewLoader = query.get("view_loader"), let theme = query.get("theme") else {
                    throw PreviewError("give view_loader and theme")
                }
                return try workbench.componentSVG(
                    viewLoader: viewLoader, theme: theme, data: try Self.data(request), traits: try Self.traits(request))
            }
        }
        for format in FrameFormat.allCases {
            router.get("/api/frame.\(format.rawValue)") { request, _ in
                Self.answer(format.contentType) { () throws(PreviewError) in
                    guard let text = request.uri.queryParameters.get("t"), let time = Int64(text) else {
                        throw PreviewError("give t, the virtual time in whole milliseconds")
                    }
                    return try workbench.frame(atMilliseconds: time, as: format)
                }
            }
        }
        router.get("/api/trace") { _, _ in Self.answer("application/json") { () throws(PreviewError) in try workbench.traceJSON() } }
        router.get("/api/state") { _, _ in Self.answer("application/json") { () throws(PreviewError) in try workbench.stateJSON() } }
        router.post("/api/input") { request, _ in
            let body = try await request.body.collect(upTo: 64 * 1024)
            return Self.answer("application/json") { () throws(PreviewError) in
                try Self.requireSameOrigin(request)
                return try workbench.input(try Self.json(String(buffer: body)))
            }
        }
        router.post("/api/screen") { request, _ in
            let body = try await request.body.collect(upTo: 64 * 1024)
            return Self.answer("application/json") { () throws(PreviewError) in
                try Self.requireSameOrigin(request)
                guard case .string(let name)? = try Self.json(String(buffer: body))["name"] else {
                    throw PreviewError("give {\"name\": SCREEN}")
                }
                return try workbench.useScreen(named: name)
            }
        }
        router.post("/api/record") { request, _ in
            let body = try await request.body.collect(upTo: 64 * 1024)
            return Self.answer("application/json") { () throws(PreviewError) in
                try Self.requireSameOrigin(request)
                let message = try Self.json(String(buffer: body))
                switch message["action"] {
                case .string("start")?:
                    return try workbench.startRecording()
                case .string("save")?:
                    guard case .string(let name)? = message["name"] else {
                        throw PreviewError("give {\"action\": \"save\", \"name\": NAME}")
                    }
                    let replace = if case .bool(true)? = message["replace"] { true } else { false }
                    return try workbench.saveRecording(name: name, replace: replace)
                default:
                    throw PreviewError("give {\"action\": \"start\"} or {\"action\": \"save\", \"name\": NAME, \"replace\": false}")
                }
            }
        }
        router.post("/api/test") { request, _ in
            let body = try await request.body.collect(upTo: 64 * 1024)
            return Self.answer("application/json") { () throws(PreviewError) in
                try Self.requireSameOrigin(request)
                guard case .string(let path)? = try Self.json(String(buffer: body))["plugin"] else {
                    throw PreviewError("give {\"plugin\": PATH}, a plugin file of the gallery")
                }
                return try workbench.testReport(plugin: path)
            }
        }
        router.get("/api/snapshot.svg") { request, _ in
            Self.answer("image/svg+xml") { () throws(PreviewError) in
                let query = request.uri.queryParameters
                guard let plugin = query.get("plugin"), let test = query.get("test"), let name = query.get("picture") else {
                    throw PreviewError("give plugin, test and picture")
                }
                guard let picture = SnapshotPicture(rawValue: name) else {
                    throw PreviewError("picture is one of \(SnapshotPicture.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return try workbench.snapshotSVG(plugin: plugin, test: test, picture: picture)
            }
        }
        router.post("/api/audit") { request, _ in
            let body = try await request.body.collect(upTo: 64 * 1024)
            return Self.answer("application/json") { () throws(PreviewError) in
                try Self.requireSameOrigin(request)
                guard case .string(let path)? = try Self.json(String(buffer: body))["plugin"] else {
                    throw PreviewError("give {\"plugin\": PATH}, a plugin file of the gallery")
                }
                return try workbench.auditReport(plugin: path)
            }
        }
        router.post("/api/accept") { request, _ in
            let body = try await request.body.collect(upTo: 64 * 1024)
            return Self.answer("application/json") { () throws(PreviewError) in
                try Self.requireSameOrigin(request)
                let message = try Self.json(String(buffer: body))
                guard case .string(let path)? = message["plugin"], case .string(let scenario)? = message["scenario"] else {
                    throw PreviewError("give {\"plugin\": PATH, \"scenario\": NAME}: a plugin file of the gallery and one of its scenarios")
                }
                return try workbench.acceptSnapshot(plugin: path, scenario: scenario)
            }
        }
        router.ws("/live", shouldUpgrade: { request, _ in Self.isSameOrigin(request) ? .upgrade([:]) : .dontUpgrade }) {
            inbound, outbound, _ in
            let (id, messages) = channel.subscribe()
            defer { channel.unsubscribe(id) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await message in messages { try await outbound.write(.text(message)) }
                }
                group.addTask {
                    for try await message in inbound.messages(maxSize: 64 * 1024) {
                        guard case .text(let text) = message else { continue }
                        try await outbound.write(.text(Self.reply(to: text, workbench: workbench).json))
                    }
                }
                try await group.next()
                group.cancelAll()
            }
        }
    }

    /// Whether `request` comes from the server's own page, or from no page at all (a script, curl):
    /// its Origin, when it has one, is this server's address. A page of another site open in the
    /// same browser can send requests to 127.0.0.1 too; it must not drive the plugins.
    static func isSameOrigin(_ request: Request) -> Bool {
        guard let origin = request.headers[.origin] else { return true }
        return request.head.authority.map { origin == "http://" + $0 } ?? false
    }

    /// Refuses a request that changes something unless it comes from the server's own page and says
    /// its body is JSON (a type another site's form cannot send, and its script only after asking).
    static func requireSameOrigin(_ request: Request) throws(PreviewError) {
        guard isSameOrigin(request) else { throw PreviewError(status: 403, "requests from another site's page are refused") }
        guard request.headers[.contentType]?.hasPrefix("application/json") == true else {
            throw PreviewError(status: 415, "send the body as Content-Type: application/json")
        }
    }

    /// The live channel's answer to a page's message.
    static func reply(to text: String, workbench: Workbench) -> LiveMessage {
        do {
            let message = try json(text)
            switch message["type"] {
            case .string("ping"): return .reply(#"{"pong":true}"#)
            case .string("input"): return .reply(try workbench.input(message["input"] ?? .null))
            default: throw PreviewError("a live message needs a \"type\": input or ping")
            }
        } catch let error as PreviewError {
            return .error(error.message)
        } catch {
            return .error("\(error)")
        }
    }

    private static func json(_ text: String) throws(PreviewError) -> Value {
        do { return try Value(json: text) } catch { throw PreviewError("not valid JSON: \(error)") }
    }

    /// The `data` query parameter as JSON (null when absent).
    private static func data(_ request: Request) throws(PreviewError) -> Value {
        guard let text = request.uri.queryParameters.get("data"), !text.isEmpty else { return .null }
        return try json(text)
    }

    /// The display traits a gallery picture is drawn under: the defaults, changed by the
    /// `appearance`, `content_size` and `layout_direction` query parameters.
    private static func traits(_ request: Request) throws(PreviewError) -> DisplayTraits {
        let query = request.uri.queryParameters
        var traits = DisplayTraits()
        if let name = query.get("appearance") {
            guard let appearance = Appearance(rawValue: name) else { throw PreviewError("appearance is light or dark, not \"\(name)\"") }
            traits.appearance = appearance
        }
        if let name = query.get("content_size") {
            guard let size = ContentSizeCategory(name: name) else {
                throw PreviewError("content_size is one of \(ContentSizeCategory.names.joined(separator: ", ")), not \"\(name)\"")
            }
            traits.contentSize = size
        }
        if let name = query.get("layout_direction") {
            guard let direction = LayoutDirection(rawValue: name) else {
                throw PreviewError("layout_direction is ltr or rtl, not \"\(name)\"")
            }
            traits.layoutDirection = direction
        }
        return traits
    }

    private static func asset(_ name: String, in assets: StaticAssets) throws -> Response {
        guard let asset = assets.asset(named: name) else { return error(PreviewError(status: 404, "no such file")) }
        return response(.ok, type: asset.contentType, body: ByteBuffer(bytes: asset.bytes))
    }

    private static func answer(_ type: String, _ body: () throws(PreviewError) -> String) -> Response {
        do { return response(.ok, type: type, body: ByteBuffer(string: try body())) } catch { return self.error(error) }
    }

    private static func error(_ error: PreviewError) -> Response {
        let body: Value = ["error": .string(error.message)]
        return response(HTTPResponse.Status(code: error.status), type: "application/json", body: ByteBuffer(string: body.json))
    }

    private static func response(_ status: HTTPResponse.Status, type: String, body: ByteBuffer) -> Response {
        var headers = securityHeaders
        headers[.contentType] = type
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}
