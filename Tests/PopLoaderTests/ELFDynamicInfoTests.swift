import Foundation
import PopModel
import PopTestSupport
import Testing

@testable import PopLoader

/// The ELF dynamic-information reader, on libraries compiled with `cc` at test time, on the bundled
/// samples, and on truncated, corrupted and section-stripped copies of them.
@Suite struct ELFDynamicInfoTests {
    /// The seed of the corruption test; set POPHOST_ELF_SEED to reproduce a failure.
    static let seed: UInt64 = ProcessInfo.processInfo.environment["POPHOST_ELF_SEED"].flatMap { UInt64($0) } ?? 0xE1F0_5EED_0000_0001

    /// Visible, protected, weak and data symbols next to hidden, static and undefined ones.
    static let mixedSource = """
        #include <stdio.h>
        static int static_s(void) { return 1; }
        __attribute__((visibility("hidden"))) int hidden_h(void) { return static_s(); }
        void visible_a(void) { puts(hidden_h() ? "a" : "b"); }
        int visible_b = 3;
        __attribute__((weak)) void weak_c(void) {}
        __attribute__((visibility("protected"))) void protected_p(void) {}
        """

    /// One function marked visible the way POP_EXPORT does, in a library built with hidden visibility.
    static let entrySource = """
        #define EXPORT __attribute__((visibility("default")))
        int helper(void) { return 1; }
        EXPORT const void *pop_plugin_entry_v1(void) { return helper() ? "" : 0; }
        """

    @Test("-fvisibility=hidden with one visible function exports exactly that function")
    func hiddenVisibility() throws {
        let directory = TemporaryDirectory()
        let library = try compile(Self.entrySource, ["-fvisibility=hidden"], in: directory)
        #expect(try ELFDynamicInfo.read(path: library).exportedSymbols == ["pop_plugin_entry_v1"])
    }

    @Test("visible, protected, weak and data symbols are exported; hidden, static and undefined ones are not")
    func visibleAndWeak() throws {
        let directory = TemporaryDirectory()
        let info = try ELFDynamicInfo.read(path: try compile(Self.mixedSource, in: directory))
        #expect(info.exportedSymbols == ["protected_p", "visible_a", "visible_b", "weak_c"])
    }

    @Test("a version script listing one global hides the rest")
    func versionScript() throws {
        let directory = TemporaryDirectory()
        let script = directory.file("exports.map")
        try "{ global: visible_a; local: *; };\n".write(toFile: script, atomically: true, encoding: .utf8)
        let library = try compile(Self.mixedSource, ["-Wl,--version-script=\(script)"], in: directory)
        #expect(try ELFDynamicInfo.read(path: library).exportedSymbols == ["visible_a"])
    }

    @Test("a named version node is itself a defined (absolute) global symbol, and names carry no version suffix")
    func namedVersionNode() throws {
        let directory = TemporaryDirectory()
        let script = directory.file("exports.map")
        try "LIBX_1.0 { global: visible_a; local: *; };\n".write(toFile: script, atomically: true, encoding: .utf8)
        let library = try compile(Self.mixedSource, ["-Wl,--version-script=\(script)"], in: directory)
        #expect(try ELFDynamicInfo.read(path: library).exportedSymbols == ["LIBX_1.0", "visible_a"])
    }

    @Test("-rpath with --enable-new-dtags gives DT_RUNPATH, split on ':'")
    func runpath() throws {
        let directory = TemporaryDirectory()
        let library = try compile(Self.entrySource, ["-Wl,-rpath,/abs/path:$ORIGIN/lib", "-Wl,--enable-new-dtags"], in: directory)
        let info = try ELFDynamicInfo.read(path: library)
        #expect(info.runpath == ["/abs/path", "$ORIGIN/lib"])
        #expect(info.rpath == [])
    }

    @Test("-rpath with --disable-new-dtags gives DT_RPATH")
    func rpath() throws {
        let directory = TemporaryDirectory()
        let library = try compile(Self.entrySource, ["-Wl,-rpath,/abs/path", "-Wl,--disable-new-dtags"], in: directory)
        let info = try ELFDynamicInfo.read(path: library)
        #expect(info.rpath == ["/abs/path"])
        #expect(info.runpath == [])
    }

    @Test("DT_NEEDED in order and DT_SONAME")
    func neededAndSoname() throws {
        let directory = TemporaryDirectory()
        let plain = try ELFDynamicInfo.read(path: try compile(Self.mixedSource, in: directory, name: "libplain.so"))
        #expect(plain.needed.contains("libc.so.6"))
        #expect(plain.soname == nil)
        #expect(plain.runpath == [] && plain.rpath == [])
        let named = try ELFDynamicInfo.read(
            path: try compile(
                Self.mixedSource, ["-Wl,-soname,libx.so.1", "-Wl,--no-as-needed", "-lm"], in: directory, name: "libx.so"))
        #expect(named.soname == "libx.so.1")
        #expect(named.needed == ["libm.so.6", "libc.so.6"])
    }

    @Test("the bundled samples export exactly their entry", arguments: [Build.cSample, Build.swiftSample])
    func samples(path: String) throws {
        #expect(try ELFDynamicInfo.read(path: path).exportedSymbols == ["pop_plugin_entry_v1"])
    }

    @Test(
        "agrees with readelf on the samples, libc and libstdc++", .enabled(if: findExecutable("readelf") != nil, "readelf is not installed")
    )
    func agreesWithReadelf() throws {
        let libraries = [Build.cSample, Build.swiftSample] + ["libc.so.6", "libstdc++.so.6"].compactMap(systemLibrary)
        for library in libraries {
            let expected = try readelf(library)
            let info = try ELFDynamicInfo.read(path: library)
            #expect(info.exportedSymbols == expected.exportedSymbols, "\(library)")
            #expect(info.needed == expected.needed, "\(library)")
            #expect(info.soname == expected.soname, "\(library)")
            #expect(info.runpath == expected.runpath && info.rpath == expected.rpath, "\(library)")
        }
    }

    @Test("without section headers, the program headers give the same answer", arguments: ["gnu", "sysv", "both"])
    func strippedSections(hashStyle: String) throws {
        let directory = TemporaryDirectory()
        let library = try compile(
            Self.mixedSource, ["-Wl,--hash-style=\(hashStyle)", "-Wl,-soname,libx.so.1", "-Wl,-rpath,/abs"], in: directory)
        let stripped = try write(withoutSectionHeaders(try bytes(library)), to: directory.file("stripped.so"))
        let info = try ELFDynamicInfo.read(path: stripped)
        #expect(info == (try ELFDynamicInfo.read(path: library)))
        #expect(info.exportedSymbols == ["protected_p", "visible_a", "visible_b", "weak_c"])
    }

    @Test("the samples without section headers still export exactly their entry", arguments: [Build.cSample, Build.swiftSample])
    func strippedSamples(path: String) throws {
        let directory = TemporaryDirectory()
        let stripped = try write(withoutSectionHeaders(try bytes(path)), to: directory.file("stripped.so"))
        #expect(try ELFDynamicInfo.read(path: stripped) == (try ELFDynamicInfo.read(path: path)))
    }

    @Test(
        "llvm-objcopy --strip-sections output still lists the exports",
        .enabled(if: findExecutable("llvm-objcopy") != nil, "llvm-objcopy is not installed"))
    func objcopyStripSections() throws {
        let directory = TemporaryDirectory()
        let library = try compile(Self.mixedSource, in: directory)
        let stripped = directory.file("stripped.so")
        let result = try run(try #require(findExecutable("llvm-objcopy")), ["--strip-sections", library, stripped])
        try #require(result.status == 0, "\(result.stderr)")
        #expect(ELFLayout(try bytes(stripped)).sectionHeaderOffset == 0)
        #expect(try ELFDynamicInfo.read(path: stripped).exportedSymbols == ["protected_p", "visible_a", "visible_b", "weak_c"])
    }

    @Test("a truncated copy throws, wherever it is cut", arguments: [Build.cSample, Build.swiftSample])
    func truncated(path: String) throws {
        let directory = TemporaryDirectory()
        let whole = try bytes(path)
        let layout = ELFLayout(whole)
        let dynsym = try #require(layout.section(ofType: 11))
        let named = [
            3, 40, 63, 64, layout.sectionHeaderOffset + 1, layout.sectionHeaderOffset + 64 * 3 + 5, whole.count - 1,
            dynsym.offset + 10, dynsym.offset + dynsym.size / 2,
        ]
        for length in named + Array(stride(from: 0, to: whole.count, by: 509)) {
            let cut = try write(Array(whole.prefix(length)), to: directory.file("cut-\(length).so"))
            #expect(throws: PluginError.self, "cut at \(length)") { try ELFDynamicInfo.read(path: cut) }
        }
        // Without section headers, the tables themselves must be checked.
        let stripped = withoutSectionHeaders(whole)
        let dynamic = try #require(layout.section(ofType: 6))
        for length in [dynsym.offset + 10, dynsym.offset + dynsym.size - 1, dynamic.offset + 20, dynamic.offset + dynamic.size - 1] {
            let cut = try write(Array(stripped.prefix(length)), to: directory.file("stripped-cut-\(length).so"))
            #expect(throws: PluginError.self, "stripped, cut at \(length)") { try ELFDynamicInfo.read(path: cut) }
        }
        for length in stride(from: 0, to: stripped.count, by: 127) {
            let cut = try write(Array(stripped.prefix(length)), to: directory.file("stripped-cut.so"))
            _ = try? ELFDynamicInfo.read(path: cut)
        }
    }

    @Test("corrupt fields throw with a cause")
    func corruptFields() throws {
        let directory = TemporaryDirectory()
        let library = try compile(Self.mixedSource, ["-Wl,--hash-style=both"], in: directory)
        let whole = try bytes(library)
        let layout = ELFLayout(whole)
        let dynsym = try #require(layout.section(ofType: 11)), dynamic = try #require(layout.section(ofType: 6))
        let dynstr = layout.section(at: dynsym.link)
        let lastSymbol = dynsym.offset + dynsym.size - 24  // Exported: GNU hash orders defined symbols last.
        let corruptions: [(String, [UInt8], String)] = [
            ("e_shentsize 0", whole.setting(0, at: 58, size: 2), "section headers"),
            ("e_shoff huge", whole.setting(UInt64.max - 8, at: 40, size: 8), "section headers"),
            ("e_shnum huge", whole.setting(0xFFFF, at: 60, size: 2), "section headers"),
            ("dynsym sh_size huge", whole.setting(UInt64.max, at: dynsym.header + 32, size: 8), "dynamic symbol table"),
            ("dynsym sh_offset huge", whole.setting(UInt64.max, at: dynsym.header + 24, size: 8), "dynamic symbol table"),
            ("dynsym sh_entsize 0", whole.setting(0, at: dynsym.header + 56, size: 8), "0-byte entries"),
            ("dynsym sh_link out of range", whole.setting(9999, at: dynsym.header + 40, size: 4), "links to section 9999"),
            ("dynsym sh_link to itself", whole.setting(UInt64(dynsym.index), at: dynsym.header + 40, size: 4), "not a string table"),
            ("dynamic sh_offset past the end", whole.setting(UInt64(whole.count), at: dynamic.header + 24, size: 8), "dynamic section"),
            (
                "symbol name unterminated",
                whole.setting(0x41, at: dynstr.offset + dynstr.size - 1, size: 1)
                    .setting(dynstr.size - 1, at: lastSymbol, size: 4), "runs past the end"
            ),
            ("symbol name past dynstr", whole.setting(UInt32.max, at: lastSymbol, size: 4), "string table"),
            ("e_phoff huge, no sections", withoutSectionHeaders(whole).setting(UInt64.max, at: 32, size: 8), "program headers"),
            ("no PT_DYNAMIC, no sections", withoutSegment(ofType: 2, in: withoutSectionHeaders(whole)), "no dynamic section"),
        ]
        for (name, corrupted, phrase) in corruptions {
            let path = try write(corrupted, to: directory.file("corrupt.so"))
            let error = #expect(throws: PluginError.self, "\(name)") { try ELFDynamicInfo.read(path: path) }
            #expect(error?.category == .truncated, "\(name): \(String(describing: error))")
            #expect(error?.path == path && error?.cause.contains(phrase) == true, "\(name): \(String(describing: error))")
        }
    }

    @Test("random byte corruption of the headers and tables never crashes the reader", arguments: [false, true])
    func randomCorruption(stripSections: Bool) throws {
        let directory = TemporaryDirectory()
        let library = try compile(Self.mixedSource, ["-Wl,--hash-style=both"], in: directory)
        let whole = stripSections ? withoutSectionHeaders(try bytes(library)) : try bytes(library)
        let layout = ELFLayout(try bytes(library))
        let regions =
            [0..<(layout.programHeaderOffset + 56 * layout.programHeaderCount), layout.sectionHeaderOffset..<whole.count]
            .filter { !$0.isEmpty }
            + [11, 3, 6, 5, 0x6FFF_FFF6].compactMap { layout.section(ofType: $0).map { $0.offset..<$0.offset + $0.size } }
        var generator = SplitMix64(seed: Self.seed)
        var outcomes = (thrown: 0, read: 0)
        for iteration in 0..<200 {
            var corrupted = whole
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let region = regions.randomElement(using: &generator)!
                let at = Int.random(in: region, using: &generator)
                let run = Bool.random(using: &generator) ? min(8, corrupted.count - at) : 1
                for offset in at..<at + run { corrupted[offset] = run == 1 ? UInt8.random(in: 0...255, using: &generator) : 0xFF }
            }
            let path = try write(corrupted, to: directory.file("random-\(iteration).so"))
            do {
                _ = try ELFDynamicInfo.read(path: path)
                outcomes.read += 1
            } catch {
                #expect(error.path == path && !error.cause.isEmpty)
                outcomes.thrown += 1
            }
        }
        #expect(outcomes.thrown + outcomes.read == 200)
        #expect(outcomes.thrown > 0)
    }

    @Test("every header field the reader follows, set to 0 or to all ones, never crashes the reader", arguments: [false, true])
    func extremeFields(stripSections: Bool) throws {
        let directory = TemporaryDirectory()
        let original = try bytes(try compile(Self.mixedSource, ["-Wl,--hash-style=both"], in: directory))
        let whole = stripSections ? withoutSectionHeaders(original) : original
        let layout = ELFLayout(original)
        let headers = [11, 6].compactMap { layout.section(ofType: $0) }.flatMap { [$0.header, layout.section(at: $0.link).header] }
        let fields =
            Array(stride(from: 16, to: 64, by: 2)) + (0..<layout.programHeaderCount * 7).map { layout.programHeaderOffset + $0 * 8 }
            + headers.flatMap { header in stride(from: header, to: header + 64, by: 4) }
        for at in fields {
            for value in [UInt64.zero, .max] {
                let path = try write(whole.setting(value, at: at, size: 8), to: directory.file("extreme.so"))
                do {
                    _ = try ELFDynamicInfo.read(path: path)
                } catch {
                    #expect(error.path == path && !error.cause.isEmpty)
                }
            }
        }
    }

    @Test("files that are not ELF64 little-endian shared objects are refused with their category")
    func notASharedObject() throws {
        let directory = TemporaryDirectory()
        let source = directory.file("object.c")
        try Self.entrySource.write(toFile: source, atomically: true, encoding: .utf8)
        let object = directory.file("object.o")
        try #require(try run("/usr/bin/env", ["cc", "-c", "-fPIC", "-o", object, source]).status == 0)
        let whole = try bytes(try compile(Self.entrySource, in: directory))
        let cases: [(String, PluginError.Category)] = [
            (directory.file("missing.so"), .notAFile),
            (directory.path, .notAFile),
            (try write(Array("hello, world\n".utf8), to: directory.file("text.so")), .notELF),
            (try write([], to: directory.file("empty.so")), .notELF),
            (try write(whole.setting(1, at: 4, size: 1), to: directory.file("elf32.so")), .wrongArchitecture),
            (try write(whole.setting(2, at: 5, size: 1), to: directory.file("big-endian.so")), .wrongArchitecture),
            (object, .loadFailed),
        ]
        for (path, category) in cases {
            let error = #expect(throws: PluginError.self, "\(path)") { try ELFDynamicInfo.read(path: path) }
            #expect(error?.category == category, "\(path): \(String(describing: error))")
            #expect(error?.path == path)
        }
    }
}

/// Compiles C `source` with `cc` into the shared library `name` in `directory`; returns its path.
private func compile(
    _ source: String, _ flags: [String] = [], in directory: TemporaryDirectory, name: String = "libfixture.so"
) throws -> String {
    let sourcePath = directory.file(name + ".c"), output = directory.file(name)
    try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
    let result = try run("/usr/bin/env", ["cc", "-shared", "-fPIC"] + flags + ["-o", output, sourcePath])
    guard result.status == 0 else { throw Fixture.FixtureError(message: "cc failed for \(name): \(result.stderr)") }
    return output
}

private func bytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

@discardableResult
private func write(_ bytes: [UInt8], to path: String) throws -> String {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}

/// The executable `name` on PATH, if any.
private func findExecutable(_ name: String) -> String? {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        .map { "\($0)/\(name)" }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// The path of the system library `name` the C compiler links against, if it has one.
private func systemLibrary(_ name: String) -> String? {
    guard let result = try? run("/usr/bin/env", ["cc", "-print-file-name=\(name)"]) else { return nil }
    let path = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    return path.hasPrefix("/") && FileManager.default.fileExists(atPath: path) ? path : nil
}

/// What `readelf --dyn-syms -d -W` says about `path`, by the same rules as `ELFDynamicInfo`.
private func readelf(_ path: String) throws -> ELFDynamicInfo {
    let output = try run(try #require(findExecutable("readelf")), ["--dyn-syms", "-d", "-W", path]).stdout
    var info = ELFDynamicInfo(exportedSymbols: [], needed: [], runpath: [], rpath: [], soname: nil)
    var exported: Set<String> = []
    for line in output.split(separator: "\n") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        // Symbols: "Num: Value Size Type Bind Vis Ndx Name".
        if fields.count >= 8, fields[0].hasSuffix(":"), Int(fields[0].dropLast()) != nil,
            ["GLOBAL", "WEAK", "UNIQUE"].contains(fields[4]), ["DEFAULT", "PROTECTED"].contains(fields[5]),
            fields[6] != "UND", !["SECTION", "FILE"].contains(fields[3])
        {
            exported.insert(String(fields[7].prefix { $0 != "@" }))
        }
        // Dynamic entries: "0x... (NEEDED) Shared library: [libc.so.6]".
        guard fields.count >= 3, let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { continue }
        let value = String(line[line.index(after: open)..<close])
        switch fields[1] {
        case "(NEEDED)": info.needed.append(value)
        case "(SONAME)": info.soname = value
        case "(RUNPATH)": info.runpath += value.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        case "(RPATH)": info.rpath += value.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        default: break
        }
    }
    info.exportedSymbols = exported.sorted()
    return info
}

/// `bytes` with e_shoff, e_shnum and e_shstrndx zeroed, as a section-stripping tool leaves them.
private func withoutSectionHeaders(_ bytes: [UInt8]) -> [UInt8] {
    bytes.setting(0, at: 40, size: 8).setting(0, at: 60, size: 2).setting(0, at: 62, size: 2)
}

/// `bytes` with every program header of type `type` turned into PT_NULL.
private func withoutSegment(ofType type: UInt32, in bytes: [UInt8]) -> [UInt8] {
    let layout = ELFLayout(bytes)
    var result = bytes
    for index in 0..<layout.programHeaderCount where layout.value(at: layout.programHeaderOffset + index * 56, size: 4) == UInt64(type) {
        result = result.setting(0, at: layout.programHeaderOffset + index * 56, size: 4)
    }
    return result
}

/// Where a well-formed ELF64 file's headers and sections are, for aiming cuts and corruptions.
private struct ELFLayout {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var programHeaderOffset: Int { Int(value(at: 32, size: 8)) }
    var programHeaderCount: Int { Int(value(at: 56, size: 2)) }
    var sectionHeaderOffset: Int { Int(value(at: 40, size: 8)) }

    /// The first section of type `type`.
    func section(ofType type: UInt32) -> Section? {
        (0..<Int(value(at: 60, size: 2))).lazy.map(section(at:)).first { $0.type == type }
    }

    /// Section `index`: its header's offset, its type, its contents' offset and size, and its link.
    func section(at index: Int) -> Section {
        let header = sectionHeaderOffset + index * 64
        return Section(
            index: index, header: header, type: UInt32(value(at: header + 4, size: 4)),
            offset: Int(value(at: header + 24, size: 8)), size: Int(value(at: header + 32, size: 8)),
            link: Int(value(at: header + 40, size: 4)))
    }

    struct Section {
        let index: Int, header: Int, type: UInt32, offset: Int, size: Int, link: Int
    }

    func value(at offset: Int, size: Int) -> UInt64 {
        bytes[offset..<offset + size].reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }
}

private extension [UInt8] {
    /// A copy with the little-endian `size`-byte integer at `offset` set to `value`.
    func setting(_ value: some FixedWidthInteger, at offset: Int, size: Int) -> [UInt8] {
        var copy = self
        for index in 0..<size { copy[offset + index] = UInt8(truncatingIfNeeded: UInt64(truncatingIfNeeded: value) >> (8 * index)) }
        return copy
    }
}
