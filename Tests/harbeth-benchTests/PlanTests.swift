import XCTest

@testable import harbeth_bench

/// The benchmark's plan and plumbing, without timing anything: benchmarks
/// are measurements, and no test asserts a time.
final class PlanTests: XCTestCase {
    private func plan(quick: Bool) -> Plan {
        let work = WorkFolder(root: "/tmp/bench", isTemporary: false)
        let tools = Tools(render: "/opt/bin/harbeth-render", ffmpeg: "/usr/bin/ffmpeg")
        let factory = CommandFactory(
            tools: tools, work: work, clips: ClipMaker(ffmpeg: tools.ffmpeg, folder: work.inputs))
        return Plan.make(quick: quick, repetitions: 5, factory: factory)
    }

    func testEveryComparisonReadsContestantsOfThePlan() {
        for quick in [false, true] {
            let plan = plan(quick: quick)
            let ids = plan.groups.flatMap { $0.contestants.map(\.id) }
            XCTAssertEqual(Set(ids).count, ids.count, "contestant ids are unique")
            for comparison in plan.comparisons {
                for id in comparison.ids {
                    XCTAssertTrue(ids.contains(id), "\(comparison.title) reads \(id), which no group runs")
                }
            }
            XCTAssertEqual(
                Set(plan.comparisons.map(\.item)), Set(1...7).union([13, 15, 16]),
                "every item of the benchmark issue is measured, and the graph (13), performance (15) and catalog (16)"
                    + " issues'")
        }
    }

    func testBothSidesEncodeWithTheSameX264Settings() {
        let contestants = plan(quick: false).groups.flatMap(\.contestants)
        let encoding = contestants.filter { $0.outputPath != nil }
        XCTAssertFalse(encoding.isEmpty)
        for contestant in encoding {
            let words = contestant.command.arguments.joined(separator: " ")
            switch contestant.side {
            case .ours:
                XCTAssertTrue(words.contains("--preset veryfast --crf 23"), words)
            case .theirs:
                XCTAssertTrue(words.contains("-c:v libx264 -preset veryfast -crf 23"), words)
            }
        }
    }

    func testColdRunsGetNewCacheFoldersAndWarmRunsShareOne() {
        let contestants = plan(quick: true).groups.flatMap(\.contestants).filter { $0.side == .ours }
        for contestant in contestants {
            let command = contestant.command
            if contestant.id.contains(".cold") {
                XCTAssertEqual(command.freshFolderVariables, ["HARBETH_CACHE_DIR", "MESA_SHADER_CACHE_DIR"])
                XCTAssertNil(command.environment["HARBETH_CACHE_DIR"] ?? nil)
            } else {
                XCTAssertEqual(command.environment["HARBETH_CACHE_DIR"], "/tmp/bench/cache/harbeth")
            }
            XCTAssertTrue(command.environment.keys.contains("HARBETH_VALIDATION"), "validation is switched off")
        }
    }

    func testOptions() throws {
        XCTAssertEqual(try BenchOptions.parse([]).repetitions, 5)
        XCTAssertEqual(try BenchOptions.parse(["--quick"]).repetitions, 3)
        XCTAssertEqual(try BenchOptions.parse(["--repeat", "2", "--quick"]).repetitions, 2)
        XCTAssertEqual(try BenchOptions.parse(["--only", "blur,start"]).only, ["blur", "start"])
        XCTAssertThrowsError(try BenchOptions.parse(["--repeat", "0"]))
        XCTAssertThrowsError(try BenchOptions.parse(["--json"]))
        XCTAssertThrowsError(try BenchOptions.parse(["--fast"]))
    }

    func testMedians() {
        XCTAssertEqual(Statistics.median([3, 1, 2]), 2)
        XCTAssertEqual(Statistics.median([4, 1, 3, 2]), 2.5)
    }

    /// wait4 reports this child's own exit status and a non-zero peak.
    func testChildProcessReportsStatusAndPeakMemory() throws {
        let folder = NSTemporaryDirectory()
        let ok = try ChildProcess.run(
            Command(executable: "/bin/echo", arguments: ["a b", "c"]), stdoutPath: folder + "/bench-test.out",
            stderrPath: folder + "/bench-test.err")
        XCTAssertEqual(ok.termination, .exited(0))
        XCTAssertGreaterThan(ok.usage.peakRSSKiB, 0)
        XCTAssertEqual(TextFile.read(folder + "/bench-test.out"), "a b c\n", "arguments pass without a shell")
        let failed = try ChildProcess.run(
            Command(executable: "/bin/false", arguments: []), stdoutPath: folder + "/bench-test.out",
            stderrPath: folder + "/bench-test.err")
        XCTAssertEqual(failed.termination, .exited(1))
    }

    func testDisplayTextQuotesWhatAShellWouldSplit() {
        let command = Command(executable: "/usr/bin/ffmpeg", arguments: ["-vf", "a b", "it's"])
        XCTAssertEqual(command.displayText, "/usr/bin/ffmpeg -vf 'a b' 'it'\\''s'")
    }
}
