import Foundation
import PopTestSupport
import Testing

/// docs/embedding.md teaches with pieces of Examples/EmbeddingApp, which `scripts/check-embedding`
/// builds as an outside app and runs in CI: every Swift example in the guide must still be in the
/// app, word for word, so that none of them can drift from code that compiles and runs.
@Suite struct EmbeddingGuideTests {
    static let guide = Repository.root + "/docs/embedding.md"
    static let app = Repository.root + "/Examples/EmbeddingApp"

    /// The guide's ```swift blocks, each as its lines.
    static func swiftBlocks() throws -> [[Substring]] {
        var blocks: [[Substring]] = []
        var current: [Substring]?
        for line in try String(contentsOfFile: guide, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The app's manifest and Swift sources, each file's text.
    static func appFiles() throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: app))
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".swift"), !path.hasPrefix(".build") else { continue }
            files[path] = try String(contentsOfFile: app + "/" + path, encoding: .utf8)
        }
        return files
    }

    @Test("every Swift example of docs/embedding.md is in Examples/EmbeddingApp, word for word")
    func examplesAreTheApp() throws {
        let blocks = try Self.swiftBlocks()
        let files = try Self.appFiles()
        #expect(blocks.count >= 10, "the guide's examples were not found")
        #expect(files.keys.contains("Package.swift") && files.keys.contains("Sources/EmbeddingApp/main.swift"))
        for block in blocks {
            let text = block.joined(separator: "\n") + "\n"
            #expect(files.values.contains { $0.contains(text) }, "docs/embedding.md has an example the app does not:\n\(text)")
        }
    }

    @Test("the guide's manifest is the app's, whole")
    func manifestIsTheApp() throws {
        let manifest = try #require(try Self.swiftBlocks().first { $0.first?.hasPrefix("// swift-tools-version") == true })
        let file = try String(contentsOfFile: Self.app + "/Package.swift", encoding: .utf8)
        #expect(manifest.joined(separator: "\n") + "\n" == file)
    }
}
