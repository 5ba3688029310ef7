import Foundation
import PopProcess

#if canImport(Glibc)
import Glibc
#endif

/// Where the built products are: next to the test binary (`swift build` puts everything there).
package enum Build {
    package static let directory = RunningExecutable.directory
    package static let pophost = directory + "/pophost"
    package static let scanner = directory + "/pophost-scanner"
    package static let pluginHost = directory + "/pophost-plugin-host"
    package static let testChild = directory + "/pophost-test-child"
    package static let swiftSample = directory + "/libPopSampleSwift.so"
    package static let cSample = directory + "/libPopSampleC.so"
}

/// The repository checkout, found from this file's path (Tests/TestSupport/Base/TestSupport.swift).
package enum Repository {
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    package static let abiInclude = root + "/Sources/PluginABI/include"
    package static let pluginKit = root + "/Sources/PopPluginKit"
    package static let projectTemplates = root + "/Sources/PopScaffold/Templates"
    package static let fixtureSource = root + "/Tests/Fixtures/fixture_plugin.c"
    package static let ffiTargetsSource = root + "/Tests/Fixtures/ffi_targets.c"
    /// The version script that leaves only the entry exported.
    package static let exportsMap = root + "/Plugins/exports.map"
    /// The sample scenarios (Scenarios/*.json).
    package static let scenarios = root + "/Scenarios"
    /// ABI 1.0 as released: its headers and its C sample, vendored byte for byte (Tests/Fixtures/abi-1.0).
    package static let abi10 = root + "/Tests/Fixtures/abi-1.0"
    package static let abi10Include = abi10 + "/include"
}

/// A fresh directory under /tmp, removed when the value is deinitialised.
package final class TemporaryDirectory: @unchecked Sendable {
    package let path: String

    package init() {
        var template = Array("/tmp/pophost-test-XXXXXX".utf8CString)
        path = String(cString: mkdtemp(&template)!)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    package func file(_ name: String) -> String { path + "/" + name }

    package func subdirectory(_ name: String) -> String {
        let directory = file(name)
        try! FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }
}

/// The result of running a program to completion.
package struct ProcessResult {
    package init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    package let status: Int32
    package let stdout: String
    package let stderr: String
}

/// Runs `executable` with `arguments`; `environment` entries are added to (nil: removed from) ours.
/// Output goes to temporary files, not pipes: reading a pipe with FileHandle traps on EINTR, and
/// Process's SIGCHLD handler makes EINTR likely. A program a test has just written (a copied
/// `pophost`) can be "busy" for a moment: a process another test forks at the same time holds the
/// writing descriptor until it execs. That start is tried again (ETXTBSY), as Go's own tests do.
package func run(_ executable: String, _ arguments: [String], environment: [String: String?] = [:]) throws -> ProcessResult {
    let scratch = TemporaryDirectory()
    let outPath = scratch.file("stdout"), errPath = scratch.file("stderr")
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    var merged = ProcessInfo.processInfo.environment
    for (key, value) in environment { merged[key] = value }
    let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    defer { try? out.close(); try? err.close() }
    var attempts = 0
    var process: Process
    while true {
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = merged
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
            break
        } catch let error as NSError where attempts < 50 && isTextFileBusy(error) {
            attempts += 1
            usleep(20_000)
        }
    }
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus,
        stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
        stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
}

/// Whether starting a program failed because it is open for writing (ETXTBSY).
private func isTextFileBusy(_ error: NSError) -> Bool {
    let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
    return (error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY))
        || (underlying?.domain == NSPOSIXErrorDomain && underlying?.code == Int(ETXTBSY))
}

/// Builds plugins from Tests/Fixtures/fixture_plugin.c with `cc`, each defect chosen by -D flags.
package enum Fixture {
    /// Compiles the fixture with `defines` into `path`, against the headers in `include` (this
    /// checkout's by default; `Repository.abi10Include` for the 1.0 headers as released).
    package static func build(_ path: String, _ defines: [String] = [], include: String = Repository.abiInclude) throws {
        let result = try run(
            "/usr/bin/env",
            ["cc", "-std=c11", "-shared", "-fPIC", "-fvisibility=hidden", "-I", include] + defines + ["-o", path, Repository.fixtureSource])
        guard result.status == 0 else { throw FixtureError(message: "cc failed for \(path): \(result.stderr)") }
    }

    /// Compiles a plugin's C source into `path` the way the C sample's Makefile does: C11, every
    /// warning an error, hidden visibility and the version script, so only the entry is exported.
    package static func plugin(_ source: String, to path: String, include: String) throws {
        let result = try run(
            "/usr/bin/env",
            [
                "cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-fvisibility=hidden",
                "-Wl,--version-script=" + Repository.exportsMap, "-I", include, "-o", path, source,
            ])
        guard result.status == 0 else { throw FixtureError(message: "cc failed for \(source): \(result.stderr)") }
    }

    /// Compiles one of the test plugins in Tests/Fixtures (`name`, e.g. "page_plugin.c") into
    /// `path`: C11, every warning an error, hidden visibility; `defines` choose its variant. Its
    /// test-only exports (logs) stay visible.
    package static func compile(_ name: String, to path: String, _ defines: [String] = []) throws {
        let result = try run(
            "/usr/bin/env",
            ["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-fvisibility=hidden", "-I", Repository.abiInclude]
                + defines + ["-o", path, Repository.root + "/Tests/Fixtures/" + name])
        guard result.status == 0 else { throw FixtureError(message: "cc failed for \(name): \(result.stderr)") }
    }

    /// Compiles Tests/Fixtures/cpp_plugin.cpp into `path` as docs/plugin-abi.md ("C++ plugins") builds
    /// a C++ plugin: `standard` (c++11, c++17, …), every warning an error (C-style casts too), hidden
    /// visibility, and the version script unless `versionScript` is false.
    package static func cppPlugin(to path: String, standard: String, versionScript: Bool = true) throws {
        let flags = [
            "c++", "-std=" + standard, "-Wall", "-Wextra", "-pedantic", "-Werror", "-Wold-style-cast", "-shared", "-fPIC",
            "-fvisibility=hidden", "-fvisibility-inlines-hidden", "-Wl,--no-undefined", "-I", Repository.abiInclude,
        ]
        let script = versionScript ? ["-Wl,--version-script=" + Repository.exportsMap] : []
        let result = try run("/usr/bin/env", flags + script + ["-o", path, Repository.root + "/Tests/Fixtures/cpp_plugin.cpp"])
        guard result.status == 0 else { throw FixtureError(message: "c++ failed for \(path): \(result.stderr)") }
    }

    /// What a test plugin loaded in this process logged since the last call, read through its
    /// exported `<prefix>_log()` and cleared with `<prefix>_reset()`: one entry per line.
    package static func takeLog(of library: String, prefix: String) -> [String] {
        guard let handle = dlopen(library, RTLD_NOW | RTLD_NOLOAD),
            let log = dlsym(handle, prefix + "_log"), let reset = dlsym(handle, prefix + "_reset")
        else { return ["(not loaded)"] }
        defer { dlclose(handle) }
        let text = String(cString: unsafeBitCast(log, to: (@convention(c) () -> UnsafePointer<CChar>).self)())
        unsafeBitCast(reset, to: (@convention(c) () -> Void).self)()
        return text.split(separator: "\n").map(String.init)
    }

    package struct FixtureError: Error {
        package let message: String
        package init(message: String) { self.message = message }
    }
}

/// Sets a file's modification time to `seconds` after the epoch (as `touch -d` would).
package func setModificationTime(_ path: String, seconds: Int) {
    var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
    precondition(utimensat(AT_FDCWD, path, &times, 0) == 0)
}

/// Private copies of the bundled sample libraries, in a directory of their own. A plugin is one image
/// with one global state whose main-thread functions assume a single main thread; tests run in
/// parallel, so each test that loads the samples gets its own images.
package final class SampleCopies: @unchecked Sendable {
    package let directory = TemporaryDirectory()

    package init() throws {
        for library in [Build.cSample, Build.swiftSample] {
            try FileManager.default.copyItem(atPath: library, toPath: path(library))
        }
    }

    /// The copy of `library` (a path or a file name).
    package func path(_ library: String) -> String { directory.file((library as NSString).lastPathComponent) }
}
