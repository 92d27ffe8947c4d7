import Foundation
import Harbeth
import XCTest

@testable import Kakapos

/// Several inputs as one source: which frame each input shows at input
/// 0's times (FFmpeg framesync: the last started, the first before, the
/// last after), the end rules, a failing or empty input, and stop.
final class SynchronizedSourceTests: XCTestCase {
    private func source(_ count: Int, fps: Int, failAt: Int? = nil) throws -> GeneratedSource {
        try indexedFrames(count, fps: fps, failAt: failAt)
    }

    private func run(_ source: SynchronizedSource) throws -> SourceRun { try runToFinish(source) }

    private func shown(_ run: SourceRun, input: Int = 0) -> [Int] {
        run.frames.map { Int($0.companions[input].packedBytes(plane: 0)[0]) }
    }

    func testEachInputShowsItsLastStartedFrame() throws {
        // Input 1 at half the rate: each of its frames shows twice.
        let run = try run(SynchronizedSource(inputs: [try source(10, fps: 10), try source(5, fps: 5)]))
        XCTAssertEqual(run.finishes.map(\.reason), [.endOfStream])
        XCTAssertEqual(shown(run), [0, 0, 1, 1, 2, 2, 3, 3, 4, 4])
        XCTAssertEqual(run.frames.map(\.index), Array(0..<10))
        XCTAssertEqual(run.frames.map(\.pts), (0..<10).map { Int64($0) })

        // Shifted to start at 0.3 s: its first frame until then, as xfade's second video.
        let shifted = try self.run(
            SynchronizedSource(inputs: [try source(10, fps: 10), try source(10, fps: 10)], offsets: [0, 0.3]))
        XCTAssertEqual(shown(shifted), [0, 0, 0, 0, 1, 2, 3, 4, 5, 6])
    }

    func testTheEndRules() throws {
        // first: input 0 decides; a shorter input repeats its last frame.
        let first = try run(SynchronizedSource(inputs: [try source(6, fps: 10), try source(3, fps: 10)]))
        XCTAssertEqual(shown(first), [0, 1, 2, 2, 2, 2])
        // shortest: the run ends once an input has shown its last frame for its duration.
        let shortest = try run(
            SynchronizedSource(inputs: [try source(6, fps: 10), try source(3, fps: 10)], endRule: .shortest))
        XCTAssertEqual(shown(shortest), [0, 1, 2])
        // longest: input 0's last frame repeats at its rate, with new timestamps.
        let longest = try run(
            SynchronizedSource(inputs: [try source(3, fps: 10), try source(6, fps: 10)], endRule: .longest))
        XCTAssertEqual(shown(longest), [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(longest.frames.map(\.pts), [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(longest.frames.map { Int($0.frame.packedBytes(plane: 0)[0]) }, [0, 1, 2, 2, 2, 2])
        XCTAssertEqual(longest.frames.last?.frame.time ?? 0, 0.5, accuracy: 1e-9, "the repeated frame's time moves")
        XCTAssertEqual(longest.finishes.map(\.reason), [.endOfStream])
        // longest, input 0 the longest: every frame of it, the last too
        // (which was lost when its end was already known).
        let ownEnd = try run(
            SynchronizedSource(inputs: [try source(6, fps: 10), try source(3, fps: 10)], endRule: .longest))
        XCTAssertEqual(ownEnd.frames.map { Int($0.frame.packedBytes(plane: 0)[0]) }, [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(shown(ownEnd), [0, 1, 2, 2, 2, 2])
        // A run's own limits (-t, -frames:v) end it, whatever its inputs.
        let timed = try run(
            SynchronizedSource(
                inputs: [try source(3, fps: 10), try source(6, fps: 10)], endRule: .longest, duration: 0.45))
        XCTAssertEqual(shown(timed), [0, 1, 2, 3, 4])
        XCTAssertEqual(timed.finishes.map(\.reason), [.endOfStream])
        let counted = try run(
            SynchronizedSource(
                inputs: [try source(3, fps: 10), try source(6, fps: 10)], endRule: .longest, frameLimit: 4))
        XCTAssertEqual(shown(counted), [0, 1, 2, 3])
        // To the longest, the count is the caller's estimate, for progress.
        let estimated = SynchronizedSource(
            inputs: [try source(3, fps: 10), try source(6, fps: 10)], endRule: .longest, estimatedFrameCount: 6)
        XCTAssertEqual(estimated.expectedFrameCount, 6)
        XCTAssertNil(
            SynchronizedSource(inputs: [try source(3, fps: 10), try source(6, fps: 10)], endRule: .longest)
                .expectedFrameCount)
    }

    /// An input shown only until its end (FFmpeg's eof_action=pass): each
    /// frame says which inputs are over, and that input does not hold open
    /// a run to the longest.
    func testAnInputShownUntilItsEnd() throws {
        let shorter = try run(
            SynchronizedSource(
                inputs: [try source(4, fps: 10), try source(2, fps: 10)], endRule: .longest,
                shownUntilTheirEnd: [1]))
        XCTAssertEqual(shorter.frames.map(\.endedInputs), [[], [], [1], [1]])
        let longer = try run(
            SynchronizedSource(
                inputs: [try source(2, fps: 10), try source(5, fps: 10)], endRule: .longest,
                shownUntilTheirEnd: [1]))
        XCTAssertEqual(longer.frames.count, 2, "input 1 does not hold the run")
        let held = try run(
            SynchronizedSource(inputs: [try source(2, fps: 10), try source(5, fps: 10)], endRule: .longest))
        XCTAssertEqual(held.frames.count, 5)
        XCTAssertEqual(held.frames.map(\.endedInputs), [[], [], [0], [0], [0]], "input 0's last frame shown on")
    }

    /// Inputs in a row (FFmpeg's concat): an input that starts after
    /// others shows its first frame until they are all over, then plays
    /// from there, and the run ends with the last. Input 0 is over once
    /// its last frame has shown its duration.
    func testAnInputStartsWhenThoseBeforeItEnd() throws {
        let row = try run(
            SynchronizedSource(
                inputs: [try source(3, fps: 10), try source(2, fps: 10), try source(2, fps: 10)], endRule: .longest,
                startsAfter: [1: [0], 2: [1]]))
        XCTAssertEqual(row.frames.map(\.pts), Array(0..<7))
        XCTAssertEqual(shown(row, input: 0), [0, 0, 0, 0, 1, 1, 1])
        XCTAssertEqual(shown(row, input: 1), [0, 0, 0, 0, 0, 0, 1])
        XCTAssertEqual(row.frames.map(\.endedInputs), [[], [], [], [0], [0], [0, 1], [0, 1]])
        XCTAssertEqual(row.finishes.map(\.reason), [.endOfStream])
    }

    func testAFailingOrEmptyInputFailsTheRunOnce() throws {
        let failing = try run(
            SynchronizedSource(inputs: [try source(10, fps: 10), try source(10, fps: 10, failAt: 4)]))
        XCTAssertEqual(failing.finishes.count, 1)
        guard case .failed(.generatorFailed(index: 4, _)) = failing.finishes[0].reason else {
            return XCTFail("\(failing.finishes)")
        }
        XCTAssertLessThanOrEqual(failing.frames.count, 4, "no frame shows input 1 past its failure")

        let empty = try run(SynchronizedSource(inputs: [try source(5, fps: 10), try source(0, fps: 10)]))
        XCTAssertEqual(empty.finishes.map(\.reason), [.failed(.inputHasNoFrames(index: 1))])
        XCTAssertEqual(empty.frames.count, 0)
    }

    /// stop() during the run: one finish (stopped), nothing after stop
    /// returns, and every input is stopped (a second start is refused).
    func testStopEndsEveryInputAndFinishesOnce() throws {
        let inputs = [try source(100_000, fps: 10), try source(100_000, fps: 10)]
        let source = SynchronizedSource(inputs: inputs)
        try assertStopMidRunFinishesOnce(source)
        for input in inputs {
            XCTAssertThrowsError(try input.start { _ in })
        }
    }
}
