import Foundation

/// Everything `--json` writes: the machine, the settings, every run, the
/// medians and the comparisons.
struct BenchReport: Encodable {
    var tool = "harbeth-bench"
    var startedAt: String
    var finishedAt: String
    var totalSeconds: Double
    var machine: Machine
    var settings: Settings
    /// How busy the machine was over all timed runs.
    var load: Load
    var clips: [Clip]
    var comparisons: [ComparisonResult]
    var contestants: [ContestantResult]

    struct Settings: Encodable {
        var quick: Bool
        var repetitions: Int
        var x264Preset: String
        var x264CRF: Int
        var workFolder: String
        var quietWaitSeconds: Double
        var groups: [String]
    }

    struct Load: Encodable {
        var atStart: Double
        var atEnd: Double
        var minimum: Double
        var median: Double
        var maximum: Double
        /// Cores other processes kept busy during runs (median, maximum),
        /// and the share of runs during which they used a quarter of a core
        /// or more. The load average counts the bench's own children too.
        var otherCoresMedian: Double?
        var otherCoresMaximum: Double?
        var disturbedRunShare: Double?
    }

    struct Clip: Encodable {
        var spec: ClipSpec
        var file: String
        /// nil when the work folder had it already.
        var generationSeconds: Double?
    }

    func write(to path: String) throws(BenchError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try (encoder.encode(self) + Data("\n".utf8)).write(to: URL(fileURLWithPath: path))
        } catch {
            throw .io("could not write \(path): \(error.localizedDescription)")
        }
    }

    static func timestamp(_ date: Date = Date()) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}
