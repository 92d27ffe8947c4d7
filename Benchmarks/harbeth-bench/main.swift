import Foundation

// harbeth-bench: makes its inputs with ffmpeg, runs harbeth-render and the
// ffmpeg commands a user would run instead, alternately and repeatedly,
// and prints medians and ratios against the issue's targets. Exit status:
// 0 when every run succeeded (whether or not targets were met: this is a
// measurement, not a test), 1 when a run failed, 2 for a usage error.

func benchmark(_ options: BenchOptions) throws(BenchError) {
    let startedAt = Date()
    let loadAtStart = Machine.loadAverage()
    let work = try WorkFolder.open(options.workFolder)
    defer { work.removeIfTemporary() }
    let tools = try Tools.locate(options, scratch: work.logs)
    var machine = try Machine.describe(tools: tools, scratch: work.logs)
    Progress.say("work folder \(work.root)\(work.isTemporary ? " (removed at the end)" : "")")
    Progress.say("harbeth-render \(tools.render); \(machine.ffmpegVersion); load \(loadAtStart)")

    let clipMaker = ClipMaker(ffmpeg: tools.ffmpeg, folder: work.inputs)
    let factory = CommandFactory(tools: tools, work: work, clips: clipMaker)
    var plan = Plan.make(quick: options.quick, repetitions: options.repetitions, factory: factory)
    if !options.only.isEmpty { plan = plan.selecting(options.only) }

    var clips: [BenchReport.Clip] = []
    for clip in plan.clips {
        Progress.say("input \(clip.fileName)")
        let seconds = try clipMaker.make(clip, scratch: work.logs)
        clips.append(BenchReport.Clip(spec: clip, file: clipMaker.path(of: clip), generationSeconds: seconds))
    }

    let runner = Runner(work: work, quietWait: options.quietWait)
    var results: [ContestantResult] = []
    for group in plan.groups {
        let records = try runner.run(group)
        for contestant in group.contestants {
            results.append(
                ContestantResult(
                    contestant, group: group.name, runs: records.kept[contestant.id]!,
                    discarded: records.discarded[contestant.id] ?? []))
        }
    }
    let byID = Dictionary(uniqueKeysWithValues: results.map { ($0.id, $0) })
    let comparisons = plan.comparisons.map { ComparisonResult($0, results: byID) }
    machine.deviceUsed = results.lazy.compactMap { $0.harbeth?.device }.first

    let loads = results.flatMap { $0.runs.map(\.loadAverage) }
    let others = results.flatMap { $0.runs.compactMap(\.otherCores) }
    let load = BenchReport.Load(
        atStart: loadAtStart, atEnd: Machine.loadAverage(), minimum: loads.min() ?? loadAtStart,
        median: loads.isEmpty ? loadAtStart : Statistics.median(loads), maximum: loads.max() ?? loadAtStart,
        otherCoresMedian: others.isEmpty ? nil : Statistics.median(others), otherCoresMaximum: others.max(),
        disturbedRunShare: others.isEmpty ? nil : Double(others.filter { $0 >= 0.25 }.count) / Double(others.count))
    let finishedAt = Date()
    print(Table.comparisons(comparisons))
    print(Table.harbethTimes(results))
    print(Table.contestants(results))
    print(
        String(
            format: "%@ (%d cores), %@; load average %.2f at start, %.2f..%.2f (median %.2f) over runs",
            machine.cpuModel, machine.cores, machine.deviceUsed ?? machine.vulkanDevices.first ?? "no device",
            load.atStart, load.minimum, load.maximum, load.median))
    if let median = load.otherCoresMedian, let maximum = load.otherCoresMaximum, let share = load.disturbedRunShare {
        print(
            String(
                format:
                    "other processes used %.2f cores during the median run (at most %.2f); %.0f%% of runs shared the machine with a quarter of a core or more",
                median, maximum, share * 100))
    }

    if let path = options.jsonPath {
        let report = BenchReport(
            startedAt: BenchReport.timestamp(startedAt), finishedAt: BenchReport.timestamp(finishedAt),
            totalSeconds: finishedAt.timeIntervalSince(startedAt), machine: machine,
            settings: .init(
                quick: options.quick, repetitions: options.repetitions, x264Preset: CommandFactory.preset,
                x264CRF: CommandFactory.crf, workFolder: work.root, quietWaitSeconds: options.quietWait,
                groups: plan.groups.map(\.name)),
            load: load, clips: clips, comparisons: comparisons, contestants: results)
        try report.write(to: path)
        Progress.say("wrote \(path)")
    }
}

let status: Int32
do throws(BenchError) {
    let options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
    if options.help {
        print(BenchOptions.usage)
    } else {
        try benchmark(options)
    }
    status = 0
} catch {
    FileHandle.standardError.write(Data("harbeth-bench: error: \(error)\n".utf8))
    if case .usage = error { status = 2 } else { status = 1 }
}
exit(status)
