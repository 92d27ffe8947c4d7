import Foundation
import Harbeth
import XCTest

@testable import Kakapos

/// A deinterlacing run's source: the frames around each frame, the field
/// each output shows and its time, as FFmpeg's bwdif keeps them (one frame
/// held back; at the field rate two outputs per frame in half the time
/// base; the run's first field and, at the field rate, its last made from
/// the field alone), and the source contract (one finish, stop).
final class FieldSourceTests: XCTestCase {
    private func frames(_ count: Int, failAt: Int? = nil) throws -> GeneratedSource {
        try indexedFrames(count, failAt: failAt)
    }

    private func run(_ source: FieldSource) throws -> SourceRun { try runToFinish(source) }

    private func red(_ frame: VideoFrame?) -> Int? { frame.map { Int($0.packedBytes(plane: 0)[0]) } }

    func testTheFieldRateDeliversTwoFieldsPerFrameWithTheirNeighbours() throws {
        let run = try run(FieldSource(input: try frames(4), fieldRate: true))
        XCTAssertEqual(run.finishes.map(\.reason), [.endOfStream])
        XCTAssertEqual(run.frames.map { red($0.frame) }, [0, 0, 1, 1, 2, 2, 3, 3])
        XCTAssertEqual(run.frames.map { red($0.fields?.previous) }, [nil, nil, 0, 0, 1, 1, 2, 2])
        XCTAssertEqual(run.frames.map { red($0.fields?.next) }, [1, 1, 2, 2, 3, 3, nil, nil])
        XCTAssertEqual(
            run.frames.map { $0.fields?.window.isSecondField }, [false, true, false, true, false, true, false, true])
        XCTAssertEqual(
            run.frames.map { $0.fields?.window.spatialOnly }, [true, false, false, false, false, false, false, true])
        // Half the time base: the second field halfway to the next frame.
        XCTAssertEqual(run.frames.map(\.timeBase), Array(repeating: Rational(1, 20), count: 8))
        XCTAssertEqual(run.frames.map(\.pts), Array(0..<8).map(Int64.init))
        XCTAssertEqual(run.frames.map(\.index), Array(0..<8))
        XCTAssertEqual(run.frames.map { $0.frame.time ?? -1 }, (0..<8).map { Double($0) * 0.05 })
        XCTAssertEqual(run.frames.map(\.fieldOrder), Array(repeating: .progressive, count: 8))
        XCTAssertEqual(FieldSource(input: try frames(4), fieldRate: true).expectedFrameCount, 8)
        let sink = try FieldSource(input: try frames(4), fieldRate: true).sinkInput()
        XCTAssertEqual(sink.timeBase, Rational(1, 20))
        XCTAssertEqual(sink.frameRate, Rational(20, 1))
        XCTAssertEqual(sink.fieldOrder, .progressive)
    }

    func testTheFrameRateKeepsTheTimes() throws {
        let run = try run(FieldSource(input: try frames(3), fieldRate: false))
        XCTAssertEqual(run.frames.map { red($0.frame) }, [0, 1, 2])
        XCTAssertEqual(run.frames.map(\.pts), [0, 1, 2])
        XCTAssertEqual(run.frames.map(\.timeBase), Array(repeating: Rational(1, 10), count: 3))
        XCTAssertEqual(run.frames.map { $0.fields?.window.spatialOnly }, [true, false, false])
        XCTAssertEqual(run.frames.map { $0.fields?.window.isSecondField }, [false, false, false])
    }

    func testFramesNotFlaggedInterlacedPassOnceWhenOnlyInterlacedOnesAreMade() throws {
        // Generated frames carry no flags: progressive.
        let run = try run(FieldSource(input: try frames(3), fieldRate: true, onlyInterlaced: true))
        XCTAssertEqual(run.frames.map { red($0.frame) }, [0, 1, 2])
        XCTAssertEqual(run.frames.map(\.pts), [0, 2, 4], "each at its own time, in half the time base")
        XCTAssertEqual(run.frames.map { $0.fields?.window.isInterlaced }, [false, false, false])
        XCTAssertNil(FieldSource(input: try frames(3), fieldRate: true, onlyInterlaced: true).expectedFrameCount)
    }

    func testAFailingInputFailsTheRunOnceAndStopFinishesOnce() throws {
        let failing = try run(FieldSource(input: try frames(10, failAt: 4), fieldRate: true))
        XCTAssertEqual(failing.finishes.count, 1)
        guard case .failed(.generatorFailed(index: 4, _)) = failing.finishes[0].reason else {
            return XCTFail("\(failing.finishes)")
        }

        let input = try frames(100_000)
        let source = FieldSource(input: input, fieldRate: true)
        try assertStopMidRunFinishesOnce(source)
        XCTAssertThrowsError(try input.start { _ in }, "the input was stopped")
        XCTAssertThrowsError(try source.start { _ in }, "a source starts once")
    }
}
