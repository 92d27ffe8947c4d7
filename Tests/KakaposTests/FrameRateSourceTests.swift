import Foundation
import Harbeth
import XCTest

@testable import Kakapos

/// A constant-rate run's source, as FFmpeg's fps filter makes one: each
/// input timestamp rounded to the output grid, each slot showing the latest
/// input frame at or before it, the end rounded like the rest; the time
/// filters see on each side of the conversion; FFmpeg's argument forms;
/// and the source contract (one finish, stop).
final class FrameRateSourceTests: XCTestCase {
    private func red(_ frame: VideoFrame) -> Int { Int(frame.packedBytes(plane: 0)[0]) }

    private func run(_ source: FrameRateSource) throws -> SourceRun { try runToFinish(source) }

    func testUpDroppingAndRepeatingFollowTheRoundedGrid() throws {
        // 10 fps to 25: input i sits at slot round(2.5 i), halves away from zero.
        let up = try run(
            FrameRateSource(
                input: try indexedFrames(4), conversion: FrameRateConversion(rate: Rational(25, 1)),
                placement: .beforeFilters))
        XCTAssertEqual(up.finishes.map(\.reason), [.endOfStream])
        XCTAssertEqual(up.frames.map { red($0.frame) }, [0, 0, 0, 1, 1, 2, 2, 2, 3, 3])
        XCTAssertEqual(up.frames.map(\.pts), (0..<10).map(Int64.init))
        XCTAssertEqual(up.frames.map(\.timeBase), Array(repeating: Rational(1, 25), count: 10))
        XCTAssertEqual(up.frames.map(\.index), Array(0..<10))
        // Before the filters they see the output's frames.
        XCTAssertEqual(up.frames.map(\.time.index), Array(0..<10))
        XCTAssertEqual(up.frames.map(\.time.seconds), (0..<10).map { Double($0) / 25 })

        // 10 fps to 4: slots round(0.4 i); the later of two on a slot wins.
        let down = try run(
            FrameRateSource(
                input: try indexedFrames(10), conversion: FrameRateConversion(rate: Rational(4, 1)),
                placement: .beforeFilters))
        XCTAssertEqual(down.frames.map { red($0.frame) }, [1, 3, 6, 8])
        let rounded = try run(
            FrameRateSource(
                input: try indexedFrames(10), conversion: FrameRateConversion(rate: Rational(4, 1), rounding: .down),
                placement: .beforeFilters))
        XCTAssertEqual(rounded.frames.map { red($0.frame) }, [2, 4, 7, 9])
    }

    func testAfterTheFiltersEachFrameKeepsItsInputsTime() throws {
        let after = try run(
            FrameRateSource(
                input: try indexedFrames(3), conversion: FrameRateConversion(rate: Rational(20, 1)),
                placement: .afterFilters))
        XCTAssertEqual(after.frames.map { red($0.frame) }, [0, 0, 1, 1, 2, 2])
        XCTAssertEqual(after.frames.map(\.pts), (0..<6).map(Int64.init))
        XCTAssertEqual(after.frames.map(\.time.index), [0, 0, 1, 1, 2, 2])
        XCTAssertEqual(after.frames.map(\.time.seconds), [0, 0, 0.1, 0.1, 0.2, 0.2])
    }

    func testTheEndTheStartAndTheLimit() throws {
        // 3 frames at 10 fps to 5, rounded down: slots 0, 0, 1, and the end
        // (0.3 s, slot 1.5) at 1, so the last frame is never shown; with
        // eof_action=pass the end rounds up to 2 and it is.
        let rounded = try run(
            FrameRateSource(
                input: try indexedFrames(3), conversion: FrameRateConversion(rate: Rational(5, 1), rounding: .down),
                placement: .beforeFilters))
        XCTAssertEqual(rounded.frames.map { red($0.frame) }, [1])
        let passed = try run(
            FrameRateSource(
                input: try indexedFrames(3),
                conversion: FrameRateConversion(rate: Rational(5, 1), rounding: .down, lastFrame: .pass),
                placement: .beforeFilters))
        XCTAssertEqual(passed.frames.map { red($0.frame) }, [1, 2])
        // A start after the first frame drops what comes before it.
        let started = try run(
            FrameRateSource(
                input: try indexedFrames(10),
                conversion: FrameRateConversion(rate: Rational(5, 1), startTime: 0.4), placement: .beforeFilters))
        XCTAssertEqual(started.frames.map { red($0.frame) }, [4, 6, 8])
        XCTAssertEqual(started.frames.map(\.pts), [2, 3, 4])
        let limited = try run(
            FrameRateSource(
                input: try indexedFrames(100_000), conversion: FrameRateConversion(rate: Rational(30, 1)),
                placement: .afterFilters, frameLimit: 5))
        XCTAssertEqual(limited.finishes.map(\.reason), [.endOfStream])
        XCTAssertEqual(limited.frames.map { red($0.frame) }, [0, 0, 0, 1, 1])
    }

    func testTheSinkIsTimedInTheOutputsRate() throws {
        let source = FrameRateSource(
            input: try indexedFrames(4), conversion: FrameRateConversion(rate: Rational(30000, 1001)),
            placement: .afterFilters)
        let sink = try source.sinkInput()
        XCTAssertEqual(sink.timeBase, Rational(1001, 30000))
        XCTAssertEqual(sink.frameRate, Rational(30000, 1001))
        XCTAssertEqual(sink.startPTS, 0)
        XCTAssertNil(source.expectedFrameCount)
    }

    func testFFmpegsFpsArgumentsParse() throws {
        let cases: [(String, FrameRateConversion)] = [
            ("25", FrameRateConversion(rate: Rational(25, 1))),
            ("30000/1001", FrameRateConversion(rate: Rational(30000, 1001))),
            ("12.5", FrameRateConversion(rate: Rational(25, 2))),
            (".5", FrameRateConversion(rate: Rational(1, 2))),
            ("ntsc", FrameRateConversion(rate: Rational(30000, 1001))),
            ("fps=film", FrameRateConversion(rate: Rational(24, 1))),
            ("", FrameRateConversion(rate: Rational(25, 1))),
            (
                "fps=24:round=down:eof_action=pass:start_time=1.5",
                FrameRateConversion(rate: Rational(24, 1), rounding: .down, lastFrame: .pass, startTime: 1.5)
            ),
            ("24:0.5:up", FrameRateConversion(rate: Rational(24, 1), rounding: .up, startTime: 0.5)),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(try FrameRateConversion(parsing: text), expected, text)
        }
        XCTAssertEqual(
            FrameRateConversion(rate: Rational(25, 2), rounding: .up).description, "fps=25/2:round=up")
        let invalid = ["0", "-5", "1/0", "fast", "24:0:up:pass:extra", "24:round=sideways", "rate=24", "1e3"]
        for text in invalid {
            XCTAssertThrowsError(try FrameRateConversion(parsing: text), text) { error in
                guard case .invalidFrameRate = error as? MediaError else { return XCTFail("\(text): \(error)") }
            }
        }
    }

    func testAFailingInputFailsTheRunOnceAndStopFinishesOnce() throws {
        let failing = try run(
            FrameRateSource(
                input: try indexedFrames(10, failAt: 4), conversion: FrameRateConversion(rate: Rational(25, 1)),
                placement: .beforeFilters))
        XCTAssertEqual(failing.finishes.count, 1)
        guard case .failed(.generatorFailed(index: 4, _)) = failing.finishes[0].reason else {
            return XCTFail("\(failing.finishes)")
        }
        let input = try indexedFrames(100_000)
        let source = FrameRateSource(
            input: input, conversion: FrameRateConversion(rate: Rational(60, 1)), placement: .afterFilters)
        try assertStopMidRunFinishesOnce(source)
        XCTAssertThrowsError(try input.start { _ in }, "the input was stopped")
        XCTAssertThrowsError(try source.start { _ in }, "a source starts once")
    }
}
