/// What the command line asks for: the benchmark itself, or one measuring child (a hidden mode the
/// benchmark uses to re-execute itself).
enum Command {
    case benchmark(copies: Int, rounds: Int, suite: Suite, json: Bool, scaleMaximum: Int, plots: String?)
    /// `--compare-with DIR`: the same suites in this build and in DIR's, rounds interleaved.
    case compare(baseline: String, copies: Int, rounds: Int, suite: Suite, json: Bool)
    case child(ChildMode, directory: String)
    case help

    static let usage = """
        usage: pophost-bench [--suite loading|chef|presentation|harness|isolation|preview|scale|all] [--copies N] [--rounds R] [--json]
                         [--compare-with DIR] [--scale-max N] [--plots DIR]

        loading: copies the sample plugins N times each (default 200) into a temporary directory and
        measures, per plugin, cold in-process loading against a dlopen baseline and warm cached
        discovery against a stat baseline.
        chef: arbitration throughput (show + dismiss, trace off), an action call through the host
        against a raw ffi_call with a cached cif, a lifecycle call through the host's wrapper against a
        raw function-pointer call, and a call through a completion closure against a plain C call.
        presentation: per frame of the demo, layout + SVG on the payment dialog's scene (against appending
        the same lines to a String), layout + rasterizing + diffing a 100x40 terminal while the dialog
        animates (against comparing every cell), and a 0.3 s pop.theme animation rendered to 18 JSON
        frames (against its own 300 ms); each also as a share of a 60 fps frame (16.7 ms).
        harness: `pophost test` on the C sample, the default suite (strictness 5) with --jobs 1 and --jobs 2
        (target: under 10 s), and one test's process (pophost-test-child, running library.loads)
        against a spawn of /bin/true through the same child-process mechanism (target: at most 5x), with
        an empty Swift program (pophost-bench-swift-floor) spawned the same way beside them.
        isolation: the C sample's payment handler called across the process boundary (a plugin host) against
        the same call in this process — should_dismiss and the action forgot through libffi — and against their
        floor (the same bytes between two C processes), also with both pairs pinned to one core and to two (target: at
        most 1.5x, judged on the pinned pairs, since unpinned the two pairs may sit on placements whose round trips
        differ fivefold); a frame of the demo (layout + SVG at 6500 ms) isolated against in-process; and pophost run --watch's reload: from the
        rebuilt C sample renamed into place to the frame of the demo replayed to 6500 ms (target: 300 ms),
        against the same replay in this process.
        preview: pophost preview on copies of the samples, over HTTP and its live channel as the page drives it: the
        gallery's first paint (page, files and gallery JSON) and every picture against one static file; a frame of the
        demo served while scrubbing from 6.5 s (target ≤ 5 ms) and back; a reload end to end (file renamed into place →
        the live channel's message → the frame fetched) against the isolation suite's replay in the same rounds.
        scale: cost that grows with what exists — a page listing N rows on demand ("pop.list/1") for N = 20, 100,
        1,000 and 10,000 with the same rows on screen (the 10,000-row frame against the 20-row one, target ≤ 1.2x);
        show + dismiss with 100, 1,000 and 10,000 requests queued against an empty queue (target ≤ 2x); a cold and a warm list of 100, 1,000 and 10,000 copies of the C sample, µs per file
        (linear: µs per file at the largest count within 1.5x of that at a tenth of it); the demo's popups played once a
        minute for 10 minutes of virtual time, the trace's length and this process's resident memory at 1, 2, 5 and 10
        minutes. --scale-max N: the largest count (default 10,000; CI's smoke run uses 100). --plots DIR: writes one
        SVG line chart a curve into DIR.
        all (the default): every suite.
        Medians over R rounds (default 5). Build with `swift build -c release`.

        --compare-with DIR: DIR holds another build's pophost-bench (a build of main, say). Each of R rounds runs
        each chosen suite once in this build and once in DIR's (--rounds 1, as child processes, the order
        alternating from round to round); every timed figure both reports give is printed with its medians and
        the ratio new / old, each suite's geometric mean ratio, show + dismiss against its target (at least 2x
        faster) and whether any suite is slower. What DIR lacks beside its pophost-bench (the sample plugins and
        helper executables, which `swift build --product pophost-bench` does not build) is taken from this build.
        """

    /// Parses the arguments after the executable's name.
    static func parse(_ arguments: [String]) throws(BenchError) -> Command {
        if arguments.first == "--child" {
            guard arguments.count == 3, let mode = ChildMode(rawValue: arguments[1]) else {
                throw BenchError("--child needs a mode (\(ChildMode.allCases.map(\.rawValue).joined(separator: ", "))) and a directory")
            }
            return .child(mode, directory: arguments[2])
        }
        var copies = 200, rounds = 5, json = false, suite = Suite.all, scaleMaximum = ScaleBench.defaultMaximum
        var plots: String?, baseline: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--copies": copies = try positiveInteger(after: argument, in: &remaining)
            case "--rounds": rounds = try positiveInteger(after: argument, in: &remaining)
            case "--json": json = true
            case "--compare-with":
                guard let directory = remaining.popFirst(), !directory.isEmpty else {
                    throw BenchError("--compare-with needs the directory of another build's pophost-bench")
                }
                baseline = directory
            case "--scale-max": scaleMaximum = try positiveInteger(after: argument, in: &remaining)
            case "--plots":
                guard let directory = remaining.popFirst(), !directory.isEmpty else { throw BenchError("--plots needs a directory") }
                plots = directory
            case "--suite":
                guard let name = remaining.popFirst(), let chosen = Suite(rawValue: name) else {
                    throw BenchError("--suite needs one of loading, chef, presentation, harness, isolation, preview, scale, all")
                }
                suite = chosen
            case "-h", "--help": return .help
            default: throw BenchError("unknown argument \(argument)")
            }
        }
        guard scaleMaximum >= 100 else { throw BenchError("--scale-max needs at least 100 (the curves start at 100)") }
        if plots != nil, !suite.includes(.scale) {
            throw BenchError("--plots draws the scale suite's curves: use it with --suite scale or all")
        }
        if let baseline { return .compare(baseline: baseline, copies: copies, rounds: rounds, suite: suite, json: json) }
        return .benchmark(copies: copies, rounds: rounds, suite: suite, json: json, scaleMaximum: scaleMaximum, plots: plots)
    }

    private static func positiveInteger(after option: String, in remaining: inout ArraySlice<String>) throws(BenchError) -> Int {
        guard let text = remaining.popFirst(), let value = Int(text), value > 0 else {
            throw BenchError("\(option) needs a positive integer")
        }
        return value
    }
}

/// Which measurements to run.
enum Suite: String {
    case loading, chef, presentation, harness, isolation, preview, scale, all

    /// Whether this choice runs `suite`.
    func includes(_ suite: Suite) -> Bool { self == .all || self == suite }
}
