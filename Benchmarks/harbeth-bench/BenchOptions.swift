/// harbeth-bench's command line.
struct BenchOptions {
    /// Runs of each program in a group (the slowest groups cap it, see Plan).
    var repetitions = 5
    /// A ~2-minute subset: 720p, shorter clips, fewer runs.
    var quick = false
    /// Where inputs, outputs and caches go; nil: a new temporary folder,
    /// removed at the end. A given folder is kept, so its inputs are reused.
    var workFolder: String?
    /// harbeth-render to measure; nil: build it in release mode here.
    var renderPath: String?
    var ffmpegPath: String?
    /// Where to write the JSON report.
    var jsonPath: String?
    /// Run only the groups whose names contain one of these.
    var only: [String] = []
    /// Seconds to wait, before each round of runs, for other work to settle.
    var quietWait: Double = 0
    var help = false

    static let usage = """
        usage: harbeth-bench [--quick] [--repeat N] [--work DIR] [--json FILE]
                             [--render PATH] [--ffmpeg PATH] [--only NAME[,NAME...]]
                             [--quiet-wait SECONDS]

        Measures harbeth-render (release build) against the ffmpeg CLI on clips it
        makes with ffmpeg's testsrc2 source. Programs in a group run alternately,
        N times each; the table shows medians and ratios (ours / theirs: below 1
        means harbeth-render is faster) against the issue's targets.

          --quick          a ~2-minute subset (720p, shorter clips, 3 runs)
          --repeat N       runs of each program (default 5; 3 with --quick)
          --work DIR       keep inputs, outputs and caches in DIR (reused next time);
                           default: a temporary folder, removed at the end
          --json FILE      write every run, the summary and the machine as JSON
          --render PATH    harbeth-render to measure (default: swift build -c release)
          --ffmpeg PATH    ffmpeg to compare with (default: the one on PATH)
          --quiet-wait S   before each round of runs, wait up to S seconds until other
                           processes use under a quarter of a core (a shared machine)
          --only NAMES     run only the groups whose names contain one of NAMES
                           (sepia-e2e, sepia-null, fusion, blur, blur-vulkan, memory,
                           start, graph, catalog, catalog-vk, colour-management), or only rows of
                           them as GROUP:ROW (catalog:identity,catalog:eq)
        """

    static func parse(_ arguments: [String]) throws(BenchError) -> BenchOptions {
        var options = BenchOptions()
        var repeatGiven: Int?
        var index = 0
        func value(for name: String) throws(BenchError) -> String {
            index += 1
            guard index < arguments.count else { throw .usage("\(name) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--quick":
                options.quick = true
            case "--repeat":
                let text = try value(for: argument)
                guard let count = Int(text), count >= 1 else {
                    throw .usage("--repeat needs a whole number from 1, not '\(text)'")
                }
                repeatGiven = count
            case "--work":
                options.workFolder = try value(for: argument)
            case "--json":
                options.jsonPath = try value(for: argument)
            case "--render":
                options.renderPath = try value(for: argument)
            case "--ffmpeg":
                options.ffmpegPath = try value(for: argument)
            case "--quiet-wait":
                let text = try value(for: argument)
                guard let seconds = Double(text), seconds >= 0 else {
                    throw .usage("--quiet-wait needs seconds, not '\(text)'")
                }
                options.quietWait = seconds
            case "--only":
                options.only = try value(for: argument).split(separator: ",").map(String.init)
            case "-h", "--help":
                options.help = true
            default:
                throw .usage("unknown argument '\(argument)'")
            }
            index += 1
        }
        options.repetitions = repeatGiven ?? (options.quick ? 3 : 5)
        return options
    }
}
