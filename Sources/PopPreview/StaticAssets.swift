import Foundation

/// The page's files (HTML, script, style sheet), shipped inside the binary's resources and read once
/// at start. A route serves a file only by its exact name among these, so no request can reach a
/// file outside them, whatever `..`, `%2e` or `/` it carries.
public struct StaticAssets: Sendable {
    public struct Asset: Sendable {
        public let contentType: String
        public let bytes: [UInt8]
    }

    /// The files, by name ("index.html").
    public let files: [String: Asset]

    /// Reads the files of the target's `Assets` resource folder.
    public static func bundled() throws(PreviewError) -> StaticAssets {
        guard let folder = Bundle.module.url(forResource: "Assets", withExtension: nil) else {
            throw PreviewError(status: 500, "the preview's page is missing from the resources of this build")
        }
        var files: [String: Asset] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else { continue }
            files[name] = Asset(contentType: contentType(of: name), bytes: [UInt8](data))
        }
        guard files["index.html"] != nil else { throw PreviewError(status: 500, "the preview's page has no index.html in \(folder.path)") }
        return StaticAssets(files: files)
    }

    /// The asset named exactly `name`, nil for any other name.
    public func asset(named name: String) -> Asset? { files[name] }

    private static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last {
        case "html": "text/html; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml"
        default: "application/octet-stream"
        }
    }
}
