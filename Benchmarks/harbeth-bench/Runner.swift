import Foundation

/// One timed run of a contestant.
struct RunRecord: Encodable {
    var repetition: Int
    var wallSeconds: Double
    var userSeconds: Double
    var systemSeconds: Double
    var peakMiB: Double
    /// The machine's 1-minute load average when the run started: the bench
    /// shares two cores with other work, and this says how much.
    var loadAverage: Double
    /// Cores that other processes kept busy during the run, on average:
    /// the machine's busy time minus this run's own CPU time, over its wall
    /// time. Near 0 on a quiet machine; nil where /proc/stat is unreadable.
    var otherCores: Double?
    /// harbeth-render's `--json` report; nil for ffmpeg.
    var report: HarbethReport?

    var cpuSeconds: Double { userSeconds + systemSeconds }
}

/// Runs groups: the warm-ups, then the contestants in turn, repetition by
/// repetition, checking that every run did its whole job.
struct Runner {
    let work: WorkFolder
    /// Before each round, wait up to this many seconds for other work to
    /// settle (see `waitForQuiet`); 0: do not wait.
    var quietWait: Double = 0

    /// Runs kept for the medians, and runs set aside because other work
    /// disturbed them (only with `quietWait`), by contestant.
    struct GroupRecords {
        var kept: [String: [RunRecord]] = [:]
        var discarded: [String: [RunRecord]] = [:]
    }

    /// Other processes' use, in cores, from which a run counts as disturbed.
    static let disturbedFrom = 0.25
    /// Times a disturbed run is repeated before it is kept anyway.
    static let disturbedRetries = 2

    func run(_ group: Group) throws(BenchError) -> GroupRecords {
        Progress.say("\(group.name): \(group.contestants.count) programs, \(group.repetitions) runs each")
        for contestant in group.contestants {
            if let warmup = contestant.warmup {
                _ = try runOnce(warmup, id: contestant.id, expectedFrames: nil)
            }
        }
        var records = GroupRecords()
        for repetition in 1...group.repetitions {
            waitForQuiet()
            for contestant in group.contestants {
                var record = try runOnce(
                    contestant.command, id: contestant.id, expectedFrames: contestant.expectedFrames)
                record.repetition = repetition
                // On a shared machine, a run during which other processes
                // took a quarter of a core or more measures them too: with
                // --quiet-wait it is set aside (kept in the JSON) and run
                // again once the machine is quiet, at most twice.
                var retries = 0
                while quietWait > 0, retries < Self.disturbedRetries, let other = record.otherCores,
                    other >= Self.disturbedFrom
                {
                    records.discarded[contestant.id, default: []].append(record)
                    Progress.say(
                        String(
                            format: "  %d/%d %@: %.3f s while other work used %.2f cores: set aside, again",
                            repetition, group.repetitions, contestant.id, record.wallSeconds, other))
                    waitForQuiet()
                    record = try runOnce(
                        contestant.command, id: contestant.id, expectedFrames: contestant.expectedFrames)
                    record.repetition = repetition
                    retries += 1
                }
                records.kept[contestant.id, default: []].append(record)
                Progress.say(
                    String(
                        format: "  %d/%d %@: %.3f s wall, %.2f s cpu, %.0f MiB, load %.2f, other work %.2f cores",
                        repetition, group.repetitions, contestant.id, record.wallSeconds, record.cpuSeconds,
                        record.peakMiB, record.loadAverage, record.otherCores ?? -1))
            }
        }
        return records
    }

    private func runOnce(_ template: Command, id: String, expectedFrames: Int?) throws(BenchError) -> RunRecord {
        var command = template
        for variable in template.freshFolderVariables {
            command.environment[variable] = try work.freshFolder(variable)
        }
        let stdoutPath = work.logs + "/" + id + ".out"
        let stderrPath = work.logs + "/" + id + ".err"
        let load = Machine.loadAverage()
        let busyBefore = CPUCounters.busySeconds()
        let (usage, termination) = try ChildProcess.run(command, stdoutPath: stdoutPath, stderrPath: stderrPath)
        let busyAfter = CPUCounters.busySeconds()
        guard termination == .exited(0) else {
            throw .runFailed(
                command: template.displayText, termination: termination.description,
                detail: TextFile.tail(of: stderrPath))
        }
        var report: HarbethReport?
        if template.executable.hasSuffix("harbeth-render") {
            report = try Self.report(stdoutPath: stdoutPath, command: template)
            if let expectedFrames, report!.frames != expectedFrames {
                throw .badReport(
                    command: template.displayText,
                    reason: "processed \(report!.frames) frames, expected \(expectedFrames)")
            }
        }
        return RunRecord(
            repetition: 0, wallSeconds: usage.wallSeconds, userSeconds: usage.userSeconds,
            systemSeconds: usage.systemSeconds, peakMiB: Double(usage.peakRSSKiB) / 1024, loadAverage: load,
            otherCores: busyBefore.flatMap { before in
                busyAfter.map { max(0, $0 - before - usage.cpuSeconds) / usage.wallSeconds }
            }, report: report)
    }

    /// Other engineers build and test on the same two cores. With
    /// `--quiet-wait`, a round starts only once other work uses under a
    /// quarter of a core over a second, or when the wait runs out.
    private func waitForQuiet() {
        guard quietWait > 0 else { return }
        let started = ContinuousClock.now
        var said = false
        while let other = CPUCounters.otherCores(over: 1), other >= Self.disturbedFrom {
            let waited = (ContinuousClock.now - started).seconds
            if waited >= quietWait {
                Progress.say(String(format: "  other work still uses %.2f cores after %.0f s: going on", other, waited))
                return
            }
            if !said {
                Progress.say(String(format: "  other work uses %.2f cores: waiting up to %.0f s", other, quietWait))
                said = true
            }
            sleep(2)
        }
    }

    private static func report(stdoutPath: String, command: Command) throws(BenchError) -> HarbethReport {
        guard let line = TextFile.lastLine(of: stdoutPath) else {
            throw .badReport(command: command.displayText, reason: "printed no --json report")
        }
        do {
            return try JSONDecoder().decode(HarbethReport.self, from: Data(line.utf8))
        } catch {
            throw .badReport(command: command.displayText, reason: "unreadable --json report: \(error)")
        }
    }
}

/// Progress on standard error, so standard output holds only the table.
enum Progress {
    static func say(_ text: String) {
        // The tables go to standard output; flushed first, so that the two
        // streams read in order when both go to one file.
        fflush(nil)
        FileHandle.standardError.write(Data(("harbeth-bench: " + text + "\n").utf8))
    }
}
