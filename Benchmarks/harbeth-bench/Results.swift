import Foundation

/// A contestant's runs and their medians.
struct ContestantResult: Encodable {
    var id: String
    var side: Side
    var group: String
    var summary: String
    var command: String
    var medianWallSeconds: Double
    var minWallSeconds: Double
    var maxWallSeconds: Double
    var medianCPUSeconds: Double
    var medianPeakMiB: Double
    /// Median cores other processes kept busy during the runs.
    var medianOtherCores: Double?
    /// Bytes of the file the last run wrote; nil when it writes none.
    var outputBytes: Int?
    /// Medians of harbeth-render's own timings; nil for ffmpeg.
    var harbeth: HarbethMedians?
    var runs: [RunRecord]
    /// Runs set aside because other processes disturbed them (`--quiet-wait`).
    var discardedRuns: [RunRecord]

    init(_ contestant: Contestant, group: String, runs: [RunRecord], discarded: [RunRecord] = []) {
        id = contestant.id
        side = contestant.side
        self.group = group
        summary = contestant.summary
        command = contestant.command.displayText
        let walls = runs.map(\.wallSeconds)
        medianWallSeconds = Statistics.median(walls)
        minWallSeconds = walls.min()!
        maxWallSeconds = walls.max()!
        medianCPUSeconds = Statistics.median(runs.map(\.cpuSeconds))
        medianPeakMiB = Statistics.median(runs.map(\.peakMiB))
        let others = runs.compactMap(\.otherCores)
        medianOtherCores = others.isEmpty ? nil : Statistics.median(others)
        outputBytes = contestant.outputPath.flatMap {
            (try? FileManager.default.attributesOfItem(atPath: $0)[.size]) as? Int
        }
        let reports = runs.compactMap(\.report)
        harbeth = reports.isEmpty ? nil : HarbethMedians(reports)
        self.runs = runs
        discardedRuns = discarded
    }
}

/// Where harbeth-render's time went, as medians over a contestant's runs.
struct HarbethMedians: Encodable {
    var elapsedSeconds: Double
    var decodeSeconds: Double
    var uploadSeconds: Double
    var gpuSeconds: Double
    var encodeSeconds: Double
    var shaderCompiles: Double
    var shaderCacheHits: Double
    var shaderDiskCacheHits: Double
    var pipelinesCreated: Double
    var gpuPassesPerFrame: Int
    var passes: [String]
    var device: String?

    init(_ reports: [HarbethReport]) {
        func median(_ field: (HarbethReport) -> Double) -> Double { Statistics.median(reports.map(field)) }
        elapsedSeconds = median(\.elapsedSeconds)
        decodeSeconds = median(\.decodeSeconds)
        uploadSeconds = median(\.uploadSeconds)
        gpuSeconds = median(\.gpuSeconds)
        encodeSeconds = median(\.encodeSeconds)
        shaderCompiles = median { Double($0.shaderCompiles) }
        shaderCacheHits = median { Double($0.shaderCacheHits) }
        shaderDiskCacheHits = median { Double($0.shaderDiskCacheHits) }
        pipelinesCreated = median { Double($0.pipelinesCreated) }
        gpuPassesPerFrame = reports[0].gpuPassesPerFrame
        passes = reports[0].passes
        device = reports[0].device
    }
}

/// One row of the table, worked out.
struct ComparisonResult: Encodable {
    var item: Int
    var title: String
    /// `s`, `s/frame` or `MiB`.
    var unit: String
    var ours: Double
    var oursMeasure: String
    var reference: Double?
    var referenceMeasure: String?
    /// ours / reference: below 1 means ours is faster (or smaller).
    var ratio: Double?
    /// The same ratio of CPU seconds (user + system) for time measures:
    /// less disturbed by other work on the machine than wall time.
    var cpuRatio: Double?
    var target: String?
    var met: Bool?
    /// True when, in the median run of a contestant it reads, other
    /// processes used a quarter of a core or more: the ratio measures them
    /// too, and `met` is not to be trusted.
    var disturbed: Bool

    init(_ comparison: Comparison, results: [String: ContestantResult]) {
        item = comparison.item
        title = comparison.title
        disturbed = comparison.ids.contains { (results[$0]!.medianOtherCores ?? 0) >= Runner.disturbedFrom }
        let ours = Self.evaluate(comparison.ours, results)
        unit = ours.unit
        self.ours = ours.value
        oursMeasure = ours.text
        if let measure = comparison.reference {
            let reference = Self.evaluate(measure, results)
            self.reference = reference.value
            referenceMeasure = reference.text
            ratio = ours.value / reference.value
            if let oursCPU = ours.cpu, let referenceCPU = reference.cpu { cpuRatio = oursCPU / referenceCPU }
        }
        switch comparison.target {
        case .ratioAtMost(let limit)?:
            target = "ratio <= \(limit)"
            met = ratio.map { $0 <= limit }
        case .valueAtMost(let limit)?:
            target = "<= \(Int(limit)) \(unit)"
            met = ours.value <= limit
        case nil:
            break
        }
    }

    private static func evaluate(
        _ measure: Measure, _ results: [String: ContestantResult]
    ) -> (value: Double, cpu: Double?, unit: String, text: String) {
        switch measure {
        case .wall(let id):
            let result = results[id]!
            return (result.medianWallSeconds, result.medianCPUSeconds, "s", "median wall of \(id)")
        case .perFrame(let many, let one, let extra):
            let (manyResult, oneResult) = (results[many]!, results[one]!)
            return (
                (manyResult.medianWallSeconds - oneResult.medianWallSeconds) / Double(extra),
                (manyResult.medianCPUSeconds - oneResult.medianCPUSeconds) / Double(extra), "s/frame",
                "(median wall of \(many) - median wall of \(one)) / \(extra)"
            )
        case .peakMemory(let id):
            return (results[id]!.medianPeakMiB, nil, "MiB", "median peak RSS of \(id)")
        }
    }
}
